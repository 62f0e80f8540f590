"""The lean bot-turn job of `service.worker.TurnWorker`: which jobs are lean, the `TAKE`
script that ends the last one and takes and starts the next on RQ's Redis, writing RQ's own
records, and the job class that knows its PERSIST was done there (issue 33)."""

from __future__ import annotations

from typing import Any

from rq.executions import Execution, ExecutionRegistry
from rq.job import Job

from service.storage.keys import BOT_TURN_JOB

LEAN_JOBS = frozenset({BOT_TURN_JOB})
"""Jobs whose bookkeeping `TurnWorker` trims when they keep no result (`result_ttl=0`): they
have no dependents, callbacks, webhooks or repeats, and nobody reads their result."""


def lean(job: Job) -> bool:
    """A job `TurnWorker` may start and finish in one round trip each (`LEAN_JOBS`)."""
    return job.result_ttl == 0 and job.func_name in LEAN_JOBS


TAKE = """
-- The end of this worker's last lean job, if one is pending, then its queue's next job, in
-- one atomic step. A bot turn's job (its id starts with ARGV[2], it keeps no result, has a
-- timeout and is of this queue) is started here as RQ starts it: its execution, the started
-- registry, its `started` fields, the worker busy on it, and RQ's PERSIST; any other job is
-- moved to the intermediate list as RQ's LMOVE does, for RQ to start. Nothing is ever off
-- both the queue and a registry: the job leaves the one as it enters the other.
-- KEYS: queue, intermediate list, worker, started registry.
-- ARGV: job key prefix, lean id prefix, execution id, now (epoch seconds), now (whole
-- seconds), now (RQ's text), worker name, take (1 or 0), queue name, the key prefixes of an
-- execution and of a job's executions (`EXECUTION_KEYS`), then the end, if any: execution
-- key, started registry, its member, executions key, execution id, job key, dependents key,
-- dependencies key, working seconds.
local worker = KEYS[3]
local ending = #ARGV > 11
-- The worker idle after its last job: RQ's HDEL of `current_job` is done only here, as a
-- next lean job started below writes its own `current_job` over the last one's.
local function idle()
  if ending then
    redis.call('HSET', worker, 'state', 'idle')
    redis.call('HDEL', worker, 'current_job')
  end
end
if ending then
  redis.call('HINCRBY', worker, 'successful_job_count', 1)
  redis.call('HINCRBYFLOAT', worker, 'total_working_time', ARGV[20])
  redis.call('DEL', ARGV[12])
  redis.call('ZREM', ARGV[13], ARGV[14])
  redis.call('ZREM', ARGV[15], ARGV[16])
  redis.call('DEL', ARGV[17], ARGV[18], ARGV[19])
end
local id = false
if ARGV[8] == '1' then id = redis.call('LPOP', KEYS[1]) end
if not id then
  idle()
  return false
end
local key = ARGV[1] .. id
local job = redis.call('HGETALL', key)
if #job == 0 then  -- gone (deleted, expired): dropped, as RQ's dequeue and cleanup drop it
  idle()
  return {id, job, 0}
end
local ttl = nil
if string.sub(id, 1, #ARGV[2]) == ARGV[2] then
  local f = {}
  for i = 1, #job, 2 do f[job[i]] = job[i + 1] end
  local timeout = tonumber(f['timeout'] or '')
  if f['result_ttl'] == '0' and f['origin'] == ARGV[9]
      and timeout and timeout > 0 and timeout == math.floor(timeout) then
    ttl = timeout + 60
  end
end
if not ttl then
  redis.call('RPUSH', KEYS[2], id)
  idle()
  return {id, job, 0}
end
local execution = ARGV[10] .. id .. ':' .. ARGV[3]
redis.call('HSET', execution, 'id', ARGV[3], 'created_at', ARGV[4], 'last_heartbeat', ARGV[4],
  'worker_name', ARGV[7])
redis.call('EXPIRE', execution, ttl)
local executions = ARGV[11] .. id
redis.call('ZADD', executions, tonumber(ARGV[5]) + ttl + 60, ARGV[3])
redis.call('EXPIRE', executions, ttl + 60)
redis.call('ZADD', KEYS[4], tonumber(ARGV[5]) + ttl, id .. ':' .. ARGV[3])
redis.call('HSET', worker, 'state', 'busy', 'current_job', id)
redis.call('HSET', key, 'last_heartbeat', ARGV[6], 'status', 'started', 'started_at', ARGV[6],
  'worker_name', ARGV[7])
redis.call('PERSIST', key)
return {id, job, ttl}
"""


def _execution_keys() -> tuple[str, str]:
    """The prefixes of RQ's keys of an execution (`<prefix><job id>:<execution id>`) and of a
    job's executions (`<prefix><job id>`), as RQ names them, for `TAKE` to write."""
    execution = Execution("E", "J", connection=None).key  # type: ignore[arg-type]
    if not execution.endswith("J:E"):
        raise RuntimeError(f"RQ names an execution's key otherwise: {execution}")
    return execution[: -len("J:E")], ExecutionRegistry.key_template.format("")


EXECUTION_KEYS = _execution_keys()


class TurnJob(Job):
    """RQ's job, that knows when `TurnWorker` already did RQ's PERSIST of its key (in the
    script that started it): a round trip fewer a bot turn. Such a job's code does not find
    itself in `rq.get_current_job()` (RQ keeps that stack private; a bot turn never asks)."""

    persisted = False

    def perform(self) -> Any:
        if not self.persisted:
            return super().perform()
        self._result = self._execute()
        return self._result

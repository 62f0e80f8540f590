"""Webhook deliveries' slots: how many deliveries of one app key, and of one endpoint, are in
flight at once, and what becomes of one that finds no free slot.

Fairness (issue 31): a delivery (`service.streams.webhooks`) holds a slot of its app key
(`WEBHOOK_KEY_CONCURRENCY`) and of its endpoint (`WEBHOOK_ENDPOINT_CONCURRENCY`) for its
attempt (`WEBHOOK_TIMEOUT_SECONDS` at most). One that finds no free slot does not wait in its
worker (beyond `SLOT_WAIT` for a quick endpoint): it is deferred (`Slots.defer`), scheduled
again after about the time the deliveries ahead of it need (`defer_seconds`: at least 1 s, at
most a minute), a copy of the job with the retries it had left, and the worker takes the next
job. So one key's backlog holds at most its slots' workers, and the pool's other workers serve
the other keys at once. A slot is taken and freed in one script each (`SLOT_LUA`); a worker
killed mid-attempt leaves its slot until `JOB_TIMEOUT` has passed.

Keys, on game data's Redis in the app key's feed bucket `{k}` (`service.storage.keys`):

- `dp:{k}:appkey:<id>:webhooks:inflight`     sorted set: the key's deliveries in flight (job id
                                             -> ms its slot expires)
- `dp:{k}:appkey:<id>:webhook:<eid>:inflight` the same for one endpoint
- `dp:{k}:appkey:<id>:webhook:<eid>:waiting` sorted set: its deferred deliveries (job id -> ms)
- the endpoint's hash (`...:webhook:<eid>`) field `attempt_ms`: how long its last attempt took
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import cast

from rq import Queue, Retry
from rq.job import Job

from service.core.shards import DataClient
from service.storage.keys import (
    DELIVER_WEBHOOK_JOB,
    endpoint_key,
    endpoint_slots_key,
    key_slots_key,
    waiting_key,
)

JOB_TIMEOUT = 60
SLOT_MS = (JOB_TIMEOUT + 5) * 1000
"""How long a slot outlives a worker killed while holding it (RQ stops a job at JOB_TIMEOUT)."""
DEFER_MIN, DEFER_MAX = 1.0, 60.0
QUICK_ATTEMPT, SLOT_WAIT, SLOT_POLL = 0.25, 0.5, 0.02
"""A delivery to an endpoint whose last attempt took at most QUICK_ATTEMPT seconds waits up to
SLOT_WAIT for a slot, polling every SLOT_POLL, before it is deferred: a burst to a quick
receiver then goes out back to back (46 deliveries: 9.8 s when each deferral waited its 1 s),
and a worker waits at most SLOT_WAIT for it."""
WAITING_MS = 600_000
"""A deferred delivery not seen again for this long no longer counts as waiting."""

SLOT_LUA = """
-- take(key slots, endpoint slots, waiting; job, now ms, slot ms, key cap, endpoint cap):
-- 0 and the deliveries waiting for the endpoint (this one too) when either is full, else a
-- slot in both (1). free(key slots, endpoint slots; job): both freed.
local now = tonumber(ARGV[2])
if ARGV[3] == "free" then
  redis.call("ZREM", KEYS[1], ARGV[1])
  redis.call("ZREM", KEYS[2], ARGV[1])
  return {1, 0}
end
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", now)
redis.call("ZREMRANGEBYSCORE", KEYS[2], "-inf", now)
redis.call("ZREMRANGEBYSCORE", KEYS[3], "-inf", now - tonumber(ARGV[6]))
if redis.call("ZCARD", KEYS[1]) >= tonumber(ARGV[4])
    or redis.call("ZCARD", KEYS[2]) >= tonumber(ARGV[5]) then
  redis.call("ZADD", KEYS[3], now, ARGV[1])
  redis.call("PEXPIRE", KEYS[3], ARGV[6])
  return {0, redis.call("ZCARD", KEYS[3])}
end
local until_ = now + tonumber(ARGV[3])
redis.call("ZADD", KEYS[1], until_, ARGV[1])
redis.call("ZADD", KEYS[2], until_, ARGV[1])
redis.call("PEXPIRE", KEYS[1], ARGV[3])
redis.call("PEXPIRE", KEYS[2], ARGV[3])
redis.call("ZREM", KEYS[3], ARGV[1])
return {1, 0}
"""


def defer_seconds(waiting: int, slots: int, attempt_seconds: float) -> float:
    """When to try a deferred delivery again: after the deliveries waiting for its endpoint
    (this one among them) have had their turn at its slots, each as long as its last attempt
    took, within [DEFER_MIN, DEFER_MAX]: a slow endpoint's backlog wakes once a minute, not
    once a second, and a fast one's soon."""
    return min(DEFER_MAX, max(DEFER_MIN, waiting * attempt_seconds / max(1, slots)))


class Slots:
    """The slots of every app key's and endpoint's deliveries; one per `Webhooks`."""

    def __init__(
        self,
        client: DataClient,
        queue: Queue,
        *,
        key_slots: int,
        endpoint_slots: int,
        retry: Sequence[int],
    ) -> None:
        self.redis = client
        self.queue = queue
        self.key_slots = key_slots
        self.endpoint_slots = endpoint_slots
        self.retry = tuple(retry)
        self.script = client.register_script(SLOT_LUA)

    def run(self, job: Job, key_id: str, eid: str, slot: str, attempt: Callable[[], str]) -> str:
        """`attempt` in a slot of the key and of the endpoint (`slot`: the delivery's job id),
        freed after it; or, when they are full, `job` deferred ("deferred")."""
        keys = [key_slots_key(key_id), endpoint_slots_key(key_id, eid), waiting_key(key_id, eid)]
        now_ms = int(time.time() * 1000)
        args: list[str | int] = [
            slot, now_ms, SLOT_MS, self.key_slots, self.endpoint_slots, WAITING_MS
        ]  # fmt: skip
        taken, waiting = cast(list[int], self.script(keys=keys, args=args))
        took = self.attempt_seconds(key_id, eid)
        quick = not taken and took is not None and took <= QUICK_ATTEMPT
        until = time.monotonic() + SLOT_WAIT
        while not taken and quick and time.monotonic() < until:
            time.sleep(SLOT_POLL)  # a quick endpoint's slot frees sooner than a deferral's 1 s
            args[1] = now_ms = int(time.time() * 1000)
            taken, waiting = cast(list[int], self.script(keys=keys, args=args))
        if not taken:
            return self.defer(job, key_id, eid, int(waiting))
        try:
            return attempt()
        finally:
            self.script(keys=keys, args=[slot, now_ms, "free"])

    def defer(self, job: Job, key_id: str, eid: str, waiting: int) -> str:
        """Schedule a copy of `job` (its arguments, the retries it has left) for when a slot
        may be free, and end this one: the worker is free for the next job at once. The copy
        is scheduled before this job ends, so a worker killed in between leaves this job to
        RQ (at least once, as ever)."""
        took = self.attempt_seconds(key_id, eid)
        delay = DEFER_MIN if took is None else defer_seconds(waiting, self.endpoint_slots, took)
        deferrals = int(job.meta.get("deferrals", 0)) + 1
        base = job.id.split("-", 1)[0]  # RQ's ids allow a dash; `webhooks.job_id`'s hold none
        left = job.retries_left
        self.queue.enqueue_in(
            timedelta(seconds=delay),
            DELIVER_WEBHOOK_JOB,
            args=job.args,
            job_id=f"{base}-d{deferrals}",
            meta={"deferrals": deferrals},
            timeout=JOB_TIMEOUT,
            result_ttl=86400,
            failure_ttl=86400,
            retry=Retry(max=left, interval=list(self.retry)) if left else None,
        )
        return "deferred"

    def attempt_seconds(self, key_id: str, eid: str) -> float | None:
        """How long the endpoint's last attempt took; None before its first has ended, when a
        delivery that finds the slot taken is deferred by DEFER_MIN without waiting for it (a
        burst's first deliveries, deferred by the timeout per delivery ahead, once waited up to
        a minute behind a receiver answering in milliseconds; waiting for the slot instead held
        a worker half a second per delivery behind a slow receiver's first attempt)."""
        raw = cast(bytes | None, self.redis.hget(endpoint_key(key_id, eid), "attempt_ms"))
        return int(raw) / 1000 if raw else None

    def timed(self, key_id: str, eid: str, took_ms: int) -> None:
        """Record how long the endpoint's attempt took (`attempt_seconds` reads it)."""
        self.redis.hset(endpoint_key(key_id, eid), "attempt_ms", took_ms)

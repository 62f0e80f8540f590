"""`python -m service.worker [--pool live|think|bulk|webhooks] [--name NAME]`: one RQ worker on
ONE queue, JSON serializer, settings from the environment (REDIS_URL, QUEUE_REDIS_URL,
REDIS_CLUSTER_NODES, BOT_QUEUE, BULK_QUEUE, WEBHOOK_QUEUE, LOG_LEVEL), as the API enqueues.

Pools. `live` (the default) serves `BOT_QUEUE`, the bot turns of tables with a human seat;
`bulk` serves `BULK_QUEUE`, match games and the bot turns of bot-only games, at a lower CPU
priority (`BULK_NICE`, default 10). A live table's bot turn therefore never waits behind a
match game or a batch of bot-only games, neither in a queue nor (much) for the CPU. The bulk
pool's processes also run the anchor keeper's thread (`service.matches.keeper`, unless
`ANCHOR_KEEPER=off`), which plays the built-in anchors onto every game's ladder. `webhooks`
serves `WEBHOOK_QUEUE` (webhook deliveries, `service.streams.webhooks`), so a slow receiver
never delays a game; run more of its processes than `WEBHOOK_KEY_CONCURRENCY` (scripts/serve
runs two), since an attempt holds its process for up to `WEBHOOK_TIMEOUT_SECONDS`. The pool that
serves the webhooks' queue also runs RQ's scheduler (a process each forks; one holds the lock),
which enqueues their retries and deferred deliveries when due; the watchdog enqueues those the
scheduler leaves overdue (`service.watchdog`). `--name NAME` starts the RQ worker's name (the
rest is random: a restarted process never meets its predecessor's record), for an operator
running several processes of one pool.

One queue per worker, because only then does RQ dequeue with its crash-safe move to the
queue's intermediate list (with two queues it uses a plain BLPOP, and a worker killed between
taking a job and starting it loses the job without a trace). The watchdog does not rely on it
(it re-enqueues any turn due too long), but fewer jobs are lost in the first place.

No fork per job: jobs run in this process (`TurnWorker`, RQ's SimpleWorker), a few ms each
instead of a fork's 15-20. Isolation comes from elsewhere: a job only reloads a game by id and
commits through the compare-and-set; a bot policy that overruns its think limit is stopped
(`service.tables.bot_turns.think_limit`), and RQ's job timeout stops a wedged job. `--fork` brings
back the forking worker.

The worker outlives Redis outages: when RQ's loop gives up on a Redis error, this process waits
for Redis to answer again and starts a fresh RQ worker; the watchdog thread (`service.watchdog`,
unless `--no-watchdog`) keeps sweeping meanwhile. A process that dies anyway is restarted by its
supervisor (`scripts/serve`, or the container's restart policy). `--burst` stops when the queue
is empty.

Every worker process also runs the arena's pairer in a thread (`service.matches.arena`, unless
`--no-arena`): it pairs the outside bots opted in to rated play; a lease in Redis lets one
process's pairer work at a time, and another takes over within `ARENA_LEASE_SECONDS`.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import threading
import time
import uuid
from types import FrameType
from typing import Any

import redis
from redis.commands.core import Script
from rq import Queue, SimpleWorker, Worker
from rq.executions import Execution, ExecutionRegistry
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry
from rq.scheduler import RQScheduler
from rq.serializers import JSONSerializer
from rq.utils import now as now_utc
from rq.utils import utcformat
from rq.worker import WorkerStatus

from service import jobs, watchdog, wiring
from service.core import heap
from service.core.config import from_env
from service.lean_jobs import EXECUTION_KEYS, TAKE, TurnJob, lean
from service.matches import arena, keeper
from service.storage.store import Store
from service.tables.bot_turns import JOB_PREFIX

log = logging.getLogger("duckpond.worker")

POOLS = ("live", "think", "bulk", "webhooks")
WORKER_TTL = 20
"""RQ's worker TTL: an idle worker blocks at most WORKER_TTL - 15 s per dequeue, then beats."""
MAINTENANCE_INTERVAL = 60
"""Seconds between RQ's own cleanups (registries, the intermediate list), 600 by default."""
BEAT_EVERY = 1.0


def queue_of(layers: wiring.Layers, pool: str) -> Queue:
    """The one queue a pool's workers serve."""
    queues = {"live": layers.bot_queue, "think": layers.think_queue}
    return queues.get(pool, layers.webhook_queue if pool == "webhooks" else layers.bulk_queue)


class Beats:
    """Heartbeats of one worker's loop in `dp:workers`, at most one per `BEAT_EVERY`."""

    def __init__(self, store: Store, pool: str) -> None:
        self.store = store
        self.pool = pool
        self.last = 0.0

    def __call__(self, name: str) -> None:
        now = time.monotonic()
        if now - self.last < BEAT_EVERY:
            return
        self.last = now
        with contextlib.suppress(redis.RedisError):  # RQ's own heartbeat reports the outage
            self.store.beat(f"{self.pool}:{name}")


UNSUBSCRIBE_WAIT = 1.0
"""Seconds a stopping worker waits for its pub/sub thread (RQ's own join waits as long)."""


def unsubscribe(worker: Any) -> None:
    """RQ's unsubscribe, with a bounded wait: redis-py 8.2's `PubSubWorkerThread.stop()`
    joins the thread, which sleeps up to 60 s in `get_message` when the UNSUBSCRIBE's answer
    was read before the stop (a race seen in tests: a burst worker took 60 s to end, and a
    stopped worker would too). The thread is a daemon: it ends with its next message."""
    if worker.pubsub_thread:
        worker.log.info("Worker %s: unsubscribing from channel %s", worker.name,
                        worker.pubsub_channel_name)  # fmt: skip
        worker.pubsub.unsubscribe()
        worker.pubsub_thread.stop(timeout=UNSUBSCRIBE_WAIT)


class Scheduler(RQScheduler):
    """RQ's scheduler, outliving a Redis outage as the worker does. RQ's own dies on the first
    Redis error of its loop, and on a stop during an outage in `release_locks` (seen once in
    ten Redis kills), leaving its lock to its 61 s expiry. This one waits for Redis and goes
    on; its stop gives up on what Redis cannot answer (the lock then expires by itself). The
    watchdog enqueues overdue jobs meanwhile (`service.watchdog`, `release_scheduled`)."""

    def work(self) -> None:
        while True:
            try:
                super().work()  # type: ignore[no-untyped-call]
                return
            except redis.RedisError as exc:
                if self._stop_requested:
                    return
                log.error("RQ's scheduler: %s; trying again in 1 s", type(exc).__name__)
                self._connection = None  # a fresh pool
                time.sleep(1.0)

    def release_locks(self) -> None:
        try:
            super().release_locks()  # type: ignore[no-untyped-call]
        except redis.RedisError as exc:
            log.warning("RQ's scheduler: its locks expire by themselves (%s)", type(exc).__name__)
            self._acquired_locks = set()

    def register_death(self) -> bool:
        try:
            return bool(super().register_death())
        except redis.RedisError:
            return False


def start_scheduler(worker: Any, burst: bool, logging_level: str | int | None) -> None:
    """RQ's `_start_scheduler`, starting `Scheduler` rather than RQ's own."""
    scheduler = Scheduler(
        worker.queues,
        connection=worker.connection,
        logging_level=logging_level if logging_level is not None else worker.log.level,
        serializer=worker.serializer,
    )
    worker.scheduler = scheduler
    scheduler.acquire_locks()  # type: ignore[no-untyped-call]
    if not scheduler.acquired_locks:
        return
    if not burst:
        scheduler.start()  # type: ignore[no-untyped-call]
        return
    try:
        scheduler.register_birth()
        scheduler.enqueue_scheduled_jobs()  # type: ignore[no-untyped-call]
    finally:
        scheduler.release_locks()
        scheduler.register_death()


class TurnWorker(SimpleWorker):
    """RQ's SimpleWorker (no fork per job) whose heartbeats also reach `dp:workers`, and
    whose own chatter is trimmed to what keeps its record, and its jobs' records, true.

    RQ's loop beats (HSET `last_heartbeat`, EXPIRE: two round trips) three times a job
    outside any pipeline and writes the `idle` state twice: 7 of the 19 round trips to Redis
    RQ makes around each job, each paid by this process and by Redis (measured with MONITOR
    in issue 25's outside matches, where every bot reply is one job). A beat of its own
    within `BEAT_EVERY` of the last one that reached Redis is skipped when that one keeps the
    worker's record alive as long, less `BEAT_EVERY` (RQ's TTLs are 80 s and more: the
    record never expires because of this); a state it already wrote is not written again;
    `rq suspend` is looked for once a `BEAT_EVERY`, not before every job.

    A lean job (`lean`: a bot turn, which keeps no result) costs this worker ONE round trip
    to RQ's Redis, where RQ spends six (LMOVE, HGETALL, its start's pipeline, PERSIST, its job
    heartbeats, a WATCH and a read of dependents nobody has, and its delete of a `result_ttl=0`
    job, which reads every execution back): the `TAKE` script ends the last lean job (the
    worker's counts, the execution's records gone, the job's keys deleted) and takes and starts
    the next in one atomic step. The end waits for that script: a job's end is written as the
    next one is taken, or alone when the queue is empty, the worker stops (`teardown`), or its
    loop takes the blocking way. Until it is written the worker stays busy, so a SIGTERM meanwhile
    stops it after the end, as RQ does within a job. Killed before, the job's records say
    `started`, as a job killed mid-run leaves them: the watchdog re-enqueues the turn and its
    second run is stale (`service.watchdog`). A lean job's failure goes RQ's whole way
    (retries, the failed registry). Issue 33: 15 round trips a one-turn job before it, 6 with
    RQ's pipelines trimmed, 2 with the script (the other is the move's compare-and-set)."""

    job_class = TurnJob
    beats: Beats | None = None
    _beat_at = float("-inf")
    """When (monotonic) a beat of ours last reached Redis, and until when it keeps the
    worker's record alive."""
    _alive_until = float("-inf")
    _suspension_checked = float("-inf")
    _state_written: str | None = None
    """The state last written to Redis (RQ's `_state` is the one it acts on)."""
    _start: Any = None
    """A lean job's start, written by `prepare_job_execution` with RQ's second pipeline."""
    _taken: Job | None = None
    """The job `TAKE` started: RQ's start of it is skipped."""
    _end: tuple[Any, ...] = ()
    """The pending end of the last lean job (`TAKE`'s arguments for it)."""
    _take: Script | None = None

    def heartbeat(self, timeout: int | None = None, pipeline: Any = None) -> None:
        if pipeline is not None:
            super().heartbeat(timeout, pipeline)
        else:
            if self._beat_due(timeout or self.worker_ttl + 60):
                super().heartbeat(timeout, pipeline)
        if self.beats is not None:
            self.beats(self.name)

    def _beat_due(self, ttl: int) -> bool:
        """Whether a beat asking for `ttl` must reach Redis (it is then counted as sent):
        the last is `BEAT_EVERY` old, or leaves the record less life than asked for."""
        now = time.monotonic()
        if now - self._beat_at < BEAT_EVERY and now + ttl - BEAT_EVERY <= self._alive_until:
            return False
        self._beat_at, self._alive_until = now, now + ttl
        return True

    def set_state(self, state: str, pipeline: Any = None) -> None:
        if pipeline is None and self._end:
            if state == WorkerStatus.IDLE:
                return  # busy until the last job's end is written (by `TAKE`, with the state)
            self._take_next(take=False)  # another state (`rq suspend`): the end first
        if pipeline is None and state == self._state_written:
            self._state = state
            return
        super().set_state(state, pipeline)
        self._state_written = state

    def check_for_suspension(self, burst: bool) -> None:
        """RQ's, at most once a `BEAT_EVERY` (a pipelined beat and EXISTS each time): a
        `rq suspend` takes effect within a second, as before within a job."""
        now = time.monotonic()
        if now - self._suspension_checked < BEAT_EVERY:
            return
        self._suspension_checked = now
        super().check_for_suspension(burst)

    def dequeue_job_and_maintain_ttl(
        self, timeout: int | None, max_idle_time: int | None = None
    ) -> tuple[Job, Queue] | None:
        """The next job by `TAKE` (with the last job's end), else RQ's way: a blocking wait
        when the queue was empty, or the same LMOVE for RQ's burst end."""
        if len(self.queues) == 1:
            self.heartbeat()
            if self.should_run_maintenance_tasks:
                self.run_maintenance_tasks()  # type: ignore[no-untyped-call]
            taken = self._take_next(take=True)
            if taken is not None:
                return taken
            if self._stop_requested:  # asked while the last job's end was written
                return None
        return super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)

    def _take_next(self, take: bool) -> tuple[Job, Queue] | None:
        """Run `TAKE`: write the pending end, if any, and (with `take`, unless a stop was
        asked) take the next job."""
        queue = self.queues[0]
        take = take and not self._stop_requested
        if self._take is None:
            self._take = self.connection.register_script(TAKE)
        start = now_utc()
        eid = uuid.uuid4().hex
        stamp = start.timestamp()
        args: list[Any] = [Job.redis_job_namespace_prefix, JOB_PREFIX, eid, repr(stamp),
                           int(stamp), utcformat(start), self.name, 1 if take else 0, queue.name,
                           *EXECUTION_KEYS, *self._end]  # fmt: skip
        keys = [queue.key, queue.intermediate_queue_key, self.key,
                StartedJobRegistry.key_template.format(queue.name)]  # fmt: skip
        reply = self._take(keys=keys, args=args)
        ended, self._end = bool(self._end), ()
        if reply is None:
            if ended:
                self._state = self._state_written = WorkerStatus.IDLE
            return None
        jid, fields, ttl = reply
        jid = jid.decode()
        if not fields:  # a job gone from under its queue's entry: skipped, as RQ skips it
            if ended:
                self._state = self._state_written = WorkerStatus.IDLE
            log.debug("worker %s: job %s is gone; the next", self.name, jid)
            return self._take_next(take)
        job = self.job_class(jid, connection=self.connection, serializer=self.serializer)
        job.restore(dict(zip(fields[::2], fields[1::2], strict=True)))
        job.redis_server_version = self.get_redis_server_version()  # type: ignore[no-untyped-call]
        if not ttl:  # moved to the intermediate list: RQ starts it
            if ended:
                self._state = self._state_written = WorkerStatus.IDLE
            return job, queue
        job.worker_name = self.name
        job.last_heartbeat = job.started_at = start
        job._status = JobStatus.STARTED
        job.persisted = True
        execution = Execution(eid, jid, self.connection, worker_name=self.name)
        execution.created_at = execution.last_heartbeat = start
        self.execution, self._taken = execution, job
        self._state = self._state_written = WorkerStatus.BUSY
        if self._beat_due(int(ttl)):  # the record outlives the job (RQ beats every job)
            super().heartbeat(int(ttl))
        return job, queue

    def prepare_execution(self, job: Job) -> Execution:
        if job is self._taken:
            assert self.execution is not None
            return self.execution
        if not lean(job):
            return super().prepare_execution(job)
        self._start = pipe = self.connection.pipeline()
        self.execution = Execution.create(
            job, self.get_heartbeat_ttl(job), pipeline=pipe, worker_name=self.name
        )
        self.set_state(WorkerStatus.BUSY, pipeline=pipe)
        return self.execution

    def prepare_job_execution(self, job: Job, remove_from_intermediate_queue: bool = False) -> None:
        if job is self._taken:
            self._taken = None
            return
        pipe, self._start = self._start, None
        if pipe is None:
            super().prepare_job_execution(job, remove_from_intermediate_queue)
            return
        with pipe:
            self.set_current_job_id(job.id, pipeline=pipe)
            ttl = self.get_heartbeat_ttl(job)
            if self._beat_due(ttl):  # the record outlives the job (RQ beats every job)
                super().heartbeat(ttl, pipeline=pipe)
            job.prepare_for_execution(self.name, pipeline=pipe)
            if remove_from_intermediate_queue:
                key = Queue(job.origin, connection=self.connection).intermediate_queue_key
                pipe.lrem(key, 1, job.id)
            pipe.execute()

    def handle_execution_ended(self, job: Job, queue: Queue, heartbeat_ttl: int) -> None:
        if not lean(job):
            super().handle_execution_ended(job, queue, heartbeat_ttl)
            return
        job.ended_at = now_utc()  # RQ beats the job too, for callbacks a lean job has not

    def handle_job_success(
        self, job: Job, queue: Queue, started_job_registry: StartedJobRegistry
    ) -> None:
        if not lean(job):
            super().handle_job_success(job, queue, started_job_registry)
            return
        assert job.started_at is not None and job.ended_at is not None
        execution = self.execution
        assert execution is not None
        self._end = (
            execution.key,
            started_job_registry.key,
            execution.composite_key,
            ExecutionRegistry.key_template.format(job.id),
            execution.id,
            job.key,
            job.dependents_key,
            job.dependencies_key,
            (job.ended_at - job.started_at).total_seconds(),
        )

    def teardown(self) -> None:
        if self._end:
            with contextlib.suppress(redis.RedisError):  # left `started`: the watchdog's
                self._take_next(take=False)
        super().teardown()  # type: ignore[no-untyped-call]

    def unsubscribe(self) -> None:
        unsubscribe(self)

    def _start_scheduler(self, burst: bool = False, logging_level: Any = "INFO", *_: Any) -> None:
        start_scheduler(self, burst, logging_level)


class ForkingTurnWorker(Worker):
    """RQ's forking Worker with the same heartbeats (`--fork`)."""

    beats: Beats | None = None

    def unsubscribe(self) -> None:
        unsubscribe(self)

    def _start_scheduler(self, burst: bool = False, logging_level: Any = "INFO", *_: Any) -> None:
        start_scheduler(self, burst, logging_level)

    def heartbeat(self, timeout: int | None = None, pipeline: Any = None) -> None:
        super().heartbeat(timeout, pipeline)
        if self.beats is not None:
            self.beats(self.name)


def lower_priority(nice: int) -> None:
    """Nice this process, and its autogroup too: with Linux's autogroups (on by default), a
    process started in its own session (setsid, as scripts/serve and containers do) competes
    for the CPU as a group of its own, where a plain nice value counts for nothing."""
    os.nice(nice)
    with contextlib.suppress(OSError), open("/proc/self/autogroup", "w") as group:
        group.write(str(nice))


def start_keeper(settings: dict[str, Any]) -> tuple[threading.Thread, threading.Event] | None:
    """The anchor keeper's thread (`service.matches.keeper`), with its own Redis pools, unless
    `ANCHOR_KEEPER` is off. A bad `ANCHOR_KEEPER_BOTS` stops the process, as a bad setting."""
    own = keeper.Settings.of(settings)
    if not own.on:
        return None
    layers = wiring.build(settings)
    assert layers.ratings is not None, "built by `service.wiring`"
    return keeper.start_thread(keeper.Keeper(layers.redis, layers.matches, own))


def wait_for_redis(client: redis.Redis, stop: threading.Event) -> bool:
    """Block until Redis answers a PING (backing off up to 2 s); False when stopped first."""
    delay = 0.1
    while not stop.is_set():
        try:
            if client.ping():
                if delay > 0.1:
                    log.warning("Redis answers again")
                return True
        except redis.RedisError as exc:
            if delay == 0.1:
                log.error("waiting for Redis (%s)", type(exc).__name__)
        stop.wait(delay)
        delay = min(delay * 2, 2.0)
    return False


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m service.worker", description=__doc__)
    parser.add_argument("--pool", choices=POOLS, default="live", help="which queue to serve")
    parser.add_argument("--name", default="", help="the start of the RQ worker's name")
    parser.add_argument("--burst", action="store_true", help="exit when the queue is empty")
    parser.add_argument("--fork", action="store_true", help="fork a work horse per job")
    parser.add_argument("--simple", action="store_true", help="no fork per job (the default)")
    parser.add_argument("--no-watchdog", action="store_true", help="no bot-turn watchdog thread")
    parser.add_argument("--no-arena", action="store_true", help="no arena pairer thread")
    args = parser.parse_args(argv)
    settings = from_env()
    logging.basicConfig(level=settings["LOG_LEVEL"], format="%(asctime)s %(name)s %(message)s")
    layers = wiring.build(settings)
    jobs.install(layers)
    if args.pool == "bulk" and settings["BULK_NICE"] > 0:
        lower_priority(settings["BULK_NICE"])
    queue = queue_of(layers, args.pool)
    # RQ's blocking dequeue needs a long socket timeout (RQ raises it on the pool it gets):
    # its own pool on the queues' Redis, so the jobs' commands keep their short one and fail
    # fast on a stall.
    connection = wiring.client(settings, socket_timeout=WORKER_TTL)
    cls = ForkingTurnWorker if args.fork else TurnWorker
    beats = Beats(layers.store, args.pool)
    if not args.no_watchdog and not args.burst:
        watchdog.start_thread(settings)
    if not args.no_arena and not args.burst:
        arena.start_thread(wiring.build(settings).arena)  # its own pool; the lease picks one
    if args.pool == "bulk" and not args.burst:
        start_keeper(settings)  # the anchors onto every ladder: one process plans (a lease)
    heap.freeze()
    stop = threading.Event()
    while wait_for_redis(connection, stop):
        worker: TurnWorker | ForkingTurnWorker | None = None
        try:
            # RQ's constructor already talks to Redis (CLIENT SETNAME): inside the try, so a
            # worker started, or restarted, during an outage waits instead of dying.
            worker = cls(
                [Queue(queue.name, connection=connection, serializer=JSONSerializer)],
                connection=connection,
                serializer=JSONSerializer,
                worker_ttl=WORKER_TTL,
                maintenance_interval=MAINTENANCE_INTERVAL,
                name=f"{args.name}-{uuid.uuid4().hex[:12]}" if args.name else None,
            )
            worker.beats = beats
            # The pool of the webhooks' queue runs RQ's scheduler: it enqueues their retries.
            scheduler = queue.name == layers.webhook_queue.name
            worker.work(
                burst=args.burst, logging_level=settings["LOG_LEVEL"], with_scheduler=scheduler
            )
        except (redis.RedisError, OSError) as exc:  # RQ's start or teardown on a dead connection
            name = worker.name if worker is not None else "(starting)"
            log.error("worker %s: %s", name, type(exc).__name__)
        if args.burst or (worker is not None and worker._shutdown_requested_date is not None):
            break
        _stop_on_signals(stop)  # RQ's handlers would call Redis: ours, while we wait
        log.warning("worker on %s: RQ's loop ended on an error; waiting for Redis", queue.name)
        stop.wait(0.5)  # never a busy loop, whatever ended it


def _stop_on_signals(stop: threading.Event) -> None:
    def handler(signum: int, frame: FrameType | None) -> None:
        stop.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, handler)


if __name__ == "__main__":
    main()

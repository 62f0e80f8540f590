"""The bot-turn watchdog (the recovery loop): a due bot turn whose job is lost is enqueued again.

The due-turn index in Redis is the source of truth: every change that leaves a bot seat to act
records that turn as due in the same compare-and-set (`service.storage.store`), and the change's
caller
enqueues its job right after. A job can get lost in many ways: the process dies between the
write and the enqueue (no job at all); a worker dies between taking the job and starting it
(RQ leaves it marked `queued` in no queue, or in its queue's intermediate list); a worker is
killed mid-turn (RQ leaves it `started` for minutes); Redis restarts under a running job. The
watchdog does not tell these apart: every `interval` seconds it looks at the turns due for
`stale_after` seconds or longer (by Redis `TIME`) and

- the game is gone or at another version: the entry is a leftover, it is dropped;
- its current job is really waiting (status `queued` AND its id is in its queue's list), or
  started less than `stale_after` ago: healthy, left alone;
- anything else, whatever the job claims: it claims the turn in one script (one winner among
  many watchdogs, which also restarts the turn's clock) and enqueues the job again as
  `bot_<gid>_<seat>_<version>_r<attempt>` on the turn's queue (live, think or bulk), at most
  `max_attempts` times, then gives up loudly.

So a lost turn is played again within `stale_after + interval` seconds (plus one sweep) of
becoming due or of its last claim: the recovery bound of docs/reliability.md. A re-enqueued
turn never moves twice: every job submits its move expecting the same version.

Timed human turns (`service.games.clocks`) ride on the same loop: every `clock_interval` seconds
(0.25 by default) it moves the timed turns whose deadline passed from the clock index into the
due-turn index (one script per bucket: one winner among many watchdogs) and enqueues each as a
bot turn, which the seat's `on_timeout` bot plays (`Tables.bot_turn`). From there on it is a
due bot turn like any other: lost, it is re-enqueued as above. A human move that wins the race
makes the job's move stale (the version check: exactly one move at that version).

Each sweep also relays the app-key feed entries left in the buckets' outboxes for a second or
more (a process that died between a commit and its relay: `service.streams.feed.Feed.recover`) and
dispatches webhook deliveries left undispatched (`service.streams.webhooks.Webhooks.recover`).

Each sweep also enqueues the scheduled jobs of the webhooks' queue (retries, deferred
deliveries) due for `scheduled_grace` seconds or more (`release_scheduled`): RQ's scheduler is
one process, forked by one worker, holding a lock that lives 61 s; killed with its worker (or
crashed by a Redis kill), nothing else enqueues them until that lock expires (a retry due at
+5 s ran at +63 s). So a due retry runs within `scheduled_grace + interval` of its time.

Each sweep also beats `recovery:<name>` in `dp:workers`, so `/healthz` sees the loop alive. A
sweep that meets a Redis error logs it and tries again next interval: the loop outlives any
outage.

It runs as a thread in every `python -m service.worker` (so nothing else needs deploying), or on
its own as `python -m service.watchdog`. One loop sweeps at a time, the one holding the lease
(`Store.lead`, renewed at each look): the others beat and stand by, so the sweeps' reads cost
the same however many workers run; a dead holder's lease is free after `lease` seconds, a
stopped one's at once (`run`). Everything a sweep does has one winner among loops all the
same, so two that both believe they lead (a holder stalled past its lease) do no harm.

Settings from the environment:
`BOT_WATCHDOG_STALE_SECONDS` (default 5), `BOT_WATCHDOG_INTERVAL` (1), `BOT_WATCHDOG_MAX_ATTEMPTS`
(5), `BOT_WATCHDOG_CLOCK_INTERVAL` (0.25), `BOT_WATCHDOG_SCHEDULED_GRACE` (2, at least 1),
`BOT_WATCHDOG_LEASE_SECONDS` (2, or half the stale seconds if less; 0: every loop sweeps),
plus `REDIS_URL`, `QUEUE_REDIS_URL`, `REDIS_CLUSTER_NODES`, `BOT_QUEUE` and `BULK_QUEUE` as
everywhere. With game data on a cluster, a sweep reads every bucket of the due-turn index and
of the clock index (`service.storage.store`), so it covers every shard; the jobs go to the
queues' Redis.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import socket
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.registry import ScheduledJobRegistry
from rq.serializers import JSONSerializer

from service import wiring
from service.core import metrics
from service.core.config import from_env
from service.core.shards import FAILURES
from service.storage.store import Store
from service.streams.feed_relay import Feed
from service.streams.webhooks import Webhooks
from service.tables.bot_turns import BotTurns, job_id, parse_due_member, pool_of

log = logging.getLogger("duckpond.watchdog")

WAITING = {JobStatus.QUEUED, JobStatus.DEFERRED, JobStatus.SCHEDULED}


@dataclass(frozen=True, slots=True)
class Settings:
    stale_after: float = 5.0  # seconds a turn may stay due before its job is checked
    interval: float = 1.0  # seconds between two sweeps
    max_attempts: int = 5  # re-enqueues of one turn before giving up
    batch: int = 200  # due turns looked at per sweep, oldest first
    clock_interval: float = 0.25  # seconds between two looks for timed turns past their deadline
    scheduled_grace: float = 2.0  # seconds RQ's scheduler has to enqueue a due job before we do
    lease: float = 2.0  # seconds one watchdog's lease lasts unrenewed; 0: every watchdog sweeps


def settings_from_env(env: Mapping[str, str] | None = None) -> Settings:
    env = os.environ if env is None else env

    def number(name: str, default: float) -> float:
        raw = (env.get(name) or "").strip()
        try:
            return float(raw) if raw else default
        except ValueError as exc:
            raise ValueError(f"environment variable {name} must be a number, not {raw!r}") from exc

    stale_after = max(0.0, number("BOT_WATCHDOG_STALE_SECONDS", 5.0))
    return Settings(
        stale_after=stale_after,
        interval=max(0.05, number("BOT_WATCHDOG_INTERVAL", 1.0)),
        max_attempts=max(1, int(number("BOT_WATCHDOG_MAX_ATTEMPTS", 5))),
        clock_interval=max(0.02, number("BOT_WATCHDOG_CLOCK_INTERVAL", 0.25)),
        scheduled_grace=max(1.0, number("BOT_WATCHDOG_SCHEDULED_GRACE", 2.0)),
        # Half the staleness at most: a dead holder's lease is free before a turn it left
        # is stale, so the recovery bound (stale_after + interval) holds.
        lease=max(0.0, number("BOT_WATCHDOG_LEASE_SECONDS", min(2.0, stale_after / 2))),
    )


@dataclass
class Sweep:
    """What one sweep did, for logs and tests."""

    requeued: int = 0
    healthy: int = 0
    dropped: int = 0
    given_up: int = 0
    fired: int = 0
    """Timed turns past their deadline enqueued for their bot."""
    relayed: int = 0
    """App-key feed entries moved from the outboxes."""
    dispatched: int = 0
    """Webhook deliveries enqueued."""
    released: int = 0
    """Scheduled jobs (webhook retries) enqueued because RQ's scheduler had not."""


class Watchdog:
    """Finds stale due bot turns and enqueues them again; safe to run in many processes."""

    def __init__(
        self,
        store: Store,
        turns: BotTurns,
        settings: Settings = Settings(),
        name: str = "",
        feed: Feed | None = None,
        webhooks: Webhooks | None = None,
    ) -> None:
        self.store = store
        self.turns = turns
        self.feed = feed
        self.webhooks = webhooks
        self.settings = settings
        self.name = name or f"{socket.gethostname()}-{os.getpid()}"

    def sweep(self) -> Sweep:
        store, s = self.store, self.settings
        age_ms = int(s.stale_after * 1000)
        out = Sweep()
        store.beat(f"recovery:{self.name}")
        out.fired = self.fire()
        if self.feed is not None:
            out.relayed = self.feed.recover()
        if self.webhooks is not None:
            out.dispatched = self.webhooks.recover()
            out.released = self.release_scheduled()
        for member in store.stale_due(age_ms, s.batch):
            turn = parse_due_member(member)
            meta = None if turn is None else store.load_meta(turn[0])
            if turn is None or meta is None or store.version(turn[0]) != turn[2]:
                store.drop_due(member)  # the game moved on or is gone: a leftover
                out.dropped += 1
                continue
            gid, seat, version = turn
            attempt = store.due_attempts(member)
            if self._healthy(job_id(gid, seat, version, attempt)):
                out.healthy += 1
                continue
            if attempt >= s.max_attempts:
                log.error(
                    "game %s v%d: bot seat %d given up after %d tries", gid, version, seat, attempt
                )
                store.drop_due(member)
                out.given_up += 1
                continue
            attempt = store.claim_due(member, age_ms)
            if attempt and self.turns.enqueue(
                gid, seat, version, attempt, pool=pool_of(meta, seat)
            ):
                metrics.recovered()
                log.warning(
                    "game %s v%d: bot seat %d re-enqueued (try %d)", gid, version, seat, attempt
                )
                out.requeued += 1
        return out

    def fire(self) -> int:
        """Enqueue the timed turns whose deadline passed, each as its seat's bot turn (it
        is in the due-turn index from here on, so a lost job is recovered as any other)."""
        fired = 0
        for member in self.store.fire_timers(self.settings.batch):
            turn = parse_due_member(member)
            meta = None if turn is None else self.store.load_meta(turn[0])
            if turn is None or meta is None:
                self.store.drop_due(member)
                continue
            gid, seat, version = turn
            if self.turns.enqueue(gid, seat, version, pool=pool_of(meta, seat)):
                fired += 1
        return fired

    def release_scheduled(self) -> int:
        """Enqueue the webhooks' queue's scheduled jobs due `scheduled_grace` seconds ago or
        more, which RQ's scheduler should have enqueued and has not (it is dead, or its lock
        is held by a dead one). The ZREM picks one winner among watchdogs; a scheduler that
        read the same id just before may enqueue it too, so a delivery may then run twice:
        at least once, as ever (the receiver drops a `webhook-id` it has handled)."""
        assert self.webhooks is not None
        queue = self.webhooks.queue
        registry = ScheduledJobRegistry(queue=queue)  # type: ignore[no-untyped-call]
        due = registry.get_jobs_to_schedule(
            int(time.time() - self.settings.scheduled_grace), chunk_size=self.settings.batch
        )
        released = 0
        for jid in due:
            if not registry.remove(jid):
                continue  # the scheduler, or another watchdog, took it
            try:
                job = Job.fetch(jid, queue.connection, serializer=queue.serializer)
            except NoSuchJobError:
                continue
            queue.enqueue_job(job)
            released += 1
            log.warning("scheduled job %s overdue (is RQ's scheduler down?): enqueued it", jid)
        return released

    def _healthy(self, jid: str) -> bool:
        """Waiting in its queue, or running for less than `stale_after`: someone is on it.
        A job marked `queued` that no queue holds (taken by a worker that died before it
        started it) is lost, whatever its status says."""
        connection = self.turns.queue.connection
        try:
            job = Job.fetch(jid, connection, serializer=JSONSerializer)
            status = job.get_status(refresh=False)
        except NoSuchJobError:
            return False
        if status in WAITING:
            return connection.lpos(f"rq:queue:{job.origin}", jid) is not None
        if status == JobStatus.STARTED and job.started_at is not None:
            started = job.started_at.replace(tzinfo=job.started_at.tzinfo or UTC)
            return (datetime.now(UTC) - started).total_seconds() < self.settings.stale_after
        return False

    def leads(self) -> bool:
        """Whether this watchdog sweeps now: it holds the watchdogs' lease (taking a free one,
        renewing its own), or there is no lease (`lease` 0)."""
        lease_ms = int(self.settings.lease * 1000)
        return lease_ms <= 0 or self.store.lead(self.name, lease_ms)

    def run(self, stop: threading.Event) -> None:
        """Sweep every `interval` until `stop` is set; an error is logged (once per outage,
        with its kind only), never fatal: the loop outlives any Redis outage. Only the
        watchdog holding the lease sweeps and fires; the others beat, and take the lease
        once it is free (its holder stopped, or died: `lease` seconds at most)."""
        failing = False
        next_sweep = 0.0
        try:
            while not stop.is_set():
                failing = self._look(failing, next_sweep)
                if time.monotonic() >= next_sweep:
                    next_sweep = time.monotonic() + self.settings.interval
                stop.wait(min(self.settings.interval, self.settings.clock_interval))
        finally:
            with contextlib.suppress(*FAILURES):
                self.store.resign(self.name)

    def _look(self, failing: bool, next_sweep: float) -> bool:
        """One look of `run`: a sweep once `next_sweep` passed, else the clocks (or a beat
        alone, without the lease). Whether Redis is failing."""
        try:
            due = time.monotonic() >= next_sweep
            if not self.leads():
                if due:
                    self.store.beat(f"recovery:{self.name}")
            elif due:
                self.sweep()
            else:
                self.fire()
            if failing:
                log.warning("watchdog: Redis is back, sweeping again")
            return False
        except FAILURES as exc:
            if not failing:
                log.error("watchdog: sweep failed (%s); retrying every %.1f s",
                          type(exc).__name__, self.settings.interval)  # fmt: skip
            return True
        except Exception:  # a bug must not end the recovery loop either
            log.exception("watchdog sweep failed")
            return failing


def of(layers: wiring.Layers) -> Watchdog:
    """A watchdog over these layers' store and bot queue, with settings from the environment."""
    return Watchdog(
        layers.store,
        layers.turns,
        settings_from_env(),
        feed=layers.feed,
        webhooks=layers.webhooks,
    )


def start_thread(settings: Mapping[str, Any]) -> tuple[threading.Thread, threading.Event]:
    """The watchdog as a daemon thread with its own Redis pool (the worker's thread)."""
    stop = threading.Event()
    dog = of(wiring.build(settings))
    thread = threading.Thread(target=dog.run, args=(stop,), name="bot-watchdog", daemon=True)
    thread.start()
    return thread, stop


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m service.watchdog", description=__doc__)
    parser.parse_args(argv)
    settings = from_env()
    logging.basicConfig(level=settings["LOG_LEVEL"], format="%(asctime)s %(name)s %(message)s")
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    log.warning("watchdog running; SIGTERM or Ctrl-C stops it")
    of(wiring.build(settings)).run(stop)


if __name__ == "__main__":
    main()

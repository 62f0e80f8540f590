"""Issue 31, item 13: RQ's scheduler (which enqueues the webhooks' retries when due) is one
process, forked by the worker that holds its queue's lock; a kill -9 of that worker (its whole
session, as its supervisor does) kills it too, and the lock lived on to its 61 s expiry: a retry
due at +5 s ran at +63 s. The watchdog now enqueues scheduled jobs overdue by 2 s."""

from __future__ import annotations

import time
from datetime import UTC, timedelta

from flask import Flask
from rq.job import Job, JobStatus
from rq.registry import ScheduledJobRegistry
from testkit.faultkit import RedisServer, Workers

from service.storage.keys import DELIVER_WEBHOOK_JOB
from service.wiring import Layers

DUE_IN = 5
RUNS_WITHIN = 5.0
"""Seconds after its due time a scheduled retry runs, its scheduler dead (grace 2 s, plus one
sweep and RQ's whole-second schedule)."""


def test_a_retry_runs_within_seconds_of_its_time_when_the_scheduler_was_killed(
    app: Flask, server: RedisServer, workers: Workers
) -> None:
    layers: Layers = app.extensions["duckpond"]
    queue = layers.webhook_queue
    redis = queue.connection
    lock = f"rq:scheduler-lock:{queue.name}"
    workers.start("webhooks")
    deadline = time.monotonic() + 30
    while not redis.exists(lock):
        assert time.monotonic() < deadline, "no scheduler took its lock:\n" + workers.log()
        time.sleep(0.05)
    holder = redis.get(lock)
    # A delivery retry due in 5 s (of an endpoint that is gone: the attempt ends at once).
    job = queue.enqueue_in(
        timedelta(seconds=DUE_IN),
        DELIVER_WEBHOOK_JOB,
        args=("nokey", "wh_gone", 1, "turn", "{}"),
        job_id="webhook_wh_gone_1",
    )
    due = ScheduledJobRegistry(queue=queue).get_scheduled_time(job)
    workers.kill("webhooks")  # kill -9 of its session: the worker and its scheduler
    workers.start("webhooks")  # its supervisor starts it again at once
    deadline = time.monotonic() + DUE_IN + 25
    while (status := job.get_status(refresh=True)) != JobStatus.FINISHED:
        assert time.monotonic() < deadline, f"the retry is {status}:\n" + workers.log()
        time.sleep(0.05)
    job = Job.fetch(job.id, redis, serializer=queue.serializer)
    assert job.ended_at is not None
    late = (job.ended_at.replace(tzinfo=UTC) - due).total_seconds()
    print(f"\n[faults] scheduler killed: a retry due at +{DUE_IN} s ran {late:.2f} s late "
          f"(the dead scheduler's lock still held: {redis.get(lock) == holder})")  # fmt: skip
    assert job.return_value() == "gone"
    assert late < RUNS_WITHIN, late

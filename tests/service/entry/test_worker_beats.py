"""The worker's own Redis chatter (`service.worker.TurnWorker`): RQ's beats outside its
pipelines reach Redis at most once a `BEAT_EVERY` unless a longer TTL is asked for, the idle
state is written once, and the worker's record stays alive all along. A real RQ worker on
the test's redis-server runs real jobs."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from rq import Queue
from rq.serializers import JSONSerializer
from rq.worker.base import BaseWorker
from testkit.faultkit import free_port

from service.worker import BEAT_EVERY, Scheduler, TurnWorker

DB = 6
QUEUE = "beats-test"


@pytest.fixture()
def client(redis_port: int) -> Iterator[redis.Redis]:
    connection = redis.Redis(port=redis_port, db=DB)
    connection.flushdb()
    yield connection
    connection.flushdb()
    connection.close()


def worker_of(client: redis.Redis) -> TurnWorker:
    queue = Queue(QUEUE, connection=client, serializer=JSONSerializer)
    return TurnWorker([queue], connection=client, serializer=JSONSerializer, worker_ttl=20)


def test_a_burst_of_jobs_beats_once_and_writes_idle_once_a_job(
    client: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """30 jobs run in well under a second: RQ's loop and the worker's dequeue ask for about
    2 beats and 2 idle states a job outside any pipeline; few reach Redis, and every job
    still runs."""
    queue = Queue(QUEUE, connection=client, serializer=JSONSerializer)
    jobs = [queue.enqueue_call("os.getpid", result_ttl=60) for _ in range(30)]
    asked: list[str] = []
    written: list[str] = []
    beat, state = BaseWorker.heartbeat, BaseWorker.set_state

    def counted_beat(self: Any, timeout: int | None = None, pipeline: Any = None) -> None:
        if pipeline is None:
            written.append("beat")
        beat(self, timeout, pipeline)

    def counted_state(self: Any, value: str, pipeline: Any = None) -> None:
        if pipeline is None and value == "idle":
            written.append("idle")
        state(self, value, pipeline)

    monkeypatch.setattr(BaseWorker, "heartbeat", counted_beat)
    monkeypatch.setattr(BaseWorker, "set_state", counted_state)
    worker = worker_of(client)
    original = TurnWorker.heartbeat

    def asking(self: Any, timeout: int | None = None, pipeline: Any = None) -> None:
        if pipeline is None:
            asked.append("beat")
        original(self, timeout, pipeline)

    monkeypatch.setattr(TurnWorker, "heartbeat", asking)
    started = time.monotonic()
    worker.work(burst=True)
    took = time.monotonic() - started
    assert all(job.get_status(refresh=True) == "finished" for job in jobs)
    assert len(asked) >= 2 * 30  # what RQ's loop and the worker's dequeue ask for
    beats = written.count("beat")
    assert beats <= 2 + took / BEAT_EVERY, (beats, took)
    assert written.count("idle") <= 30 + 1  # once after each job (and once at the start)


def test_a_longer_ttl_or_a_second_later_beats_again(client: redis.Redis) -> None:
    worker = worker_of(client)
    worker.register_birth()
    try:
        worker.heartbeat()
        first = client.hget(worker.key, "last_heartbeat")
        worker.heartbeat()  # within BEAT_EVERY: not sent
        assert client.hget(worker.key, "last_heartbeat") == first
        assert 75 <= client.ttl(worker.key) <= 80  # the record lives on all the same
        worker.heartbeat(500)  # a longer life asked for: sent at once
        assert client.ttl(worker.key) > 400
        time.sleep(BEAT_EVERY + 0.05)
        worker.heartbeat(500)
        assert client.hget(worker.key, "last_heartbeat") != first
    finally:
        worker.register_death()


def test_the_scheduler_stops_without_a_traceback_when_redis_is_gone() -> None:
    """Issue 31, item 13: RQ's scheduler, stopped (SIGTERM from its worker) while Redis was
    down, died in `release_locks` with a ConnectionError (once in ten Redis kills)."""
    dead = redis.Redis(port=free_port(), socket_connect_timeout=0.5)
    scheduler = Scheduler([QUEUE], connection=dead)
    scheduler._acquired_locks = {QUEUE}
    scheduler.stop()
    assert scheduler.acquired_locks == set()

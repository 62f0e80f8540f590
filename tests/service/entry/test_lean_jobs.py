"""Bot-turn jobs near their floor (issue 33): a turn's job keeps nothing once done, costs the
worker five round trips to Redis, is enqueued by its move's own compare-and-set (one Redis),
and a job run twice, or after the game moved on, changes nothing. Jobs run in-process on the
service's own worker (`service.worker.TurnWorker`) against the test's redis-server."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from redis.client import Pipeline
from redis.connection import AbstractConnection
from testkit.svc_helpers import Table, burst_worker, run_queue

import service.jobs
from service.tables.bot_turns import job_id
from service.wiring import Layers

BOT = {"bot": "random"}


@pytest.fixture()
def games(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Layers:
    """The app's layers; in-process jobs use them too."""
    layers: Layers = app.extensions["duckpond"]
    monkeypatch.setattr(service.jobs, "_layers", layers)
    return layers


def rq_keys(r: redis.Redis) -> list[bytes]:
    """RQ's keys of jobs, results and executions, and its registries that hold any."""
    keys = [k for k in r.scan_iter("rq:*") if not k.startswith((b"rq:worker", b"rq:queues"))]
    return sorted(k for k in keys if not k.startswith(b"rq:queue:") or r.llen(k))


def test_a_bot_turn_job_leaves_no_key_behind(
    games: Layers, client: FlaskClient, r: redis.Redis
) -> None:
    """No result is kept (`result_ttl=0`) and the worker's records of the job go with it:
    after the jobs of two bot turns, RQ holds nothing of them (before: the job, its result
    stream and the finished registry, for 60 s)."""
    table = Table.create(client, seats=[{}, BOT, BOT, {}])
    run_queue(games.bot_queue)
    assert table.public()["version"] == 2
    assert rq_keys(r) == []


@pytest.fixture()
def round_trips(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Round trips to Redis from this process (a command, or a pipeline, sent)."""
    sent = [0]
    original = AbstractConnection.send_packed_command

    def counted(self: Any, command: Any, check_health: bool = True) -> None:
        sent[0] += 1
        original(self, command, check_health)  # type: ignore[no-untyped-call]

    monkeypatch.setattr(AbstractConnection, "send_packed_command", counted)
    yield sent


def test_a_one_turn_job_costs_five_round_trips(
    games: Layers, client: FlaskClient, round_trips: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dequeue (LMOVE, the job's HGETALL), start (one pipeline, RQ's PERSIST in it), the
    move's compare-and-set (which enqueues the next turn) and the end (one pipeline): 5,
    where RQ took 15 (and 6 before the PERSIST joined the start). Measured as a burst of 12
    one-turn jobs (no chain) less an empty burst (a worker's start and end)."""
    monkeypatch.setattr(games.tables, "chain_seconds", 0.0)
    empty = round_trips[0]
    run_queue(games.bot_queue)
    empty = round_trips[0] - empty
    tables = [Table.create(client, seats=[{}, BOT, BOT, {}], seed=f"rt{i}") for i in range(6)]
    before = round_trips[0]
    run_queue(games.bot_queue)
    per_job = (round_trips[0] - before - empty) / 12
    assert all(t.public()["version"] == 2 for t in tables)
    print(f"round trips per job: {per_job:.2f}")
    assert per_job <= 5.5, per_job


def test_the_move_enqueues_its_bot_turn_in_its_own_write(
    games: Layers, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On one Redis the compare-and-set enqueues the due turn's job itself: nothing comes
    between the move and its job, so even an enqueue that would fail right after the write
    cannot lose it (before: the job was enqueued after, and lost with that enqueue)."""

    def refuse(*_: Any, **__: Any) -> None:
        raise redis.ConnectionError("lost")

    assert games.tables.commits.inline_jobs
    monkeypatch.setattr(games.bot_queue, "enqueue_call", refuse)
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    assert games.bot_queue.job_ids == [job_id(table.gid, 1, 0)]
    job = games.bot_queue.fetch_job(job_id(table.gid, 1, 0))
    assert job is not None and job.args == [table.gid, 1, 0] and job.result_ttl == 0
    assert job.func_name == "service.jobs.bot_turn" and job.retries_left == 3


def test_a_move_that_loses_its_race_enqueues_nothing(games: Layers, client: FlaskClient) -> None:
    """Two runs of seat 1's turn race: the second commits first (inside the first's
    `before_submit`), the first then loses at the compare-and-set. Only the winner's next
    turn is queued, once: the jobs are in the write, which the loser never makes."""
    table = Table.create(client, seats=[{}, BOT, BOT, {}])
    queue = games.bot_queue
    queue.empty()  # type: ignore[no-untyped-call]
    tables = games.tables
    inner: list[str] = []

    def race() -> None:
        if not inner:
            inner.append(tables.bot_turn(table.gid, 1, 0))

    assert tables.bot_turn(table.gid, 1, 0, race) == "stale"
    assert inner == ["moved"]
    assert queue.job_ids == [job_id(table.gid, 2, 1)]
    assert table.public()["version"] == 1


def test_a_job_run_twice_changes_nothing(
    games: Layers, client: FlaskClient, r: redis.Redis
) -> None:
    """The turn's job and a second one of the same turn (a watchdog's re-enqueue) both run:
    one move, one job for the next turn, and nothing left of either job."""
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    assert games.turns.enqueue(table.gid, 1, 0, attempt=1)
    assert games.bot_queue.count == 2
    run_queue(games.bot_queue)
    public = table.public()
    assert public["version"] == 1 and public["view"]["to_act"] == [2]
    assert games.tables.bot_turn(table.gid, 1, 0) == "stale"  # and a third time
    assert table.public()["version"] == 1
    assert rq_keys(r) == []


def test_a_turn_this_process_saw_move_on_is_stale_without_a_read(
    games: Layers, client: FlaskClient, round_trips: list[int]
) -> None:
    """The fast path of a job run twice by one worker: the game past the job's version is in
    this process's cache, so the job knows it is stale without reading Redis (before: it
    read the whole game back to find out)."""
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    assert games.tables.bot_turn(table.gid, 1, 0) == "moved"
    before = round_trips[0]
    assert games.tables.bot_turn(table.gid, 1, 0) == "stale"
    assert round_trips[0] == before
    assert table.public()["version"] == 1


def test_a_stop_asked_while_a_job_finishes_stops_after_it(
    games: Layers, client: FlaskClient, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A SIGTERM that comes while the worker writes a job's end finds the worker busy: RQ
    stops after that job, which ends well, and starts no other. (Marked idle too early, the
    worker raised its stop in the middle of the job's end, failed the job, and went on.)"""
    first = Table.create(client, seats=[{}, BOT, {}, {}], seed="a")
    second = Table.create(client, seats=[{}, BOT, {}, {}], seed="b")
    worker = burst_worker(games.bot_queue)
    execute = Pipeline.execute
    asked: list[bool] = []

    def stop_midway(self: Pipeline, raise_on_error: bool = True) -> Any:
        ending = any(b"successful_job_count" in map(_bytes, args) for args, _ in self.command_stack)
        if ending and not asked:
            asked.append(True)
            worker.request_stop(signal.SIGTERM, None)
        return execute(self, raise_on_error)

    monkeypatch.setattr(Pipeline, "execute", stop_midway)
    try:
        worker.work(burst=True)
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
    assert asked and worker._stop_requested
    assert first.public()["version"] == 1
    assert second.public()["version"] == 0  # not started: the worker stopped
    assert games.bot_queue.job_ids == [job_id(second.gid, 1, 0)]
    assert games.bot_queue.failed_job_registry.count == 0


def _bytes(value: Any) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()


def test_a_lean_job_that_fails_goes_rqs_whole_way(
    games: Layers, client: FlaskClient, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot turn whose body raises is kept and retried as RQ does it (its PERSIST sent with
    its start, not skipped): the job is back on its queue, one retry spent, its key with no
    TTL; the next run plays the turn and leaves nothing behind."""
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    gid = table.gid

    def broken(*_: Any, **__: Any) -> str:
        raise RuntimeError("a bug")

    with monkeypatch.context() as patched:
        patched.setattr(games.tables, "bot_turn", broken)
        burst_worker(games.bot_queue).work(burst=True, max_jobs=1)
    job = games.bot_queue.fetch_job(job_id(gid, 1, 0))
    assert job is not None and job.retries_left == 2
    assert games.bot_queue.job_ids == [job.id]  # retried at once (`RETRY`: no interval)
    assert r.ttl(job.key) == -1
    assert table.public()["version"] == 0
    run_queue(games.bot_queue)
    assert table.public()["version"] == 1
    assert rq_keys(r) == []

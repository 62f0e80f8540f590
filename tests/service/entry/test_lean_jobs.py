"""Bot-turn jobs near their floor (issue 33): a turn's job keeps nothing once done, costs the
worker two round trips to Redis (`TAKE`, which ends the last job and starts the next, and the
move's compare-and-set), is enqueued by its move's own compare-and-set (one Redis), is
started with RQ's own records, and a job run twice, after the game moved on, or again after
a worker died before writing its end, changes nothing. Jobs run in-process on the service's
own worker (`service.worker.TurnWorker`) against the test's redis-server."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from redis.connection import AbstractConnection
from rq import Queue, Worker
from rq.executions import ExecutionRegistry
from rq.job import Job
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer
from rq.suspension import resume, suspend
from testkit.svc_helpers import Table, burst_worker, run_queue

import service.jobs
from service import watchdog
from service.tables.bot_turns import (
    EnqueueTemplate,
    RQWay,
    job_id,
    merge_hsets,
    pool_of,
    rq_commands,
)
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


def test_a_one_turn_job_costs_two_round_trips(
    games: Layers, client: FlaskClient, round_trips: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`TAKE` (the last job's end, the job's LPOP, HGETALL and start, RQ's PERSIST) and the
    move's compare-and-set (which enqueues the next turn): 2, where RQ took 15 and RQ's
    pipelines trimmed 6. Measured as a burst of 12 one-turn jobs (no chain) less an empty
    burst (a worker's start and end)."""
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
    assert per_job <= 2.5, per_job


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
    """A SIGTERM that comes after a job's move, while its end is still to be written, finds
    the worker busy: RQ stops after that job, whose end is written (alone: `TAKE` takes no
    other job once a stop is asked), and starts no other. (Marked idle too early, the worker
    raised its stop in the middle of the job's end, failed the job, and went on.)"""
    first = Table.create(client, seats=[{}, BOT, {}, {}], seed="a")
    second = Table.create(client, seats=[{}, BOT, {}, {}], seed="b")
    worker = burst_worker(games.bot_queue)
    take_next = worker._take_next
    asked: list[bool] = []

    def stop_midway(take: bool) -> Any:
        if worker._end and not asked:
            asked.append(True)
            worker.request_stop(signal.SIGTERM, None)
        return take_next(take)

    monkeypatch.setattr(worker, "_take_next", stop_midway)
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
    assert rq_keys(r) == [b"rq:job:" + job_id(second.gid, 1, 0).encode(),
                          b"rq:queue:" + games.bot_queue.name.encode()]  # fmt: skip


def test_a_taken_job_is_started_as_rq_starts_it(
    games: Layers, client: FlaskClient, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a bot turn runs, RQ's own reads (and the watchdog's) see it as RQ's start leaves
    a job: `started` with its start time and worker, in the started registry with its
    execution, off the queue and its intermediate list, the worker busy on it."""
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    jid = job_id(table.gid, 1, 0)
    queue = games.bot_queue
    worker = burst_worker(queue)
    seen: dict[str, Any] = {}
    play = games.tables.bot_turn

    def look(gid: str, seat: int, version: int, *args: Any, **kwargs: Any) -> str:
        job = Job.fetch(jid, connection=queue.connection, serializer=JSONSerializer)
        registry = StartedJobRegistry(queue=queue)
        (execution,) = registry.get_job_and_execution_ids()
        seen.update(
            status=job.get_status(refresh=False),
            worker=job.worker_name,
            started=job.started_at is not None,
            execution=execution,
            execution_of_job=[e.id for e in ExecutionRegistry(jid, r).get_executions()],
            queued=queue.job_ids + r.lrange(queue.intermediate_queue_key, 0, -1),
            state=Worker.find_by_key(worker.key, connection=r).get_state(),  # type: ignore[union-attr]
            current=r.hget(worker.key, "current_job"),
            ttl=r.ttl(job.key),
            healthy=watchdog.of(games)._healthy(jid),
        )
        return play(gid, seat, version, *args, **kwargs)

    monkeypatch.setattr(games.tables, "bot_turn", look)
    worker.work(burst=True)
    assert seen["status"] == "started" and seen["started"] and seen["worker"] == worker.name
    assert seen["execution"][0] == jid and seen["execution_of_job"] == [seen["execution"][1]]
    assert seen["queued"] == [] and seen["state"] == "busy"
    assert seen["current"] == jid.encode() and seen["ttl"] == -1  # RQ's PERSIST
    assert seen["healthy"]
    assert table.public()["version"] == 1 and rq_keys(r) == []


def test_other_jobs_of_the_queue_take_rqs_way(
    games: Layers, client: FlaskClient, r: redis.Redis
) -> None:
    """A job that is no bot turn (here one that keeps its result) is left to RQ: `TAKE`
    moves it to the intermediate list as RQ's LMOVE would, RQ starts and ends it, and its
    result is kept; the bot turn queued behind it is played."""
    queue = games.bot_queue
    other = queue.enqueue_call("os.getpid", result_ttl=60)
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    run_queue(queue)
    assert other.latest_result() is not None and other.get_status() == "finished"
    assert table.public()["version"] == 1
    assert r.llen(queue.intermediate_queue_key) == 0
    assert StartedJobRegistry(queue=queue).count == 0


def test_a_failing_bot_turn_is_retried_by_rq(
    games: Layers, client: FlaskClient, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot turn that raises goes RQ's whole way: its execution and started entry gone,
    queued again with one retry fewer, and played by its next run."""
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    play = games.tables.bot_turn
    failures: list[str] = []

    def fail_once(*args: Any, **kwargs: Any) -> str:
        if not failures:
            failures.append("boom")
            raise RuntimeError("boom")
        return play(*args, **kwargs)

    monkeypatch.setattr(games.tables, "bot_turn", fail_once)
    run_queue(games.bot_queue)
    assert failures and table.public()["version"] == 1
    assert StartedJobRegistry(queue=games.bot_queue).count == 0
    assert games.bot_queue.failed_job_registry.count == 0
    assert rq_keys(r) == []


def test_a_worker_dead_before_a_jobs_end_leaves_it_to_rq_and_it_changes_nothing(
    games: Layers, client: FlaskClient, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A job's end waits for the next `TAKE`: a worker killed in between (here: its end
    never written) leaves the job `started` in the started registry, as a worker killed
    mid-job does. Once its heartbeat's time is up RQ's cleanup queues it again (its
    `Retry`), and that run finds the game moved on: one move, and of the job only the dead
    run's execution records, which expire (RQ's cleanup leaves them, as it always did)."""
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    jid = job_id(table.gid, 1, 0)
    queue = games.bot_queue
    worker = burst_worker(queue)
    monkeypatch.setattr(worker, "teardown", worker.unsubscribe)  # dies: no end, no goodbye
    worker.work(burst=True, max_jobs=1)
    assert table.public()["version"] == 1
    registry = StartedJobRegistry(queue=queue)
    assert [j for j, _ in registry.get_job_and_execution_ids()] == [jid]
    assert Job.fetch(jid, connection=r, serializer=JSONSerializer).get_status() == "started"
    registry.cleanup(timestamp=time.time() + 3600)  # the heartbeat's time is up
    assert jid in queue.job_ids
    queue.remove(job_id(table.gid, 2, 1))  # the next turn (seat 2) is a human's: none queued
    run_queue(queue)
    public = table.public()
    assert public["version"] == 1 and public["view"]["to_act"] == [2]
    left = rq_keys(r)
    assert left and all(k.startswith((b"rq:execution:", b"rq:executions:")) for k in left)
    assert all(0 < r.ttl(k) <= 150 for k in left)


def test_an_idle_worker_has_written_its_last_jobs_end(
    games: Layers, client: FlaskClient, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the queue runs dry the pending end is written at once (by `TAKE`, finding no
    job), before the worker blocks waiting for the next: as it starts to wait, nothing of the
    job is left, its count is in, and the worker reads idle."""
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    worker = burst_worker(games.bot_queue)
    lmove = Queue.lmove
    waiting: list[tuple[list[bytes], Any, Any]] = []

    def blocking(connection: Any, queue_key: str, timeout: int | None) -> Any:
        if timeout is not None:
            count = r.hget(worker.key, "successful_job_count")
            waiting.append((rq_keys(r), r.hget(worker.key, "state"), count))
        return lmove(connection, queue_key, timeout)

    monkeypatch.setattr(Queue, "lmove", staticmethod(blocking))
    worker.work(max_idle_time=1)  # waits for a job (a second), then quits
    assert table.public()["version"] == 1
    assert waiting and waiting[0] == ([], b"idle", b"1")


def test_the_enqueue_template_writes_what_rq_writes(games: Layers) -> None:
    """A bot turn's job enqueued from the queue's template (`EnqueueTemplate`) is RQ's own:
    the same commands as `Queue.enqueue_many` writes for the same turns, times aside, on
    every pool's queue and for several seats at once, as the compare-and-set reads them."""
    turns = games.turns
    meta = {"seats": [{}, BOT, {"bot": "search", "level": "fast"}, {"bot": "heuristic"}]}
    for gid, seats, version in (("aB3-_x9Zq0Lm", [1], 0), ("Zz_9-0aAbBcC", [1, 2, 3], 417)):
        packed = turns.commands(gid, seats, version, meta)
        batches: dict[str, tuple[Queue, list[tuple[str, int, int]]]] = {}
        for seat in seats:
            queue = turns.queue_for(pool_of(meta, seat))
            batches.setdefault(queue.name, (queue, []))[1].append((gid, seat, version))
        own = [
            c for queue, batch in batches.values() for c in merge_hsets(rq_commands(queue, batch))
        ]
        assert timeless(unpacked(packed)) == timeless([tuple(map(_bytes, c)) for c in own])
    assert all(isinstance(t, EnqueueTemplate) for t in turns._templates.values())


def test_merging_rqs_hsets_writes_the_same_records(games: Layers, r: redis.Redis) -> None:
    """RQ sets a job's status, then saves its record, status included: `merge_hsets` makes
    the two one HSET, and the records written are the same as RQ's commands write."""
    queue = games.turns.queue_for(pool_of({"seats": [BOT]}, 0))
    own = rq_commands(queue, [("aB3-_x9Zq0Lm", 1, 0), ("aB3-_x9Zq0Lm", 2, 0)])
    merged = merge_hsets(own)
    assert len(merged) == len(own) - 2
    assert [c[0] for c in own].count("HSET") == 4 and [c[0] for c in merged].count("HSET") == 2
    records = []
    for commands in (own, merged):
        r.delete(*{c[1] for c in own})
        for command in commands:
            r.execute_command(*command)
        records.append({k: r.hgetall(k) for k in sorted({c[1] for c in own if c[0] == "HSET"})})
    assert records[0] == records[1] and all(records[0].values())


def unpacked(data: bytes) -> list[tuple[bytes, ...]]:
    """`pack_commands`'s msgpack read back, as the script reads it: arrays of strings."""
    commands = msgpack.unpackb(data, raw=True)
    assert all(isinstance(a, bytes) for c in commands for a in c)
    return [tuple(c) for c in commands]


def timeless(commands: list[tuple[bytes, ...]]) -> list[tuple[bytes, ...]]:
    """`commands` (as bytes) with the enqueue's times blanked (no two enqueues share one)."""
    times = (b"created_at", b"enqueued_at")
    return [tuple(b"" if i and c[i - 1] in times else a for i, a in enumerate(c)) for c in commands]


def _bytes(arg: Any) -> bytes:
    if isinstance(arg, bytes):
        return arg
    return str(arg).encode() if isinstance(arg, int) else str.encode(arg)


def test_a_job_enqueued_from_the_template_reads_back_as_rqs(
    games: Layers, client: FlaskClient
) -> None:
    """What RQ reads back of a turn's job written by the move's compare-and-set: its call,
    options and times, as `job_options` asks."""
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    job = Job.fetch(job_id(table.gid, 1, 0), connection=games.bot_queue.connection,
                    serializer=JSONSerializer)  # fmt: skip
    assert job.func_name == "service.jobs.bot_turn" and job.args == [table.gid, 1, 0]
    assert job.kwargs == {} and job.description == job.id and job.origin == games.bot_queue.name
    assert (job.timeout, job.result_ttl, job.failure_ttl) == (30, 0, 24 * 3600)
    assert job.retries_left == 3 and job.get_status() == "queued"
    assert job.created_at is not None and job.enqueued_at is not None


def test_an_rq_whose_jobs_differ_from_the_template_is_used_its_own_way(
    games: Layers, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should RQ write something else that differs from job to job (here a meta field of
    its own), the template no longer matches RQ's commands: RQ's own way is used."""
    prepare = Queue.prepare_data
    counter = iter(range(1000))

    def with_meta(*args: Any, **kwargs: Any) -> Any:
        return prepare(*args, **kwargs, meta={"n": next(counter)})

    monkeypatch.setattr(Queue, "prepare_data", staticmethod(with_meta))
    template = EnqueueTemplate.of(games.bot_queue)
    assert isinstance(template, RQWay)
    commands = template.fill("aB3-_x9Zq0Lm", [1], 5)
    assert len(commands) == 4 and any(b'"n"' in _bytes(a) for c in commands for a in c)


def test_a_queued_id_whose_job_is_gone_is_skipped(
    games: Layers, client: FlaskClient, r: redis.Redis
) -> None:
    """An id in the queue whose job record is gone (deleted, expired) is dropped, as RQ's
    dequeue drops it, and the worker goes on to the next job (a worker that raised here
    would quit, and restart, on every such id)."""
    queue = games.bot_queue
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    r.lpush(queue.key, "bot_gone_1_0")
    worker = burst_worker(queue)
    assert worker.work(burst=True)
    assert table.public()["version"] == 1
    assert rq_keys(r) == [] and r.llen(queue.intermediate_queue_key) == 0


def test_rq_suspend_finds_the_last_jobs_end_written(
    games: Layers, client: FlaskClient, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rq suspend` seen between two jobs, while the first one's end waits for the next
    `TAKE`: the end is written before the worker reads suspended, so the suspension leaves
    no job `started` behind; resumed, the worker plays the next job."""
    first = Table.create(client, seats=[{}, BOT, {}, {}], seed="a")
    second = Table.create(client, seats=[{}, BOT, {}, {}], seed="b")
    queue = games.bot_queue
    worker = burst_worker(queue)
    play = games.tables.bot_turn
    seen: list[tuple[list[bytes], bytes | None]] = []

    def suspend_after(gid: str, *args: Any, **kwargs: Any) -> str:
        done = play(gid, *args, **kwargs)
        if gid == first.gid:
            suspend(r)
            worker._suspension_checked = float("-inf")  # the next loop looks
        return done

    def watch() -> None:
        deadline = time.monotonic() + 20
        while r.hget(worker.key, "state") != b"suspended" and time.monotonic() < deadline:
            time.sleep(0.01)
        seen.append((rq_keys(r), r.hget(worker.key, "state")))
        resume(r)

    monkeypatch.setattr(games.tables, "bot_turn", suspend_after)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    worker.work(max_idle_time=1)  # suspended, resumed, then waits a second and quits
    watcher.join(5)
    second_job = [b"rq:job:" + job_id(second.gid, 1, 0).encode(), queue.key.encode()]
    second_job.append(b"rq:suspended")
    assert seen == [(sorted(second_job), b"suspended")]
    assert first.public()["version"] == 1 and second.public()["version"] == 1
    assert rq_keys(r) == []

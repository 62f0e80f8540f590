"""Lost bot turns: the watchdog re-enqueues them, a turn never moves twice, and a REAL worker
killed (SIGKILL) in the middle of a bot turn does not stall the game.

Most tests run without a worker (database 0): they play jobs in-process with RQ's SimpleWorker.
The killed-worker test starts its own `python -m service.worker` processes on database 2.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer
from testkit.commandstats import least, spent
from testkit.service_fixtures import QUEUE_DB, _env, flush_cluster
from testkit.svc_helpers import API, Table, run_queue, wait_for

import service.jobs
from service.app import create_app
from service.core.shards import all_tags
from service.jobs import TEST_BOT_DELAY
from service.storage.keys import attempts_key_of, due_key_of
from service.tables.bot_turns import due_member
from service.tables.bot_turns import job_id as bot_job_id
from service.watchdog import Settings, Watchdog, settings_from_env
from service.wiring import Layers

ROOT = Path(__file__).resolve().parents[3]
BOT = {"bot": "random"}
NOW = Settings(stale_after=0.0)  # every due turn counts as stale at once


@pytest.fixture()
def games(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Layers:
    """The app's layers; in-process jobs (SimpleWorker) use them too."""
    layers: Layers = app.extensions["duckpond"]
    monkeypatch.setattr(service.jobs, "_layers", layers)
    return layers


def _run_jobs(games: Layers) -> None:
    queue = games.bot_queue
    run_queue(queue)


def _lose_the_enqueue(games: Layers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Redis refuses the enqueue right after the change's write (a crash there, in effect).
    On one Redis the change's own script enqueues its jobs, and nothing comes between: the
    test takes the way of queues on a Redis of their own, where the enqueue comes after."""

    def refuse(*_: Any, **__: Any) -> None:
        raise redis.ConnectionError("lost")

    monkeypatch.setattr(games.tables.commits, "inline_jobs", False)
    monkeypatch.setattr(games.bot_queue, "enqueue_call", refuse)


def test_a_turn_whose_enqueue_was_lost_is_enqueued_again(
    games: Layers, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as m:
        _lose_the_enqueue(games, m)
        table = Table.create(client, seats=[{}, BOT, {}, {}])
    assert games.bot_queue.count == 0
    assert games.store.due_turns(table.gid) == [due_member(table.gid, 1, 0)]  # the CAS wrote it
    late = Settings(stale_after=60)
    assert Watchdog(games.store, games.turns, late).sweep().requeued == 0  # not stale yet
    assert Watchdog(games.store, games.turns, NOW).sweep().requeued == 1
    assert games.bot_queue.job_ids == [bot_job_id(table.gid, 1, 0, 1)]
    assert Watchdog(games.store, games.turns, NOW).sweep().healthy == 1  # queued: left alone
    assert games.bot_queue.count == 1
    _run_jobs(games)
    assert table.public()["version"] == 1
    assert games.store.due_turns(table.gid) == []
    member = due_member(table.gid, 1, 0)
    assert not games.store.all_due() and not games.store.redis.hlen(attempts_key_of(member))


def _as_if_started(games: Layers, job_id: str, ago: float) -> None:
    """The job taken by a worker `ago` seconds ago (and never finished: the worker died)."""
    job = Job.fetch(job_id, games.bot_queue.connection, serializer=JSONSerializer)
    games.bot_queue.remove(job)
    job.started_at = datetime.now(UTC) - timedelta(seconds=ago)
    job.save()
    job.set_status(JobStatus.STARTED)


def test_a_running_job_is_trusted_until_it_is_stale(games: Layers, client: FlaskClient) -> None:
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    member = due_member(table.gid, 1, 0)
    games.store.redis.zadd(due_key_of(member), {member: 0})  # due since 1970
    dog = Watchdog(games.store, games.turns, Settings(stale_after=5))
    _as_if_started(games, bot_job_id(table.gid, 1, 0), ago=1)
    assert dog.sweep().healthy == 1 and games.bot_queue.count == 0
    _as_if_started(games, bot_job_id(table.gid, 1, 0), ago=10)
    assert dog.sweep().requeued == 1
    assert games.bot_queue.job_ids == [bot_job_id(table.gid, 1, 0, 1)]
    assert dog.sweep().requeued == 0  # the claim restarted the turn's clock
    _run_jobs(games)
    assert table.public()["version"] == 1


def test_leftovers_are_dropped(games: Layers, client: FlaskClient) -> None:
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    r = games.store.redis
    for member in (due_member(table.gid, 1, 7), "nonsense", "gone:1:0"):
        r.zadd(due_key_of(member), {member: 0})
    assert Watchdog(games.store, games.turns, Settings(stale_after=5)).sweep().dropped == 3
    assert list(games.store.all_due()) == [due_member(table.gid, 1, 0)]


def test_the_watchdog_gives_up_after_max_attempts(
    games: Layers, client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    dog = Watchdog(games.store, games.turns, Settings(stale_after=0, max_attempts=2))
    for attempt in (1, 2):
        games.bot_queue.empty()  # every job lost
        assert dog.sweep().requeued == 1
        assert games.bot_queue.job_ids == [bot_job_id(table.gid, 1, 0, attempt)]
    games.bot_queue.empty()
    with caplog.at_level(logging.ERROR, "duckpond.watchdog"):
        assert dog.sweep().given_up == 1
    assert "given up after 2 tries" in caplog.text
    assert not games.store.all_due() and games.bot_queue.count == 0


def test_many_watchdogs_enqueue_a_lost_turn_once(games: Layers, client: FlaskClient) -> None:
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    games.bot_queue.empty()
    member = due_member(table.gid, 1, 0)
    games.store.redis.zadd(due_key_of(member), {member: 0})
    dogs = [Watchdog(games.store, games.turns, Settings(stale_after=1)) for _ in range(8)]
    results: list[int] = []
    barrier = threading.Barrier(len(dogs))

    def sweep(dog: Watchdog) -> None:
        barrier.wait()
        results.append(dog.sweep().requeued)

    threads = [threading.Thread(target=sweep, args=(dog,)) for dog in dogs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(results) == 1 and games.bot_queue.job_ids == [bot_job_id(table.gid, 1, 0, 1)]
    assert games.store.due_attempts(due_member(table.gid, 1, 0)) == 1


def test_a_turn_played_twice_moves_once(
    games: Layers, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A re-enqueued job wins the race against the slow first one: the first one's move is
    refused, by the version check after its reload, and by the compare-and-set itself when it
    read the game before the rival's move."""
    table = Table.create(client, seats=[{}, BOT, BOT, {}])

    def rival(version: int) -> None:
        assert games.tables.bot_turn(table.gid, version + 1, version) == "moved"

    assert games.tables.bot_turn(table.gid, 1, 0, before_submit=lambda: rival(0)) == "stale"
    assert table.public()["version"] == 1

    seen = games.store.load(table.gid)  # the slow job's read, before the rival moves
    load = games.store.load

    def rival_then_stale_read() -> None:
        rival(1)
        monkeypatch.setattr(games.store, "load", lambda gid: seen)

    assert games.tables.bot_turn(table.gid, 2, 1, before_submit=rival_then_stale_read) == "stale"
    monkeypatch.setattr(games.store, "load", load)
    assert table.public()["version"] == 2
    assert len(games.store.actions(table.gid)) == 2
    assert games.store.due_turns(table.gid) == []


# --- a REAL worker, killed in the middle of a bot turn ---------------------------------------


def _worker(port: int, log: Path, nodes: str = "", **env: str) -> subprocess.Popen[bytes]:
    """`python -m service.worker` on database 2 (or the cluster), in its own session (its work
    horse too)."""
    full = dict(os.environ)
    full.update(
        **_env(port, 2, nodes),
        BOT_QUEUE="bots-killed",
        BULK_QUEUE="bots-killed",  # one queue: the one worker plays this bot-only game
        **env,
    )
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "service.worker"],
            cwd=ROOT,
            env=full,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def _kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


@pytest.fixture()
def killed_app(redis_port: int, nodes: str) -> Iterator[Flask]:
    client = redis.Redis(port=redis_port, db=QUEUE_DB[2] if nodes else 2)
    client.flushdb()
    if nodes:
        flush_cluster(nodes)
    yield create_app(
        {
            **_env(redis_port, 2, nodes),
            "BOT_QUEUE": "bots-killed",
            "BULK_QUEUE": "bots-killed",
            "FINISHED_GAME_TTL": 3600,
            "TESTING": True,
        }
    )
    client.flushdb()
    client.close()


def test_a_worker_killed_mid_turn_does_not_stall_the_game(
    killed_app: Flask, redis_port: int, nodes: str, tmp_path: Path
) -> None:
    games: Layers = killed_app.extensions["duckpond"]
    client = killed_app.test_client()
    # This worker sleeps in every bot turn, between its decision and its move.
    slow = _worker(
        redis_port,
        tmp_path / "slow.log",
        nodes,
        **{TEST_BOT_DELAY: "60", "BOT_WATCHDOG_STALE_SECONDS": "600"},
    )
    fresh: subprocess.Popen[bytes] | None = None
    try:
        table = Table.create(client, seats=[BOT] * 4, options={"max_deals": 1}, seed="killed")
        first = Job.fetch(bot_job_id(table.gid, 1, 0), games.bot_queue.connection, JSONSerializer)
        wait_for(lambda: first.get_status() == JobStatus.STARTED, timeout=20)
        _kill(slow)  # SIGKILL to the worker and its work horse, mid-turn
        assert first.get_status() == JobStatus.STARTED  # what RQ leaves behind for minutes
        assert table.public()["version"] == 0
        fresh = _worker(
            redis_port,
            tmp_path / "fresh.log",
            nodes,
            BOT_WATCHDOG_STALE_SECONDS="1",
            BOT_WATCHDOG_INTERVAL="0.2",
            LOG_LEVEL="WARNING",
        )
        pub = wait_for(lambda: (p := table.public())["status"] == "over" and p, timeout=60)
    finally:
        _kill(slow)
        if fresh is not None:
            _kill(fresh)
    log = (tmp_path / "fresh.log").read_text()
    assert f"game {table.gid} v0: bot seat 1 re-enqueued (try 1)" in log, log
    # Each version's move applied exactly once, in order.
    record = client.get(f"{API}/games/{table.gid}/record").json["record"]
    assert len(record["actions"]) == pub["version"] == 104
    events = client.get(f"{API}/games/{table.gid}/events").json["events"]
    played = [e["version"] for e in events if e["type"] == "card_played"]
    assert played == list(range(1, 105))
    assert games.store.due_turns(table.gid) == [] and not games.store.all_due()


def test_watchdog_settings_and_its_own_process(redis_port: int, tmp_path: Path) -> None:
    assert settings_from_env({}) == Settings()
    env = {"BOT_WATCHDOG_STALE_SECONDS": "0.5", "BOT_WATCHDOG_MAX_ATTEMPTS": "3"}
    assert settings_from_env(env) == Settings(stale_after=0.5, max_attempts=3, lease=0.25)
    with pytest.raises(ValueError, match="BOT_WATCHDOG_INTERVAL"):
        settings_from_env({"BOT_WATCHDOG_INTERVAL": "soon"})
    # `python -m service.watchdog` runs until SIGTERM, then exits cleanly.
    full = dict(os.environ, REDIS_URL=f"redis://127.0.0.1:{redis_port}/2")
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.watchdog"],
        cwd=ROOT,
        env=full,
        start_new_session=True,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stderr is not None
        # Signal only once its handlers are set: it says so on stderr, however busy the machine.
        assert "watchdog running" in proc.stderr.readline()
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(timeout=0.5)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        _kill(proc)


def test_an_idle_sweep_reads_each_bucket_once_for_due_turns(games: Layers) -> None:
    """The sweep needs only each bucket's oldest due turn, and its earliest clock: a ZRANGE
    of each a bucket, no ZCARD (the counts are the metrics' and `/healthz`'s). Counted by
    the server (`INFO commandstats`) on one Redis, where every bucket is. The server counts
    every client's calls, and the test setup's workers sweep too: theirs can only add, so the
    sweep is tried again when one did, and the count is the least one seen."""
    if not isinstance(games.redis, redis.Redis) or isinstance(games.redis, redis.RedisCluster):
        pytest.skip("commandstats of one server count every bucket")
    r = games.redis

    sweeps = 2 * len(all_tags())

    def measure(_: int) -> int:
        cost = spent(r, Watchdog(games.store, games.turns, Settings(stale_after=5)).sweep)
        assert cost["zcard"] == 0 and cost["zrange"] >= sweeps, cost
        return cost["zrange"]

    least(measure, lambda zrange: zrange == sweeps)
    assert games.store.health(60_000).due == 0  # the counts are still there for /healthz


class Counted(Watchdog):
    """A watchdog that counts its sweeps and clock looks."""

    looks = 0

    def sweep(self) -> Any:
        self.looks += 1
        return super().sweep()

    def fire(self) -> int:
        self.looks += 1
        return super().fire()


def test_one_watchdog_sweeps_at_a_time_and_another_takes_over_when_it_stops(
    games: Layers,
) -> None:
    """The loops share a lease: the holder sweeps and looks at the clocks, the other only
    beats (it stays alive for /healthz); a holder that stops gives the lease up, and the
    other takes it at its next look; one that dies holding it frees it after `lease`."""
    settings = Settings(interval=0.1, clock_interval=0.05, lease=0.6)
    first, second = (Counted(games.store, games.turns, settings, name=n) for n in ("a", "b"))
    stops = [threading.Event(), threading.Event()]
    threads = [threading.Thread(target=d.run, args=(s,), daemon=True)
               for d, s in zip((first, second), stops, strict=True)]  # fmt: skip
    threads[0].start()
    wait_for(lambda: first.looks > 0, timeout=5)
    threads[1].start()
    wait_for(lambda: first.looks > 20, timeout=5)
    alive = games.store.health(60_000).alive
    assert second.looks == 0 and {"recovery:a", "recovery:b"} <= set(alive)
    stops[0].set()  # stops, and gives the lease up
    threads[0].join(timeout=5)
    wait_for(lambda: second.looks > 0, timeout=1)
    # b dies holding the lease (nothing renews it): a new loop waits out the lease.
    games.store.lead("b", 600)
    stops[1].set()
    threads[1].join(timeout=5)
    games.store.lead("b", 600)  # as if b had renewed it just before it died
    third = Counted(games.store, games.turns, settings, name="c")
    stop = threading.Event()
    started = time.monotonic()
    threading.Thread(target=third.run, args=(stop,), daemon=True).start()
    wait_for(lambda: third.looks > 0, timeout=5)
    stop.set()
    assert 0.5 <= time.monotonic() - started < 3


def test_without_a_lease_every_watchdog_sweeps(games: Layers) -> None:
    """`BOT_WATCHDOG_LEASE_SECONDS=0`: as before the lease, every loop sweeps."""
    assert settings_from_env({"BOT_WATCHDOG_LEASE_SECONDS": "0"}).lease == 0
    # By default 2 s, and never longer than half the staleness: a dead holder's lease is
    # free before a turn it left is stale (the recovery bound).
    assert settings_from_env({}).lease == 2.0
    assert settings_from_env({"BOT_WATCHDOG_STALE_SECONDS": "0.5"}).lease == 0.25
    settings = Settings(interval=0.1, clock_interval=0.05, lease=0)
    dogs = [Counted(games.store, games.turns, settings, name=n) for n in ("a", "b")]
    stop = threading.Event()
    for dog in dogs:
        threading.Thread(target=dog.run, args=(stop,), daemon=True).start()
    wait_for(lambda: all(d.looks > 3 for d in dogs), timeout=5)
    stop.set()

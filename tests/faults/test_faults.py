"""The fault suite (issue 13): each test reproduces a failure an operator found and shows it
fixed, on a REAL redis-server and REAL worker processes with short recovery timeouts
(`conftest.FAST`). docs/reliability.md has the figures these tests print.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask
from testkit.faultkit import RECOVERY_BOUND, ROOT, RedisServer, Workers, free_port
from testkit.faultplay import API, Game, StallWatch, check_finished_once

from service.storage.keys import WORKERS_KEY, create_pointer_key, game_key
from service.tables.bot_turns import job_id
from service.wiring import Layers

BOT = {"bot": "random"}
HEURISTIC = {"bot": "heuristic"}


def wait_until(predicate: Any, timeout: float, step: float = 0.05) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"not within {timeout} s")


def report(name: str, **figures: Any) -> None:
    """One line per test for docs/reliability.md (pytest -s shows it)."""
    print(f"\n[faults] {name}: " + ", ".join(f"{k}={v}" for k, v in figures.items()))


def play_all(games: list[Game], watch: StallWatch, until: float, during: Any = None) -> None:
    """Drive every human seat until every game is over (or `until`), polling the stalls."""
    while time.monotonic() < until:
        if during is not None:
            during()
        moved = [g.human_step() for g in games]
        watch.poll()
        if not any(moved):
            if all(g.public()["status"] == "over" for g in games):
                return
            time.sleep(0.02)
        else:
            time.sleep(0.005)  # leave the workers some CPU
    unfinished = {
        g.gid: {k: view.get(k) for k in ("status", "version")} | {"to_act": view["view"]["to_act"]}
        for g in games
        if (view := g.public())["status"] != "over"
    }
    raise AssertionError(f"the games did not finish in time: {unfinished}")


# --- a job taken from its queue and never started --------------------------------------------


def test_a_job_lpopped_from_its_queue_is_played(
    app: Flask, server: RedisServer, workers: Workers
) -> None:
    """The operator's repro: no worker, a game with a bot seat, its job LPOP'd from the queue
    (as a worker killed between taking and starting it leaves it), then a worker starts. The
    old watchdog trusted any `queued` job: the game stayed at version 0 for ever."""
    layers: Layers = app.extensions["duckpond"]
    client = app.test_client()
    game = Game.create(client, [{}, BOT, {}, {}], seed="lpop")
    r = server.client()
    assert r.lpop(layers.bot_queue.key) == job_id(game.gid, 1, 0).encode()
    started = time.monotonic()
    workers.start("live")
    wait_until(lambda: game.public()["version"] >= 1, timeout=10 + RECOVERY_BOUND)
    report("lpop", recovered_in_s=round(time.monotonic() - started, 2))
    assert "re-enqueued" in workers.log()


# --- kill -9 of workers, 30 times, mid-play --------------------------------------------------


def test_thirty_kill_9s_of_workers_lose_and_double_nothing(
    app: Flask, server: RedisServer, workers: Workers
) -> None:
    client = app.test_client()
    r = server.client()
    workers.start("live")
    workers.start("bulk")
    games = [Game.create(client, [BOT] * 4, seed=f"bots-{i}", deals=4) for i in range(6)]
    games += [
        Game.create(client, [{}, HEURISTIC, BOT, HEURISTIC], seed=f"h-{i}", deals=4)
        for i in range(4)
    ]
    watch = StallWatch(r, games)
    rng = random.Random(13)
    restarts: list[float] = []
    kills = 0
    next_kill = time.monotonic() + 0.1

    def killer() -> None:
        nonlocal kills, next_kill
        if kills >= 30 or time.monotonic() < next_kill:
            return
        # A pool whose worker is still starting is not killed again: a stall then measures
        # the recovery (restart, then the watchdog), not back-to-back kills.
        pool = rng.choice([p for p in ("live", "bulk") if workers.age(p) > 1.0] or ["-"])
        if pool == "-":
            return
        workers.kill(pool)  # kill -9, mid-whatever it was doing
        before = {m for m in r.zrange(WORKERS_KEY, 0, -1) if m.startswith(pool.encode())}
        started = time.monotonic()
        workers.start(pool)  # its supervisor starts it again; it is up once it beats
        wait_until(
            lambda: (
                {m for m in r.zrange(WORKERS_KEY, 0, -1) if m.startswith(pool.encode())} - before
            ),
            timeout=30,
            step=0.02,
        )
        restarts.append(time.monotonic() - started)
        kills += 1
        next_kill = time.monotonic() + rng.uniform(0.05, 0.3)

    play_all(games, watch, until=time.monotonic() + 150, during=killer)
    during_play = kills
    while kills < 30:  # the games were quicker than the kills: kill the idle workers too
        next_kill = 0
        killer()
    for game in games:
        check_finished_once(r, game)
    moves = sum(g.public()["version"] for g in games)
    report(
        "kill -9 x30",
        kills=kills,
        during_play=during_play,
        games=len(games),
        moves=moves,
        longest_stall_s=round(watch.longest, 2),
        longest_restart_s=round(max(restarts), 2),
    )
    # A lost turn is enqueued again within the recovery bound and played once a worker of its
    # pool is up: the stall is at most a restart (how long depends on the machine's load)
    # plus the bound, plus a poll's slack.
    assert watch.longest < max(restarts) + RECOVERY_BOUND + 1.0


# --- Redis killed and restarted; Redis stopped (SIGSTOP) -------------------------------------


def _outage_test(app: Flask, server: RedisServer, workers: Workers, outage: Any) -> float:
    client = app.test_client()
    r = server.client()
    workers.start("live")
    workers.start("bulk")
    games = [Game.create(client, [BOT] * 4, seed=f"o-bots-{i}") for i in range(2)]
    games += [Game.create(client, [{}, HEURISTIC, BOT, BOT], seed=f"o-h-{i}") for i in range(2)]
    watch = StallWatch(r, games)
    done = False

    def once() -> None:
        nonlocal done
        if not done and sum(len(g.acknowledged) for g in games) >= 6:
            done = True
            outage()

    try:
        play_all(games, watch, until=time.monotonic() + 120, during=once)
    except AssertionError as stuck:  # what a later reader needs to tell a lost turn from a slow one
        due = {g.gid: r.hget(game_key(g.gid), "due") for g in games}
        raise AssertionError(f"{stuck}\ndue: {due}\nworkers:\n{workers.log()[-4000:]}") from None
    assert done
    for game in games:
        check_finished_once(r, game)  # 0 acknowledged moves lost, none doubled
    assert workers.alive() == {"live": True, "bulk": True}, workers.log()[-3000:]
    health = wait_until(lambda: (h := client.get("/healthz")).status_code == 200 and h, 15)
    assert health.json["workers"]["recovery"] >= 2
    return watch.longest


def test_redis_killed_and_restarted_mid_play(
    app: Flask, server: RedisServer, workers: Workers
) -> None:
    """kill -9 of redis-server, restarted from its AOF a second later. The old worker quit
    on the lost connection (its watchdog thread with it): the games stopped for good."""

    def outage() -> None:
        server.kill()
        time.sleep(1.0)
        server.start()

    longest = _outage_test(app, server, workers, outage)
    report("redis kill -9 + restart", longest_stall_s=round(longest, 2))
    assert longest < 1.0 + RECOVERY_BOUND + 4.0  # the outage, then the recovery bound


def test_redis_stopped_mid_play(app: Flask, server: RedisServer, workers: Workers) -> None:
    """SIGSTOP for 6 s: longer than every client's socket timeout (5 s), so commands in flight
    time out; then SIGCONT."""

    def outage() -> None:
        server.signal(signal.SIGSTOP)
        time.sleep(6.0)
        server.signal(signal.SIGCONT)

    longest = _outage_test(app, server, workers, outage)
    report("redis SIGSTOP 6 s", longest_stall_s=round(longest, 2))
    assert longest < 6.0 + RECOVERY_BOUND + 4.0


def test_a_worker_started_during_an_outage_waits_for_redis(
    app: Flask, server: RedisServer, workers: Workers
) -> None:
    """RQ's Worker constructor already calls Redis (CLIENT SETNAME): a worker started, or
    restarted by its supervisor, while Redis was down died at once, and its pool with it (CI
    caught a bulk worker still starting during the kill -9 test: its games stopped for good)."""
    server.kill()
    proc = workers.start("live")
    wait_until(lambda: "waiting for Redis" in workers.log(), timeout=30)
    assert proc.poll() is None, workers.log()[-3000:]
    server.start()
    game = Game.create(app.test_client(), [{}, BOT, {}, {}], seed="late")
    started = time.monotonic()
    wait_until(lambda: game.public()["version"] >= 1, timeout=15)
    report("worker started during an outage", played_in_s=round(time.monotonic() - started, 2))
    assert proc.poll() is None


# --- Redis out of memory -----------------------------------------------------------------------


def test_redis_out_of_memory_is_a_503_and_not_ready(app: Flask, server: RedisServer) -> None:
    client = app.test_client()
    game = Game.create(client, [{}, {}, {}, {}], seed="oom")
    r = server.client()
    used = int(r.info("memory")["used_memory"])
    r.config_set("maxmemory", used + 256 * 1024)
    filler = b"x" * 4096
    try:
        for i in range(10_000):
            r.set(f"filler:{i}", filler)
    except redis.exceptions.OutOfMemoryError:
        pass
    # Full for good (memory use hovers at the limit): what a store that filled up looks like.
    r.config_set("maxmemory", int(r.info("memory")["used_memory"]) // 2)
    try:
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.json["errors"]["reason"] == "redis_out_of_memory"
        body = {"game": "doubleduck", "seats": [{}, {}, {}, {}]}
        created = client.post(f"{API}/games", json=body, headers={"Idempotency-Key": "k-oom"})
        assert created.status_code == 503, created.json
        assert created.json["errors"]["reason"] == "redis_out_of_memory"
        assert int(created.headers["Retry-After"]) >= 1
        assert "same Idempotency-Key" in created.json["message"]
        view = client.get(f"{API}/games/{game.gid}")  # reads still work
        assert view.status_code == 200
    finally:
        r.config_set("maxmemory", 0)
    assert client.get("/readyz").status_code == 200
    report("redis OOM", status=503)


# --- a creation that crashed between reserving its key and writing its game ------------------


class Crash(BaseException):
    """The process dies here: no handler of the service runs (not an Exception)."""


def test_a_crashed_creation_is_retried_within_seconds(
    app: Flask, server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old reservation held the key for the idempotency TTL (a day): every retry was a
    409 `idempotency_in_progress`."""
    layers: Layers = app.extensions["duckpond"]
    client = app.test_client()
    body = {"game": "doubleduck", "seats": [{}, BOT, {}, {}], "seed": "crash"}
    headers = {"Idempotency-Key": "k-crash"}

    def crash(*_: Any, **__: Any) -> None:
        raise Crash

    with monkeypatch.context() as m:
        m.setattr(layers.store, "write", crash)
        with pytest.raises(Crash):
            client.post(f"{API}/games", json=body, headers=headers)
    started = time.monotonic()
    first = client.post(f"{API}/games", json=body, headers=headers)
    assert first.status_code == 409 and first.json["errors"]["reason"] == "idempotency_in_progress"
    assert first.headers["Retry-After"] == "1"
    created = wait_until(
        lambda: (
            (c := client.post(f"{API}/games", json=body, headers=headers)).status_code == 201 and c
        ),
        timeout=5,
        step=0.2,
    )
    waited = time.monotonic() - started
    again = client.post(f"{API}/games", json=body, headers=headers)
    assert again.status_code == 201 and again.json["id"] == created.json["id"]
    r = server.client()
    ttl = r.ttl(create_pointer_key_of("k-crash"))
    assert ttl > 3600  # once written, the key is kept for the idempotency TTL
    report("crashed creation", retried_after_s=round(waited, 2))
    assert waited < 3


def create_pointer_key_of(key: str) -> str:
    from service.games.idempotency import create_key_hash

    return create_pointer_key(create_key_hash(key, "addr:127.0.0.1"))  # keys off: per address


# --- a gunicorn worker killed mid-request -------------------------------------------------------


def _http(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
    import json

    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")


def test_a_gunicorn_worker_killed_mid_creation(server: RedisServer, tmp_path: Path) -> None:
    """kill -9 of the gunicorn worker while a creation sits between reserving its key and
    writing its game; the client's retry with the same key creates the game within seconds."""
    port = free_port()
    pause = tmp_path / "pause"
    env = dict(
        os.environ,
        REDIS_URL=server.url,
        CREATE_RESERVATION_SECONDS="1",
        DUCKPOND_TEST_CREATE_PAUSE=str(pause),
        LOG_LEVEL="WARNING",
    )
    argv = [
        sys.executable,
        "-m",
        "gunicorn",
        "--worker-class",
        "gevent",
        "--workers",
        "1",
        "--bind",
        f"127.0.0.1:{port}",
        "service.wsgi:app",
    ]  # fmt: skip  (as scripts/serve)
    log = (tmp_path / "gunicorn.log").open("wb")
    api = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: _try(lambda: _http("GET", f"{base}/livez")[0] == 200), 20, 0.1)
        pause.touch()
        body = {"game": "doubleduck", "seats": [{}, BOT, {}, {}], "seed": "gunicorn"}
        headers = {"Idempotency-Key": str(uuid.uuid4())}
        outcome: list[Any] = []
        thread = threading.Thread(
            target=lambda: outcome.append(
                _try(lambda: _http("POST", f"{base}{API}/games", body, headers))
            )
        )
        thread.start()
        r = server.client()
        wait_until(lambda: r.keys("dp:*:idem:create:*"), 10)  # the key is reserved
        children = subprocess.run(["pgrep", "-P", str(api.pid)], capture_output=True, text=True)
        for pid in children.stdout.split():
            os.kill(int(pid), signal.SIGKILL)  # the worker dies mid-request
        pause.unlink()
        thread.join(timeout=15)
        assert outcome == [None]  # the connection was cut: the outcome is unknown
        started = time.monotonic()
        _, created = wait_until(
            lambda: (
                (a := _try(lambda: _http("POST", f"{base}{API}/games", body, headers)))
                and a[0] == 201
                and a
            ),
            timeout=10,
            step=0.2,
        )
        report("gunicorn kill -9 mid-creation", retried_for_s=round(time.monotonic() - started, 2))
        assert r.hget(game_key(created["id"]), "version") == b"0"
        assert len(r.keys("dp:*:game")) == 1  # one game, not two
    finally:
        api.terminate()
        api.wait(timeout=15)
        log.close()


def _try(call: Any) -> Any:
    try:
        return call()
    except (OSError, urllib.error.URLError):
        return None

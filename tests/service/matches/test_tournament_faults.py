"""A worker killed (SIGKILL) mid-tournament loses no game and rates none twice (issue 34).

A real `python -m service.worker` plays a round robin's matches on a database and queue of
this test's own; it is killed in the middle of a match game (a search bot against a search
bot: seconds of play). RQ leaves that job `started` until its heartbeat expires (about 90 s)
and the next maintenance moves it back to its queue (the job has retries left): the test runs
that cleanup at once, with a timestamp past the expiry, as RQ's maintenance would, then starts
a fresh worker. The tournament ends with every game of every pairing recorded and each rated
once on the ladder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer
from testkit.service_fixtures import _env
from testkit.svc_helpers import API, auth, wait_for

from service.access.app_keys import AppKeys
from service.app import create_app
from service.matches.matches import match_job_id
from service.storage.keys import rated_key

ROOT = Path(__file__).resolve().parents[3]
DB = 5
QUEUE = "tourney-killed"
GAMES = 2


def _worker(port: int, log: Path, **env: str) -> subprocess.Popen[bytes]:
    """A worker of this test's database and queue, in its own session."""
    full = {**os.environ, **_env(port, DB), "BOT_QUEUE": QUEUE, "BULK_QUEUE": QUEUE, **env}
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
def killed_app(redis_port: int) -> Iterator[tuple[Flask, AppKeys]]:
    client = redis.Redis(port=redis_port, db=DB)
    client.flushdb()
    app = create_app(
        {
            **_env(redis_port, DB),
            "BOT_QUEUE": QUEUE,
            "BULK_QUEUE": QUEUE,
            "FINISHED_GAME_TTL": 3600,
            "TESTING": True,
            "APP_KEYS": "required",
        }
    )
    yield app, AppKeys(client)
    client.flushdb()
    client.close()


def test_a_worker_killed_mid_tournament_loses_no_game_and_rates_none_twice(
    killed_app: tuple[Flask, AppKeys], redis_port: int, tmp_path: Path
) -> None:
    app, keys = killed_app
    layers = app.extensions["duckpond"]
    client = app.test_client()
    key = keys.issue("ann").key
    first = _worker(redis_port, tmp_path / "first.log")
    fresh: subprocess.Popen[bytes] | None = None
    try:
        made = client.post(
            f"{API}/tournaments",
            json={
                "game": "ducksoup",
                "entrants": ["search:normal", "heuristic", "random", "search:fast"],
                "format": "round_robin",
                "games": GAMES,
                "options": {"target": 1},
            },
            headers=auth(key),
        )
        assert made.status_code == 201, made.json
        tid = made.json["id"]
        slow = next(p for p in made.json["pairings"] if p["a"] == "search:normal")
        assert slow["b"] == "search:fast"  # round 1 of the circle: e0 meets e3
        job_id = match_job_id(slow["match_id"], 0)
        registry = StartedJobRegistry(
            QUEUE, connection=layers.matches.queue.connection, serializer=JSONSerializer
        )
        wait_for(lambda: job_id in registry.get_job_ids(), timeout=60, step=0.02)
        _kill(first)  # SIGKILL mid-game: search against search takes seconds
        assert job_id in registry.get_job_ids()  # what RQ leaves behind, for a while
        before = layers.matches.store.recorded_count(slow["match_id"])
        assert before == 0  # the killed game was not recorded
        registry.cleanup(timestamp=time.time() + 3600)  # RQ's maintenance, once it expired
        fresh = _worker(redis_port, tmp_path / "fresh.log")
        body: dict[str, Any] = {}

        def done() -> bool:
            nonlocal body
            body = client.get(f"{API}/tournaments/{tid}").json
            return bool(body["status"] == "done")

        wait_for(done, timeout=400, step=1)
    finally:
        _kill(first)
        if fresh is not None:
            _kill(fresh)
    assert body["round"] == 3 and len(body["pairings"]) == 6
    rated_rotations = 0
    for p in body["pairings"]:
        match = client.get(f"{API}/matches/{p['match_id']}").json
        assert match["progress"] == {"done": GAMES, "failed": 0, "total": GAMES}
        assert p["result"]["deal_score_diff"]["n"] == GAMES
        rated_rotations += 2 * GAMES * len(match["rotations"])  # 2 bots
    # Every game rated once: each (bot, rotation) counted once on the ladder.
    ladder = client.get(f"{API}/ladder/ducksoup").json["entries"]
    assert sum(int(e["games"]) for e in ladder) == rated_rotations
    assert layers.redis.zcard(rated_key("ducksoup")) == 6 * GAMES  # each match game once

"""Turn clocks survive their faults (issue 26): a timed turn whose deadline passes while no
worker (and so no watchdog) is alive, or while Redis is down, is played by its `on_timeout`
bot once they are back: the timer is in Redis (the clock index, on the AOF), not in a process.
"""

from __future__ import annotations

import time
from typing import Any

from flask import Flask
from testkit.faultkit import RedisServer, Workers
from testkit.svc_helpers import wait_for

from service.wiring import Layers

API = "/api/v1"


def _timed_game(app: Flask, turn_seconds: int) -> tuple[str, int]:
    """A Duck Soup game of two humans with a turn clock; (its id, its first deadline)."""
    client = app.test_client()
    body = {"game": "ducksoup", "seats": [{}, {}], "options": {"turn_seconds": turn_seconds}}
    created = client.post(f"{API}/games", json=body)
    assert created.status_code == 201, created.json
    seat = created.json["view"]["to_act"][0]
    return created.json["id"], created.json["seats"][seat]["clock"]["deadline"]


def _timed_out(app: Flask, gid: str) -> list[dict[str, Any]]:
    layers: Layers = app.extensions["duckpond"]
    return [e for e in layers.store.events(gid, 0) if e["type"] == "turn_timed_out"]


def test_a_timed_turn_due_while_the_worker_is_dead_is_played_after_its_restart(
    app: Flask, server: RedisServer, workers: Workers
) -> None:
    workers.start("live")
    gid, deadline = _timed_game(app, turn_seconds=1)
    workers.kill("live")  # kill -9, before the deadline: its watchdog dies with it
    time.sleep(1.5)
    assert not _timed_out(app, gid)  # due, and nobody alive to play it
    workers.start("live")
    (event,) = wait_for(lambda: _timed_out(app, gid), timeout=20)
    assert event["data"]["deadline"] == deadline <= event["data"]["at"]


def test_a_timed_turn_due_while_redis_is_down_is_played_once_it_is_back(
    app: Flask, server: RedisServer, workers: Workers
) -> None:
    workers.start("live")
    gid, deadline = _timed_game(app, turn_seconds=2)
    time.sleep(1.2)  # the AOF (appendfsync everysec) holds the game and its timer
    server.kill()
    time.sleep(1.5)  # the deadline passes while Redis is down
    server.start()
    (event,) = wait_for(lambda: _timed_out(app, gid), timeout=30)
    assert event["data"]["deadline"] == deadline <= event["data"]["at"]

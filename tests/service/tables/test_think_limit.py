"""A bot policy that thinks past `BOT_THINK_LIMIT_MS` of CPU is stopped, and its turn is played
with that turn's seeded random move, the same on a retry (issue 13)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from testkit.svc_helpers import Table

from bots import BOTS, Bot, decide, turn_rng
from engine import GAMES
from service.wiring import Layers


def _spin(view: dict[str, Any], legal: list[Any], rng: random.Random, budget_ms: float) -> Any:
    """A runaway policy: burns 5 s of CPU (bounded, so a broken limit fails rather than hangs)."""
    end = time.process_time() + 5.0
    while time.process_time() < end:
        sum(range(1000))
    return legal[-1]


@pytest.fixture
def spinner(monkeypatch: pytest.MonkeyPatch) -> str:
    bot = Bot("spinner", "Never stops thinking.", "none", {"doubleduck": _spin})
    monkeypatch.setitem(BOTS, bot.name, bot)
    return bot.name


def test_a_runaway_policy_is_stopped_and_the_seeded_random_move_is_played(
    make_app: Callable[..., Flask], spinner: str
) -> None:
    app = make_app(BOT_THINK_LIMIT_MS=80)
    client = app.test_client()
    table = Table.create(client, seats=[{}, {"bot": spinner}, {}, {}], seed="think")
    layers: Layers = app.extensions["duckpond"]
    started = time.process_time()
    assert layers.tables.bot_turn(table.gid, 1, 0) == "moved"
    spent = time.process_time() - started
    assert 0.04 <= spent < 2.0  # stopped near its limit (timer granularity), not by a timeout
    game = GAMES["doubleduck"].new(4, seed="think")
    expected = decide("random", game, 1, turn_rng(spinner, "think", 0, 1))
    assert expected is not None
    last = table.public()["view"]["history"][-1]
    assert last == {"seat": 1, "move": expected.to_json()}
    assert table.public()["version"] == 1
    # A retry of the same turn (a re-enqueued job) finds the game moved on and changes nothing.
    assert layers.tables.bot_turn(table.gid, 1, 0) == "stale"
    assert table.public()["version"] == 1


def test_a_policy_within_its_limit_is_not_stopped(make_app: Callable[..., Flask]) -> None:
    app = make_app(BOT_THINK_LIMIT_MS=5000)
    client = app.test_client()
    table = Table.create(client, seats=[{}, {"bot": "heuristic"}, {}, {}], seed="think")
    layers: Layers = app.extensions["duckpond"]
    assert layers.tables.bot_turn(table.gid, 1, 0) == "moved"
    game = GAMES["doubleduck"].new(4, seed="think")
    expected = decide("heuristic", game, 1, turn_rng("heuristic", "think", 0, 1))
    assert expected is not None
    assert table.public()["view"]["history"][-1] == {"seat": 1, "move": expected.to_json()}

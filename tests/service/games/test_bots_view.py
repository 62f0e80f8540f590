"""A bot never sees the full state: a spy policy, played through the service's own bot-turn path,
gets exactly its seat's view, that view's legal moves, a seeded generator and a time budget, and
no string of the hidden state (other hands, the stock, the seed) appears in what it got."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import Table, pinned_deal

import bots
from bots import Bot
from engine import GAMES, Game
from engine.record import load as load_game
from service.tables.tables import Tables

JSON = dict[str, Any]


def _strings(data: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from _strings(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from _strings(value)


@pytest.fixture()
def spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Registers a bot "spy" for every game that records its arguments and plays the first
    legal move."""
    calls: list[tuple[Any, ...]] = []

    def choose(view: JSON, legal: list[JSON], rng: random.Random, budget_ms: float) -> JSON:
        calls.append((json.loads(json.dumps(view)), list(legal), rng, budget_ms))
        return legal[0]

    spy_bot = Bot("spy", "Records what it is given.", "None.", {name: choose for name in GAMES})
    monkeypatch.setitem(bots.BOTS, "spy", spy_bot)
    return calls


def _spy_table(
    app: Flask, client: FlaskClient, game: str, deal: JSON | None
) -> tuple[Tables, Table, Game, int]:
    """A game whose seats are all spies (no worker runs here: the test plays the turn through
    `Tables.bot_turn`, what the RQ job calls); (games, table, the game at v0, the seat to act)."""
    seats = GAMES[game].catalog()["min_seats"]
    table = Table.create(client, game=game, seats=[{"bot": "spy"}] * seats, deal=deal)
    games: Tables = app.extensions["duckpond"].tables
    stored = games.store.load(table.gid)
    assert stored is not None
    before = load_game(stored.state)
    seat = min(before.to_act())
    return games, table, before, seat


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_policy_gets_the_seat_view_and_nothing_else(
    app: Flask, client: FlaskClient, spy: list[tuple[Any, ...]], game: str
) -> None:
    games, table, before, seat = _spy_table(app, client, game, None)
    assert games.bot_turn(table.gid, seat, 0) == "moved"
    assert len(spy) == 1
    view, legal, rng, budget = spy[0]
    assert view == before.view(seat)
    assert legal == view["legal_moves"] and legal
    assert isinstance(rng, random.Random) and isinstance(budget, float)
    # Whatever the full state holds beyond the view is absent from the policy's input.
    secret = set(_strings(before.to_dict())) - set(_strings(before.view(seat)))
    assert before.seed in secret
    assert not secret & set(_strings([view, legal]))
    assert table.public()["version"] == 1  # and the move went through the service


def test_other_hands_and_the_stock_never_reach_the_policy(
    app: Flask, client: FlaskClient, spy: list[tuple[Any, ...]]
) -> None:
    """Doubleduck with a pinned deal: seat 1 holds no spade, so no spade name may reach it
    before one is played, although 26 lie in the other hands and the stock."""
    hands = {1: "AC KC QC JC TC 9C 8C AH KH QH JH TH 9H"}
    games, table, before, seat = _spy_table(app, client, "doubleduck", pinned_deal(hands))
    assert seat == 1
    assert games.bot_turn(table.gid, 1, 0) == "moved"
    view, legal, _, _ = spy[0]
    seen = set(_strings([view, legal]))
    hidden = [c for s in (0, 2, 3) for c in before.to_dict()["hands"][s]] + list(
        before.to_dict()["stock"]
    )
    spades = {c for c in hidden if c.endswith("S")}
    assert len(spades) == 13 and not spades & seen
    assert set(view["hand"]) == set(hands[1].split())

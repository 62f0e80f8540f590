"""No response, event, error or log line shows another player's hand, the stock or the seed
before the end; tokens are shown once; the record shows everything after the end."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth, pinned_deal, play_out, run_queue, wait_for
from werkzeug.test import TestResponse

import service.jobs
from service.storage.keys import game_key
from service.watchdog import Settings, Watchdog

SEED = "SEED-qx7-do-not-leak"
STOCK_TOP = "7D 2S 9H KD QC 3H 8S"


def _walk(data: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _walk(value, f"{path}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _walk(value, f"{path}[{i}]")


def _contains_run(values: list[Any], run: list[str]) -> bool:
    return any(values[i : i + len(run)] == run for i in range(len(values) - len(run) + 1))


class Watcher:
    """Collects every answer with who asked, for the checks at the end."""

    def __init__(self) -> None:
        self.seen: list[tuple[int | None, TestResponse]] = []

    def __call__(self, who: int | None, response: TestResponse) -> TestResponse:
        self.seen.append((who, response))
        return response


def test_nothing_secret_leaks_before_the_end(
    client: FlaskClient, r: redis.Redis, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    deal = pinned_deal({1: "4H 4H", 2: "4C"}, stock_top=STOCK_TOP)
    table = Table.create(client, deal=deal, seed=SEED)
    other = Table.create(client)
    tokens = {s.seat: s.token for s in table.seats}
    watch = Watcher()
    gid = table.gid

    def sweep() -> None:
        for seat, token in [*tokens.items(), (None, table.host), (None, "")]:
            headers = auth(token) if token else {}
            for path in ("", "/events", "/score", "/record", "/events?after=2"):
                watch(seat, client.get(f"{API}/games/{gid}{path}", headers=headers))
        watch(None, client.get(f"{API}/catalog"))

    def move_and_refusals() -> None:
        to_act = table.to_act()
        for seat, token in tokens.items():
            for move in ({"type": "play", "card": "ZZ"}, {"type": "play", "card": "AS"}):
                watch(seat, table.seat(seat).post_move(move))
            watch(seat, client.post(f"{API}/games/{gid}/deal", json={}, headers=auth(token)))
        watch(
            to_act,
            client.post(
                f"{API}/games/{gid}/moves",
                json={"move": {"type": "play", "card": "AS"}, "seat": (to_act + 1) % 4},
                headers=auth(tokens[to_act]),
            ),
        )
        watch(None, client.get(f"{API}/games/{gid}", headers=auth(other.seats[0].token)))
        mover = table.seat(to_act)
        watch(to_act, mover.post_move(mover.view()["view"]["legal_moves"][-1]))

    sweep()
    for _ in range(10):  # two tricks and a half: draws from the stock happened
        move_and_refusals()
    sweep()

    state = json.loads(r.hget(game_key(gid), "state"))
    assert state["stock"][:3] != STOCK_TOP.split()[:3]  # the test reached the draws
    stock_run = state["stock"][:4]
    hands = state["hands"]
    tokens_all = [*tokens.values(), table.host]
    refused_own_move = 0
    for who, response in watch.seen:
        text = response.get_data(as_text=True)
        assert SEED not in text
        for token in tokens_all:
            assert token not in text, "a token shown after its creation answer"
        body = response.json
        if response.status_code == 422 and body["errors"]["reason"] == "validation_error":
            refused_own_move += 1
        for path, value in _walk(body):
            if path.endswith((".stock", ".seed", ".hands", ".deck")):
                raise AssertionError(f"secret field {path} in {response.request.path}")
            if path.endswith(".hand"):  # only in the view of the token's own seat
                assert who is not None and body["seat"] == who and path == ".view.hand"
            if isinstance(value, list) and len(value) >= 4:
                assert not _contains_run(value, stock_run), path
                assert not _contains_run(value, STOCK_TOP.split()[:4]), path
            if path.endswith(".visible_to"):
                assert value == who, f"{path}: another seat's private event"
    assert refused_own_move == 10  # the move with a "seat" field: refused every time

    logs = caplog.text
    assert SEED not in logs
    assert not any(token in logs for token in tokens_all)
    assert " ".join(stock_run) not in logs and json.dumps(stock_run) not in logs
    for hand in hands:
        assert json.dumps(hand) not in logs and str(hand) not in logs

    # After the end, the record shows the seed, every deal and every move.
    play_out(table)
    record = client.get(f"{API}/games/{gid}/record").json["record"]
    assert record["seed"] == SEED and record["deal"]["stock"] == deal["stock"]


def test_seat_is_taken_from_the_token_only(client: FlaskClient) -> None:
    table = Table.create(client)
    to_act = table.to_act()
    other = table.seat((to_act + 1) % 4)
    legal = table.seat(to_act).view()["view"]["legal_moves"][0]
    assert other.refused(legal["card"]) == (409, "not_your_turn")
    # The other seat's view shows its own hand only, and no legal moves out of turn.
    view = other.view()
    assert view["seat"] == other.seat and view["view"]["legal_moves"] == []
    assert "hands" not in view["view"]
    public = table.public()
    assert "hand" not in public["view"] and public["role"] == "spectator"
    host = client.get(f"{API}/games/{table.gid}", headers=auth(table.host)).json
    assert host["role"] == "host" and "hand" not in host["view"]


def test_clock_and_away_events_and_views_show_no_hand(
    app: Flask, client: FlaskClient, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Timeouts played by the `on_timeout` bot, a seat away and back: every answer to every
    caller holds only what that caller may see, and the stored seating never leaves."""
    monkeypatch.setattr(service.jobs, "_layers", app.extensions["duckpond"])
    layers = app.extensions["duckpond"]
    deal = pinned_deal({1: "4H 4H", 2: "4C"}, stock_top=STOCK_TOP)
    options = {"turn_seconds": 1, "reserve_seconds": 1, "away_after": 1}
    table = Table.create(client, deal=deal, seed=SEED, options=options)
    tokens = {s.seat: s.token for s in table.seats}
    watch = Watcher()
    gid = table.gid
    queue = layers.bot_queue
    dog = Watchdog(layers.store, layers.turns, Settings())
    slow = table.to_act()
    wait_for(dog.fire, timeout=10)  # its deadline passes: its bot plays, the seat is away
    run_queue(queue)
    back = client.post(
        f"{API}/games/{gid}/seats/{slow}/return", json={}, headers=auth(tokens[slow])
    )
    watch(slow, back)
    other = next(s for s in tokens if s != slow)
    for kind in ("away", "return"):
        url = f"{API}/games/{gid}/seats/{other}/{kind}"
        watch(other, client.post(url, json={}, headers=auth(tokens[other])))
    for seat, token in [*tokens.items(), (None, table.host), (None, "")]:
        headers = auth(token) if token else {}
        for path in ("", "/events"):
            watch(seat, client.get(f"{API}/games/{gid}{path}", headers=headers))

    state = json.loads(r.hget(game_key(gid), "state"))
    assert "seating" in state  # the clocks are stored beside the state...
    types = set()
    for who, response in watch.seen:
        assert response.status_code == 200, response.json
        text = response.get_data(as_text=True)
        assert SEED not in text and "seating" not in text  # ...and never shown
        body = response.json
        types |= {e["type"] for e in body.get("events", [])}
        for path, value in _walk(body):
            if path.endswith((".stock", ".seed", ".hands", ".deck")):
                raise AssertionError(f"secret field {path} in {response.request.path}")
            if path.endswith(".hand"):
                assert who is not None and body["seat"] == who and path == ".view.hand"
            if isinstance(value, list) and len(value) >= 4:
                for seat, hand in enumerate(state["hands"]):
                    if seat != who:
                        assert not _contains_run(value, hand[:4]), path
            if path.endswith(".visible_to"):
                assert value == who, f"{path}: another seat's private event"
    assert {"turn_timed_out", "seat_away", "seat_returned"} <= types

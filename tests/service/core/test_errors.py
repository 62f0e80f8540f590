"""Every error status with its stable reason, in the one payload shape, changing nothing."""

from __future__ import annotations

import socket
from typing import Any

import pytest
import redis
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth, expect, flat, pinned_deal
from werkzeug.test import TestResponse

from service.app import create_app


@pytest.fixture()
def table(client: FlaskClient) -> Table:
    """Seat 1 leads 4H; seat 2 holds 4H 4C 9D; seat 3 holds 5S."""
    return Table.create(client, deal=pinned_deal({1: "4H", 2: "4H 4C 9D", 3: "5S"}))


def test_move_refusals_change_nothing(client: FlaskClient, table: Table, r: redis.Redis) -> None:
    s0, s1, s2 = table.seat(0), table.seat(1), table.seat(2)
    url = f"{API}/games/{table.gid}/moves"
    before = table.snapshot(r)
    play_4h = {"move": {"type": "play", "card": "4H"}}
    as_json = {"Content-Type": "application/json"}

    def post(headers: dict[str, str] | None = None, **kw: Any) -> TestResponse:
        return client.post(url, headers=headers or {}, **kw)

    cases: list[tuple[TestResponse, int, str]] = [
        (post({**auth(s1.token), **as_json}, data="{not json"), 400, "malformed_json"),
        (s1.post_move({"type": "play", "card": "ZZ"}), 422, "malformed_move"),
        (s1.post_move({"type": "play", "card": "4H", "extra": 1}), 422, "validation_error"),
        (post(auth(s1.token), json={"expected_version": 0}), 422, "validation_error"),
        (s1.post_move({"type": "play"}), 422, "malformed_move"),
        (s1.post_move({"type": "play", "cards": ["4H"]}), 422, "malformed_move"),  # no game's
        (s1.post_move({"type": "play", "card": "9D"}), 409, "card_not_in_hand"),
        (s1.post_move({"type": "play", "card": "4H", "call": "quack"}), 409, "illegal_call"),
        # Well-formed moves of other games: this game's kind is its state, as the hand is.
        (s1.post_move({"type": "duck"}), 409, "move_of_another_game"),
        (s1.post_move({"type": "announce"}), 409, "move_of_another_game"),
        (
            s1.post_move({"type": "play", "cards": ["B7"], "draw": "left"}),
            409,
            "move_of_another_game",
        ),
        (s0.post_move({"type": "play", "card": "AC"}), 409, "not_your_turn"),
        (s1.post_move({"type": "play", "card": "4H"}, expected_version=5), 409, "future_version"),
        (post(json=play_4h), 401, "missing_token"),
        (post({"Authorization": "Basic eDp5"}, json=play_4h), 401, "bad_token"),
        (post(auth(f"{table.gid}.forged"), json=play_4h), 401, "bad_token"),
        (post(auth(table.host), json=play_4h), 403, "not_a_player"),
        (post({**auth(s1.token), **as_json}, data=b"x" * (17 * 1024)), 413, "body_too_large"),
    ]
    for response, status, reason in cases:
        expect(response, status, reason)
        assert table.snapshot(r) == before, reason
    # Calls that the rules forbid, once a lead is on the table.
    s1.play("4H")
    before = table.snapshot(r)
    expect(s2.post_move({"type": "play", "card": "4C", "call": "doubleduck"}), 409, "illegal_call")
    expect(s2.post_move({"type": "play", "card": "9D", "call": "quack"}), 409, "illegal_call")
    expect(s2.post_move({"type": "play", "card": "4C", "call": "quack-quack"}), 409, "illegal_call")
    # A word that is no call is malformed whatever the state (issue 32): 422.
    expect(s2.post_move({"type": "play", "card": "4C", "call": "moo"}), 422, "validation_error")
    assert table.snapshot(r) == before
    assert s2.play("4H", call="doubleduck")["version"] == 2


def test_token_of_another_game_is_403(client: FlaskClient, table: Table, r: redis.Redis) -> None:
    other = Table.create(client)
    before = table.snapshot(r)
    seat = table.seat(1)
    for token in (other.seat(1).token, other.host):
        r1 = client.post(
            f"{API}/games/{table.gid}/moves",
            json={"move": {"type": "play", "card": "4H"}},
            headers=auth(token),
        )
        expect(r1, 403, "token_of_another_game")
        expect(
            client.get(f"{API}/games/{table.gid}", headers=auth(token)),
            403,
            "token_of_another_game",
        )
    # A made-up token naming another (real) game is just a bad token.
    expect(
        client.get(f"{API}/games/{table.gid}", headers=auth(f"{other.gid}.made-up")),
        401,
        "bad_token",
    )
    assert table.snapshot(r) == before
    assert seat.view()["seat"] == 1


def test_not_found_and_method_not_allowed(client: FlaskClient, table: Table) -> None:
    expect(client.get(f"{API}/games/nope"), 404, "no_such_game")
    expect(client.get(f"{API}/games/bad%20id!"), 404, "no_such_game")
    expect(client.get(f"{API}/games/nope/score"), 404, "no_such_game")
    expect(client.get(f"{API}/games/nope/events"), 404, "no_such_game")
    expect(client.get(f"{API}/games/nope/record"), 404, "no_such_game")
    r404 = client.post(
        f"{API}/games/nope/moves",
        json={"move": {"type": "play", "card": "AC"}},
        headers=auth("nope.abc"),
    )
    expect(r404, 404, "no_such_game")
    expect(client.get("/api/v1/nothing-here"), 404, "not_found")
    r405 = client.delete(f"{API}/games/{table.gid}")
    expect(r405, 405, "method_not_allowed")
    assert set(r405.headers["Allow"].split(", ")) >= {"GET", "HEAD"}
    r405 = client.put(f"{API}/games/{table.gid}/moves", json={})
    expect(r405, 405, "method_not_allowed")
    assert "POST" in r405.headers["Allow"]
    assert "WWW-Authenticate" in client.post(f"{API}/games/{table.gid}/deal", json={}).headers


def test_record_before_end_is_409(client: FlaskClient, table: Table) -> None:
    body = expect(client.get(f"{API}/games/{table.gid}/record"), 409, "game_not_over")
    assert body["errors"]["version"] == 0


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"game": "doubleduck", "seats": [{}, {}, {}]}, "invalid_seats"),
        ({"game": "chess", "seats": [{}, {}, {}, {}]}, "unknown_game"),
        ({"game": "doubleduck", "seats": [{}, {}, {}, {"bot": "deep"}]}, "unknown_bot"),
        ({"game": "doubleduck", "seats": [{}, {}, {}, {"bot": 7}]}, "validation_error"),
        ({"game": "doubleduck", "seats": [{}, {}, {}, {}], "options": {"x": 1}}, "invalid_options"),
        (
            {"game": "doubleduck", "seats": [{}, {}, {}, {}], "options": {"auto_deal": "yes"}},
            "invalid_options",
        ),
        (
            {"game": "doubleduck", "seats": [{}, {}, {}, {}], "options": {"max_deals": 9}},
            "invalid_options",
        ),
        (
            {"game": "doubleduck", "seats": [{}, {}, {}, {}], "options": {"auto_deal": None}},
            "invalid_options",
        ),
        (
            {"game": "doubleduck", "seats": [{}, {}, {}, {}], "deal": {"cards": ["AC"]}},
            "invalid_deal",
        ),
        (
            {"game": "doubleduck", "seats": [{}, {}, {}, {}], "deal": {"cards": [], "pile": 3}},
            "validation_error",
        ),
        ({"game": "doubleduck", "seats": [{}, {}, {}, {}], "seed": 12}, "validation_error"),
        ({"game": "doubleduck", "seats": [{}, {}, {}, {}], "id": "mine"}, "validation_error"),
        ([1, 2], "validation_error"),
    ],
)
def test_create_refusals(client: FlaskClient, r: redis.Redis, body: Any, reason: str) -> None:
    expect(client.post(f"{API}/games", json=body), 422, reason)
    assert not list(r.scan_iter("dp:*"))


def test_explicit_deal_of_wrong_cards_is_422(client: FlaskClient) -> None:
    deal = pinned_deal()
    deal["hands"][0][0] = deal["hands"][0][2]  # one card twice too often, one missing
    body = {"game": "doubleduck", "seats": [{}, {}, {}, {}], "deal": flat(deal)}
    expect(client.post(f"{API}/games", json=body), 422, "invalid_deal")


def test_redis_down_is_503_not_500() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app({"REDIS_URL": f"redis://127.0.0.1:{port}/0"})
    client = app.test_client()
    assert client.get("/livez").status_code == 200
    expect(client.get("/readyz"), 503, "redis_unavailable")
    r = client.get(f"{API}/games/abc")
    expect(r, 503, "redis_unavailable")
    assert r.headers["Retry-After"] == "1"
    expect(
        client.post(f"{API}/games", json={"game": "doubleduck", "seats": [{}, {}, {}, {}]}),
        503,
        "redis_unavailable",
    )

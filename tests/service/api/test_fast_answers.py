"""The hot path of views and moves (issue 3), held to the same rules as before it was made fast.

- One Redis read per view, one read + one compare-and-set per move: the token is checked against
  the meta of the same HGETALL that brings the state (`Tables.open`).
- The answers skip marshmallow's dump because their schemas are pass-throughs of bodies the
  service builds itself: each answer here must equal its schema's dump, field for field.
- Authentication refuses exactly as before: 401 before any read when the token is missing,
  404 for a missing game, 403 for another game's token, 401 for a wrong one.
- A change made between that read and the compare-and-set makes the move a 409 that writes
  nothing: the earlier read never lets an update be lost.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth, pinned_deal, play_out, redis_commands

from service.api.games_schemas import ChangeOut, GameOut
from service.storage.keys import events_key, idem_key
from service.tables.tables import Tables


@pytest.fixture()
def table(client: FlaskClient) -> Table:
    """Seat 1 leads 4H; seat 2 holds 4H 4C 9D; seat 3 holds 5S."""
    return Table.create(client, deal=pinned_deal({1: "4H", 2: "4H 4C 9D", 3: "5S"}))


def _pass_through(schema: Any, body: dict[str, Any]) -> None:
    assert schema.dump(body) == body
    assert schema.validate(body) == {}


def test_answers_equal_their_schemas_dump(client: FlaskClient, table: Table) -> None:
    seat1, seat2 = table.seat(1), table.seat(2)
    moved = seat1.post_move({"type": "play", "card": "4H"}, expected_version=0)
    assert moved.status_code == 200 and moved.mimetype == "application/json"
    assert moved.headers["ETag"] == f'"{moved.json["version"]}.seat1"'
    _pass_through(ChangeOut(), moved.json)
    assert moved.json["events"]  # the card played, with its number
    for headers, who in ((auth(seat2.token), "seat2"), (auth(table.host), "host"), ({}, "public")):
        viewed = client.get(f"{API}/games/{table.gid}", headers=headers)
        assert viewed.status_code == 200 and viewed.mimetype == "application/json"
        assert viewed.headers["ETag"] == f'"{viewed.json["version"]}.{who}"'
        _pass_through(GameOut(), viewed.json)
    assert client.get(f"{API}/games/{table.gid}", headers=auth(seat2.token)).json["view"]["hand"]


def test_a_deal_answer_equals_its_schemas_dump(client: FlaskClient) -> None:
    table = Table.create(client, seats=[{}, {}, {}, {}], options={"max_deals": 2})
    play_out(table)
    records = client.get(f"{API}/games/{table.gid}/record").json["record"]["actions"]
    assert any("deal" in a for a in records)  # play_out dealt through POST .../deal
    viewed = client.get(f"{API}/games/{table.gid}", headers=auth(table.host))
    _pass_through(GameOut(), viewed.json)


def test_one_read_per_view_and_one_read_plus_one_write_per_move(
    app: Flask, client: FlaskClient, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat1 = table.seat(1)
    with redis_commands(app, monkeypatch) as sent:
        assert client.get(f"{API}/games/{table.gid}", headers=auth(seat1.token)).status_code == 200
    assert sent == ["HGETALL"]
    with redis_commands(app, monkeypatch) as sent:
        assert seat1.post_move({"type": "play", "card": "4H"}).status_code == 200
    assert sent == ["HGETALL", "EVALSHA"]
    with redis_commands(app, monkeypatch) as sent:  # a first try's key costs no extra read:
        r = table.seat(2).post_move(  # the compare-and-set looks for it in its atomic step
            {"type": "play", "card": "4C"}, headers={"Idempotency-Key": "k-1"}
        )
        assert r.status_code == 200
    assert sent == ["HGETALL", "EVALSHA"]
    with redis_commands(app, monkeypatch) as sent:  # its retry, refused by the rules now,
        again = table.seat(2).post_move(  # reads the first answer and replays it
            {"type": "play", "card": "4C"}, headers={"Idempotency-Key": "k-1"}
        )
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == r.json
    assert sent == ["HGETALL", "HGET"]
    with redis_commands(app, monkeypatch) as sent:  # no token: refused before any read
        r = client.post(f"{API}/games/{table.gid}/moves", json={"move": {"type": "play"}})
        assert r.status_code == 401
    assert sent == []


def _reason(r: Any) -> tuple[int, str]:
    return r.status_code, r.json["errors"]["reason"]


def test_authentication_refuses_as_before(client: FlaskClient, table: Table) -> None:
    other = Table.create(client)
    move = {"move": {"type": "play", "card": "4H"}}
    gid = table.gid

    cases: list[tuple[str, dict[str, str], tuple[int, str], int]] = [
        # (target game, headers, the move's refusal, the view's status)
        (gid, {"Authorization": "Basic abc"}, (401, "bad_token"), 401),
        (gid, {"Authorization": "Bearer "}, (401, "bad_token"), 401),
        (gid, auth(f"{gid}.not-a-seat"), (401, "bad_token"), 401),
        (gid, auth("no-dot-at-all"), (401, "bad_token"), 401),
        (gid, auth(other.seat(1).token), (403, "token_of_another_game"), 403),
        (gid, auth(other.host), (403, "token_of_another_game"), 403),
        (gid, auth(f"{other.gid}.made-up"), (401, "bad_token"), 401),
        (gid, auth(table.host), (403, "not_a_player"), 200),
        ("nope", auth("nope.abc"), (404, "no_such_game"), 404),
        ("nope", auth(table.seat(1).token), (403, "token_of_another_game"), 403),
        ("nope", auth(other.seat(1).token), (403, "token_of_another_game"), 403),
        ("bad%20id!", auth("x.y"), (404, "no_such_game"), 404),
    ]
    for target, headers, refusal, view_status in cases:
        posted = client.post(f"{API}/games/{target}/moves", json=move, headers=headers)
        assert _reason(posted) == refusal, (target, headers)
        if refusal[0] == 401:
            assert posted.headers["WWW-Authenticate"] == 'Bearer realm="duckpond"'
        viewed = client.get(f"{API}/games/{target}", headers=headers)
        assert viewed.status_code == view_status, (target, headers, viewed.json)
    assert _reason(client.post(f"{API}/games/{gid}/moves", json=move)) == (401, "missing_token")
    assert _reason(client.post(f"{API}/games/nope/moves", json=move)) == (401, "missing_token")
    assert client.get(f"{API}/games/{gid}").json["role"] == "spectator"
    assert _reason(client.get(f"{API}/games/nope")) == (404, "no_such_game")
    assert client.get(f"{API}/games/{gid}", headers=auth(table.host)).json["role"] == "host"
    seat = client.get(f"{API}/games/{gid}", headers=auth(table.seat(2).token)).json
    assert (seat["role"], seat["seat"]) == ("seat", 2)


def test_a_change_after_the_read_makes_the_move_a_409_that_writes_nothing(
    app: Flask, client: FlaskClient, table: Table, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move's read (`open`) is older than the compare-and-set: another seat's move lands
    in between, so the compare-and-set refuses, even without an expected version."""
    games: Tables = app.extensions["duckpond"].tables
    seat1, seat2 = table.seat(1), table.seat(2)
    assert seat1.play("4H")["version"] == 1
    original = games.open
    raced: list[int] = []

    def open_then_race(gid: str, authorization: str | None, *, required: bool, **kw: Any) -> Any:
        opened = original(gid, authorization, required=required, **kw)
        if not raced:  # the racing twin runs its own request in full, right after this read
            raced.append(-1)
            raced[0] = seat2.play("4H")["version"]
        return opened

    before_events = r.llen(events_key(table.gid))
    monkeypatch.setattr(games, "open", open_then_race)
    # Seat 2 is to act when its request is read; its racing twin (another tab) wins first.
    r409 = seat2.post_move({"type": "play", "card": "4C"})
    assert raced == [2]
    assert _reason(r409) == (409, "stale_version")
    assert r409.json["errors"]["version"] == 2
    assert r.llen(events_key(table.gid)) == before_events + 1  # the winner's card only
    monkeypatch.setattr(games, "open", original)
    view = seat2.view()
    assert view["version"] == 2 and "4C" in view["view"]["hand"]


def test_the_idempotency_record_holds_the_answer_sent(
    client: FlaskClient, table: Table, r: redis.Redis
) -> None:
    seat1 = table.seat(1)
    headers = {"Idempotency-Key": "once"}
    first = seat1.post_move({"type": "play", "card": "4H"}, headers=headers)
    assert first.status_code == 200
    (stored,) = r.hvals(idem_key(table.gid))
    record = json.loads(stored)
    assert set(record) == {"fp", "body"} and record["body"] == first.json
    again = seat1.post_move({"type": "play", "card": "4H"}, headers=headers)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json
    _pass_through(ChangeOut(), again.json)

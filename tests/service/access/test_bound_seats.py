"""Bound seats: a seat bound to an app key (an outside bot's seat in a match) answers its token
only beside `Duckpond-App-Key: <its owner's key>`, on every route that takes a seat's token
(the fast lane's and Flask's), and every refusal is a 4xx in the one shape that changes
nothing and logs neither the token nor the key. Unbound seats are as they were."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth

from service.access.app_keys import AppKeys
from service.games.callers import APP_KEY_HEADER
from service.storage.keys import app_key_record

BOUND, FREE = 1, 0
"""Duck Soup seeded `bound`: seat 1 leads; it is bound to the owner's key, seat 0 is not."""


def made(app: Flask, owner: str, **create: Any) -> dict[str, Any]:
    """A Duck Soup game made through the use case, as a match's driver makes one."""
    body = {"game": "ducksoup", "seats": [{}, {}], "seed": "bound"}
    tables = app.extensions["duckpond"].tables
    return dict(tables.create(body, owner=owner, bound={BOUND: owner}, **create).body)


def token_of(game: dict[str, Any], seat: int) -> str:
    return str(next(s["token"] for s in game["seats"] if s["seat"] == seat))


def refused(answer: Any, status: int, reason: str) -> None:
    body = answer.get_json()
    assert answer.status_code == status, body
    assert body["code"] == status and body["errors"]["reason"] == reason, body


def requests(gid: str, seat: int, card: str) -> list[tuple[str, str, Any, dict[str, str]]]:
    """Every route that takes a seat's token: (method, path, JSON body, extra headers). The
    fast lane takes the plain view and move; an `If-None-Match` or an `Idempotency-Key`
    sends the same to Flask."""
    game = f"{API}/games/{gid}"
    move = {"move": {"type": "play", "card": card}}
    return [
        ("GET", game, None, {}),
        ("GET", f"{game}?wait=0.05", None, {}),
        ("GET", game, None, {"If-None-Match": '"0.public"'}),
        ("GET", f"{game}?wait=0.05", None, {"If-None-Match": '"0.public"'}),
        ("POST", f"{game}/moves", move, {}),
        ("POST", f"{game}/moves?wait=0.05", move, {}),
        ("POST", f"{game}/moves", move, {"Idempotency-Key": "k1"}),
        ("GET", f"{game}/events", None, {}),
        ("GET", f"{game}/stream", None, {}),
        ("GET", f"{game}/stream", None, {"Accept": "application/x-ndjson"}),
        ("POST", f"{game}/resign", {}, {}),
        ("POST", f"{game}/deal", {}, {}),
        ("POST", f"{game}/seats/{seat}/away", {}, {}),
        ("POST", f"{game}/seats/{seat}/return", {}, {}),
        ("POST", f"{game}/rematch", {}, {}),
        ("GET", f"{game}/rematch", None, {}),
        ("POST", f"{game}/abandon", {}, {}),
    ]


def send(client: FlaskClient, method: str, path: str, body: Any, headers: dict[str, str]) -> Any:
    if body is None:
        return client.open(path, method=method, headers=headers)
    return client.open(path, method=method, json=body, headers=headers)


def game_state(r: Any, gid: str) -> dict[bytes, Any]:
    return Table(None, gid, {}).snapshot(r)  # type: ignore[arg-type]


@pytest.fixture()
def bound_app(make_app: Callable[..., Flask]) -> Flask:
    return make_app(STREAM_MAX_SECONDS=0.05)


def test_a_bound_seat_plays_only_with_its_owners_key(
    bound_app: Flask, keys: AppKeys, r: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    client = bound_app.test_client()
    owner, other = keys.issue("owner"), keys.issue("other")
    game = made(bound_app, owner.id)
    gid, token = game["id"], token_of(game, BOUND)
    mine = {**auth(token), APP_KEY_HEADER: owner.key}
    view = client.get(f"{API}/games/{gid}", headers=mine)
    assert view.status_code == 200 and view.json["seat"] == BOUND
    card = view.json["view"]["legal_moves"][0]["card"]
    before = game_state(r, gid)
    wrong = [
        ({}, 401, "app_key_required"),
        ({APP_KEY_HEADER: "  "}, 401, "app_key_required"),
        ({APP_KEY_HEADER: other.key}, 403, "seat_of_another_key"),
        ({APP_KEY_HEADER: owner.key[:-2] + "xx"}, 401, "bad_app_key"),
        ({APP_KEY_HEADER: "dpk_nonsense"}, 401, "bad_app_key"),
    ]
    for method, path, body, extra in requests(gid, BOUND, card):
        for key, status, reason in wrong:
            answer = send(client, method, path, body, {**auth(token), **extra, **key})
            refused(answer, status, reason)
    assert game_state(r, gid) == before
    # The owner's key beside the token: the seat plays, by the lane and by Flask.
    moved = client.post(f"{API}/games/{gid}/moves", json={"move": {"type": "play", "card": card}},
                        headers=mine)  # fmt: skip
    assert moved.status_code == 200, moved.json
    assert moved.json["seat"] == BOUND and moved.json["version"] == 1
    for path in ("", "/events", "/stream"):
        assert client.get(f"{API}/games/{gid}{path}", headers=mine).status_code == 200
    away = client.post(f"{API}/games/{gid}/seats/{BOUND}/away", json={}, headers=mine)
    assert away.status_code == 200, away.json
    back = client.post(f"{API}/games/{gid}/seats/{BOUND}/return", json={}, headers=mine)
    assert back.status_code == 200, back.json
    resigned = client.post(f"{API}/games/{gid}/resign", json={}, headers=mine)
    assert resigned.status_code == 200 and resigned.json["status"] == "over", resigned.json
    # Neither the token nor a key reaches any log line.
    for secret in (token, owner.key, other.key):
        assert secret not in caplog.text


def test_the_rematch_of_a_bound_game_is_bound_too(bound_app: Flask, keys: AppKeys) -> None:
    client = bound_app.test_client()
    owner, other = keys.issue("owner"), keys.issue("other")
    game = made(bound_app, owner.id)
    gid, token = game["id"], token_of(game, BOUND)
    mine = {**auth(token), APP_KEY_HEADER: owner.key}
    resigned = client.post(f"{API}/games/{gid}/resign", json={}, headers=mine)
    assert resigned.status_code == 200 and resigned.json["status"] == "over"
    rematch = client.post(f"{API}/games/{gid}/rematch", json={}, headers=mine)
    assert rematch.status_code == 200, rematch.json
    new, new_token = rematch.json["id"], rematch.json["token"]
    url = f"{API}/games/{new}"
    refused(client.get(url, headers=auth(new_token)), 401, "app_key_required")
    theirs = {**auth(new_token), APP_KEY_HEADER: other.key}
    refused(client.get(url, headers=theirs), 403, "seat_of_another_key")
    again = client.get(url, headers={**auth(new_token), APP_KEY_HEADER: owner.key})
    assert again.status_code == 200 and again.json["seat"] == BOUND


def test_a_revoked_owners_seat_is_refused(bound_app: Flask, keys: AppKeys, r: Any) -> None:
    client = bound_app.test_client()
    owner = keys.issue("owner")
    game = made(bound_app, owner.id)
    gid, token = game["id"], token_of(game, BOUND)
    mine = {**auth(token), APP_KEY_HEADER: owner.key}
    assert client.get(f"{API}/games/{gid}", headers=mine).status_code == 200
    keys.revoke(owner.id)
    before = game_state(r, gid)
    for method, path, body, extra in requests(gid, BOUND, "AC"):
        refused(send(client, method, path, body, {**mine, **extra}), 403, "app_key_revoked")
    assert game_state(r, gid) == before


def test_unbound_seats_the_host_and_spectators_are_unchanged(
    bound_app: Flask, keys: AppKeys
) -> None:
    client = bound_app.test_client()
    owner, other = keys.issue("owner"), keys.issue("other")
    game = made(bound_app, owner.id)
    gid, free = game["id"], token_of(game, FREE)
    for key in ({}, {APP_KEY_HEADER: other.key}, {APP_KEY_HEADER: "anything"}):
        seat = client.get(f"{API}/games/{gid}", headers={**auth(free), **key})
        assert seat.status_code == 200 and seat.json["seat"] == FREE
        host = client.get(f"{API}/games/{gid}", headers={**auth(game["host_token"]), **key})
        assert host.status_code == 200 and host.json["role"] == "host"
        public = client.get(f"{API}/games/{gid}", headers=key)
        assert public.status_code == 200 and public.json["role"] == "spectator"
    # The public view does not say to whom a seat is bound.
    assert owner.id not in client.get(f"{API}/games/{gid}").get_data(as_text=True)


def test_only_human_seats_may_be_bound(bound_app: Flask) -> None:
    tables = bound_app.extensions["duckpond"].tables
    body = {"game": "ducksoup", "seats": [{}, {"bot": "random"}]}
    for bound in ({1: "abc"}, {2: "abc"}, {0: ""}):
        with pytest.raises(Exception, match="no human seat to bind"):
            tables.create(body, owner="abc", bound=bound)


@pytest.mark.parametrize("remember", [0.4, 0.0])
def test_a_key_revoked_elsewhere_is_refused_within_the_cache_time(
    make_app: Callable[..., Flask], keys: AppKeys, remember: float
) -> None:
    """An API process remembers a live bound key for `BOUND_KEY_CACHE_SECONDS` (every move
    of an outside bot asks): a revocation by another process (the command line's HSET,
    nothing cleared here) still lets the seat play until that runs out, never longer; with
    0 it is refused at once."""
    app = make_app(STREAM_MAX_SECONDS=0.05, BOUND_KEY_CACHE_SECONDS=remember)
    client = app.test_client()
    owner = keys.issue("owner")
    game = made(app, owner.id)
    url = f"{API}/games/{game['id']}"
    mine = {**auth(token_of(game, BOUND)), APP_KEY_HEADER: owner.key}
    assert client.get(url, headers=mine).status_code == 200
    revoked_at = time.monotonic()
    keys.redis.hset(app_key_record(owner.id), "revoked", int(time.time()))  # another process
    if remember:
        assert client.get(url, headers=mine).status_code == 200  # from memory: no read
        time.sleep(max(0.0, revoked_at + remember - time.monotonic()) + 0.05)
    refused(client.get(url, headers=mine), 403, "app_key_revoked")
    refused(client.get(url, headers=mine), 403, "app_key_revoked")  # refusals not kept

"""Open seats, invite codes and the lobby, on a real Redis (and on the cluster: ON_BOTH).

A table made with open seats waits (no move, deal or bot turn) until each is taken with its
invite code; a claim answers the seat's token once; a bad claim is a 4xx in the one error
shape and changes nothing; of several claimers of one seat exactly one wins.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit.service_fixtures import QUEUE_DB
from testkit.svc_helpers import API, Table, auth

from service.access.app_keys import AppKeys
from service.games.callers import sha256
from service.wiring import Layers

OPEN = {"open": True}


def make(client: FlaskClient, seats: list[dict[str, Any]], game: str = "ducksoup", **more: Any):  # type: ignore[no-untyped-def]
    headers = more.pop("headers", {})
    body = {"game": game, "seats": seats, "seed": "seating", **more}
    r = client.post(f"{API}/games", json=body, headers=headers)
    assert r.status_code == 201, r.json
    return r.json


def claim(client: FlaskClient, gid: str, code: str, seat: int | None = None, **headers: str):  # type: ignore[no-untyped-def]
    body: dict[str, Any] = {"invite_code": code}
    if seat is not None:
        body["seat"] = seat
    return client.post(f"{API}/games/{gid}/claim", json=body, headers=headers)


def snapshot(r: Any, gid: str) -> dict[str, Any]:
    return Table(None, gid, {}).snapshot(r)  # type: ignore[arg-type]


def test_a_table_with_an_open_seat_waits_until_the_code_takes_it(
    client: FlaskClient, r: Any
) -> None:
    created = make(client, [{}, OPEN])
    gid, code = created["id"], created["invite_code"]
    assert created["status"] == "waiting"
    assert created["seats"][1] == {
        "seat": 1,
        "kind": "human",
        "open": True,
        "away": False,
    }  # no token
    alice = created["seats"][0]["token"]
    mine = client.get(f"{API}/games/{gid}", headers=auth(alice)).json
    assert mine["status"] == "waiting" and mine["view"]["legal_moves"] == []
    assert mine["view"]["to_act"] == [] and mine["view"]["deal_commitment"]  # dealt, committed
    before = snapshot(r, gid)
    for path, body in (("moves", {"move": {"type": "play", "card": "2C"}}), ("deal", {})):
        refused = client.post(f"{API}/games/{gid}/{path}", json=body, headers=auth(alice))
        assert refused.status_code == 409 and refused.json["errors"]["reason"] == "seats_open"
    assert snapshot(r, gid) == before

    taken = claim(client, gid, code)
    assert taken.status_code == 200, taken.json
    bob = taken.json["token"]
    assert taken.json["seat"] == 1 and taken.json["role"] == "seat"
    assert taken.json["status"] == "playing" and taken.json["version"] == 1
    assert alice not in json.dumps(taken.json)  # a claimer never sees another seat's token
    public = client.get(f"{API}/games/{gid}").json
    assert public["status"] == "playing" and "open" not in public["seats"][1]
    (first,) = public["view"]["to_act"]
    player = alice if first == 0 else bob
    legal = client.get(f"{API}/games/{gid}", headers=auth(player)).json["view"]["legal_moves"]
    moved = client.post(f"{API}/games/{gid}/moves", json={"move": legal[0]}, headers=auth(player))
    assert moved.status_code == 200, moved.json
    events = client.get(f"{API}/games/{gid}/events").json["events"]
    assert {"type": "seat_taken", "data": {"seat": 1, "open": []}}.items() <= {
        k: v for e in events if e["type"] == "seat_taken" for k, v in e.items()
    }.items()


def test_bad_claims_are_refused_in_the_one_shape_and_change_nothing(
    client: FlaskClient, r: Any
) -> None:
    created = make(client, [{}, OPEN, {"bot": "random"}, OPEN], game="doubleduck")
    gid, code = created["id"], created["invite_code"]
    before = snapshot(r, gid)
    cases = [
        (claim(client, gid, "wrong-code"), 403, "bad_invite_code"),
        (claim(client, gid, code, 0), 409, "seat_taken"),  # the creator's seat
        (claim(client, gid, code, 2), 409, "seat_taken"),  # a bot's
        (claim(client, gid, code, 9), 409, "no_such_seat"),
        (claim(client, gid, code, -1), 422, "validation_error"),
        (claim(client, "NoSuchGame12", code), 404, "no_such_game"),
        (client.post(f"{API}/games/{gid}/claim", json={"seat": 1}), 422, "validation_error"),
    ]
    for answer, status, reason in cases:
        assert answer.status_code == status, (reason, answer.json)
        assert set(answer.json) == {"code", "status", "message", "errors"}
        assert answer.json["errors"]["reason"] == reason
    assert snapshot(r, gid) == before
    plain = make(client, [{}, {}])  # no open seat: no code at all
    assert "invite_code" not in plain
    assert claim(client, plain["id"], code).json["errors"]["reason"] == "bad_invite_code"
    assert claim(client, gid, code, 1).status_code == 200
    assert claim(client, gid, code, 3).status_code == 200
    full = claim(client, gid, code)
    assert full.status_code == 409 and full.json["errors"]["reason"] == "no_open_seat"


def test_a_retried_claim_answers_the_same_token_and_takes_one_seat(client: FlaskClient) -> None:
    created = make(client, [OPEN, OPEN])
    gid, code = created["id"], created["invite_code"]
    first = claim(client, gid, code, **{"Idempotency-Key": "k1"})
    again = claim(client, gid, code, **{"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json["token"] == first.json["token"] and again.json["seat"] == 0
    assert client.get(f"{API}/games/{gid}").json["seats"][1]["open"] is True


def test_of_many_claimers_of_one_seat_exactly_one_wins(app: Flask, r: Any) -> None:
    created = make(app.test_client(), [{}, OPEN])
    gid, code = created["id"], created["invite_code"]
    start = threading.Barrier(8)
    answers: list[Any] = []
    lock = threading.Lock()

    def claimer() -> None:
        client = app.test_client()
        start.wait()
        answer = claim(client, gid, code, 1)
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=claimer) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    won = [a for a in answers if a.status_code == 200]
    assert len(answers) == 8 and len(won) == 1, [a.status_code for a in answers]
    assert {a.json["errors"]["reason"] for a in answers if a.status_code != 200} == {"seat_taken"}
    layers: Layers = app.extensions["duckpond"]
    stored = layers.store.load(gid)
    assert stored is not None and stored.version == 1 and stored.status == "playing"
    assert stored.meta["tokens"][1] == sha256(won[0].json["token"])
    seen = [e for e in layers.store.events(gid, 0) if e["type"] == "seat_taken"]
    assert len(seen) == 1


def test_no_bot_turn_is_due_until_the_last_seat_is_taken(app: Flask) -> None:
    client = app.test_client()
    created = make(
        client, [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}, OPEN],
        game="doubleduck", options={"first_dealer": 3},
    )  # fmt: skip
    gid = created["id"]
    layers: Layers = app.extensions["duckpond"]
    assert not any(m.startswith(gid) for m in layers.store.all_due())
    assert claim(client, gid, created["invite_code"]).status_code == 200
    assert any(m.startswith(f"{gid}:0:1") for m in layers.store.all_due())  # seat 0 leads


def test_the_lobby_lists_open_tables_and_drops_full_ones(client: FlaskClient) -> None:
    listed = make(client, [{}, OPEN], lobby="key", options={"target": 100})
    everyone = make(client, [OPEN, OPEN], lobby="all")
    make(client, [{}, OPEN])  # not listed
    lobby = client.get(f"{API}/lobby/ducksoup")
    assert lobby.status_code == 200, lobby.json
    ids = [t["id"] for t in lobby.json["tables"]]
    assert ids == [everyone["id"], listed["id"]]  # newest first
    entry = lobby.json["tables"][1]
    assert entry["open_seats"] == [1] and entry["options"]["target"] == 100
    assert entry["invite_code"] == listed["invite_code"] and entry["lobby"] == "key"
    assert entry["age_seconds"] >= 0 and entry["seats"][1]["open"] is True
    assert "token" not in json.dumps(lobby.json)
    assert client.get(f"{API}/lobby/doubleduck").json["tables"] == []
    assert claim(client, listed["id"], listed["invite_code"]).status_code == 200
    after = client.get(f"{API}/lobby/ducksoup").json["tables"]
    assert [t["id"] for t in after] == [everyone["id"]]
    bad = client.get(f"{API}/lobby/chess")
    assert bad.status_code == 404 and bad.json["errors"]["reason"] == "not_found"
    wrong = client.post(
        f"{API}/games", json={"game": "ducksoup", "seats": [{}, {}], "lobby": "key"}
    )
    assert wrong.status_code == 422 and wrong.json["errors"]["reason"] == "invalid_seats"
    bot = client.post(
        f"{API}/games", json={"game": "ducksoup", "seats": [{}, {"bot": "random", "open": True}]}
    )
    assert bot.status_code == 422 and bot.json["errors"]["reason"] == "invalid_seats"


@pytest.fixture()
def queues(redis_port: int, backend: str, r: Any) -> Any:
    """Where app keys live: the queues' Redis (the single server on either backend)."""
    return r if backend == "single" else redis.Redis(port=redis_port, db=QUEUE_DB[0])


def test_the_lobby_is_scoped_to_the_app_key(make_app: Any, queues: Any) -> None:
    keys = AppKeys(queues)
    acme, other = keys.issue("acme").key, keys.issue("other").key
    client = make_app(APP_KEYS="required").test_client()
    own = make(client, [{}, OPEN], lobby="key", headers=auth(acme))
    shared = make(client, [{}, OPEN], lobby="all", headers=auth(acme))
    theirs = make(client, [{}, OPEN], lobby="key", headers=auth(other))

    def seen(key: str) -> list[str]:
        answer = client.get(f"{API}/lobby/ducksoup", headers=auth(key))
        assert answer.status_code == 200, answer.json
        return [t["id"] for t in answer.json["tables"]]

    assert seen(acme) == [shared["id"], own["id"]]
    assert seen(other) == [theirs["id"], shared["id"]]
    missing = client.get(f"{API}/lobby/ducksoup")
    assert missing.status_code == 401 and missing.json["errors"]["reason"] == "missing_app_key"

"""A retried POST with the same Idempotency-Key gets the first answer; nothing applies twice."""

from __future__ import annotations

import threading
from typing import Any

import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth

from service.storage.keys import events_key

CREATE = {"game": "doubleduck", "seats": [{}, {}, {}, {}], "seed": "idem"}


def test_retried_move_returns_the_first_answer(client: FlaskClient, r: redis.Redis) -> None:
    table = Table.create(client)
    seat = table.seat(table.to_act())
    move = seat.view()["view"]["legal_moves"][0]
    key = {"Idempotency-Key": "move-1"}
    first = seat.post_move(move, expected_version=0, headers=key)
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    events_after_first = r.llen(events_key(table.gid))
    second = seat.post_move(move, expected_version=0, headers=key)
    assert second.status_code == 200 and second.headers["Idempotent-Replayed"] == "true"
    assert second.json == first.json
    assert table.public()["version"] == 1
    assert r.llen(events_key(table.gid)) == events_after_first
    # The same key with another body is refused, and changes nothing.
    other = seat.post_move({"type": "play", "card": "AC"}, headers=key)
    assert other.status_code == 409
    assert other.json["errors"]["reason"] == "idempotency_key_reused"
    # Keys are per caller: another seat's identical key is its own request.
    nxt = table.seat(table.to_act())
    nxt_move = nxt.view()["view"]["legal_moves"][0]
    assert nxt.post_move(nxt_move, headers=key).json["version"] == 2


def test_concurrent_retries_apply_once(app: Flask) -> None:
    client = app.test_client()
    table = Table.create(client)
    seat = table.seat(table.to_act())
    move = seat.view()["view"]["legal_moves"][0]
    answers: list[Any] = []
    start = threading.Barrier(6)

    def fire() -> None:
        c = app.test_client()
        start.wait()
        resp = c.post(
            f"{API}/games/{table.gid}/moves",
            json={"move": move},
            headers={**auth(seat.token), "Idempotency-Key": "same"},
        )
        answers.append((resp.status_code, resp.json))

    threads = [threading.Thread(target=fire) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ok = [body for status, body in answers if status == 200]
    assert ok and all(body == ok[0] for body in ok)
    assert all(
        status == 200 or body["errors"]["reason"] == "stale_version" for status, body in answers
    )
    assert table.public()["version"] == 1


def test_retried_creation_returns_the_same_game_and_tokens(
    client: FlaskClient, r: redis.Redis
) -> None:
    headers = {"Idempotency-Key": "create-7f3a"}
    first = client.post(f"{API}/games", json=CREATE, headers=headers)
    second = client.post(f"{API}/games", json=CREATE, headers=headers)
    assert first.status_code == second.status_code == 201
    assert second.json == first.json and second.headers["Idempotent-Replayed"] == "true"
    assert second.headers["Location"] == first.headers["Location"]
    games = {k for k in r.scan_iter("dp:*:game")}
    assert len(games) == 1
    # The stored first answer is sealed: no token is readable in Redis.
    tokens = [s["token"] for s in first.json["seats"]] + [first.json["host_token"]]
    dump = b"".join(
        v if isinstance(v, bytes) else b"".join(v.values()) if isinstance(v, dict) else b""
        for v in (
            r.hgetall(k) if r.type(k) == b"hash" else r.get(k) if r.type(k) == b"string" else b""
            for k in r.scan_iter("*")
        )
    )
    assert not any(t.encode() in dump for t in tokens)
    reused = client.post(f"{API}/games", json={**CREATE, "seed": "other"}, headers=headers)
    assert reused.status_code == 409
    assert reused.json["errors"]["reason"] == "idempotency_key_reused"


def test_retried_deal_applies_once(client: FlaskClient) -> None:
    table = Table.create(client, options={"max_deals": 2})
    for _ in range(104):
        seat = table.seat(table.to_act())
        seat.post_move(seat.view()["view"]["legal_moves"][0])
    headers = {**auth(table.host), "Idempotency-Key": "deal-2"}
    first = client.post(f"{API}/games/{table.gid}/deal", json={}, headers=headers)
    second = client.post(f"{API}/games/{table.gid}/deal", json={}, headers=headers)
    assert first.status_code == second.status_code == 200
    assert first.json == second.json and table.public()["version"] == 105


def test_another_caller_with_the_same_key_and_body_gets_nothing_of_the_first(
    app: Flask, r: redis.Redis
) -> None:
    """Issue 17, "taking a table": creation keys were global, so anyone who sent the same key
    and body (the quickstart's, `order-42`) got the first caller's game and every token. With
    app keys off the caller is its client address: another address makes its own game."""
    first_client = app.test_client()
    first_client.environ_base["REMOTE_ADDR"] = "192.0.2.1"
    thief = app.test_client()
    thief.environ_base["REMOTE_ADDR"] = "192.0.2.2"
    headers = {"Idempotency-Key": "order-42"}
    first = first_client.post(f"{API}/games", json=CREATE, headers=headers)
    second = thief.post(f"{API}/games", json=CREATE, headers=headers)
    assert first.status_code == second.status_code == 201
    assert "Idempotent-Replayed" not in second.headers
    assert second.json["id"] != first.json["id"]
    assert second.json["host_token"] != first.json["host_token"]
    first_tokens = {s.get("token") for s in first.json["seats"]}
    assert not first_tokens & {s.get("token") for s in second.json["seats"]}
    # The first caller's own retry still gets its first answer.
    again = first_client.post(f"{API}/games", json=CREATE, headers=headers)
    assert again.headers["Idempotent-Replayed"] == "true" and again.json == first.json

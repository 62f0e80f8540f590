"""Idempotency-Key on POST /api/v1/matches (issue 13): a creation whose outcome is unknown is
retried with the same key and gets the first answer, never a second match; a crashed creation
holds its key for seconds only. Real redis-server, and a real cluster (the key's pointer and
the match share a slot); that a replay takes no quota is in `test_app_keys`."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import redis
from flask import Flask
from flask.testing import FlaskClient
from rq import Queue
from rq.serializers import JSONSerializer

from service.api.common import matches
from service.games.idempotency import create_key_hash
from service.storage.keys import create_pointer_key, match_key

API = "/api/v1/matches"
MATCH: dict[str, Any] = {"game": "ducksoup", "bots": ["random", "random"], "games": 3, "seed": "m"}


def post(client: FlaskClient, body: dict[str, Any] = MATCH, **headers: str) -> Any:
    return client.post(API, json=body, headers=headers)


def queued(app: Flask) -> list[str]:
    with app.app_context():
        connection = matches().queue.connection
    return list(Queue(app.config["BULK_QUEUE"], connection=connection,
                      serializer=JSONSerializer).job_ids)  # fmt: skip


def stored_matches(r: redis.Redis) -> list[bytes]:
    return list(r.scan_iter("dp:*:match"))


def test_a_retried_creation_answers_the_first_match_and_starts_no_second(
    app: Flask, client: FlaskClient, r: redis.Redis
) -> None:
    first = post(client, **{"Idempotency-Key": "run-1"})
    second = post(client, **{"Idempotency-Key": "run-1"})
    assert first.status_code == second.status_code == 202
    assert "Idempotent-Replayed" not in first.headers
    assert second.headers["Idempotent-Replayed"] == "true"
    assert second.json == first.json and second.json["host_token"] == first.json["host_token"]
    assert second.headers["Location"] == first.headers["Location"]
    assert first.headers["Cache-Control"] == "no-store"  # it holds the host token
    assert stored_matches(r) == [match_key(first.json["id"]).encode()]
    assert len(queued(app)) == MATCH["games"]  # one job per game, not two
    # The stored answer is sealed with the key: the host token is nowhere in Redis.
    dump = b"".join(v for k in r.scan_iter("*") if r.type(k) == b"hash"
                    for v in r.hgetall(k).values())  # fmt: skip
    assert first.json["host_token"].encode() not in dump
    # The replayed host token still works: it cancels the one match.
    cancelled = client.post(
        f"{API}/{first.json['id']}/cancel",
        json={},
        headers={"Authorization": f"Bearer {second.json['host_token']}"},
    )
    assert cancelled.status_code == 200 and cancelled.json["status"] == "cancelled"


def test_the_same_key_with_another_body_is_refused_and_changes_nothing(
    client: FlaskClient, r: redis.Redis
) -> None:
    first = post(client, **{"Idempotency-Key": "run-2"})
    other = post(client, {**MATCH, "games": 2}, **{"Idempotency-Key": "run-2"})
    assert other.status_code == 409
    assert other.json["errors"]["reason"] == "idempotency_key_reused"
    assert first.json["host_token"] not in other.get_data(as_text=True)
    assert len(stored_matches(r)) == 1


def test_without_a_key_each_creation_is_a_match(client: FlaskClient, r: redis.Redis) -> None:
    assert post(client).json["id"] != post(client).json["id"]
    assert len(stored_matches(r)) == 2


def test_a_key_belongs_to_its_caller_and_a_game_and_a_match_may_share_one(
    app: Flask, r: redis.Redis
) -> None:
    mine, theirs = app.test_client(), app.test_client()
    mine.environ_base["REMOTE_ADDR"] = "192.0.2.1"
    theirs.environ_base["REMOTE_ADDR"] = "192.0.2.2"
    first = post(mine, **{"Idempotency-Key": "order-42"})
    other = post(theirs, **{"Idempotency-Key": "order-42"})
    assert other.status_code == 202 and "Idempotent-Replayed" not in other.headers
    assert other.json["id"] != first.json["id"]
    assert other.json["host_token"] != first.json["host_token"]
    game = mine.post(
        "/api/v1/games",
        json={"game": "ducksoup", "seats": [{}, {}]},
        headers={"Idempotency-Key": "order-42"},
    )
    assert game.status_code == 201 and "Idempotent-Replayed" not in game.headers
    again = post(mine, **{"Idempotency-Key": "order-42"})
    assert again.headers["Idempotent-Replayed"] == "true" and again.json == first.json


def test_a_crashed_creation_holds_its_key_for_seconds_only(
    make_app: Callable[..., Flask], r: redis.Redis
) -> None:
    """A request that reserved its key and died before writing the match: the retry hears
    409 `idempotency_in_progress` (Retry-After) until the reservation lapses, then creates."""
    app = make_app(CREATE_RESERVATION_SECONDS=1)
    client = app.test_client()
    key_hash = create_key_hash("run-3", "addr:127.0.0.1", kind="match")  # keys off: per address
    with app.app_context():
        assert matches().store.claim_key(key_hash, "Adeadmatch00", 1) == "Adeadmatch00"
    busy = post(client, **{"Idempotency-Key": "run-3"})
    assert busy.status_code == 409
    assert busy.json["errors"]["reason"] == "idempotency_in_progress"
    assert busy.headers["Retry-After"] == "1"
    assert stored_matches(r) == []
    time.sleep(1.2)
    created = post(client, **{"Idempotency-Key": "run-3"})
    assert created.status_code == 202
    assert r.get(create_pointer_key(key_hash)) == created.json["id"].encode()
    assert r.ttl(create_pointer_key(key_hash)) > 3600  # written: kept for the idempotency TTL


def test_a_retry_enqueues_the_games_a_dead_request_never_did(
    app: Flask, client: FlaskClient, r: redis.Redis
) -> None:
    """The request died after writing the match, before enqueueing its games: the retry
    replays the answer and the games are queued after all."""
    first = post(client, **{"Idempotency-Key": "run-4"})
    with app.app_context():
        connection = matches().queue.connection
    queue = Queue(app.config["BULK_QUEUE"], connection=connection, serializer=JSONSerializer)
    for job_id in queue.job_ids:
        queue.remove(job_id)
        connection.delete(f"rq:job:{job_id}")
    assert queued(app) == []
    again = post(client, **{"Idempotency-Key": "run-4"})
    assert again.headers["Idempotent-Replayed"] == "true" and again.json == first.json
    assert len(queued(app)) == MATCH["games"]

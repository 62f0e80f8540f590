"""Bounded matches: a global cap on games per match, and cancelling with the host token."""

from __future__ import annotations

from typing import Any

import redis
from flask import Flask
from flask.testing import FlaskClient
from test_matches import SMALL, create, matches_of, queue_of, run_jobs

from service.storage.keys import match_key, results_key

API = "/api/v1/matches"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_match_over_the_cap_is_refused(make_app: Any, r: redis.Redis) -> None:
    client = make_app(MAX_MATCH_GAMES=5).test_client()
    refused = client.post(API, json={**SMALL, "games": 6})
    assert refused.status_code == 422
    assert refused.json["errors"]["reason"] == "too_many_games"
    assert refused.json["errors"]["maximum"] == 5
    assert r.keys("dp:*") == [] and r.keys("rq:job:*") == []
    assert client.post(API, json={**SMALL, "games": 5}).status_code == 202


def test_the_default_cap_is_a_thousand_games(client: FlaskClient) -> None:
    refused = client.post(API, json={**SMALL, "games": 1001})
    assert (refused.status_code, refused.json["errors"]["reason"]) == (422, "too_many_games")
    assert client.get("/api/v1/catalog").json["max_match_games"] == 1000


def test_the_catalog_tells_the_cap_so_a_form_offers_no_more(make_app: Any) -> None:
    """The web's match form reads its maximum here (issue 31): the cap as configured."""
    client = make_app(MAX_MATCH_GAMES=5).test_client()
    assert client.get("/api/v1/catalog").json["max_match_games"] == 5


def test_a_cancelled_match_starts_no_further_game(
    app: Flask, client: FlaskClient, r: redis.Redis
) -> None:
    created = create(client, games=5)
    mid, host = created["id"], created["host_token"]
    assert host.startswith(f"{mid}.")
    assert host.encode() not in r.hget(match_key(mid), "host")  # stored hashed only
    layer = matches_of(app)
    layer.window = 1
    assert layer.play(mid, 0) == "recorded"
    answer = client.post(f"{API}/{mid}/cancel", headers=bearer(host))
    assert answer.status_code == 200, answer.json
    assert answer.json["status"] == "cancelled"
    assert answer.json["progress"]["done"] == 1
    assert "host_token" not in answer.json
    run_jobs(app)  # every queued job runs, and stops at once
    body = client.get(f"{API}/{mid}").json
    assert body["status"] == "cancelled"
    assert body["progress"] == {"done": 1, "failed": 0, "total": 5}
    assert body["results"]["games"] == 1
    assert r.hlen(results_key(mid)) == 1
    assert queue_of(app).count == 0
    assert 0 < r.ttl(match_key(mid)) <= 3600 and 0 < r.ttl(results_key(mid)) <= 3600
    again = client.post(f"{API}/{mid}/cancel", headers=bearer(host))
    assert again.status_code == 200 and again.json == body


def test_only_the_host_token_cancels(client: FlaskClient, r: redis.Redis) -> None:
    created = create(client, games=2)
    mid = created["id"]
    other = create(client, games=2)
    for headers, status, reason in [
        ({}, 401, "missing_token"),
        (bearer(f"{mid}.wrong"), 401, "bad_token"),
        (bearer(other["host_token"]), 401, "bad_token"),
        ({"Authorization": "Basic x"}, 401, "bad_token"),
    ]:
        answer = client.post(f"{API}/{mid}/cancel", headers=headers)
        assert (answer.status_code, answer.json["errors"]["reason"]) == (status, reason)
    assert r.hget(match_key(mid), "cancelled") is None
    missing = client.post(f"{API}/nope/cancel", headers=bearer("nope.x"))
    assert (missing.status_code, missing.json["errors"]["reason"]) == (404, "no_such_match")


def test_a_done_match_cannot_be_cancelled(app: Flask, client: FlaskClient) -> None:
    created = create(client, games=1)
    run_jobs(app)
    answer = client.post(f"{API}/{created['id']}/cancel", headers=bearer(created["host_token"]))
    assert (answer.status_code, answer.json["errors"]["reason"]) == (409, "match_done")
    assert client.get(f"{API}/{created['id']}").json["status"] == "done"

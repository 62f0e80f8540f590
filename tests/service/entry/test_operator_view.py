"""What an operator sees (issue 17): Prometheus metrics, JSON request logs with a request id,
security headers on the API, and no `Server` banner (checked against a real gunicorn)."""

from __future__ import annotations

import http.client
import json
import logging
from collections.abc import Callable

import pytest
import redis
from flask import Flask
from testkit.service_fixtures import gunicorn
from testkit.svc_helpers import API, Table, auth

from service.http.request_log import JsonFormatter
from service.storage.keys import due_key_of


def metric(text: str, name: str, **labels: str) -> float:
    """The sum of the samples of `name` in the exposition `text` that carry `labels`."""
    total = 0.0
    for line in text.splitlines():
        head, _, value = line.rpartition(" ")
        if line.startswith("#") or not (head == name or head.startswith(name + "{")):
            continue
        if all(f'{k}="{v}"' in head for k, v in labels.items()):
            total += float(value)
    return total


def test_metrics_are_off_unless_turned_on(make_app: Callable[..., Flask]) -> None:
    assert make_app().test_client().get("/metrics").status_code == 404


def test_metrics_count_requests_moves_refusals_and_read_the_queues(
    make_app: Callable[..., Flask], r: redis.Redis
) -> None:
    app = make_app(METRICS="on", METRICS_TOKEN="scrape-me", RATE_LIMIT_PER_ADDRESS="1000/minute")
    client = app.test_client()
    assert client.get("/metrics").status_code == 401
    scrape = {"Authorization": "Bearer scrape-me"}
    before = client.get("/metrics", headers=scrape).text
    table = Table.create(client)
    seat = table.seat(table.to_act())
    seat.play(seat.view()["view"]["legal_moves"][0]["card"])
    # Asking the move route which methods it takes (a 200) is no move.
    assert (
        client.options(f"{API}/games/{table.gid}/moves", headers=auth(seat.token)).status_code
        == 200
    )
    assert client.get(f"{API}/games/{table.gid}", headers=auth("nope")).status_code == 401
    r.zadd(due_key_of("g:0:1"), {"g:0:1": 0})  # a bot turn due since the epoch: a long lag
    after = client.get("/metrics", headers=scrape)
    assert after.status_code == 200 and after.mimetype == "text/plain"
    text = after.text
    moves = metric(text, "duckpond_moves_total", by="seat")
    assert moves == metric(before, "duckpond_moves_total", by="seat") + 1
    assert metric(text, "duckpond_refusals_total", reason="bad_token") >= 1
    assert metric(text, "duckpond_request_seconds_count", route="moves.post_move") >= 1
    assert metric(text, "duckpond_bot_turns_due") == 1
    assert metric(text, "duckpond_bot_turn_lag_seconds") > 1e9
    assert 'duckpond_queue_depth{queue="duckpond-test-bots"}' in text
    # Nothing in them names a game, a token or a path.
    assert table.gid not in text and seat.token not in text


def test_rate_limited_requests_are_counted(make_app: Callable[..., Flask]) -> None:
    app = make_app(METRICS="on", RATE_LIMIT_PER_ADDRESS="2 per minute")
    client, scraper = app.test_client(), app.test_client()
    client.environ_base["REMOTE_ADDR"] = "192.0.2.8"
    before = scraper.get("/metrics").text
    client.get("/livez")
    client.get("/livez")
    assert client.get("/livez").status_code == 429
    text = scraper.get("/metrics").text
    assert (
        metric(text, "duckpond_rate_limited_total")
        >= metric(before, "duckpond_rate_limited_total") + 1
    )


def test_each_request_is_one_json_log_line_with_its_id_echoed(
    app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    client = app.test_client()
    with caplog.at_level(logging.INFO, logger="duckpond.requests"):
        created = client.post(
            f"{API}/games", json={"game": "doubleduck", "seats": [{}] * 4, "seed": "s3cret-seed"}
        )
        chosen = client.get(
            f"{API}/games/{created.json['id']}", headers={"X-Request-Id": "abc-123"}
        )
        bogus = client.get("/livez", headers={"X-Request-Id": "no spaces <allowed>"})
    assert chosen.headers["X-Request-Id"] == "abc-123"
    made = created.headers["X-Request-Id"]
    assert len(made) == 32 and bogus.headers["X-Request-Id"] not in ("", "no spaces <allowed>")
    lines = [
        json.loads(JsonFormatter().format(rec))
        for rec in caplog.records
        if rec.name == "duckpond.requests"
    ]
    assert [line["request_id"] for line in lines] == [
        made,
        "abc-123",
        bogus.headers["X-Request-Id"],
    ]
    first = lines[0]
    assert first["route"] == "games.create_game" and first["status"] == 201 and first["ms"] >= 0
    assert first["method"] == "POST" and first["path"] == f"{API}/games"
    # No token, seed or hand in any line.
    logged = json.dumps(lines)
    assert "s3cret-seed" not in logged and created.json["host_token"] not in logged


def test_api_answers_carry_security_headers(app: Flask) -> None:
    client = app.test_client()
    for path in ("/livez", f"{API}/catalog", f"{API}/games/nope", "/openapi.json"):
        answer = client.get(path)
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert answer.headers["X-Frame-Options"] == "DENY"
        assert (
            answer.headers["Content-Security-Policy"]
            == "default-src 'none'; frame-ancestors 'none'"
        )
    # The web client keeps its own page policy (scripts from 'self').
    page = client.get("/")
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]


def test_no_server_banner_under_gunicorn(redis_port: int, r: redis.Redis) -> None:
    with gunicorn(redis_port, 0) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/livez")
        answer = conn.getresponse()
        answer.read()
        assert answer.status == 200
        assert answer.getheader("Server") is None
        assert answer.getheader("X-Content-Type-Options") == "nosniff"
        assert answer.getheader("X-Request-Id")
        conn.close()

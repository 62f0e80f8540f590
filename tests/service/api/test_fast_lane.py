"""The fast lane (`service.api.fast_lane`) answers every request exactly as Flask does: the same
status, headers and body bytes, the same rate-limit counts, metrics and request log line,
for the plain requests it takes and for every kind it must leave to Flask; and it does take
the plain ones (Flask never runs for them)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from test_lean_routes import MOVES, VIEWS
from testkit.svc_helpers import API, Table, auth, pinned_deal

from service.core import metrics

DEAL = pinned_deal({1: "4H", 2: "4H 4C 9D", 3: "5S"})
PLAY = {"type": "play", "card": "4H"}
COMMITMENT = re.compile(rb'"deal_commitment":"[0-9a-f]{64}"')
LANE_CASES: list[tuple[str, Any, dict[str, str], str]] = [
    ("request id", {"move": PLAY}, {"X-Request-Id": "abc-123"}, ""),
    ("bad request id", {"move": PLAY}, {"X-Request-Id": "a b"}, ""),
    ("not your turn", {"move": PLAY}, {}, ""),  # sent by seat 2
    ("wrong token", {"move": PLAY}, {"Authorization": "Bearer nope"}, ""),
    ("not bearer", {"move": PLAY}, {"Authorization": "Basic x"}, ""),
    ("blank token", {"move": PLAY}, {"Authorization": "  "}, ""),
    ("origin", {"move": PLAY}, {"Origin": "https://app.example"}, ""),
    ("charset", {"move": PLAY}, {"Content-Type": "application/json; charset=utf-8"}, ""),
    ("escaped query", {"move": PLAY}, {}, "wait=%30"),
    ("empty query value", {"move": PLAY}, {}, "wait="),
    # Idempotency-Keys: the lane takes what the schema takes (1 to 255 printable ASCII).
    ("kit's key and wait", {"move": PLAY, "expected_version": 0},
     {"Idempotency-Key": "kit.0a1b2c3d.g.1.0"}, "wait=0.5"),
    ("key of spaces", {"move": PLAY}, {"Idempotency-Key": "   "}, ""),
    ("key of 255", {"move": PLAY}, {"Idempotency-Key": "k" * 255}, ""),
    ("key of 256", {"move": PLAY}, {"Idempotency-Key": "k" * 256}, ""),
    ("key with a tab", {"move": PLAY}, {"Idempotency-Key": "a\tb"}, ""),
    ("key not ascii", {"move": PLAY}, {"Idempotency-Key": "cl\u00e9"}, ""),
    ("key and stale", {"move": PLAY, "expected_version": 3}, {"Idempotency-Key": "k"}, ""),
    ("key and illegal", {"move": {"type": "play", "card": "5S"}}, {"Idempotency-Key": "k"}, ""),
]  # fmt: skip


def normalized(table: Table, response: Any) -> tuple[int, list[tuple[str, str]], bytes]:
    """Status, headers (sorted; a made-up request id as a mark) and body, with what differs
    between two tables of one seed and deal (the id, tokens, the salted commitment) masked."""
    data = response.get_data()
    for secret in [table.gid, table.host, *(s.token for s in table.seats)]:
        data = data.replace(secret.encode(), b"<masked>")
    data = COMMITMENT.sub(b'"deal_commitment":"<salted>"', data)
    headers = sorted(
        (name, "<made>" if name == "X-Request-Id" and len(value) == 32 else value)
        for name, value in response.headers.items()
    )
    return response.status_code, headers, data


def _move(app: Flask, what: str, body: Any, headers: dict[str, str], query: str) -> Any:
    client = app.test_client()
    table = Table.create(client, deal=DEAL, seed="lane")
    seat = 2 if what == "not your turn" else 1
    url = f"{API}/games/{table.gid}/moves" + (f"?{query}" if query else "")
    heads = {**auth(table.seat(seat).token), **headers}
    if isinstance(body, bytes):
        heads.setdefault("Content-Type", "application/json")
        r = client.post(url, data=body, headers=heads)
    elif "Content-Type" in heads:
        r = client.post(url, data=_json(body), headers=heads)
    else:
        r = client.post(url, json=body, headers=heads)
    return normalized(table, r)


def _json(body: Any) -> bytes:
    return json.dumps(body).encode()


@pytest.mark.parametrize(
    ("what", "body", "headers", "query"),
    MOVES + LANE_CASES,
    ids=[m[0] for m in MOVES + LANE_CASES],
)
def test_a_move_is_answered_alike_by_the_lane_and_by_flask(
    make_app: Callable[..., Flask], what: str, body: Any, headers: dict[str, str], query: str
) -> None:
    answers = [
        _move(make_app(FAST_LANE=lane), what, body, headers, query) for lane in (True, False)
    ]
    assert answers[0] == answers[1], what


def _retried(app: Flask) -> list[tuple[int, list[tuple[str, str]], bytes]]:
    """A move, its retry with the same key (the first answer, replayed), the same key with
    another move (refused), and the same move under another seat's key space."""
    client = app.test_client()
    table = Table.create(client, deal=DEAL, seed="lane")
    key = {"Idempotency-Key": "kit.n.1.0"}
    out = []
    for seat, move in [(1, PLAY), (1, PLAY), (1, {"type": "play", "card": "5S"}), (2, PLAY)]:
        r = table.seat(seat).post_move(move, expected_version=0, headers=key)
        out.append(normalized(table, r))
    return out


def test_a_retried_move_is_answered_alike_by_the_lane_and_by_flask(
    make_app: Callable[..., Flask],
) -> None:
    """The kit's retry: the stored first answer comes back (`Idempotent-Replayed`) from the
    lane as from Flask, and a key reused for another move is refused alike."""
    answers = [_retried(make_app(FAST_LANE=lane)) for lane in (True, False)]
    assert answers[0] == answers[1]
    first, again, other, seat2 = answers[0]
    assert first[0] == again[0] == 200 and first[2] == again[2]
    assert ("Idempotent-Replayed", "true") in again[1]
    assert other[0] == 409 and b"idempotency_key_reused" in other[2]
    assert seat2[0] == 409  # seat 2's key space is its own: a plain stale move


@pytest.mark.parametrize(
    "query", [*VIEWS, "wait=0&wait=0", "after_version=00", "wait=1e1", "wait=0.5"]
)
@pytest.mark.parametrize("who", ["seat", "spectator", "wrong token"])
def test_a_view_is_answered_alike_by_the_lane_and_by_flask(
    make_app: Callable[..., Flask], query: str, who: str
) -> None:
    answers = []
    for lane in (True, False):
        client = make_app(FAST_LANE=lane, MAX_WAIT_SECONDS=0.01).test_client()
        table = Table.create(client, deal=DEAL, seed="lane")
        heads = {
            "seat": auth(table.seat(1).token),
            "spectator": {},
            "wrong token": auth("x.y"),
        }[who]
        r = client.get(f"{API}/games/{table.gid}?{query}", headers=heads)
        answers.append(normalized(table, r))
    assert answers[0] == answers[1], (query, who)


def test_a_game_that_does_not_exist_is_answered_alike(make_app: Callable[..., Flask]) -> None:
    answers = []
    for lane in (True, False):
        client = make_app(FAST_LANE=lane).test_client()
        r = client.get(f"{API}/games/nosuchgame12")
        m = client.post(f"{API}/games/nosuchgame12/moves", json={"move": PLAY}, headers=auth("a.b"))
        answers.append(
            [(x.status_code, sorted(x.headers.items())[:-1], x.get_data()) for x in (r, m)]
        )
    assert answers[0] == answers[1]
    assert answers[0][0][0] == 404


def test_plain_requests_never_reach_flask(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The point of the lane: a plain move and a plain view, accepted or refused, run none of
    Flask's request handling; anything else still does."""
    app = make_app()
    client = app.test_client()
    table = Table.create(client, deal=DEAL, seed="lane")
    reached: list[str] = []
    original = Flask.full_dispatch_request

    def spy(self: Flask) -> Any:
        from flask import request

        reached.append(request.path)
        return original(self)

    monkeypatch.setattr(Flask, "full_dispatch_request", spy)
    key = {"Idempotency-Key": "kit.n.1.0"}
    assert table.seat(1).post_move(PLAY, expected_version=0, headers=key).status_code == 200
    replayed = table.seat(1).post_move(PLAY, expected_version=0, headers=key)
    assert replayed.headers["Idempotent-Replayed"] == "true"  # the retry, in the lane
    assert table.seat(2).view()["version"] == 1
    assert table.seat(1).post_move(PLAY).status_code == 409  # refused, in the lane
    assert client.get(f"{API}/games/{table.gid}").status_code == 200
    assert reached == []
    assert table.seat(2).post_move(PLAY, seat=2).status_code == 422  # not plain: Flask
    assert (
        client.get(f"{API}/games/{table.gid}", headers={"If-None-Match": '"1.public"'}).status_code
        == 304
    )
    assert len(reached) == 2


def _rate_limited(app: Flask, r: Any) -> list[tuple[int, str | None, list[str]]]:
    client = app.test_client()
    table = Table.create(client, deal=DEAL, seed="lane")
    for key in r.scan_iter("ratelimit*"):
        r.delete(key)
    out = []
    forged = f"{table.gid}.{'A' * 32}"  # shaped like a token: checked, then refused
    for token in ["bad.token", "bad.token", "bad.token", forged, table.seat(1).token]:
        res = client.get(f"{API}/games/{table.gid}", headers=auth(token))
        reason = (res.get_json() or {}).get("errors", {}).get("reason")
        out.append((res.status_code, reason, sorted(res.headers.keys())))
    return out


def test_rate_limits_count_and_refuse_alike(make_app: Callable[..., Flask], r: Any) -> None:
    """Limits under 200 count every request in Redis: the lane's requests count, its refused
    credentials lock the address out (and only them), and a 429 carries the same headers as
    Flask's."""
    answers = [
        _rate_limited(
            make_app(
                FAST_LANE=lane,
                RATE_LIMITS_ENABLED=True,
                RATE_LIMIT_PER_ADDRESS="50 per minute",
                RATE_LIMIT_AUTH_FAILURES="2 per minute",
            ),
            r,
        )
        for lane in (True, False)
    ]
    assert answers[0] == answers[1]
    assert [a[:2] for a in answers[0]] == [
        (401, "bad_token"),
        (401, "bad_token"),
        (429, "rate_limited"),  # locked out: two failures spent the limit
        (429, "rate_limited"),
        (200, None),  # a valid token is never locked out
    ]
    assert "RateLimit-Limit" in answers[0][2][2]


def _counted(app: Flask) -> dict[str, float]:
    client = app.test_client()
    table = Table.create(client, deal=DEAL, seed="lane")
    before = _samples()
    key = {"Idempotency-Key": "kit.n.1.0"}
    assert table.seat(1).post_move(PLAY, expected_version=0, headers=key).status_code == 200
    replayed = table.seat(1).post_move(PLAY, expected_version=0, headers=key)
    assert replayed.headers["Idempotent-Replayed"] == "true"  # not counted as a move again
    assert table.seat(1).post_move(PLAY).status_code == 409
    table.seat(2).view()
    after = _samples()
    return {k: after.get(k, 0.0) - before.get(k, 0.0) for k in after if after[k] != before.get(k)}


def _samples() -> dict[str, float]:
    out: dict[str, float] = {}
    for family in (metrics.REQUEST_SECONDS, metrics.MOVES, metrics.REFUSALS):
        for metric in family.collect():
            for s in metric.samples:
                if s.name.endswith(("_bucket", "_sum", "_created")):
                    continue
                out[s.name + repr(sorted(s.labels.items()))] = s.value
    return out


def test_metrics_count_alike(make_app: Callable[..., Flask]) -> None:
    counted = [_counted(make_app(FAST_LANE=lane, METRICS="on")) for lane in (True, False)]
    assert counted[0] == counted[1]
    assert any("duckpond_moves_total" in k and v == 1 for k, v in counted[0].items())
    assert any("not_your_turn" in k for k in counted[0])


def test_the_request_log_line_is_alike(
    make_app: Callable[..., Flask], caplog: pytest.LogCaptureFixture
) -> None:
    lines = []
    for lane in (True, False):
        client = make_app(FAST_LANE=lane).test_client()
        table = Table.create(client, deal=DEAL, seed="lane")
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="duckpond.requests"):
            table.seat(1).post_move(PLAY, expected_version=0, headers={"X-Request-Id": "r-1"})
        (record,) = [r for r in caplog.records if r.name == "duckpond.requests"]
        lines.append(
            {
                name: getattr(record, name, None)
                for name in ("method", "route", "status", "address", "app_key", "request_id")
            }
            | {
                "path": record.path.replace(table.gid, "<id>"),
                "msg": record.getMessage().replace(table.gid, "<id>"),
            }
        )
    assert lines[0] == lines[1]
    assert lines[0]["route"] == "moves.post_move"
    assert lines[0]["request_id"] == "r-1"

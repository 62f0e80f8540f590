"""The lean path of the hot routes (`service.api.common.lean`) answers every request exactly as
the schemas do: the same status, reason and body, with it on and off, for plain requests and
for every kind of request it must leave to the schemas."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth, pinned_deal

DEAL = pinned_deal({1: "4H", 2: "4H 4C 9D", 3: "5S"})
PLAY = {"type": "play", "card": "4H"}

MOVES: list[tuple[str, Any, dict[str, str], str]] = [
    # (what, body or raw bytes, extra headers, query string)
    ("plain", {"move": PLAY}, {}, ""),
    ("expected", {"move": PLAY, "expected_version": 0}, {}, ""),
    ("stale", {"move": PLAY, "expected_version": 3}, {}, ""),
    ("if-match", {"move": PLAY}, {"If-Match": '"0"'}, ""),
    ("bad if-match", {"move": PLAY}, {"If-Match": "zero"}, ""),
    ("long if-match", {"move": PLAY}, {"If-Match": '"' + "1" * 70 + '"'}, ""),
    ("wait 0", {"move": PLAY}, {}, "wait=0"),
    ("wait too long", {"move": PLAY}, {}, "wait=31"),
    ("wait twice", {"move": PLAY}, {}, "wait=1&wait=2"),
    ("wait not a number", {"move": PLAY}, {}, "wait=soon"),
    ("unknown query", {"move": PLAY}, {}, "fast=1"),
    ("illegal card", {"move": {"type": "play", "card": "5S"}}, {}, ""),
    ("unknown card", {"move": {"type": "play", "card": "ZZ"}}, {}, ""),
    ("unknown move field", {"move": {**PLAY, "speed": "x"}}, {}, ""),
    ("unknown body field", {"move": PLAY, "seat": 2}, {}, ""),
    ("null card", {"move": {"type": "play", "card": None}}, {}, ""),
    ("empty type", {"move": {"type": ""}}, {}, ""),
    ("long card", {"move": {"type": "play", "card": "4" * 9}}, {}, ""),
    ("cards", {"move": {"type": "play", "cards": ["4H", "4C"]}}, {}, ""),
    ("cards not strings", {"move": {"type": "play", "cards": [4]}}, {}, ""),
    ("no move", {"expected_version": 0}, {}, ""),
    ("move not an object", {"move": "4H"}, {}, ""),
    ("negative version", {"move": PLAY, "expected_version": -1}, {}, ""),
    ("version as bool", {"move": PLAY, "expected_version": True}, {}, ""),
    ("version as float", {"move": PLAY, "expected_version": 0.0}, {}, ""),
    ("huge version", {"move": PLAY, "expected_version": 10**30}, {}, ""),
    ("body a list", [PLAY], {}, ""),
    ("not json", b"{move", {}, ""),
    ("not declared json", b'{"move": {"type": "play"}}', {"Content-Type": "text/plain"}, ""),
    ("idempotency key", {"move": PLAY}, {"Idempotency-Key": "k"}, ""),
    ("empty idempotency key", {"move": PLAY}, {"Idempotency-Key": ""}, ""),
]  # fmt: skip


def unsalted(view: Any) -> Any:
    """A view with its deal commitment (salted afresh in every game, so two tables of one seed
    and deal never share it: docs/fair-deals.md) as a mark that it is there."""
    if isinstance(view, dict) and "deal_commitment" in view:
        assert len(view["deal_commitment"]) == 64
        return {**view, "deal_commitment": "present"}
    return view


def _answer(
    client: FlaskClient, table: Table, body: Any, headers: dict[str, str], query: str
) -> Any:
    url = f"{API}/games/{table.gid}/moves" + (f"?{query}" if query else "")
    heads = {**auth(table.seat(1).token), **headers}
    if isinstance(body, bytes):
        heads.setdefault("Content-Type", "application/json")
        r = client.post(url, data=body, headers=heads)
    else:
        r = client.post(url, json=body, headers=heads)
    data = r.get_json(silent=True) or {}
    if r.status_code >= 400:
        return r.status_code, data.get("errors", {}).get("reason"), data.get("errors")
    return (
        r.status_code,
        data["version"],
        unsalted(data["view"]),
        data["events"],
        r.headers.get("ETag"),
    )


@pytest.mark.parametrize(("what", "body", "headers", "query"), MOVES, ids=[m[0] for m in MOVES])
def test_a_move_is_answered_alike_with_and_without_the_lean_path(
    make_app: Any, what: str, body: Any, headers: dict[str, str], query: str
) -> None:
    answers = []
    for lean in (True, False):
        client = make_app(LEAN_ROUTES=lean).test_client()
        table = Table.create(client, deal=DEAL, seed="lean")
        answers.append(_answer(client, table, body, headers, query))
    assert answers[0] == answers[1], what


VIEWS = [
    "", "wait=0", "wait=0.5&after_version=0", "after_version=7", "wait=31", "wait=-1",
    "after_version=x", "after_version=1&after_version=2", "other=1", "wait=0.0000001",
]  # fmt: skip


@pytest.mark.parametrize("query", VIEWS)
def test_a_view_is_answered_alike_with_and_without_the_lean_path(make_app: Any, query: str) -> None:
    answers = []
    for lean in (True, False):
        client = make_app(LEAN_ROUTES=lean, MAX_WAIT_SECONDS=0.01).test_client()
        table = Table.create(client, deal=DEAL, seed="lean")
        r = client.get(f"{API}/games/{table.gid}?{query}", headers=auth(table.seat(1).token))
        data = r.get_json()
        reason = data.get("errors", {}).get("reason")
        answers.append((r.status_code, unsalted(data.get("view")), reason))
    assert answers[0] == answers[1], query


def test_plain_requests_skip_the_schemas(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """The point of the lean path: webargs never runs for a plain move or view."""
    import webargs.core

    client = app.test_client()
    table = Table.create(client, deal=DEAL, seed="lean")
    parsed: list[Any] = []
    original = webargs.core.Parser.parse

    def spy(self: Any, *args: Any, **kwargs: Any) -> Any:
        parsed.append(args)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(webargs.core.Parser, "parse", spy)
    assert table.seat(1).post_move(PLAY, expected_version=0).status_code == 200
    assert table.seat(2).view()["version"] == 1
    assert parsed == []
    assert table.seat(2).post_move(PLAY, seat=2).status_code == 422  # not plain: the schemas
    assert parsed

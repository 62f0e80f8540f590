"""`/events?after=` and a game's stream read a resume point with one parser and one bound
(issue 31, item 16): a text one refuses, the other refuses in the same reason and words, and
a point one takes, the other takes to the same effect."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from testkit.streamkit import SSE, parse
from testkit.svc_helpers import API, Table, auth

from service.core import sse
from service.core.errors import ServiceError

ROOT = Path(__file__).resolve().parents[3]

REFUSED = [
    "+5",
    " 5",
    "5 ",
    "00000000000000000005",  # zero-padded to 20 digits
    "\uff11\uff12",  # fullwidth "12"
    "\u0661",  # an Arabic-Indic 1
    "999999999999999999",
    "1000000001",  # one past the bound
    "00000000005",  # eleven digits: more than the bound has
    "-1",
    "1.5",
    "1e3",
    "0x10",
    "",
    "abc",
]
TAKEN = ["0", "1", "0001", "0000000005", "1000000000"]


@pytest.fixture
def client(make_app: Callable[..., Flask]) -> FlaskClient:
    return make_app(STREAM_MAX_SECONDS=0.05).test_client()


def both(client: FlaskClient, table: Table, after: str) -> tuple[Any, Any]:
    seat = auth(table.seats[0].token)
    events = client.get(
        f"{API}/games/{table.gid}/events", query_string={"after": after}, headers=seat
    )
    stream = client.get(
        f"{API}/games/{table.gid}/stream", query_string={"after": after}, headers=seat
    )
    return events, stream


@pytest.mark.parametrize("after", REFUSED)
def test_both_refuse_the_same_texts_in_the_same_words(client: FlaskClient, after: str) -> None:
    events, stream = both(client, Table.create(client), after)
    assert (events.status_code, stream.status_code) == (400, 400), (events.json, stream.json)
    assert events.json["errors"]["reason"] == stream.json["errors"]["reason"] == "invalid_event_id"
    assert events.json["message"] == stream.json["message"]
    assert "from 0 to 1000000000" in events.json["message"]


@pytest.mark.parametrize("after", TAKEN)
def test_both_take_the_same_points(client: FlaskClient, after: str) -> None:
    table = Table.create(client)
    events, stream = both(client, table, after)
    assert (events.status_code, stream.status_code) == (200, 200), (events.json, stream.json)
    listed = [event["n"] for event in events.json["events"]]
    streamed = [int(f["id"]) for f in parse(SSE, stream.get_data()) if "id" in f]
    assert all(n > int(after) for n in listed + streamed)
    assert streamed[: len(listed)] == listed[: len(streamed)]
    if after in ("0", "1"):
        assert listed and listed[0] == int(after) + 1 and streamed[0] == listed[0]


def test_the_specs_pattern_says_exactly_what_the_parser_takes() -> None:
    """The stream's `after` pattern in the checked-in spec holds the same texts as the parser:
    a client (or schemathesis) that keeps to the pattern is never refused, one that breaks it
    always is."""
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    params = spec["paths"]["/api/v1/games/{game_id}/stream"]["get"]["parameters"]
    pattern = next(p["schema"]["pattern"] for p in params if p["name"] == "after")
    for text in REFUSED + TAKEN:
        try:
            taken = sse.event_number("after", text) is not None
        except ServiceError:
            taken = False
        assert bool(re.search(pattern, text)) == taken, (text, pattern)

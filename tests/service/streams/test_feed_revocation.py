"""A feed open when its app key is revoked ends within about a second, with a last
`feed_closed` frame saying why, and sends no entry relayed after the revocation (issue 31,
item 15: before, such a feed went on delivering `turn` entries). Read from a real gunicorn,
as deployed, while the test's own app plays the key's game."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from testkit.streamkit import SSE, FeedReader, parse
from testkit.svc_helpers import API, Seat, Table, auth

from service.access.app_keys import AppKeys
from service.games.callers import APP_KEY_HEADER


def create(app: Flask, key: str) -> Table:
    client = app.test_client()
    body = {"game": "ducksoup", "seats": [{}, {}], "seed": "revoked"}
    made = client.post(f"{API}/games", json=body, headers=auth(key))
    data: dict[str, Any] = made.get_json()
    assert made.status_code == 201, data
    table = Table(client, data["id"], data, host=data["host_token"])
    table.seats = [Seat(client, data["id"], s["seat"], s["token"]) for s in data["seats"]]
    return table


def move(table: Table) -> int:
    """One move by the seat to act (its first legal move): the version it made."""
    seat = table.seat(table.public()["view"]["to_act"][0])
    answer = seat.post_move(seat.view()["view"]["legal_moves"][0])
    body: dict[str, Any] = answer.get_json()
    assert answer.status_code == 200, body
    return int(body["version"])


@pytest.mark.parametrize("accept", ["", "application/x-ndjson"])
def test_an_open_feed_ends_when_its_key_is_revoked(
    make_app: Callable[..., Flask], keys: AppKeys, served_feed: int, accept: str
) -> None:
    app = make_app(APP_KEYS="required")
    issued = keys.issue("acme")
    reader = FeedReader(served_feed, issued.key, accept=accept)
    assert reader.next()["event"] == "feed_opened"
    table = create(app, issued.key)
    assert [f["event"] for f in reader.take(3)] == ["game_created", "game_dealt", "turn"]
    last = move(table)
    assert reader.next()["data"]["version"] == last
    keys.revoke(issued.id)
    revoked_at = time.monotonic()
    # The seats' own tokens still play (they are not the key's): the game goes on.
    while time.monotonic() - revoked_at < 1.5:
        move(table)
        time.sleep(0.1)
    assert reader.ended.wait(3.0), "the feed is still open after its key was revoked"
    frames = []
    while not reader.frames.empty():
        frames.append(reader.frames.get_nowait())
    assert frames, "no closing frame"
    closing = frames[-1]
    assert closing["event"] == "feed_closed" and closing.get("id") is None
    assert closing["data"]["type"] == "feed_closed"
    assert closing["data"]["reason"] == "app_key_revoked"
    assert closing["at"] - revoked_at < 2.5  # generous: the check is every second
    after = [f for f in frames[:-1] if f["event"] == "turn" and f["data"]["version"] > last]
    assert not after, f"{len(after)} turn entries after the revocation"
    again = FeedReader(served_feed, issued.key, accept=accept)
    assert again.status == 403
    reader.close()


def test_a_bound_seats_stream_ends_when_its_key_is_revoked(
    make_app: Callable[..., Flask], keys: AppKeys
) -> None:
    """A bound seat (an outside bot's, in a match) streams with its token beside its owner's
    key; once the key is revoked its open stream ends (`end`, `reason` `app_key_revoked`) and
    sends no event committed after the revocation. The free seat's stream goes on."""
    app = make_app(STREAM_MAX_SECONDS=20)
    owner = keys.issue("owner")
    body = {"game": "ducksoup", "seats": [{}, {}], "seed": "bound"}
    game = dict(
        app.extensions["duckpond"].tables.create(body, owner=owner.id, bound={1: owner.id}).body
    )
    gid = game["id"]
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    client = app.test_client()
    headers = {**auth(tokens[1]), APP_KEY_HEADER: owner.key}
    # Seat 1 leads (the seed): it plays with its key, so that seat 0 is to act.
    seat1 = client.get(f"{API}/games/{gid}", headers=headers).get_json()
    card = seat1["view"]["legal_moves"][0]
    played = client.post(f"{API}/games/{gid}/moves", json={"move": card}, headers=headers)
    assert played.status_code == 200, played.json
    before = int(played.get_json()["version"])
    got: list[tuple[float, bytes]] = []
    stream = client.get(f"{API}/games/{gid}/stream", headers=headers, buffered=False)
    assert stream.status_code == 200

    def read() -> None:
        for chunk in stream.response:
            got.append((time.monotonic(), chunk if isinstance(chunk, bytes) else chunk.encode()))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + 5
    while not got and time.monotonic() < deadline:
        time.sleep(0.05)
    assert got and b"snapshot" in got[0][1]
    keys.revoke(owner.id)
    revoked_at = time.monotonic()
    # Seat 0 is free: it still plays, and its moves are events the revoked stream must not send.
    seat0 = Seat(client, gid, 0, tokens[0])
    view = seat0.view()["view"]
    assert view["to_act"] == [0]
    assert seat0.post_move(view["legal_moves"][0]).status_code == 200
    reader.join(timeout=4.0)
    assert not reader.is_alive(), "the bound seat's stream is still open after revocation"
    frames = parse(SSE, b"".join(chunk for _, chunk in got))
    last = frames[-1]
    assert last["event"] == "end" and last["data"]["reason"] == "app_key_revoked"
    assert last["data"]["status"] == "playing"
    assert got[-1][0] - revoked_at < 2.5  # generous: the check is every second
    assert not [
        f
        for f in frames
        if f["event"] == "event"
        and f["data"]["type"] == "card_played"
        and f["data"]["version"] > before
        and f["data"]["data"]["seat"] == 0
    ]

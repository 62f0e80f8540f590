"""No game stream shows a card its caller could not see at a table: every seat, the host and a
spectator of each of the four games read its stream (snapshot, then every event to the end)
and get exactly their own view and the events `/events` gives them, never another seat's
private event, the stock, the seed or a token."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from test_secrets import _walk
from testkit.streamkit import NDJSON, SSE, events, parse
from testkit.svc_helpers import API, Table, auth

from engine import GAMES
from service.storage.keys import events_key

SEED = "SEED-stream-do-not-leak"
SEATS = {"doubleduck": 4, "ducksoup": 2, "duck": 3, "doppelkopf": 4}
SECRET_FIELDS = (".stock", ".seed", ".hands", ".deck", ".salt")


def play_some(table: Table, moves: int) -> None:
    """Each seat's first legal move, `moves` times (dealing when a deal is pending)."""
    for _ in range(moves):
        public = table.public()
        if public["status"] == "deal_pending":
            assert table.seats[0].deal().status_code == 200
            continue
        seat = table.seat(public["view"]["to_act"][0])
        assert seat.post_move(seat.view()["view"]["legal_moves"][0]).status_code == 200


def stream(client: FlaskClient, gid: str, token: str, media: str, query: str = "") -> bytes:
    headers = {"Accept": media, **(auth(token) if token else {})}
    answer = client.get(f"{API}/games/{gid}/stream{query}", headers=headers)
    assert answer.status_code == 200
    return answer.get_data()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_caller_sees_only_what_it_may(
    make_app: Callable[..., Flask], r: redis.Redis, name: str
) -> None:
    assert set(SEATS) == set(GAMES), "a new game needs its seat count here"
    client = make_app(STREAM_MAX_SECONDS=0.05).test_client()
    table = Table.create(client, game=name, seats=[{}] * SEATS[name], seed=SEED)
    other = Table.create(client, game=name, seats=[{}] * SEATS[name])
    play_some(table, 30)  # a few tricks: draws from the stock where the game has them
    gid = table.gid
    callers: list[tuple[int | None, str]] = [(s.seat, s.token) for s in table.seats]
    callers += [(None, table.host), (None, "")]
    secrets = [SEED, table.host, *(s.token for s in table.seats), *(s.token for s in other.seats)]
    stored = [json.loads(e) for e in r.lrange(events_key(gid), 0, -1)]
    private = [n + 1 for n, e in enumerate(stored) if e.get("visible_to") is not None]
    assert private, "the test reached private events"

    bodies: dict[tuple[int | None, str], list[tuple[str, bytes]]] = {}
    for i, (seat, token) in enumerate(callers):
        media = SSE if i % 2 == 0 else NDJSON
        # Mid-game: the snapshot is the caller's own view, the stream idles until its time.
        body = stream(client, gid, token, media)
        frames = parse(media, body)
        view = client.get(f"{API}/games/{gid}", headers=auth(token) if token else {}).json
        assert [f["event"] for f in frames] == ["snapshot"] and frames[0]["data"] == view
        assert frames[0]["id"] == str(len(stored))
        bodies[(seat, token)] = [(media, body)]
    assert (
        client.post(f"{API}/games/{gid}/abandon", json={}, headers=auth(table.host)).status_code
        == 200
    )
    for i, (seat, token) in enumerate(callers):
        media = NDJSON if i % 2 == 0 else SSE
        body = stream(client, gid, token, media, "?after=0")  # every event, then the end
        frames = parse(media, body)
        assert frames[-1]["event"] == "end"
        got = [f["data"] for f in frames if f["event"] == "event"]
        assert got == events(client, None, gid, token, 0)
        seen = {e["n"] for e in got}
        mine = {n for n in private if stored[n - 1]["visible_to"] == seat}
        assert seen & set(private) == mine, "a private event of another seat, or one missing"
        bodies[(seat, token)].append((media, body))

    for (seat, _), texts in bodies.items():
        for media, text in texts:
            assert not any(secret in text.decode() for secret in secrets)
            for frame in parse(media, text):
                for path, value in _walk(frame["data"]):
                    assert not path.endswith(SECRET_FIELDS), path
                    if path.endswith(".hand"):
                        assert seat is not None and path == ".view.hand"
                        assert frame["data"]["seat"] == seat
                    if path.endswith(".visible_to"):
                        assert value == seat

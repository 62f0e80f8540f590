"""A game stream's refusals, in the one error shape, before anything is sent and with nothing
changed: a bad resume point, a wrong token, an unknown game, and each of its bounds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import redis
from flask import Flask
from testkit.service_fixtures import QUEUE_DB
from testkit.streamkit import SSE, parse
from testkit.svc_helpers import API, Table, auth

from service.access.app_keys import AppKeys


def refused(answer: Any, status: int, reason: str) -> None:
    body = answer.get_json()
    assert answer.status_code == status, body
    assert body["code"] == status and body["errors"]["reason"] == reason


def test_bad_resume_points_tokens_and_games_are_refused(
    make_app: Callable[..., Flask], r: redis.Redis
) -> None:
    client = make_app(STREAM_MAX_SECONDS=0.05).test_client()
    table = Table.create(client)
    other = Table.create(client)
    before = table.snapshot(r)
    url = f"{API}/games/{table.gid}/stream"
    seat = auth(table.seats[0].token)
    for bad in ("abc", "-1", "1.5", "9" * 19, "0x10", "1 2", "\u00e9"):
        refused(client.get(url, headers={**seat, "Last-Event-ID": bad}), 400, "invalid_event_id")
        refused(client.get(url, query_string={"after": bad}), 400, "invalid_event_id")
        malformed = {"Last-Event-ID": "1"}  # each one given is checked, even the one that loses
        refused(
            client.get(url, query_string={"after": bad}, headers=malformed), 400, "invalid_event_id"
        )
    # Past the last event, as `/events` reads it: nothing yet (the stream idles to its time).
    beyond = client.get(url, query_string={"after": "999"})
    assert beyond.status_code == 200 and parse(SSE, beyond.get_data()) == []
    # The header wins over the URL's `after` (an EventSource reconnects with both).
    resumed = client.get(url, query_string={"after": "0"}, headers={"Last-Event-ID": "1"})
    assert resumed.status_code == 200
    assert [f["id"] for f in parse(SSE, resumed.get_data())][:1] == ["2"]
    refused(client.get(url, headers=auth(f"{table.gid}.wrong")), 401, "bad_token")
    refused(client.get(url, headers={"Authorization": "Basic x"}), 401, "bad_token")
    refused(client.get(url, headers=auth(other.seats[0].token)), 403, "token_of_another_game")
    refused(client.get(f"{API}/games/nosuchgame/stream"), 404, "no_such_game")
    refused(
        client.get(f"{API}/games/no-such-game/stream", headers=auth("x.y")), 404, "no_such_game"
    )
    assert table.snapshot(r) == before


def test_streams_are_bounded_per_address_per_app_key_and_per_process(
    make_app: Callable[..., Flask], redis_port: int, nodes: str
) -> None:
    app = make_app(
        APP_KEYS="required", STREAMS_PER_ADDRESS=2, STREAMS_PER_APP_KEY=3, STREAM_SLOTS=5
    )
    client = app.test_client()
    keys = AppKeys(redis.Redis(port=redis_port, db=QUEUE_DB[0] if nodes else 0))  # the queues'
    acme, other = keys.issue("acme").key, keys.issue("other").key

    def game(key: str) -> str:
        body = {"game": "ducksoup", "seats": [{}, {}]}
        made = client.post(f"{API}/games", json=body, headers=auth(key))
        assert made.status_code == 201, made.json
        return str(made.json["id"])

    def open_from(gid: str, address: str) -> Any:
        return client.get(f"{API}/games/{gid}/stream", environ_base={"REMOTE_ADDR": address})

    a1, a2, b1 = game(acme), game(acme), game(other)
    held = [open_from(a1, "10.0.0.1"), open_from(a1, "10.0.0.1")]
    assert all(h.status_code == 200 for h in held)  # open, not read
    third = open_from(a2, "10.0.0.1")
    refused(third, 429, "too_many_streams")
    assert third.headers["Retry-After"] == "5"
    held.append(open_from(a2, "10.0.0.2"))  # the key's third
    refused(open_from(a2, "10.0.0.3"), 429, "too_many_streams")  # the key's fourth
    held.append(open_from(b1, "10.0.0.3"))  # another key's game
    held.append(open_from(b1, "10.0.0.4"))
    refused(open_from(b1, "10.0.0.5"), 503, "stream_slots_full")  # the process's sixth
    held.pop(0).close()  # a closed stream gives every place back
    assert open_from(a2, "10.0.0.1").status_code == 200
    for answer in held:
        answer.close()

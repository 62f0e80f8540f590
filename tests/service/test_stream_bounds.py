"""A game stream's end, keep-alives, hang-ups and clients that stop reading, under the real
server (gunicorn's gevent workers); its refusals in the one error shape (in-process)."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from typing import Any

import redis
from flask import Flask
from streamkit import API, SSE, Live, call, parse, play
from svc_helpers import Table, auth
from test_streams import FAST, duck_soup

from service.app_keys import AppKeys


def test_the_stream_ends_after_the_last_event(serve_api: Callable[..., Any]) -> None:
    """Abandoned by its host: the last event, then `end`, then the connection's end; a resume
    after the end gets the `end` frame at once."""
    with serve_api(**FAST) as (port, _):
        gid, tokens, host = duck_soup(port)
        stream = Live(port, gid)
        assert stream.next() is not None
        status, _, _ = call(port, "POST", f"{API}/games/{gid}/abandon", {}, host)
        assert status == 200
        frames = stream.until(10**9)
        assert frames[-1]["event"] == "end" and frames[-1]["id"] is None
        assert frames[-1]["data"]["status"] == "abandoned"
        assert frames[-2]["data"]["type"] == "game_abandoned"
        assert stream.next() is None
        late = Live(port, gid, tokens[0], after=int(frames[-2]["id"]))
        assert [f["event"] for f in late.until(10**9)] == ["end"] and late.next() is None


def test_keepalives_while_idle_and_a_hung_up_stream_gives_its_place_back(
    serve_api: Callable[..., Any],
) -> None:
    with serve_api(STREAMS_PER_ADDRESS="1", **FAST) as (port, _):
        gid, tokens, _ = duck_soup(port)
        stream = Live(port, gid, tokens[0])
        assert stream.next() is not None
        time.sleep(1.0)
        refused = Live(port, gid, tokens[1])
        assert refused.status == 429 and refused.error()["errors"]["reason"] == "too_many_streams"
        assert refused.answer.getheader("Retry-After")
        stream.conn.sock.settimeout(2)  # type: ignore[union-attr]
        raw = stream.answer.read1(4096)  # type: ignore[attr-defined]
        assert b": keep-alive" in raw, raw
        stream.close()
        time.sleep(0.8)  # the server looks every 0.2 s
        back = Live(port, gid, tokens[1])
        assert back.status == 200
        back.close()


def test_a_client_that_stops_reading_is_dropped(serve_api: Callable[..., Any]) -> None:
    """A finished Doppelkopf game's stream is about 67 KB, far more than a client that never
    reads can hold with the server's send buffer: the server drops it within its send timeout
    (its place comes back) instead of waiting on it, and the client never gets the end."""
    env = {"STREAMS_PER_ADDRESS": "1", "STREAM_SEND_BUFFER": "4096",
           "STREAM_SEND_TIMEOUT_SECONDS": "2", **FAST}  # fmt: skip
    with serve_api(**env) as (port, _):
        status, body, _ = call(
            port, "POST", f"{API}/games", {"game": "doppelkopf", "seats": [{}] * 4}
        )
        assert status == 201
        gid, tokens = body["id"], [s["token"] for s in body["seats"]]
        play(port, gid, tokens, 10_000)
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(("127.0.0.1", port))
        stalled.sendall(
            f"GET {API}/games/{gid}/stream?after=0 HTTP/1.1\r\nHost: t\r\n\r\n".encode()
        )
        opened = time.monotonic()
        time.sleep(0.5)
        held = Live(port, gid)
        assert held.status == 429, "the stalled stream holds the address's one place"
        held.close()
        while True:
            again = Live(port, gid)
            if again.status == 200:
                break
            again.close()
            assert time.monotonic() - opened < 15, "the stalled stream was never dropped"
            time.sleep(0.3)
        assert time.monotonic() - opened >= 1.5, "dropped before its send timeout"
        assert again.until(10**9)[-1]["event"] == "end"  # a reading client gets it all
        again.close()
        stalled.settimeout(5)
        got = b""
        try:
            while chunk := stalled.recv(65536):
                got += chunk
        except OSError:
            pass  # reset by the server: the drop
        stalled.close()
        assert b"event: end" not in got and len(got) < 60_000, len(got)


# --- refusals, in-process: the one error shape, and nothing changed -------------------------


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
    # Past the last event, as `/events` reads it: nothing yet (the stream idles to its time).
    beyond = client.get(url, query_string={"after": "999"})
    assert beyond.status_code == 200 and parse(SSE, beyond.get_data()) == []
    # The header wins over the URL's `after` (an EventSource reconnects with both).
    resumed = client.get(url, query_string={"after": "bad"}, headers={"Last-Event-ID": "1"})
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
    make_app: Callable[..., Flask], r: redis.Redis
) -> None:
    app = make_app(
        APP_KEYS="required", STREAMS_PER_ADDRESS=2, STREAMS_PER_APP_KEY=3, STREAM_SLOTS=5
    )
    client = app.test_client()
    keys = AppKeys(r)
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

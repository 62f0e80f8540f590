"""A game stream's end, keep-alives, hang-ups and clients that stop reading, under the real
server (gunicorn's gevent workers)."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from typing import Any

from test_streams import FAST, duck_soup
from testkit.streamkit import API, Live, call, play


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


def test_under_gevent_a_hang_up_is_noticed_at_once(serve_api: Callable[..., Any]) -> None:
    """No keep-alive and no periodic look for half a minute: only the watch on the socket can
    tell the stream that its client left, and its place comes back within a second."""
    quiet = {"STREAM_KEEPALIVE_SECONDS": "30", "STREAM_HANGUP_CHECK_SECONDS": "30"}
    with serve_api(STREAMS_PER_ADDRESS="1", **quiet) as (port, _):
        gid, tokens, _ = duck_soup(port)
        stream = Live(port, gid, tokens[0])
        assert stream.next() is not None
        stream.close()
        left = time.monotonic()
        while (again := Live(port, gid, tokens[1])).status != 200:
            again.close()
            assert time.monotonic() - left < 1.0, "the hung-up stream kept its place"
            time.sleep(0.05)
        again.close()

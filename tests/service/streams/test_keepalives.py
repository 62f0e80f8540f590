"""Keep-alives from one timer per process (issue 33): the ticker (`service.streams.ticker`)
wakes each idle stream when its keep-alive falls due, through the event it waits on, and no
stream keeps a timer of its own; on the wire a silent stream still gets a keep-alive every
`STREAM_KEEPALIVE_SECONDS`."""

from __future__ import annotations

import contextlib
import json
import math
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from testkit.streamkit import NDJSON, SSE, Live, call

from service.streams.ticker import CLOSE_GRACE_SECONDS, Ticker

ROOT = Path(__file__).resolve().parents[3]
API = "/api/v1"


def test_a_silent_stream_gets_a_keepalive_every_period(serve_api: Callable[..., Any]) -> None:
    """A stream on a game nobody plays (SSE and NDJSON): after its snapshot, only
    keep-alives, each after the period of silence (to the ticker's tick, a quarter of it),
    none sooner."""
    period = 0.4
    with serve_api(STREAM_KEEPALIVE_SECONDS=str(period)) as (port, _):
        table = {"game": "ducksoup", "seats": [{}, {}]}
        status, body, _ = call(port, "POST", f"{API}/games", table)
        assert status == 201
        for media, line in ((NDJSON, b"\n"), (SSE, b": keep-alive\n")):
            stream = Live(port, body["id"], media=media)
            assert stream.next() is not None  # the snapshot
            start = time.monotonic()
            seen: list[float] = []
            while len(seen) < 6:
                raw = stream.answer.readline()
                assert raw, "the stream ended"
                if raw == line:
                    seen.append(time.monotonic())
            stream.close()
            gaps = [b - a for a, b in zip([start, *seen], seen, strict=False)]
            assert min(gaps[1:]) >= period * 0.8, gaps  # never sooner than the period
            assert max(gaps) < period * 1.25 + 0.5, gaps  # generous: a loaded machine


def test_one_timer_serves_every_idle_stream() -> None:
    """300 idle streams under gevent (a gunicorn gevent worker's setting): each gets its
    keep-alive every period, while the event loop holds one watch per stream (its socket's)
    and one timer in all (the ticker's); a timer per stream would double the count."""
    out = subprocess.run(
        [sys.executable, str(Path(__file__).parent / "one_timer.py"), "300"],
        cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["pings_least"] >= 6, got  # 2.3 s of idling at a 0.2 s period: about 11
    assert got["active_watchers"] <= got["streams"] + 5, got


class Woken:
    """A stream's event, as the ticker sets it: when it was set, each time."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.event = threading.Event()

    def wait(self, seconds: float) -> bool:
        if not self.event.wait(seconds):
            return False
        self.times.append(time.monotonic())
        self.event.clear()
        return True


def test_the_ticker_wakes_the_streams_due_and_spares_those_that_sent() -> None:
    """One ticker, many streams: an idle one is pinged every period; one that keeps sending is
    never pinged; one whose time is up is woken without a ping; a released one never again."""
    period = 0.2
    ticker = Ticker(period)
    assert ticker.tick == period / 4
    idle, busy, ending, gone = Woken(), Woken(), Woken(), Woken()
    start = time.monotonic()
    beat = ticker.open(idle.event)
    sending = ticker.open(busy.event)
    ends = ticker.open(ending.event, deadline=start + 0.1)  # before its first keep-alive
    released = ticker.open(gone.event)
    ticker.release(released)
    pings = 0
    while time.monotonic() < start + 1.05:
        sending.sent()
        if idle.wait(0.02) and beat.ping:
            beat.ping = False
            pings += 1
    # At 0.2 s to 0.25 s, then every 0.2 s: about 5 in 1.05 s; fewer on a loaded machine.
    assert 2 <= pings <= 5, (pings, idle.times)
    gaps = [b - a for a, b in zip(idle.times, idle.times[1:], strict=False)]
    assert all(period * 0.7 < gap for gap in gaps), gaps  # never sooner than the period
    assert not busy.event.is_set() and not sending.ping
    assert ending.event.is_set() and not ends.ping
    assert not gone.event.is_set()
    assert ticker.ticks >= 5
    assert [t.name for t in threading.enumerate()].count("duckpond-stream-ticker") >= 1


def test_close_wakes_every_open_stream_at_once() -> None:
    """`close` (SIGTERM) takes no lock and wakes every open stream through the ticker's thread
    within a moment, however long until their keep-alive."""
    ticker = Ticker(60.0)
    events = [threading.Event() for _ in range(50)]
    for event in events:
        ticker.open(event)
    time.sleep(0.05)
    start = time.monotonic()
    ticker.close()
    assert ticker.closing
    assert all(event.wait(2.0) for event in events)
    assert time.monotonic() - start < 1.0
    late = threading.Event()
    ticker.open(late)
    assert late.is_set(), "a stream opened while closing is woken at once"
    assert math.isclose(ticker.tick, 1.0)


def test_after_close_only_a_client_that_takes_no_bytes_is_cut() -> None:
    """After `close` and its grace, a stream still open whose client stopped reading (its
    socket full: the stream is stuck on a write) has its connection cut; one whose client
    takes bytes (the stream only waits for the CPU) keeps it, to send its closing frame."""
    stuck, stuck_peer = socket.socketpair()
    slow, slow_peer = socket.socketpair()
    stuck.setblocking(False)
    with contextlib.suppress(BlockingIOError):
        while True:
            stuck.send(b"x" * 65536)  # its peer never reads: full
    ticker = Ticker(60.0)
    ticker.open(threading.Event(), sock=stuck)
    ticker.open(threading.Event(), sock=slow)
    ticker.close()
    time.sleep(CLOSE_GRACE_SECONDS + 0.5)
    with pytest.raises(OSError):
        stuck.send(b"x")  # cut: reset, shut down
    slow.send(b"closing frame")
    assert slow_peer.recv(64) == b"closing frame"
    for sock in (stuck, stuck_peer, slow, slow_peer):
        sock.close()

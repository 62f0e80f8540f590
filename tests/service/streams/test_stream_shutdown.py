"""SIGTERM with streams open (issue 33): every game stream and feed ends at once with a closing
frame that says where to resume, the worker exits within the bound, and a client that resumes
from that point on another process misses nothing and gets nothing twice."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from test_feed import create, play
from testkit.streamkit import NDJSON, FeedReader, Live, events

from service.access.app_keys import AppKeys

API = "/api/v1"
KEYED = {"APP_KEYS": "required", "STREAM_KEEPALIVE_SECONDS": "0.5"}
EXIT_BOUND = 2.0
"""The bound of the issue: every stream closed and the process gone."""
LOADED = 6.0
"""What a loaded test machine may add to it (still far below gunicorn's graceful timeout, 30 s
here; `scripts/bench/streams.py --sigterm` measures the figure itself)."""


def count(client: Any, gid: str) -> int:
    """How many events the game has (`/events`' next point after all)."""
    after = 0
    while True:
        page = client.get(f"{API}/games/{gid}/events?after={after}&limit=200").json
        after = page["next_after"]
        if not page["has_more"]:
            return int(after)


def until_closing(stream: Live) -> tuple[list[dict[str, Any]], dict[str, Any], float]:
    """A stream's frames up to its closing frame (which must come), and when it came."""
    frames: list[dict[str, Any]] = []
    while True:
        frame = stream.next()
        assert frame is not None, f"the stream ended without a closing frame after {frames}"
        if frame["event"] == "closing":
            assert stream.next() is None, "the closing frame is the last"
            return frames, frame, time.monotonic()
        frames.append(frame)


def test_sigterm_closes_every_stream_resumably_and_the_worker_exits(
    keyed: Flask, keys: AppKeys, serve_api: Callable[..., Any]
) -> None:
    """A seat's stream (SSE), a spectator's (NDJSON) and the key's feed (NDJSON) are open on
    one process; SIGTERM: each gets its closing frame (`closing`; the feed's `feed_closed`,
    `reason` `server_restart`) with the last event or entry it passed as `id` and
    `resume_after`, and the process is gone within the bound. Moves go on meanwhile; each
    client resumes there on a second process: what it read plus what it reads is exactly
    `/events` (the feed: every entry from its start), no gap and no duplicate."""
    key = keys.issue("acme").key
    table = create(keyed, key)
    gid, client = table.gid, keyed.test_client()
    token = table.seats[0].token
    with serve_api(**KEYED) as (port, proc):
        seat = Live(port, gid, token, timeout=30)
        watcher = Live(port, gid, media=NDJSON, timeout=30)
        feed = FeedReader(port, key, accept=NDJSON)
        seat_snap, watch_snap = seat.next(), watcher.next()
        assert seat_snap is not None and watch_snap is not None
        feed_start = feed.next()
        assert feed_start["event"] == "feed_opened"
        play(table, 3)
        heard = feed.take(3)  # the turns of the three moves
        seat_read = seat.until(count(client, gid))
        signalled = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        more_seat, seat_closing, seat_at = until_closing(seat)
        watch_frames, watch_closing, watch_at = until_closing(watcher)
        feed_closing = feed.next(timeout=10)
        proc.wait(timeout=30)
        gone = time.monotonic() - signalled
    closed = max(seat_at, watch_at, feed_closing["at"]) - signalled
    print(f"closing frames after {closed:.2f} s, process gone after {gone:.2f} s")
    assert gone < EXIT_BOUND + LOADED, f"the process took {gone:.1f} s to exit"
    assert closed < EXIT_BOUND + LOADED

    total = count(client, gid)
    for closing, frames in ((seat_closing, [seat_snap, *seat_read, *more_seat]),
                            (watch_closing, [watch_snap, *watch_frames])):  # fmt: skip
        assert closing["data"] == {"reason": "server_restart", "resume_after": total}, closing
        assert closing["id"] == str(total)
        assert int(frames[-1]["id"]) == total  # the last frame it read: all of them
    assert seat_closing["retry"] == "1000"  # SSE: when to reconnect
    assert feed_closing["event"] == "feed_closed" and feed_closing["id"] == heard[-1]["id"]
    assert feed_closing["data"]["reason"] == "server_restart"
    assert feed_closing["data"]["resume_after"] == heard[-1]["id"]
    feed.close()

    play(table, 4)  # while nobody listens
    with serve_api(**KEYED) as (port, _):
        again = Live(port, gid, token, last_event_id=seat_closing["id"])
        resumed = again.until(count(client, gid))
        again.close()
        assert resumed[0]["event"] == "event", "a resume starts with the next event, no snapshot"
        read = [f["data"] for f in [*seat_read, *more_seat, *resumed] if f["event"] == "event"]
        assert read == events(client, None, gid, token, int(seat_snap["id"]))
        watching = Live(port, gid, media=NDJSON, after=int(watch_closing["id"]))
        tail = watching.until(count(client, gid))
        watching.close()
        seen = [f["data"] for f in [*watch_frames, *tail] if f["event"] == "event"]
        assert seen == events(client, None, gid, None, int(watch_snap["id"]))
        back = FeedReader(port, key, last_id=feed_closing["id"], accept=NDJSON)
        rest = back.take(4)
        assert back.quiet()
        back.close()
        whole = FeedReader(port, key, last_id=feed_start["id"], accept=NDJSON)
        everything = whole.take(3 + 4)
        whole.close()
        assert [f["id"] for f in heard + rest] == [f["id"] for f in everything]

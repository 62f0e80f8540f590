"""A game's event stream (`GET /api/v1/games/<id>/stream`) under the real server (gunicorn's
gevent workers), on one Redis and on the cluster: the snapshot, every event live, an exact
resume (also on another API process), the end, and what a stream must not hold."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from testkit.streamkit import API, NDJSON, SSE, Live, call, events, play

FAST = {"STREAM_KEEPALIVE_SECONDS": "0.3", "STREAM_HANGUP_CHECK_SECONDS": "0.2"}


def duck_soup(port: int) -> tuple[str, list[str], str]:
    """A Duck Soup table of two humans: its id, seat tokens and host token."""
    status, body, _ = call(port, "POST", f"{API}/games", {"game": "ducksoup", "seats": [{}, {}]})
    assert status == 201
    return body["id"], [s["token"] for s in body["seats"]], body["host_token"]


def events_count(port: int, gid: str) -> int:
    """How many events the game has (what `/events` pages through)."""
    n = 0
    while True:
        _, page, _ = call(port, "GET", f"{API}/games/{gid}/events?after={n}&limit=200")
        n = page["next_after"]
        if not page["has_more"]:
            return int(n)


def event_frames(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for frame in frames:
        if frame["event"] == "event":
            assert frame["id"] == str(frame["data"]["n"])
            out.append(frame["data"])
    return out


def test_snapshot_then_every_event_live_and_an_exact_resume(
    serve_api: Callable[..., Any], backend: str
) -> None:
    """Seat 0 reads its snapshot and events as they happen (each within a second of the move),
    hangs up, misses moves, resumes with Last-Event-ID: what it read is exactly `/events`
    from the snapshot on, its private draws included, no gap and no duplicate. A spectator
    does the same in NDJSON with `?after=`, and sees no private event."""
    with serve_api(**FAST) as (port, _):
        gid, tokens, _ = duck_soup(port)
        seat = Live(port, gid, tokens[0])
        watcher = Live(port, gid, media=NDJSON)
        assert seat.status == 200 and seat.answer.getheader("Content-Type").startswith(SSE)
        assert watcher.answer.getheader("Content-Type") == NDJSON
        snap = seat.next()
        assert snap is not None and snap["event"] == "snapshot"
        _, view, _ = call(port, "GET", f"{API}/games/{gid}", token=tokens[0])
        assert snap["data"] == view and snap["id"] == str(events_count(port, gid))
        spectator_snap = watcher.next()
        assert spectator_snap is not None and spectator_snap["data"]["role"] == "spectator"
        start = int(snap["id"])

        read: list[dict[str, Any]] = []
        for _ in range(4):
            moved = play(port, gid, tokens, 1)
            target = events_count(port, gid)
            got = seat.until(target)
            assert time.monotonic() - moved < 1.0, "an event reached the stream late"
            read += event_frames(got)
        seat.close()
        play(port, gid, tokens, 6)  # missed while away
        again = Live(port, gid, tokens[0], last_event_id=str(read[-1]["n"]))
        target = events_count(port, gid)
        resumed = again.until(target)
        assert resumed[0]["event"] == "event", "a resume starts with the next event, no snapshot"
        read += event_frames(resumed)
        again.close()
        expected = events(None, port, gid, tokens[0], start)
        assert read == expected
        assert any(e.get("visible_to") == 0 for e in read), "the test reached a private draw"

        seen = event_frames(watcher.until(target))
        watcher.close()
        resumed_watch = Live(port, gid, media=NDJSON, after=seen[2]["n"])
        play(port, gid, tokens, 2)
        tail = event_frames(resumed_watch.until(events_count(port, gid)))
        resumed_watch.close()
        public = events(None, port, gid, None, start)
        assert seen[:3] + tail == public
        assert not any("visible_to" in e for e in public)


def test_a_resume_on_another_api_process(serve_api: Callable[..., Any], backend: str) -> None:
    """The first process stops: its stream ends with a `closing` frame whose `id` is where to
    resume (the last event it passed); moves are made through a second one, and the client
    resumes there from that id: nothing lost, nothing twice."""
    with serve_api(**FAST) as (first, process):
        gid, tokens, _ = duck_soup(first)
        stream = Live(first, gid, tokens[1])
        snap = stream.next()
        assert snap is not None
        play(first, gid, tokens, 3)
        resume = events_count(first, gid)
        read = event_frames(stream.until(resume))
        process.terminate()
        process.wait(timeout=30)
        closing = stream.next()
        assert closing is not None and closing["event"] == "closing", closing
        assert closing["id"] == str(resume) and closing["retry"] == "1000"
        assert closing["data"] == {"reason": "server_restart", "resume_after": resume}
        assert stream.next() is None, "the stream ends when its process stops"
    with serve_api(**FAST) as (second, _):
        play(second, gid, tokens, 4)
        again = Live(second, gid, tokens[1], last_event_id=closing["id"])
        read += event_frames(again.until(events_count(second, gid)))
        again.close()
        assert read == events(None, second, gid, tokens[1], int(snap["id"]))

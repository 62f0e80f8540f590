"""Reading the game streams in tests: frames from a live connection (SSE or NDJSON) or from a
whole body, and the events a caller should get, from `/events`."""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import socket
import threading
import time
from collections.abc import Sequence
from typing import Any

from testkit.svc_helpers import call

API = "/api/v1"
SSE, NDJSON = "text/event-stream", "application/x-ndjson"

Frame = dict[str, Any]
"""{"id": str | None, "event": str | None, "data": the JSON data}; an SSE closing frame also
has "retry"."""


def parse(media: str, body: bytes) -> list[Frame]:
    """Every frame of a whole stream body (keep-alives skipped)."""
    frames: list[Frame] = []
    if media == NDJSON:
        for line in body.split(b"\n"):
            if line.strip():
                frames.append(_ndjson(line))
        return frames
    for block in body.decode().split("\n\n"):
        frame = _sse(block.split("\n"))
        if frame is not None:
            frames.append(frame)
    return frames


def _ndjson(line: bytes) -> Frame:
    obj = json.loads(line)
    assert set(obj) <= {"id", "event", "data"}, obj
    return {"id": obj.get("id"), "event": obj.get("event"), "data": obj["data"]}


def _sse(lines: list[str]) -> Frame | None:
    frame: Frame = {"id": None, "event": None}
    data = None
    for line in lines:
        if not line or line.startswith(":"):
            continue
        name, _, value = line.partition(": ")
        if name == "data":
            assert data is None, "one data line per frame"
            data = json.loads(value)
        else:
            assert name in ("id", "event", "retry"), line  # retry: a closing frame's
            frame[name] = value
    if data is None:
        assert frame == {"id": None, "event": None}, frame
        return None
    frame["data"] = data
    return frame


class Live:
    """A stream read as it comes, over its own connection (close it to hang up)."""

    def __init__(
        self,
        port: int,
        gid: str,
        token: str | None = None,
        *,
        media: str = SSE,
        after: int | None = None,
        last_event_id: str | None = None,
        timeout: float = 10.0,
        rematch: bool = False,
    ) -> None:
        self.media = media
        self.keepalives = 0
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        headers = {"Accept": media}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        params = ([] if after is None else [f"after={after}"]) + (
            ["rematch=true"] if rematch else []
        )
        query = f"?{'&'.join(params)}" if params else ""
        self.conn.request("GET", f"{API}/games/{gid}/stream{query}", headers=headers)
        self.answer = self.conn.getresponse()
        self.status = self.answer.status

    def error(self) -> dict[str, Any]:
        """A refused stream's answer body."""
        return dict(json.loads(self.answer.read()))

    def next(self) -> Frame | None:
        """The next frame, or None at the end of the stream."""
        if self.media == NDJSON:
            while True:
                line = self.answer.readline()
                if not line:
                    return None
                if line.strip():
                    return _ndjson(line)
                self.keepalives += 1
        lines: list[str] = []
        while True:
            raw = self.answer.readline()
            if not raw:
                return None
            line = raw.decode().rstrip("\n")
            if line:
                lines.append(line)
                continue
            frame = _sse(lines)
            if frame is not None:
                return frame
            self.keepalives += any(entry.startswith(":") for entry in lines)
            lines = []

    def until(self, n: int) -> list[Frame]:
        """Frames up to the one whose id is `n` or more (or the end frame)."""
        frames = []
        while True:
            frame = self.next()
            assert frame is not None, f"the stream ended before event {n}"
            frames.append(frame)
            if frame["event"] == "end" or (frame["id"] is not None and int(frame["id"]) >= n):
                return frames

    def close(self) -> None:
        self.conn.close()


def events(client: Any, port: int | None, gid: str, token: str | None, after: int) -> list[Any]:
    """Every event numbered after `after` that the caller sees on `/events`, by pages (through
    a Flask test client, or over HTTP to `port`)."""
    out: list[Any] = []
    while True:
        path = f"{API}/games/{gid}/events?after={after}&limit=200"
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if client is not None:
            page = client.get(path, headers=headers).json
        else:
            page = call(port or 0, "GET", path, token=token)[1]
        out += page["events"]
        after = page["next_after"]
        if not page["has_more"]:
            return out


def play(port: int, gid: str, tokens: list[str], moves: int) -> float:
    """Play `moves` moves, each seat its first legal move (dealing when a deal is pending);
    returns the monotonic time the last one was answered."""
    done = time.monotonic()
    for _ in range(moves):
        _, public, _ = call(port, "GET", f"{API}/games/{gid}")
        if public["status"] == "over":
            break
        if public["status"] == "deal_pending":
            call(port, "POST", f"{API}/games/{gid}/deal", {}, tokens[0])
            continue
        seat = public["view"]["to_act"][0]
        _, view, _ = call(port, "GET", f"{API}/games/{gid}", token=tokens[seat])
        status, _, _ = call(
            port, "POST", f"{API}/games/{gid}/moves", {"move": view["view"]["legal_moves"][0]},
            tokens[seat],
        )  # fmt: skip
        assert status == 200
        done = time.monotonic()
    return done


class FeedReader:
    """A client of an app key's feed over a real connection: frames (id, event, data) as they
    come, in either medium."""

    def __init__(
        self,
        port: int,
        key: str,
        last_id: str | None = None,
        accept: str = "",
        events: Sequence[str] = (),
    ) -> None:
        self.frames: queue.Queue[Frame] = queue.Queue()
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Authorization": f"Bearer {key}"}
        if last_id is not None:
            headers["Last-Event-ID"] = last_id
        if accept:
            headers["Accept"] = accept
        query = "".join(f"&events={e}" for e in events).replace("&", "?", 1)
        self.conn.request("GET", f"{API}/feed{query}", headers=headers)
        self.sock = self.conn.sock
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.media = self.response.getheader("Content-Type", "")
        self.ended = threading.Event()
        """Set when the server ended the stream (or the connection broke)."""
        if self.status == 200:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            self._frames()
        finally:
            self.ended.set()

    def _frames(self) -> None:
        frame: Frame = {}
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if self.media.startswith("application/x-ndjson"):
                    if line:
                        self.frames.put({**json.loads(line), "at": time.monotonic()})
                elif line.startswith("id: "):
                    frame["id"] = line[4:]
                elif line.startswith("event: "):
                    frame["event"] = line[7:]
                elif line.startswith("data: "):
                    frame["data"] = json.loads(line[6:])
                elif line == "" and frame:
                    self.frames.put({**frame, "at": time.monotonic()})
                    frame = {}
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            return

    def next(self, timeout: float = 10.0) -> Frame:
        return self.frames.get(timeout=timeout)

    def take(self, count: int, timeout: float = 10.0) -> list[Frame]:
        return [self.next(timeout) for _ in range(count)]

    def quiet(self, seconds: float = 0.5) -> bool:
        """Nothing more arrives for `seconds`."""
        try:
            self.frames.get(timeout=seconds)
        except queue.Empty:
            return True
        return False

    def drain(self) -> list[Any]:
        """The data of every frame that has come and was not read yet, without waiting."""
        out = []
        while True:
            try:
                out.append(self.frames.get_nowait()["data"])
            except queue.Empty:
                return out

    def close(self) -> None:
        """Hang up at once (a read blocked in the reader's thread returns)."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()

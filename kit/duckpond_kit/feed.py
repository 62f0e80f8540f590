"""Following an app key's feed (`GET /api/v1/feed`, NDJSON) for as long as the kit runs.

The reader keeps the id of the last entry it handled and reconnects after any cut with
`Last-Event-ID: <id>`, so it gets exactly the entries it missed, none twice. A resume point the
feed no longer reaches (410 `feed_expired`, after the retention: an hour) is dropped: the
feed is opened afresh, and `on_connect` (which reads the key's live seats) covers the gap.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import socket
import threading
from collections.abc import Callable, Sequence
from typing import Any

import httpx

from duckpond_kit.transport import FIRST_BACKOFF, MAX_BACKOFF, KitError, retry_after, retryable

log = logging.getLogger("duckpond_kit")

NDJSON = "application/x-ndjson"
FEED_PATH = "/api/v1/feed"
READ_SECONDS = 60.0
"""The longest a read of the feed may block: keep-alives come every 15 s, so a silent minute
is a dead connection."""

OnEntry = Callable[[str, dict[str, Any]], None]


class FeedReader:
    """One app key's feed, read in a loop by `follow` until `stop`."""

    def __init__(
        self,
        http: httpx.Client,
        *,
        after: str | None = None,
        events: Sequence[str] | None = None,
    ) -> None:
        self.http = http
        self.events = tuple(events) if events else None
        """Only entries of these types (`?events=`); None: every one."""
        self.last_id = after
        """The id of the last entry handled: where a reconnect resumes."""
        self.connects = 0
        self._stopped = threading.Event()
        self._response: httpx.Response | None = None

    def stop(self) -> None:
        """End `follow` at once: the open connection is shut under its blocking read."""
        self._stopped.set()
        self.cut()

    def cut(self) -> None:
        """Shut the open connection (as a network cut would): `follow` reconnects unless
        stopped. A socket's shutdown wakes a read blocked on it; closing it would not."""
        response = self._response
        if response is None:
            return
        stream = response.extensions.get("network_stream")
        sock = stream.get_extra_info("socket") if stream is not None else None
        with contextlib.suppress(OSError):
            if isinstance(sock, socket.socket):
                sock.shutdown(socket.SHUT_RDWR)

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def follow(self, on_entry: OnEntry, on_connect: Callable[[], None]) -> None:
        """Read entries into `on_entry(type, data)` until `stop`; `on_connect()` runs after
        each (re)connection is accepted, before its first entry is read."""
        backoff = FIRST_BACKOFF
        while not self.stopped:
            try:
                if self._read_once(on_entry, on_connect):
                    backoff = FIRST_BACKOFF  # it was connected: a cut is news, not a fault
                    continue
            except KitError:
                raise
            except Exception as exc:  # a cut connection, or one closed by `stop`
                if self.stopped:
                    return
                log.info("feed: %s: %s; reconnecting", type(exc).__name__, exc)
            pause = backoff * (1 + random.random() * 0.2)
            backoff = min(backoff * 2, MAX_BACKOFF)
            self._stopped.wait(pause)

    def _read_once(self, on_entry: OnEntry, on_connect: Callable[[], None]) -> bool:
        """One connection: True when it was accepted and has ended (reconnect at once)."""
        headers = {"Accept": NDJSON}
        if self.last_id is not None:
            headers["Last-Event-ID"] = self.last_id
        timeout = httpx.Timeout(10.0, read=READ_SECONDS)
        params = {"events": list(self.events)} if self.events else None
        with self.http.stream(
            "GET", FEED_PATH, headers=headers, params=params, timeout=timeout
        ) as response:
            if response.status_code == 410:
                log.warning("feed: resume point %s expired; opening it afresh", self.last_id)
                self.last_id = None
                return True
            if retryable(response):
                response.read()
                self._stopped.wait(retry_after(response) or 1.0)
                return True
            if response.status_code != 200:
                response.read()
                raise KitError.of(response)
            self._response = response
            self.connects += 1
            on_connect()
            for line in response.iter_lines():
                if self.stopped:
                    return True
                if not line.strip():
                    continue  # a keep-alive
                frame = json.loads(line)
                data = frame.get("data")
                if isinstance(data, dict):
                    on_entry(str(frame.get("event") or data.get("type") or ""), data)
                if frame.get("id") is not None:
                    self.last_id = str(frame["id"])
            self._response = None
            return True

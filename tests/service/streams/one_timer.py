"""Run alone (`python one_timer.py N`): N idle game streams under gevent, as a gunicorn gevent
worker holds them, each on its own socket, with a short keep-alive period; prints, as JSON,
the event loop's active watchers while they idle and the keep-alives each stream sent.

Why a process of its own: gevent patches the standard library for the whole process
(`test_keepalives.py::test_one_timer_serves_every_idle_stream` runs it)."""

from gevent import monkey

monkey.patch_all()

import json  # noqa: E402
import socket  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402

from service.core.connections import Peer  # noqa: E402
from service.core.sse import NDJSON, keepalive  # noqa: E402
from service.games.callers import Caller  # noqa: E402
from service.storage.records import Head, Stored  # noqa: E402
from service.streams.streams import Limits, Streams  # noqa: E402

PERIOD = 0.2


class Store:
    """A game that never changes: its head and no event."""

    def events_after(self, gid: str, start: int) -> tuple[Head, int, list[bytes]]:
        return Head(1, "playing", (0,)), 0, []


def main(count: int) -> None:
    limits = Limits(keepalive=PERIOD, hangup_check=2.0, max_seconds=600.0)
    streams = Streams(Store(), None, limits)  # type: ignore[arg-type]
    stored = Stored("g1", 1, {}, {}, "playing", 0, (0,))
    pings = [0] * count
    pairs = [socket.socketpair() for _ in range(count)]

    def follow(i: int) -> None:
        ours = pairs[i][0]
        for chunk in streams.frames(stored, Caller(), None, 0, NDJSON, Peer("t"), ours):
            pings[i] += chunk == keepalive(NDJSON)

    for i in range(count):
        gevent.spawn(follow, i)
    gevent.sleep(2.5 * PERIOD)  # every stream idle, past its first keep-alive
    loop = gevent.get_hub().loop
    active: list[int] = []
    for _ in range(10):
        active.append(loop.activecnt)
        gevent.sleep(PERIOD / 3)
    gevent.sleep(5 * PERIOD)
    out: dict[str, Any] = {
        "streams": count,
        "active_watchers": min(active),  # between bursts of wake-ups
        "active_watchers_most": max(active),
        "pings_least": min(pings),
        "pings_most": max(pings),
        "threads": threading.active_count(),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main(int(sys.argv[1]))

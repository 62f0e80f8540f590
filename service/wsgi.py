"""The WSGI entry point: `gunicorn service.wsgi:app`."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

from service.app import create_app
from service.core import heap
from service.http import edges, security_headers

app = create_app()
edges.server_errors_as_json()
security_headers.hide_server_banner()


def _answer_waiters_on_shutdown(*closers: Callable[[], None]) -> None:
    """On SIGTERM, gunicorn lets a worker finish its requests for up to its graceful timeout.
    Requests that wait for a turn (`?wait=`) would hold it that long and then be cut off:
    instead they answer at once with the game as it is, and open game streams and feeds end
    with a closing frame that says where to resume (`Streams.close`), their connections
    closed after it, so the worker is idle at gunicorn's next look (within a second) and
    exits; then gunicorn's own handler runs. gunicorn installs its handlers
    before it loads this module, so this one comes first."""
    if threading.current_thread() is not threading.main_thread():
        return
    previous = signal.getsignal(signal.SIGTERM)

    def handler(signum: int, frame: FrameType | None) -> Any:
        for close in closers:
            close()
        if callable(previous):
            return previous(signum, frame)
        return None

    signal.signal(signal.SIGTERM, handler)


_layers = app.extensions["duckpond"]
_answer_waiters_on_shutdown(_layers.streams.close, _layers.changes.close, _layers.feed_hub.close)
heap.freeze()

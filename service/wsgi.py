"""The WSGI entry point: `gunicorn service.wsgi:app`."""

from __future__ import annotations

import signal
import threading
from types import FrameType
from typing import Any

from service import edges, heap, security_headers
from service.app import create_app
from service.waits import Changes

app = create_app()
edges.server_errors_as_json()
security_headers.hide_server_banner()


def _answer_waiters_on_shutdown(changes: Changes) -> None:
    """On SIGTERM, gunicorn lets a worker finish its requests for up to its graceful timeout.
    Requests that wait for a turn (`?wait=`) would hold it that long and then be cut off:
    instead they answer at once with the game as it is, then gunicorn's own handler runs.
    gunicorn installs its handlers before it loads this module, so this one comes first."""
    if threading.current_thread() is not threading.main_thread():
        return
    previous = signal.getsignal(signal.SIGTERM)

    def handler(signum: int, frame: FrameType | None) -> Any:
        changes.close()
        if callable(previous):
            return previous(signum, frame)
        return None

    signal.signal(signal.SIGTERM, handler)


_answer_waiters_on_shutdown(app.extensions["duckpond"].changes)
heap.freeze()

"""The client at the other end of a request's connection: its address, and whether it hung up.

Why: a request that waits (`?wait=`) may outlive its client. A client that closes its
connection (a closed tab, a fire-and-forget script) must not keep its wait slot, nor its
address's share of spectator waits (`service.streams.waits`), for the rest of the wait. gunicorn and
werkzeug hand the connection's socket to the application (`gunicorn.socket`,
`werkzeug.socket`); once the request's body is read, a readable socket that yields no bytes is
a connection the client closed.
"""

from __future__ import annotations

import contextlib
import select
import socket
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

SOCKET_KEYS = ("gunicorn.socket", "werkzeug.socket")
"""Where WSGI servers put the request's socket in the environ."""


def _never() -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Peer:
    """Who sent a request: `address` (None when unknown, as in a test client) and `gone`,
    which tells, without blocking, whether the client has closed its connection."""

    address: str | None = None
    gone: Callable[[], bool] = field(default=_never)


NOBODY = Peer()
"""A caller with no connection to watch (in-process callers, tests)."""


def hung_up(sock: socket.socket) -> bool:
    """Whether the client closed `sock`: a peek that finds the end of the stream (or a reset).

    Bytes waiting (a pipelined request) mean the client is still there. The socket's timeout
    is set to zero only for the peek, so a blocking socket (gthread) or a cooperative one
    (gevent) never blocks here, and is restored for the server's own reads and writes."""
    try:
        previous = sock.gettimeout()
    except OSError:
        return True
    try:
        sock.settimeout(0.0)
        return sock.recv(1, socket.MSG_PEEK) == b""
    except (BlockingIOError, InterruptedError):
        return False
    except OSError:
        return True  # reset by the peer, or closed under us
    finally:
        with contextlib.suppress(OSError):
            sock.settimeout(previous)


def socket_of(environ: Mapping[str, Any]) -> socket.socket | None:
    """The request's socket, where the WSGI server hands it over (None in a test client)."""
    sockets = (environ.get(key) for key in SOCKET_KEYS)
    return next((s for s in sockets if hasattr(s, "recv") and hasattr(s, "settimeout")), None)


def peer_of(environ: Mapping[str, Any]) -> Peer:
    """The request's client, from its WSGI environ."""
    address = environ.get("REMOTE_ADDR") or None
    sock = socket_of(environ)
    if sock is None:
        return Peer(address)
    return Peer(address, lambda: hung_up(sock))


def _gevent() -> Any:
    """gevent's hub, when the process runs under it (gunicorn's gevent workers patch the
    standard library before they load the app), else None."""
    try:
        from gevent import get_hub, monkey
    except ImportError:
        return None
    return get_hub() if monkey.is_module_patched("socket") else None


def _poll(sock: socket.socket, seconds: float, patched: bool) -> bool:
    try:
        poller = select.poll() if patched else _original_poll()
        poller.register(sock.fileno(), select.POLLOUT)
        ready = poller.poll(seconds * 1000)
    except (OSError, ValueError):
        return False
    return any(mask & select.POLLOUT and not mask & (select.POLLERR | select.POLLHUP)
               for _, mask in ready)  # fmt: skip


def _original_poll() -> Any:
    """The system's `select.poll`, even where gevent patched it: a look that never waits
    needs no watcher on gevent's loop (a tenth of the cost)."""
    try:
        from gevent import monkey
    except ImportError:
        return select.poll()
    return monkey.get_original("select", "poll")()


def writable(sock: socket.socket, seconds: float) -> bool:
    """Whether `sock` takes more bytes within `seconds`: False for a client that stopped
    reading (its buffers are full) or is gone. First a look that does not wait; only a full
    socket waits, through `select.poll`, which is cooperative under gevent (monkey-patched)
    and has no limit on descriptor numbers, unlike `select.select`."""
    return _poll(sock, 0, patched=False) or _poll(sock, seconds, patched=True)


def on_readable(sock: socket.socket, call: Callable[[], None]) -> Callable[[], None] | None:
    """Under gevent, `call()` once when the client's socket turns readable (it hung up, or sent
    bytes): a connection watched for free, where looking at it costs a wake-up each time.
    Returns what stops the watch; None elsewhere (look with `hung_up` from time to time)."""
    hub = _gevent()
    if hub is None:
        return None
    try:
        watcher = hub.loop.io(sock.fileno(), 1)  # 1: readable
    except (OSError, ValueError):
        return None

    def fire() -> None:
        watcher.stop()
        call()

    watcher.start(fire)
    return cast(Callable[[], None], watcher.close)


def cap_send_buffer(sock: socket.socket, size: int) -> None:
    """Bound what the kernel holds for a client that stops reading to about `size` bytes
    (Linux doubles it), instead of its autotuned megabytes."""
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)


def abort(sock: socket.socket) -> None:
    """Cut a connection at once (a reset, nothing more sent or kept): for a client that
    stopped reading, whose unsent bytes would otherwise wait in the kernel."""
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.shutdown(socket.SHUT_RDWR)

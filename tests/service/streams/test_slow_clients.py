"""Slow, idle and vanished clients against the real server setup (gunicorn's gevent workers, as
scripts/serve and docker/compose.yaml run them): none of them stalls the API or keeps a wait.

Each test fails under the former setup (gthread workers, a thread per request and per wait, a
full wait answering 200 at once, waits kept after a hang-up).
"""

from __future__ import annotations

import http.client
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from testkit.svc_helpers import call

IDLE = 150
"""Idle connections: more than the former setup's threads (64 a worker in scripts/serve)."""


def create(port: int) -> tuple[str, list[str], int]:
    """A four-human Doubleduck table: its id, seat tokens and the seat to act."""
    status, body, _ = call(port, "POST", "/api/v1/games", {"game": "doubleduck", "seats": [{}] * 4})
    assert status == 201
    return body["id"], [s["token"] for s in body["seats"]], body["view"]["to_act"][0]


def move(port: int, gid: str, token: str) -> int:
    _, view, _ = call(port, "GET", f"/api/v1/games/{gid}", token=token)
    legal = view["view"]["legal_moves"][0]
    return call(port, "POST", f"/api/v1/games/{gid}/moves", {"move": legal}, token=token)[0]


def timed_livez(port: int) -> float:
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", "/livez")
    assert conn.getresponse().status == 200
    conn.close()
    return time.monotonic() - start


@contextmanager
def partial_bodies(port: int, count: int) -> Iterator[list[socket.socket]]:
    """`count` connections that send a creation's headers and the first byte of its body, then
    nothing: a slow or hostile client."""
    with ExitStack() as stack:
        socks = []
        for _ in range(count):
            s = stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=5))
            s.sendall(
                b"POST /api/v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                b"Content-Length: 200\r\n\r\n{"
            )
            socks.append(s)
        yield socks


def open_wait(port: int, path: str, token: str | None = None) -> socket.socket:
    """A waiting request sent on a raw socket, so the test can hang up on it."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\n{auth}\r\n".encode())
    return s


class Background:
    """A call in a thread; `result()` is its answer and the seconds it took."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.out: list[Any] = []

        def run() -> None:
            start = time.monotonic()
            self.out.append((fn(), time.monotonic() - start))

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def result(self, timeout: float = 30) -> tuple[Any, float]:
        self.thread.join(timeout)
        assert self.out, "the call did not answer"
        return self.out[0]


def test_idle_partial_bodies_do_not_stall_livez_or_moves(serve_api: Callable[..., Any]) -> None:
    with serve_api() as (port, _):
        gid, tokens, first = create(port)
        with partial_bodies(port, IDLE):
            time.sleep(0.5)
            slowest = max(timed_livez(port) for _ in range(20))
            # Not a latency target (the host may be loaded): the former setup never answered.
            assert slowest < 3.0, f"/livez took {slowest:.2f} s behind {IDLE} idle bodies"
            assert move(port, gid, tokens[first]) == 200
            _, fresh, _ = create(port)
            assert fresh


def test_a_waiter_that_hung_up_gives_its_slot_back(serve_api: Callable[..., Any]) -> None:
    """Fire-and-forget waits (the client closes at once) must not hold the slots: with two
    slots, two waits that hung up leave room for a real waiter within a few seconds."""
    with serve_api(WAIT_SLOTS="2") as (port, _):
        gid, tokens, first = create(port)
        path = f"/api/v1/games/{gid}?wait=30&after_version=0"
        gone = [open_wait(port, path) for _ in range(2)]
        time.sleep(0.5)
        status, body, headers = call(port, "GET", path)
        assert status == 503 and body["errors"]["reason"] == "wait_slots_full"
        assert "Retry-After" in headers
        for s in gone:
            s.close()
        time.sleep(3.5)  # a waiter looks at its connection every second
        waiter = Background(lambda: call(port, "GET", path))
        time.sleep(0.5)
        assert not waiter.out, "the wait was refused or answered at once: the slots are held"
        assert move(port, gid, tokens[first]) == 200
        (status, body, _), _ = waiter.result()
        assert status == 200 and body["version"] == 1


def test_hundreds_of_waits_on_one_process_and_the_api_still_answers(
    serve_api: Callable[..., Any],
) -> None:
    """One gevent worker holds 300 waiting requests (the former setup: 4 threads); moves and
    /livez answer meanwhile, and one move wakes every waiter."""
    count = 300
    with serve_api(SPECTATOR_WAITS_PER_ADDRESS="0") as (port, _):
        gid, tokens, first = create(port)
        path = f"/api/v1/games/{gid}?wait=30&after_version=0"
        waiters = [open_wait(port, path) for _ in range(count)]
        time.sleep(1.0)
        assert timed_livez(port) < 3.0
        assert move(port, gid, tokens[first]) == 200
        answered = 0
        for s in waiters:
            s.settimeout(15)
            head = s.recv(4096)
            assert head.startswith(b"HTTP/1.1 200"), head[:100]
            answered += 1
            s.close()
        assert answered == count


def test_a_waiting_seat_is_answered_at_shutdown(serve_api: Callable[..., Any]) -> None:
    """SIGTERM: the waiting requests answer at once with the game as it is, then the worker
    exits, well before gunicorn's graceful timeout."""
    with serve_api() as (port, proc):
        gid, tokens, first = create(port)
        seat = (first + 2) % 4
        waiter = Background(
            lambda: call(port, "GET", f"/api/v1/games/{gid}?wait=30", token=tokens[seat])
        )
        time.sleep(1.0)
        assert not waiter.out
        proc.send_signal(signal.SIGTERM)
        (status, body, _), seconds = waiter.result(timeout=20)
        assert status == 200 and body["version"] == 0
        assert seconds < 5, f"the waiter was answered after {seconds:.1f} s"
        proc.wait(timeout=20)

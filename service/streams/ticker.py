"""One timer per process for every open stream: keep-alives, time limits, and the resumable
close at shutdown.

Why: an idle stream (a game's, `service.streams.streams`; an app key's feed,
`service.streams.feed_stream`) sends a keep-alive after `STREAM_KEEPALIVE_SECONDS` of silence,
so that proxies keep it open. With a timeout of its own, each idle stream is a timer of the
event loop, armed anew after every keep-alive: 5,000 idle streams were 5,000 timers, and 2% of
a core (issue 33). Here the process's open streams are registered (`open`: a `Beat` each) and
one ticker (a thread; a greenlet under gevent) ticks every `tick` seconds (a quarter of the
keep-alive period at most, and at most a second). Each tick it takes the streams due then,
from a wheel of slots, one slot a tick: those silent for the period get their `ping` flag,
those past their time limit are due too, and each is woken through the event it already waits
on (the one the listener sets for a change, `service.streams.waits`). So a keep-alive follows
`period` to `period + tick` seconds of silence, as the stream's own timer did (to the tick),
and a stream with nothing else to look at waits without any timeout.

At shutdown (SIGTERM, `service.wsgi`) `close` marks the ticker closing and kicks its thread,
which wakes every open stream: each sends its closing frame (where to resume) and ends, so the
worker exits at one of gunicorn's next looks (`scripts/serve`). A stream that still has not
ended `CLOSE_GRACE_SECONDS` later and whose client takes no bytes (it stopped reading: the
stream's last write blocks) has its connection cut. `close` itself takes no lock and blocks
on nothing: it runs in a signal handler, under gevent possibly in the hub.
"""

from __future__ import annotations

import contextlib
import math
import socket
import sys
import threading
import time
from collections.abc import Iterable

from service.core.connections import abort, writable

MAX_TICK = 1.0
"""The longest tick: how much later than the period a keep-alive may come."""
CLOSE_GRACE_SECONDS = 1.0
"""After `close`, how long a stream has to send its closing frame before its socket is cut."""
NEVER = sys.maxsize
"""The slot of a stream with no time limit."""


class Beat:
    """One open stream as the ticker knows it. The stream sets `last` whenever it sends bytes
    (`sent`); the ticker sets `ping` (and wakes it) when a keep-alive is due."""

    __slots__ = ("end", "last", "ping", "pinged", "slot", "sock", "wake")

    def __init__(
        self, wake: threading.Event, last: float, end: int, sock: socket.socket | None
    ) -> None:
        self.wake = wake
        self.last = last
        """When the stream last sent bytes (`time.monotonic`)."""
        self.end = end
        """The tick at which its time is up (`NEVER`: no limit)."""
        self.sock = sock
        self.ping = False
        """Set by the ticker: a keep-alive is due (the stream clears it when it sends it)."""
        self.pinged = 0
        """The tick of its latest keep-alive."""
        self.slot: int | None = None
        """The wheel's slot it is in (None once released)."""

    def sent(self) -> None:
        """Bytes went out: the next keep-alive is due a period from now."""
        self.last = time.monotonic()


class Ticker:
    """The open streams of this process and the one timer that wakes those due."""

    def __init__(self, period: float) -> None:
        self.period = period
        self.per_period = max(4, math.ceil(period / MAX_TICK))
        """Ticks in a keep-alive period."""
        self.tick = period / self.per_period
        self.closing = False
        """Set by `close`: every open stream ends with its closing frame."""
        self.ticks = 0
        """Ticks run (for tests and the benchmark)."""
        self._slots: dict[int, set[Beat]] = {}
        self._next = math.floor(time.monotonic() / self.tick) + 1
        """The next slot the ticker takes."""
        self._lock = threading.Lock()
        self._kick = threading.Event()
        self._thread: threading.Thread | None = None

    def open(
        self, wake: threading.Event, deadline: float = math.inf, sock: socket.socket | None = None
    ) -> Beat:
        """Register a stream that waits on `wake`, ends at `deadline` (monotonic) and writes
        to `sock` (cut if it has not ended `CLOSE_GRACE_SECONDS` after `close`). Release it
        when the stream ends."""
        end = NEVER if math.isinf(deadline) else math.ceil(deadline / self.tick)
        beat = Beat(wake, time.monotonic(), end, sock)
        with self._lock:
            self._place(beat, self._due(beat))
        self._start()
        if self.closing:
            wake.set()
        return beat

    def release(self, beat: Beat) -> None:
        """The stream ended: forget it."""
        with self._lock:
            if beat.slot is not None:
                self._discard(beat)

    def close(self) -> None:
        """The process is stopping: every open stream sends its closing frame and ends. Safe
        in a signal handler (no lock; the ticker's thread does the work)."""
        self.closing = True
        self._kick.set()

    def open_count(self) -> int:
        with self._lock:
            return sum(len(beats) for beats in self._slots.values())

    # --- the ticker's thread -------------------------------------------------------------------

    def _start(self) -> None:
        """Started by the first stream, in the process that serves it (never before a fork)."""
        if self._thread is not None and self._thread.is_alive():
            return
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="duckpond-stream-ticker", daemon=True
                )
                self._thread.start()

    def _run(self) -> None:
        while not self.closing:
            self._kick.wait(max(self._next * self.tick - time.monotonic(), 0.0))
            if self.closing:
                break
            now = time.monotonic()
            last = math.floor(now / self.tick)
            if last < self._next:
                continue  # woken early
            woken: list[Beat] = []
            with self._lock:
                if last - self._next > len(self._slots):  # a long gap (a first start): by key
                    slots: Iterable[int] = sorted(k for k in self._slots if k <= last)
                else:
                    slots = range(self._next, last + 1)
                for slot in slots:
                    for beat in self._slots.pop(slot, ()):
                        beat.slot = None
                        self._take(beat, slot, woken)
                self._next = last + 1
            self.ticks += 1
            for beat in woken:
                beat.wake.set()
        self._shut()

    def _take(self, beat: Beat, slot: int, woken: list[Beat]) -> None:
        """A stream whose slot came (under the lock): woken when a keep-alive or its end is
        due, else (it sent bytes since it was placed) placed again."""
        due = self._due(beat)
        if due <= slot:
            if beat.end > slot:  # not its end: a keep-alive
                beat.ping = True
                beat.pinged = slot
            woken.append(beat)
            due = self._due(beat)
            if due <= slot:  # its end came: it ends when woken; placed for the release
                due = slot + self.per_period
        self._place(beat, due)

    def _shut(self) -> None:
        """`close` on the ticker's thread: wake every open stream; from `CLOSE_GRACE_SECONDS`
        on, cut the connections of those still open whose client takes no bytes (its
        buffers full: the stream is stuck on a write). A stream that is only waiting for the
        CPU (thousands close at once) keeps its connection and sends its closing frame."""
        with self._lock:
            beats = [beat for beats in self._slots.values() for beat in beats]
        for beat in beats:
            beat.wake.set()
        time.sleep(CLOSE_GRACE_SECONDS)
        while True:
            with self._lock:
                socks = [b.sock for beats in self._slots.values() for b in beats if b.sock]
            if not socks:
                return
            for sock in socks:
                if not writable(sock, 0.0):
                    with contextlib.suppress(OSError):
                        abort(sock)
            time.sleep(CLOSE_GRACE_SECONDS / 2)

    # --- the wheel (under the lock) ------------------------------------------------------------

    def _due(self, beat: Beat) -> int:
        """The slot in which a stream's keep-alive or end falls due."""
        keep = max(math.ceil(beat.last / self.tick), beat.pinged) + self.per_period
        return min(keep, beat.end)

    def _place(self, beat: Beat, slot: int) -> None:
        slot = max(slot, self._next)
        beat.slot = slot
        self._slots.setdefault(slot, set()).add(beat)

    def _discard(self, beat: Beat) -> None:
        assert beat.slot is not None
        beats = self._slots.get(beat.slot)
        if beats is not None:
            beats.discard(beat)
            if not beats:
                del self._slots[beat.slot]
        beat.slot = None

"""A game's event stream: its caller's view, then every event it may see, as they happen.

Why: a page or a bot that follows a game should learn of each change within a second, without
a request per change or per seat (`?wait=`, `service.streams.waits`). `GET .../games/<id>/stream`
sends a snapshot (the caller's view, as `GET` of the game gives it; its `id` the number of its
last event), then each event the caller may see (as `/events` filters), each with its number as
`id`, framed by `service.core.sse`. A client that reconnects with `Last-Event-ID: n` (or
`?after=n`) gets the events after n and no snapshot: what it read plus what it gets is exactly
`/events` from n on, without a gap or a duplicate, on any API process (the events are read from
Redis). Once the game has ended and its last event is sent, an `end` frame closes the stream.

How it scales (issue 24): no Redis connection and no polling loop per stream. A process hears
every change through its one listener (`service.streams.waits.Changes`); each game followed in the
process has one `Game` here, one watch on the listener, and reads a change's new events once
(`Store.events_after`: the event list only, never the state) for all its streams. Each event
is framed once per media type and shared: a frame does not depend on who reads it, only
whether they may (a seat's stream differs only by its private events).

Keep-alives and shutdown (issue 33): every open stream of the process is registered with its
one ticker (`service.streams.ticker`), which wakes a stream when its keep-alive (after
`STREAM_KEEPALIVE_SECONDS` of silence) or its end (`STREAM_MAX_SECONDS`) falls due, through the
same event a change sets: an idle stream under gevent waits with no timeout of its own. On
SIGTERM (`close`) each stream ends with a `closing` frame, `id` and `resume_after` the last event
it passed (resumed after it, on any process, nothing is missed), then its connection is closed
(`hang_up`), so the worker exits at once.

Bounds, per process, checked before anything is sent: `STREAM_SLOTS` in all (503
`stream_slots_full`), `STREAMS_PER_ADDRESS` per client address and `STREAMS_PER_APP_KEY` per
app key that created the game (429 `too_many_streams`), each with Retry-After. A client that
takes no bytes for `STREAM_SEND_TIMEOUT_SECONDS` is dropped, with at most
`STREAM_SEND_BUFFER` bytes held for it by the kernel and none by us (a stream reads the next
events only once it sent the last). Under gunicorn's gevent workers a stream is a greenlet,
and a watch on its socket tells at once when its client hangs up (`Client`); elsewhere it
looks every `STREAM_HANGUP_CHECK_SECONDS`.
"""

from __future__ import annotations

import contextlib
import logging
import math
import socket
import threading
import time
from collections.abc import Callable, Generator, Iterator, Mapping
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from service.core import sse
from service.core.codec import loads
from service.core.connections import Peer, abort, cap_send_buffer, on_readable, writable
from service.core.errors import ServiceError
from service.core.shards import FAILURES
from service.games.bodies import ABANDONED, OVER, event_out, to_json, visible
from service.games.callers import Caller
from service.storage.records import Head, Stored
from service.storage.store import Store
from service.streams.ticker import Beat, Ticker
from service.streams.waits import Changes, Watch

log = logging.getLogger("duckpond.streams")

REVOKE_CHECK_SECONDS = 1.0
"""How often an idle bound seat's stream asks whether its app key was revoked."""
REFUSED_RETRY_AFTER = 5
"""Seconds in a refused stream's Retry-After."""
WINDOW = 256
"""Latest events a followed game keeps decoded and framed for its streams in this process."""
ENDED = (OVER, ABANDONED)
RESUME_RETRY_MS = 1000
"""The SSE `retry:` of a closing frame: an EventSource reconnects (with `Last-Event-ID`) after
this long, to another process or to this one restarted."""
CLOSING_REASON = "server_restart"
"""Why a stream sends its closing frame: the process is stopping (SIGTERM)."""


class Closing:
    """What `Streams._idle` returns when the process is stopping: send the closing frame."""


CLOSING = Closing()


@dataclass(frozen=True, slots=True)
class Limits:
    """The stream settings (`service.core.config`)."""

    slots: int = 8192
    per_address: int = 64
    per_key: int = 2048
    keepalive: float = 15.0
    hangup_check: float = 2.0
    send_timeout: float = 10.0
    send_buffer: int = 65536
    max_seconds: float = 3600.0

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> Limits:
        default = cls()
        return cls(
            slots=int(settings.get("STREAM_SLOTS", default.slots)),
            per_address=int(settings.get("STREAMS_PER_ADDRESS", default.per_address)),
            per_key=int(settings.get("STREAMS_PER_APP_KEY", default.per_key)),
            keepalive=float(settings.get("STREAM_KEEPALIVE_SECONDS", default.keepalive)),
            hangup_check=float(settings.get("STREAM_HANGUP_CHECK_SECONDS", default.hangup_check)),
            send_timeout=float(settings.get("STREAM_SEND_TIMEOUT_SECONDS", default.send_timeout)),
            send_buffer=int(settings.get("STREAM_SEND_BUFFER", default.send_buffer)),
            max_seconds=float(settings.get("STREAM_MAX_SECONDS", default.max_seconds)),
        )


class Shared:
    """One stored event as every stream of this process reads it: decoded once, framed once
    per media type."""

    __slots__ = ("entry", "frames", "number")

    def __init__(self, number: int, raw: bytes) -> None:
        self.number = number
        self.entry: dict[str, Any] = loads(raw)
        self.frames: dict[str, bytes] = {}

    def frame(self, media: str) -> bytes:
        framed = self.frames.get(media)
        if framed is None:
            data = to_json(event_out(self.entry, self.number))
            framed = sse.frame(media, data, event_id=str(self.number), event="event")
            self.frames[media] = framed
        return framed


class Game:
    """A game followed in this process: the latest events it read, and its streams' wake-ups.

    A change heard (`poke`) marks it stale and wakes every stream; the first to ask reads the
    new events, the others get the same ones."""

    def __init__(self, gid: str, store: Store) -> None:
        self.gid = gid
        self.store = store
        self.head: Head | None = None
        self.first = 0
        """How many events precede `events[0]`."""
        self.events: list[Shared] = []
        self.stale = True
        self.told = False
        """The change being heard was taken from its news (`hear`)."""
        self.readers: set[threading.Event] = set()
        self.users = 0
        self.lock = threading.Lock()
        self.following = ExitStack()

    def hear(self, head: Head, news: bytes) -> None:
        """A change's news (the listener's thread, just before `poke`): its events are taken
        as they are when they follow the ones held here, and the change then costs no read."""
        with self.lock:
            self.told = False
            if not news or self.stale or self.head is None:
                return
            before, _state, *events = news.split(b"\n")
            if head.version != self.head.version + 1 or int(before) != self.count:
                return
            self.events += [Shared(self.count + i + 1, raw) for i, raw in enumerate(events)]
            self.head, self.told = head, True

    def poke(self) -> None:
        """A change was heard (or may have been missed): read again unless its news told all,
        and wake every stream."""
        if not self.told:
            self.stale = True
        self.told = False
        for reader in list(self.readers):
            reader.set()

    @property
    def count(self) -> int:
        return self.first + len(self.events)

    def since(self, after: int) -> tuple[Head | None, int, list[Shared]]:
        """The game's head, its event count and its events numbered after `after`."""
        with self.lock:
            within = self.first <= after <= self.count
            if self.stale or self.head is None or not within:
                self._read(self.count if within else after)
            fresh = self.events[max(after - self.first, 0) :]
            if len(self.events) > WINDOW:
                self.first += len(self.events) - WINDOW
                self.events = self.events[-WINDOW:]
            return self.head, self.count, fresh

    def _read(self, start: int) -> None:
        self.stale = False  # first: a change heard during the read marks it stale again
        try:
            head, count, raw = self.store.events_after(self.gid, start)
        except BaseException:
            self.stale = True
            raise
        self.head = head
        fresh = [Shared(start + i + 1, text) for i, text in enumerate(raw)]
        if start == self.count:
            self.events += fresh
        elif start <= count:
            self.first, self.events = start, fresh
        else:  # a resume point past the last event (as `/events` takes it): none yet
            self.first, self.events = count, []
        if head is not None and self.count < count:
            self.stale = True  # a list shorter than its count (never, but never trust it)


class GameWatch(Watch):
    """The listener's watch of a followed game: every change pokes it."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        super().__init__(lambda head: True)
        self.game = game

    def hear(self, head: Head, news: bytes) -> None:
        self.game.hear(head, news)

    def wake(self) -> None:
        self.game.poke()


class Client:
    """The other end of one stream: its socket (None in a test client), and how its hang-up
    is noticed. Under gevent a watch on the socket tells at once, at no cost while it is
    quiet (`connections.on_readable`); elsewhere, or once the client sent bytes, it is
    looked at every `every` seconds."""

    __slots__ = ("every", "next_look", "peer", "readable", "sock", "stop")

    def __init__(
        self, peer: Peer, sock: socket.socket | None, wake: threading.Event, every: float
    ) -> None:
        self.peer, self.sock, self.every = peer, sock, every
        self.readable = False

        def heard() -> None:
            self.readable = True
            wake.set()

        self.stop = None if sock is None else on_readable(sock, heard)
        self.next_look = math.inf if self.stop is not None else time.monotonic() + every

    def gone(self, now: float) -> bool:
        """Whether the client hung up, as far as it is time to tell."""
        if self.readable:  # the watch fired: a hang-up, or bytes (then the watch is spent)
            self.readable = False
            self.next_look = now + self.every
            return self.peer.gone()
        if now < self.next_look:
            return False
        self.next_look = now + self.every
        return self.peer.gone()

    def close(self) -> None:
        if self.stop is not None:
            self.stop()


@dataclass(frozen=True, slots=True)
class Watching:
    """What one stream watches while it waits: its game, the event a change (or the ticker)
    sets, its client, its place with the ticker, when it ends at the latest and when a bound
    seat's key is next asked about."""

    game: Game
    wake: threading.Event
    client: Client
    beat: Beat
    deadline: float
    recheck: float


class Streams:
    """The open streams of this process, their bounds and the games they follow."""

    def __init__(
        self,
        store: Store,
        changes: Changes | None,
        limits: Limits,
        ticker: Ticker | None = None,
    ) -> None:
        self.store = store
        self.changes = changes
        self.limits = limits
        self.ticker = ticker or Ticker(limits.keepalive)
        """Every open stream's keep-alives and end, game streams and feeds alike."""
        self.open = 0
        self._by_address: dict[str, int] = {}
        self._by_key: dict[str, int] = {}
        self._games: dict[str, Game] = {}
        self._lock = threading.Lock()

    # --- bounds ----------------------------------------------------------------------------

    def admit(self, address: str | None, app_key: str | None) -> Callable[[], None]:
        """Count one more stream from `address` on a game of `app_key`, or refuse it; returns
        what gives its place back (call it exactly once, when the stream is closed)."""
        limits, where = self.limits, address or "unknown"
        with self._lock:
            if self.open >= limits.slots:
                raise ServiceError(
                    "stream_slots_full",
                    f"this server holds {limits.slots} streams, as many as it takes;"
                    f" retry in {REFUSED_RETRY_AFTER} s",
                    retry_after=REFUSED_RETRY_AFTER,
                )
            for counts, who, bound, what in (
                (self._by_address, where, limits.per_address, "this address"),
                (self._by_key, app_key, limits.per_key, "the app key of this game"),
            ):
                if who is not None and bound > 0 and counts.get(who, 0) >= bound:
                    raise ServiceError(
                        "too_many_streams",
                        f"{what} already holds {bound} open streams, as many as it may;"
                        f" close one, or retry in {REFUSED_RETRY_AFTER} s",
                        retry_after=REFUSED_RETRY_AFTER,
                    )
            self.open += 1
            _add(self._by_address, where, 1)
            if app_key is not None:
                _add(self._by_key, app_key, 1)
        released: list[bool] = []

        def release() -> None:
            if released:
                return
            released.append(True)
            with self._lock:
                self.open -= 1
                _add(self._by_address, where, -1)
                if app_key is not None:
                    _add(self._by_key, app_key, -1)

        return release

    # --- the stream ------------------------------------------------------------------------

    def frames(
        self,
        stored: Stored,
        caller: Caller,
        snapshot: Mapping[str, Any] | None,
        after: int,
        media: str,
        peer: Peer,
        sock: socket.socket | None,
        revoked: Callable[[], bool] | None = None,
        rematch: Callable[[], Mapping[str, Any] | None] | None = None,
    ) -> Iterator[bytes]:
        """The stream's bytes: the `snapshot` body (None on a resume), then the events after
        `after` the caller may see, until the game's end, the client's hang-up, a client
        that stops reading, `STREAM_MAX_SECONDS`, or the process stopping.

        A bound seat's stream (`revoked`: whether the seat's app key was revoked since the
        stream opened) also ends once the key is revoked: asked before every batch it sends
        and every `REVOKE_CHECK_SECONDS` while idle, it ends with an `end` frame whose
        `reason` is `app_key_revoked`, sending nothing committed after the revocation.

        With `rematch` (what a finished game's rematch is, None while nobody asked), the
        stream of a game that ended `over` stays open after its `end` frame until the rematch
        is asked for, then sends it as one `rematch` frame and closes."""
        with self._send_bounds(sock):
            game = self._follow(stored.gid)
            wake = threading.Event()
            game.readers.add(wake)
            client = Client(peer, sock, wake, self.limits.hangup_check)
            now = time.monotonic()
            deadline = now + self.limits.max_seconds
            beat = self.ticker.open(wake, deadline, sock)
            try:
                if snapshot is not None:
                    yield sse.frame(
                        media, to_json(snapshot), event_id=str(stored.nevents), event="snapshot"
                    )
                recheck = now + REVOKE_CHECK_SECONDS if revoked is not None else math.inf
                watch = Watching(game, wake, client, beat, deadline, recheck)
                yield from self._events(stored, caller, after, media, watch, revoked, rematch)
            finally:
                self.ticker.release(beat)
                client.close()
                game.readers.discard(wake)
                self._unfollow(game)

    def _events(
        self,
        stored: Stored,
        caller: Caller,
        after: int,
        media: str,
        watch: Watching,
        revoked: Callable[[], bool] | None,
        rematch: Callable[[], Mapping[str, Any] | None] | None,
    ) -> Generator[bytes, None, None]:
        """`frames` after the snapshot: the events after `after` the caller may see, each
        batch as soon as it is heard, then the `end` frame (and the rematch, if asked for)."""
        game, wake, client, beat = watch.game, watch.wake, watch.client, watch.beat
        piece = max(self.limits.send_buffer // 4, 1024)  # a socket that polls writable takes it
        sent, recheck = after, watch.recheck
        while True:
            wake.clear()  # before the read: a change heard after it wakes the sleep below
            try:
                head, count, fresh = game.since(sent)
            except FAILURES as error:  # the headers are sent: end, and the client resumes
                log.warning("a stream of game %s ends: %s", stored.gid, type(error).__name__)
                return
            if head is None:
                return  # the game expired meanwhile
            out = [e.frame(media) for e in fresh if visible(e.entry, caller)]
            if revoked is not None and (out or time.monotonic() >= recheck):
                if revoked():
                    yield _revoked_end(stored.gid, head, media)
                    return
                recheck = time.monotonic() + REVOKE_CHECK_SECONDS
            sent = fresh[-1].number if fresh else sent
            ended = head.status in ENDED and sent >= count
            if ended:
                end = {"id": stored.gid, "version": head.version, "status": head.status}
                out.append(sse.frame(media, to_json(end), event="end"))
            for chunk in _pieces(out, piece):
                if not self._can_send(client.sock):
                    return
                yield chunk
                beat.sent()
            if ended:
                if rematch is not None and head.status == OVER:
                    yield from self._rematch(rematch, watch, media, sent)
                return
            state = yield from self._idle(watch, media, recheck)
            if state is CLOSING:
                yield from self._closing(client, media, sent)
            if state is not True:
                return

    def _rematch(
        self,
        rematch: Callable[[], Mapping[str, Any] | None],
        watch: Watching,
        media: str,
        sent: int,
    ) -> Generator[bytes, None, None]:
        """After a finished game's `end`: wait for its rematch (the maker pokes the finished
        game, `Store.poke`), then send it as a `rematch` frame."""
        while True:
            watch.wake.clear()  # before the read: a poke after it wakes the sleep below
            try:
                offer = rematch()
            except FAILURES as error:
                log.warning("a stream of a finished game ends: %s", type(error).__name__)
                return
            if offer is not None:
                if self._can_send(watch.client.sock):
                    yield sse.frame(media, to_json(offer), event="rematch")
                return
            state = yield from self._idle(watch, media)
            if state is CLOSING:
                yield from self._closing(watch.client, media, sent)
            if state is not True:
                return

    def _idle(
        self, watch: Watching, media: str, recheck: float = math.inf
    ) -> Generator[bytes, None, bool | Closing]:
        """Sleep until a change or the ticker wakes the stream, or `recheck` (a bound seat's
        key to ask again) comes: True (read again), after the keep-alive the ticker asked for;
        False when the stream is to end (hung up, not reading, past its time); `CLOSING` when
        the process is stopping. Under gevent, without `recheck`, the wait has no timeout:
        the ticker and the socket's watch wake it."""
        wake, client, beat, ticker = watch.wake, watch.client, watch.beat, self.ticker
        if ticker.closing:
            return CLOSING
        soonest = min(client.next_look, recheck)
        # Woken (a change, the ticker) or not (a recheck, a look at the client): read again.
        wake.wait(None if math.isinf(soonest) else max(soonest - time.monotonic(), 0.0))
        if ticker.closing:
            return CLOSING
        now = time.monotonic()
        if client.gone(now):
            log.debug("a stream's client hung up; the stream ends")
            return False
        if now >= watch.deadline:
            return False
        if beat.ping:
            beat.ping = False
            if not self._can_send(client.sock):
                return False
            yield sse.keepalive(media)
        return True

    def _closing(self, client: Client, media: str, sent: int) -> Iterator[bytes]:
        """The closing frame of a stream the stopping process ends: where to resume."""
        if not self._can_send(client.sock):
            return
        data = {"reason": CLOSING_REASON, "resume_after": sent}
        yield sse.frame(
            media, to_json(data), event_id=str(sent), event="closing", retry=RESUME_RETRY_MS
        )

    def close(self) -> None:
        """The process is stopping (SIGTERM, `service.wsgi`): every open stream sends its
        closing frame and ends (`Ticker.close`: safe in a signal handler)."""
        self.ticker.close()

    def hang_up(self, sock: socket.socket | None) -> None:
        """After a stream's last byte (its answer's close): when the process is stopping,
        close the connection instead of keeping it for another request, which would hold
        gunicorn's worker for its keep-alive timeout."""
        if sock is not None and self.ticker.closing:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def guarded(self, body: Iterator[bytes], sock: socket.socket | None) -> Iterator[bytes]:
        """`body`'s pieces, each sent only if the client takes bytes within the send timeout:
        the bound a stream whose own loop does not look at its socket (an app key's feed)
        keeps on a client that stops reading, as `frames` does."""
        with self._send_bounds(sock):
            try:
                for chunk in body:
                    if not self._can_send(sock):
                        return
                    yield chunk
            finally:
                close = getattr(body, "close", None)
                if close is not None:
                    close()

    @contextlib.contextmanager
    def _send_bounds(self, sock: socket.socket | None) -> Iterator[None]:
        """The kernel's send buffer capped for a stream's socket, and a timeout on its writes
        (a backstop for a write that blocks all the same: it fails after the timeout), the
        socket's own timeout given back after."""
        if sock is None:
            yield
            return
        cap_send_buffer(sock, self.limits.send_buffer)
        previous = sock.gettimeout()
        sock.settimeout(self.limits.send_timeout)
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                sock.settimeout(previous)

    def _can_send(self, sock: socket.socket | None) -> bool:
        """Whether the client takes bytes within the send timeout; if not, it is cut off
        (so the server's own last write fails at once instead of waiting on it)."""
        if sock is None or writable(sock, self.limits.send_timeout):
            return True
        log.info("a stream's client took no bytes for %s s; dropped", self.limits.send_timeout)
        abort(sock)
        return False

    def _follow(self, gid: str) -> Game:
        with self._lock:
            game = self._games.get(gid)
            if game is None:
                game = self._games[gid] = Game(gid, self.store)
                if self.changes is not None:
                    game.following.enter_context(self.changes.follow(gid, GameWatch(game)))
            game.users += 1
            return game

    def _unfollow(self, game: Game) -> None:
        with self._lock:
            game.users -= 1
            if game.users > 0:
                return
            self._games.pop(game.gid, None)
        game.following.close()


def _revoked_end(gid: str, head: Head, media: str) -> bytes:
    """The `end` frame of a bound seat's stream once its app key is revoked."""
    end = {"id": gid, "version": head.version, "status": head.status, "reason": "app_key_revoked"}
    return sse.frame(media, to_json(end), event="end")


def _add(counts: dict[str, int], who: str, step: int) -> None:
    left = counts.get(who, 0) + step
    if left > 0:
        counts[who] = left
    else:
        counts.pop(who, None)


def _pieces(frames: list[bytes], size: int) -> Iterator[bytes]:
    """Frames joined into pieces of about `size` bytes (a larger frame is a piece alone)."""
    piece = b""
    for framed in frames:
        if piece and len(piece) + len(framed) > size:
            yield piece
            piece = b""
        piece += framed
    if piece:
        yield piece

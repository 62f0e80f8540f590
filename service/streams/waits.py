"""Waiting for a game to change, without polling: one pub/sub listener per process.

Why: a client that holds one seat must learn when its turn comes. Polling costs a request per
poll; a request that waits (`?wait=` on a view or a move) costs one request per turn. The
compare-and-set script (`service.storage.store`) publishes `<game id> <version>` on its
bucket's shard channel (SPUBLISH) in the same atomic step that stores a change, and each
process listens to every bucket's channel (SSUBSCRIBE, through the process's one listener,
`service.streams.listener`, which the feeds share: one connection per Redis server, each
carrying only its own slots' channels), so every API process hears of every change, whichever
process or bot worker made it.

The message carries the new version, status and seats to act, so the listener wakes only the
requests that change may concern (the seat whose turn it is), not every watcher of the game.
At a live table it also carries the news: the new state and the change's events, as stored
(`News`). A move that waits for its seat's next turn hears every change from its own on, so
when its turn comes it answers from what it heard, without reading the game back (a round trip
and a transaction, about a tenth of a move's CPU). Any gap (a message lost, a change
without news) and it reads the game as before; so does every other woken request, and each
tests its own condition, so a late or duplicated message costs at most a re-read. Pub/sub is
at-most-once; to cover a lost connection, every (re)subscription wakes all watchers, and no
watcher sleeps longer than `RECHECK_SECONDS` without re-reading the game's head.

Under the run command's gevent workers (`scripts/serve`) a waiting request is a greenlet, not a
thread, so thousands wait on one process. They are still bounded, so that no client can hold
them all: per process by `slots` (config `WAIT_SLOTS`), and the waits without a seat (a
spectator's, which need no token) per client address by `per_address`
(`SPECTATOR_WAITS_PER_ADDRESS`), and all of them together to 3/4 of the slots, so the
seats' waits always find one. A wait over any bound is refused before anything
happens (a move is not played), with its reason and `Retry-After`: the client learns to
back off instead of reading a 200 that did not wait. A waiting request whose client hung up
(`service.core.connections`) stops within `HANGUP_CHECK_SECONDS` and gives its slot back.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from service.core.codec import loads
from service.core.connections import NOBODY, Peer
from service.core.errors import ServiceError, found
from service.core.shards import DataClient
from service.games.bodies import PLAYING, WAITING, Answer
from service.games.callers import Caller
from service.storage.keys import change_channels
from service.storage.records import Head, Stored
from service.storage.store import Store
from service.streams.listener import Listener

log = logging.getLogger("duckpond.waits")

RECHECK_SECONDS = 5.0
HANGUP_CHECK_SECONDS = 1.0
"""How often a waiting request looks whether its client is still connected."""
REFUSED_RETRY_AFTER = 2
"""Seconds in a refused wait's Retry-After: waits end within MAX_WAIT_SECONDS, most sooner."""


class News:
    """What the changes of one game from `base`'s next version on told, as one listener heard
    them in order: the latest head and state and every event since. `told` answers only
    while they follow one another without a gap; else the request reads the game."""

    __slots__ = ("_broken", "_heard", "base")

    def __init__(self, base: Stored) -> None:
        self.base = base
        self._heard: tuple[Head, bytes, list[bytes], int] | None = None
        """The latest head, its state, the events since `base`, the events before them."""
        self._broken = False

    def hear(self, head: Head, news: bytes | None) -> None:
        """One published change (the listener's thread); `news` is the message's tail."""
        heard = self._heard
        if self._broken or head.version <= self.base.version:
            return  # an older change heard late: before these
        last = self.base.version if heard is None else heard[0].version
        if head.version != last + 1 or not news:
            self._broken = True  # a change missed, or one that told nothing more
            return
        before, state, *events = news.split(b"\n")
        if heard is None:
            self._heard = (head, state, events, int(before))
        elif int(before) != heard[3] + len(heard[2]):
            self._broken = True
        else:
            self._heard = (head, state, heard[2] + events, heard[3])  # one assignment: atomic

    def told(self, after: int) -> tuple[Stored, list[dict[str, Any]]] | None:
        """The game as the latest change left it and its events from index `after` on, or
        None when the news does not reach back that far without a gap."""
        heard = self._heard
        if self._broken or heard is None or heard[3] != after:
            return None
        head, state, events, before = heard
        base = self.base
        stored = Stored(
            gid=base.gid,
            version=head.version,
            state=loads(state),
            meta=base.meta,  # written once, at creation
            status=head.status,
            nevents=before + len(events),
            to_act=head.to_act,
        )
        return stored, [loads(e) for e in events]


class Watch:
    """One waiting request's interest in one game; `wants` tells from a published change
    whether that change may be the one the request waits for (only those wake it). With
    `news`, it also keeps what the changes told (`News`)."""

    __slots__ = ("_event", "news", "wants")

    def __init__(self, wants: Callable[[Head], bool], news: News | None = None) -> None:
        self._event = threading.Event()
        self.wants = wants
        self.news = news

    def arm(self) -> None:
        """Forget earlier wake-ups; call BEFORE reading the game, then `sleep`: a change
        published after the read (or between arm and read) still wakes the sleep."""
        self._event.clear()

    def sleep(self, seconds: float) -> bool:
        """Sleep until woken or `seconds` pass (at most RECHECK_SECONDS); True when woken."""
        return self._event.wait(min(seconds, RECHECK_SECONDS))

    def wake(self) -> None:
        self._event.set()

    def hear(self, head: Head, news: bytes) -> None:
        """A published change of the game, before `wake` (the listener's thread); `news` is
        the message's tail (empty when the change told no more)."""
        if self.news is not None:
            self.news.hear(head, news)


class Changes:
    """The per-process registry of watches, woken by the process's shard listener."""

    def __init__(
        self,
        client: DataClient,
        slots: int,
        per_address: int = 0,
        listener: Listener | None = None,
    ) -> None:
        self._listener = listener or Listener(client)
        """Hears every bucket's change channel (`service.streams.listener`), with the feeds'."""
        self._listener.subscribe(change_channels(), self.notify, self._wake_all)
        self._slots = slots
        self._per_address = per_address
        self._by_address: dict[str, int] = {}
        self.waiting = 0
        """Requests waiting now in this process."""
        self.spectators = 0
        """... of which without a seat: at most 3/4 of the slots, the rest is kept for seats."""
        self._watches: dict[str, set[Watch]] = {}
        self._lock = threading.Lock()
        self.closing = False
        """Set by `close`: no new wait starts, and the waiting requests answer now."""

    @contextmanager
    def watch(
        self,
        gid: str,
        wants: Callable[[Head], bool],
        address: str | None = None,
        news: News | None = None,
    ) -> Iterator[Watch | None]:
        """A watch on `gid` for the block; None when waits are off (`slots` 0) or the process
        is stopping (answer at once). `address`: the client of a wait without a seat, counted
        against `per_address`; `news`: keep what the changes tell. Over a bound, a
        `ServiceError` with `retry_after`."""
        if self.closing or self._slots <= 0:
            yield None
            return
        with self._lock:
            if self.waiting >= self._slots:
                raise ServiceError(
                    "wait_slots_full",
                    f"this server has {self._slots} requests waiting, as many as it takes;"
                    f" retry in {REFUSED_RETRY_AFTER} s, or read without wait",
                    retry_after=REFUSED_RETRY_AFTER,
                )
            if address is not None and self.spectators >= self._slots - self._slots // 4:
                raise ServiceError(
                    "wait_slots_full",
                    "the waits without a seat take as many slots as they may (the rest is kept"
                    f" for seats); retry in {REFUSED_RETRY_AFTER} s, or read without wait",
                    retry_after=REFUSED_RETRY_AFTER,
                )
            if address is not None and self._per_address > 0:
                if self._by_address.get(address, 0) >= self._per_address:
                    raise ServiceError(
                        "too_many_waits",
                        f"this address already has {self._per_address} waits without a seat,"
                        f" as many as it may; retry in {REFUSED_RETRY_AFTER} s",
                        retry_after=REFUSED_RETRY_AFTER,
                    )
                self._by_address[address] = self._by_address.get(address, 0) + 1
            self.waiting += 1
            self.spectators += address is not None
            watch = Watch(wants, news)
            self._watches.setdefault(gid, set()).add(watch)
        try:
            self._ensure_listener()
            yield watch
        finally:
            with self._lock:
                self._drop(gid, watch)
                self.waiting -= 1
                self.spectators -= address is not None
                if address is not None and self._per_address > 0:
                    left = self._by_address[address] - 1
                    if left:
                        self._by_address[address] = left
                    else:
                        del self._by_address[address]

    @contextmanager
    def follow(self, gid: str, watch: Watch) -> Iterator[None]:
        """Wake `watch` on changes of `gid` for the block, outside the waits' bounds: the
        streams (`service.streams.streams`) have their own, and one watch serves every stream of a
        game in this process."""
        with self._lock:
            self._watches.setdefault(gid, set()).add(watch)
        try:
            self._ensure_listener()
            yield
        finally:
            with self._lock:
                self._drop(gid, watch)

    def _drop(self, gid: str, watch: Watch) -> None:
        """Forget a watch (under the lock)."""
        watches = self._watches.get(gid)
        if watches is not None:
            watches.discard(watch)
            if not watches:
                del self._watches[gid]

    def notify(self, message: bytes) -> None:
        """Wake the watches that want this change, `<id> <version> <status> <seats...>`,
        and hand its news (the lines after that one, if any) to those that keep it."""
        first, _, news = message.partition(b"\n")
        gid, version, status, *seats = first.decode().split(" ")
        with self._lock:
            watches = list(self._watches.get(gid, ()))
        if not watches:
            return
        head = Head(int(version), status, tuple(int(seat) for seat in seats if seat))
        for watch in watches:
            watch.hear(head, news)
            if watch.wants(head):
                watch.wake()

    def close(self) -> None:
        """The process is stopping (SIGTERM, `service.wsgi`): every waiting request answers
        now, with the game as it is, instead of holding the shutdown."""
        self.closing = True
        self._wake_all()

    def _wake_all(self) -> None:
        with self._lock:
            watches = [w for ws in self._watches.values() for w in ws]
        for watch in watches:
            watch.wake()

    def _ensure_listener(self) -> None:
        """Started on the first watch, in the process that serves it (never before a fork)."""
        self._listener.start()


def ready(game: Stored | Head, caller: Caller, after: int | None) -> bool:
    """Whether a waiting caller gets its answer now: the game is past version `after` when
    that is given; else the caller's seat is to act, or the deal or the game has ended. A
    caller without a seat has no turn: `Waits.until_ready` gives it an `after` of its own."""
    if after is not None:
        return game.version > after
    if game.status == WAITING:  # its seats are taken one by one: the seat's turn comes later
        return False
    return game.status != PLAYING or game.to_act is None or caller.seat in game.to_act


class Waits:
    """Requests that wait (`?wait=`): a view until the caller's turn or a change, a move until
    the mover's next turn. All of waiting lives here; the use cases only hand over the game."""

    def __init__(self, store: Store, changes: Changes | None, max_wait: float) -> None:
        self.store = store
        self.changes = changes
        self.max_wait = max_wait

    def until_ready(
        self,
        gid: str,
        caller: Caller,
        seen: Stored,
        seconds: float,
        after: int | None,
        peer: Peer = NOBODY,
    ) -> Stored:
        """The game once it is ready for the caller (`ready`), or after `seconds`: `seen` itself
        when it already is, or when nothing changed; else the game read again.

        A caller without a seat (a spectator, the host) has no turn to wait for: without
        `after` it waits for the next change after the version it has just read, `seen`'s.
        (The spec cannot make `after_version` required by who calls, so this wait is taken,
        not refused.)"""
        if after is None and caller.seat is None:
            after = seen.version
        if seconds <= 0 or self.changes is None or ready(seen, caller, after):
            return seen
        address = _counted(caller, peer)
        with self.changes.watch(gid, lambda head: ready(head, caller, after), address) as watch:
            return self._sleep(gid, caller, seen, seconds, after, watch, peer, armed=False)

    def for_move(
        self, gid: str, caller: Caller, seen: Stored | None, seconds: float
    ) -> AbstractContextManager[Watch | None]:
        """A watch for a move that will wait (`next_turn`), started BEFORE the move is written:
        every later change reaches it, so no read is needed to learn of one made in between.
        None (no wait) without `seconds` or without the game read first; a refused wait
        (`Changes.watch`) raises before the move is played."""
        if seconds <= 0 or seen is None or self.changes is None:
            return nullcontext()
        mine = seen.version + 1  # the version this move writes: only later changes wake it

        def wants(head: Head) -> bool:
            return head.version > mine and ready(head, caller, None)

        return self.changes.watch(gid, wants, news=News(seen))

    def next_turn(
        self,
        gid: str,
        caller: Caller,
        answer: Answer,
        seconds: float,
        watch: Watch,
        peer: Peer = NOBODY,
    ) -> tuple[Stored, list[dict[str, Any]]] | None:
        """The game when the mover's seat is to act again (or the deal or game ended, or
        `seconds` passed), with every event since the move; None when `answer` (the move's
        own) already is that answer."""
        body = answer.body
        if answer.replayed or answer.to_act is None:
            return None
        head = Head(int(body["version"]), str(body["status"]), answer.to_act)
        if ready(head, caller, None):
            return None
        entries: list[dict[str, Any]] = []

        def load() -> Stored:
            # What the changes told, when it is the answer; else (a gap, a wake-up for every
            # watch, news behind a head read meanwhile) the game as Redis has it now.
            told = None if watch.news is None else watch.news.told(answer.events_before)
            if told is not None and ready(told[0], caller, None):
                stored, entries[:] = told
                return stored
            read, entries[:] = self.store.load_with_events(gid, answer.events_before)
            return found(read, gid)

        stored = self._sleep(gid, caller, head, seconds, None, watch, peer, armed=True, load=load)
        return stored, entries

    def _sleep(
        self,
        gid: str,
        caller: Caller,
        seen: Stored | Head,
        seconds: float,
        after: int | None,
        watch: Watch | None,
        peer: Peer,
        *,
        armed: bool,
        load: Callable[[], Stored] | None = None,
    ) -> Stored:
        """Sleep on `watch` until the game is ready for the caller, `seconds` pass, or the
        client hangs up (`peer.gone`, looked at every `HANGUP_CHECK_SECONDS`).

        Only a published change that makes the game ready wakes the request (`Changes`); it
        then reads the whole game once (`load`). `armed`: the watch started before `seen` was
        written, so it has heard every change since; else the head (version, status, seats
        to act) is read first, for a change made between `seen` and the watch. A silent
        recheck (every `RECHECK_SECONDS`) reads the head too."""
        reload = load or (lambda: self._load(gid))
        now = time.monotonic()
        deadline = now + min(seconds, self.max_wait)
        recheck = now + RECHECK_SECONDS
        latest: Stored | Head = seen
        if watch is not None and not armed:
            watch.arm()
            latest = self._head(gid)
        while watch is not None and not ready(latest, caller, after):
            now = time.monotonic()
            if now >= deadline or (self.changes is not None and self.changes.closing):
                break
            woken = watch.sleep(min(deadline, recheck, now + HANGUP_CHECK_SECONDS) - now)
            if peer.gone():
                log.debug("a waiting client of game %s hung up; its wait is dropped", gid)
                break
            if woken or time.monotonic() >= recheck:
                watch.arm()
                latest = reload() if woken else self._head(gid)
                recheck = time.monotonic() + RECHECK_SECONDS
        if isinstance(latest, Stored):
            return latest
        if isinstance(seen, Stored) and latest.version == seen.version:
            return seen
        return reload()

    def _load(self, gid: str) -> Stored:
        return found(self.store.load(gid), gid)

    def _head(self, gid: str) -> Head:
        return found(self.store.head(gid), gid)


def _counted(caller: Caller, peer: Peer) -> str | None:
    """The address a wait counts against: a wait without a seat needs no token, so its only
    bound is its client's address (`SPECTATOR_WAITS_PER_ADDRESS`)."""
    if caller.seat is not None:
        return None
    return peer.address or "unknown"

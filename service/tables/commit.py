"""The one way a change of a game is written: a creation, a move, a deal, a seat taken, the
end of a game, a bot's turn.

A change is made in memory first (a `Change`); `Commit.commit` then writes it in ONE
compare-and-set (state + events + actions + idempotent answer + due bot turns + feed entries,
`service.storage.store`), and after it relays the feed, compacts an ended game, tells an outside
match, caches the new version and enqueues the due bot turns (on one Redis the same script
enqueues them: `Commit.inline_jobs`). A lost race writes nothing and
answers 409. Building it once keeps every change's write the same, Redis command for command.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots import BOTS
from engine import Game
from engine.record import load as load_game
from service.core.errors import ServiceError, found
from service.core.shards import FAILURES, tag
from service.games.bodies import ABANDONED, OVER
from service.games.callers import Caller
from service.games.clocks import Seating, ServerClock, with_seating
from service.storage.cache import GameCache
from service.storage.cas import Outcome, Write
from service.storage.records import Head, Stored
from service.storage.store import Store
from service.streams.feed import encoded, game_entries
from service.streams.feed_relay import Feed
from service.tables.bot_turns import BotTurns, due_turns, live

log = logging.getLogger("duckpond.tables")

JSON = dict[str, Any]
ENDED = (OVER, ABANDONED)


@dataclass(frozen=True, slots=True)
class Change:
    """A change made in memory and not yet written: the game after it, and what to store."""

    stored: Stored
    """The game it starts from: its version is the one expected (-1: a creation)."""
    game: Game
    version: int
    entries: list[JSON]
    actions: list[JSON]
    status: str
    to_act: tuple[int, ...]
    bots: tuple[int, ...]
    """The bot seats (and away seats) to act after the change: their turns are due."""
    seating: Seating | None
    """Clocks and away seats after the change (`service.games.clocks`); None: no turn is due
    (an abandoned game)."""
    now: int | None = None
    """The server's time of the change in ms, in a timed game (its clocks count from it)."""
    state: JSON | None = None
    """The state to write when it is not the game's own (a seat change, an abandon)."""
    meta: JSON | None = None
    """A new meta, written with the change (a creation, a seat taken)."""

    @property
    def head(self) -> Head:
        """What a waiting caller would read right after this change is written."""
        return Head(self.version, self.status, self.to_act)


def bot_seats(game: Game, meta: Mapping[str, Any], seating: Seating) -> tuple[int, ...]:
    """The seats to act that a bot plays: bot seats, and away seats (`service.games.clocks`)."""
    seats = meta["seats"]
    return tuple(
        s for s in sorted(game.to_act()) if seats[s].get("bot") in BOTS or seating.seats[s].away
    )


class Commit:
    """Writes changes (`commit`); holds what every use case of tables reads and writes with."""

    def __init__(
        self,
        store: Store,
        turns: BotTurns,
        cache: GameCache,
        feed: Feed | None,
        *,
        finished_ttl: int,
        idle_ttl: int,
    ) -> None:
        self.store = store
        self.turns = turns
        self.cache = cache
        self.feed = feed
        """Where a committed change's app-key feed entries are relayed (`service.streams.feed`)."""
        self.finished_ttl = finished_ttl
        self.idle_ttl = idle_ttl
        self.clock = ServerClock(store.redis)
        """The server's time, for turn clocks (`service.games.clocks`)."""
        self.inline_jobs = turns.queue.connection is store.redis
        """The queues are on game data's Redis: the compare-and-set enqueues the due bot
        turns itself (`BotTurns.commands`); elsewhere they are enqueued after it."""
        self.match_game_ended: Callable[[str, str], None] | None = None
        """Told (match id, game id) when a game of an outside match ends (`service.wiring`
        sets it to the match driver's)."""

    def load(self, gid: str) -> Stored:
        return found(self.store.load(gid), gid)

    def game(self, stored: Stored) -> Game:
        """The decoded game of `stored`, a private copy the caller may change."""
        return self.cache.game(stored) or load_game(stored.state)

    def commit(
        self,
        change: Change,
        kind: str,
        caller: Caller | None = None,
        *,
        idem_field: str = "",
        response: str = "",
        schedule: bool = True,
        create_key: str = "",
        pointer_ttl: int = 0,
    ) -> str | None:
        """Write `change` in one compare-and-set, then all that follows a write. Returns the
        stored first answer when a retry with the same Idempotency-Key won the race (or, for a
        creation, the id of the game that holds its key), else None.

        `caller` is logged (the use case logs changes made by nobody's token itself);
        `schedule` False leaves the bot turns to the caller, which plays them at once. A
        change that writes a new meta is not cached: those were always read back first."""
        stored = change.stored
        gid, meta = stored.gid, stored.meta if change.meta is None else change.meta
        state = change.state
        if state is None:
            state = change.game.to_dict()
            if change.seating is not None:
                state = with_seating(state, change.seating)
        enqueue = schedule and bool(change.bots)
        jobs = b""
        if enqueue and self.inline_jobs:
            jobs = self.turns.commands(gid, change.bots, change.version, meta)
        outcome = self._write(
            change, meta, state, idem_field, response, create_key, pointer_ttl, jobs
        )
        if outcome.kind in ("replay", "taken"):
            return outcome.response
        if outcome.kind == "missing":
            found(None, gid)  # raises the 404: the game expired since it was read
        if outcome.kind == "exists":  # a 72-bit random id taken: vanishingly rare, never silent
            raise ServiceError("idempotency_in_progress", "could not allocate a game id; retry")
        if outcome.kind != "ok":
            raise ServiceError(
                "stale_version",
                f"another change won the race: the game is at version {outcome.version}",
                version=outcome.version,
            )
        self._relay(gid, meta, outcome)
        if change.status in ENDED:
            self._compact(gid, change.version)
            self._match_game_ended(gid, meta)
        if caller is not None and log.isEnabledFor(logging.INFO):  # text built only if logged
            log.info(
                "game %s v%d: %s by %s%s",
                gid,
                change.version,
                kind,
                caller.principal,
                f" {change.actions[0]['move']}" if kind == "move" else "",
            )
        if change.meta is None:  # nobody changes the game after this: callers only read
            self.cache.put(self._written(change, state), change.game)
        if enqueue and not jobs:
            self.turns.schedule(gid, change.bots, change.version, meta)
        return None

    def _write(
        self,
        change: Change,
        meta: Mapping[str, Any],
        state: JSON,
        idem_field: str,
        response: str,
        create_key: str,
        pointer_ttl: int,
        jobs: bytes = b"",
    ) -> Outcome:
        """The compare-and-set. Waiters hear the news of a started game's change only (not of
        its creation, nor its abandon); a failed creation frees its key, or every retry would
        wait for a game never written."""
        stored, gid, version = change.stored, change.stored.gid, change.version
        seating = change.seating
        write = Write(
            expected=stored.version,
            state=state,
            status=change.status,
            ttl=self.finished_ttl if change.status in ENDED else self.idle_ttl,
            events=change.entries,
            actions=change.actions,
            idem_field=idem_field,
            response=response,
            meta=change.meta,
            due=due_turns(gid, change.bots, version, seating.timers() if seating else ()),
            to_act=change.to_act,
            create_key=create_key,
            pointer_ttl=pointer_ttl,
            news=stored.version >= 0 and change.status != ABANDONED and live(meta),
            feed=self._feed(gid, meta, version, change.entries, change.status, change.to_act),
            app_key=meta.get("app_key") or "",
            relay=self._inline(gid, meta),
            jobs=jobs,
        )
        try:
            return self.store.write(gid, write)
        except FAILURES:
            if create_key:
                self.store.release_create_key(create_key, gid)
            raise

    @staticmethod
    def _written(change: Change, state: JSON) -> Stored:
        stored = change.stored
        return Stored(
            gid=stored.gid,
            version=change.version,
            state=state,
            meta=stored.meta,
            status=change.status,
            nevents=stored.nevents + len(change.entries),
            to_act=change.to_act,
            cached=True,
        )

    def _match_game_ended(self, gid: str, meta: Mapping[str, Any]) -> None:
        """A game of an outside match ended: its driver advances the match. A failure here is
        the match's next read's to mend (it advances it too); the game's end stands."""
        match = meta.get("match")
        if match is None or self.match_game_ended is None:
            return
        try:
            self.match_game_ended(str(match["id"]), gid)
        except FAILURES as exc:
            log.warning("game %s: its match %s not told (%s)", gid, match["id"],
                        type(exc).__name__)  # fmt: skip

    def _compact(self, gid: str, version: int) -> None:
        """Store an ended game as what determines it (`service.storage.archive`); a failure
        leaves it as a live game is stored, only bigger."""
        try:
            self.store.compact(gid, version)
        except FAILURES as exc:
            log.warning("game %s: not compacted (%s)", gid, type(exc).__name__)

    def _feed(
        self,
        gid: str,
        meta: Mapping[str, Any],
        version: int,
        events: Sequence[Mapping[str, Any]],
        status: str,
        to_act: Sequence[int],
    ) -> tuple[tuple[str, bytes], ...]:
        """A Write's `feed`: what the app key that created the game hears of this change
        (`service.streams.feed`); none for a game made without a key, or a process without a
        feed."""
        if not meta.get("app_key") or self.feed is None:
            return ()
        return encoded(game_entries(gid, version, events, status, to_act, meta["seats"]))

    def _inline(self, gid: str, meta: Mapping[str, Any]) -> tuple[tuple[str, ...], str] | None:
        """A Write's `relay` (`service.streams.feed.Feed.inline`)."""
        key_id = meta.get("app_key")
        if not key_id or self.feed is None:
            return None
        return self.feed.inline(str(key_id), tag(gid))

    def _relay(self, gid: str, meta: Mapping[str, Any], outcome: Outcome) -> None:
        """After a commit: hand what the script relayed to the key's webhooks, or have what
        it left in the outbox relayed (`service.streams.feed`)."""
        if self.feed is None:
            return
        if outcome.relayed is not None and outcome.relayed[0]:
            self.feed.dispatch_later(str(meta["app_key"]), outcome.relayed[1])
        if outcome.outbox:
            self.feed.after_commit(tag(gid), outcome.outbox)

"""The use cases of hosted games ("tables") as one object, for the routes, the bot worker
and the match driver: everything they may do to a table, the same way for every game of the
engine.

What each does lives by what it does: reading (`reads`), creating (`create`), changing
(`changes`), taking seats and rematches (`lobby`), all writing through the one commit path
(`commit`). This holds them together and hands each call to its part.
"""

from __future__ import annotations

from collections.abc import Callable

from service.games.callers import Caller, KeyCheck
from service.storage.cache import GameCache
from service.storage.records import Stored
from service.storage.store import Store
from service.streams.feed_relay import Feed
from service.streams.waits import Waits
from service.tables.bot_turns import BotTurns
from service.tables.changes import TableChanges
from service.tables.commit import Commit
from service.tables.create import Creation
from service.tables.lobby import Lobby
from service.tables.reads import Reads


class Tables:
    """The use-case layer; holds the store, the bot-turn scheduler and the waits."""

    def __init__(
        self,
        store: Store,
        turns: BotTurns,
        waits: Waits,
        *,
        finished_ttl: int,
        idempotency_ttl: int,
        idle_ttl: int = 3 * 24 * 3600,
        reservation_ttl: int = 5,
        think_limit_ms: int = 1000,
        chain_seconds: float = 0.0,
        cache: GameCache | None = None,
        feed: Feed | None = None,
        key_check: KeyCheck | None = None,
    ) -> None:
        self.store = store
        self.turns = turns
        self.waits = waits
        self.finished_ttl = finished_ttl
        self.idempotency_ttl = idempotency_ttl
        self.chain_seconds = chain_seconds
        """How long a worker's job chains bot turns (`bot_turn`); the job passes it on."""
        self.commits = Commit(
            store, turns, cache or GameCache(0), feed, finished_ttl=finished_ttl, idle_ttl=idle_ttl
        )
        self.cache = self.commits.cache
        self.clock = self.commits.clock
        self.reads = Reads(self.commits, waits, key_check)
        self.creation = Creation(
            self.commits, idempotency_ttl=idempotency_ttl, reservation_ttl=reservation_ttl
        )
        self.changes = TableChanges(self.commits, self.reads, waits, think_limit_ms)
        self.lobby = Lobby(
            self.commits,
            self.creation.create,
            pointer_ttl=max(finished_ttl, idempotency_ttl),
            reservation_ttl=reservation_ttl,
        )
        # Each call goes straight to its part: no extra call on the move path.
        self.catalog = self.reads.catalog
        self.bots = self.reads.bots
        self.authenticate = self.reads.authenticate
        self.view = self.reads.view
        self.score = self.reads.score
        self.events = self.reads.events
        self.record = self.reads.record
        self.create = self.creation.create
        self.is_retry = self.creation.is_retry
        self.move = self.changes.move
        self.deal = self.changes.deal
        self.presence = self.changes.presence
        self.abandon = self.changes.abandon
        self.resign = self.changes.resign
        self.bot_turn = self.changes.bot_turn

    def open(
        self,
        gid: str,
        authorization: str | None,
        *,
        required: bool,
        version: int | None = None,
        app_key: str | None = None,
    ) -> tuple[Caller, Stored]:
        """`Reads.open` (a method here, so a test can watch every request's read)."""
        return self.reads.open(
            gid, authorization, required=required, version=version, app_key=app_key
        )

    @property
    def match_game_ended(self) -> Callable[[str, str], None] | None:
        """Told (match id, game id) when a game of an outside match ends (`service.wiring`)."""
        return self.commits.match_game_ended

    @match_game_ended.setter
    def match_game_ended(self, told: Callable[[str, str], None] | None) -> None:
        self.commits.match_game_ended = told

    @property
    def match_sealed(self) -> Callable[[str], bool] | None:
        """Whether an outside match's seeds are secret still (`Reads.match_sealed`)."""
        return self.reads.match_sealed

    @match_sealed.setter
    def match_sealed(self, sealed: Callable[[str], bool] | None) -> None:
        self.reads.match_sealed = sealed

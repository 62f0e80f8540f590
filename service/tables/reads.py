"""Reading tables: the catalog, the caller and its view, the score, events and the record.

Secrets (hands, stock, seed, salt, tokens) never leave through here: bodies come from
`service.games.bodies`, tokens are checked against their sha256 hashes only
(`service.games.callers`), and the seed, the salt and the stock appear only in the record,
after the end (each deal's commitment to them is public from its start: `engine.fairness`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bots import BOTS
from engine import GAMES
from engine.record import load as load_game
from engine.record import record_of
from service.core.connections import NOBODY, Peer
from service.core.errors import ServiceError, found
from service.games.bodies import ABANDONED, OVER, events_out, game_body
from service.games.callers import Caller, KeyCheck, authenticate
from service.games.clocks import OPTIONS as CLOCK_OPTIONS
from service.games.clocks import Seating
from service.storage.records import Stored
from service.streams.waits import Waits
from service.tables.commit import Commit

JSON = dict[str, Any]

SERVICE_OPTIONS: tuple[JSON, ...] = (
    {
        "name": "auto_deal",
        "type": "bool",
        "default": None,
        "scope": "service",
        "doc": "Deal the next deal automatically, in the same change as the move that ended a "
        "deal. Default: on when at most one seat is human (a lone player never waits for a "
        "deal), off when several humans share the table (then any seat or the host deals "
        "with POST .../deal, so nobody is rushed past the score).",
    },
    *CLOCK_OPTIONS,
)


class Reads:
    """What a caller may read of a table; reads through the commit's store and cache."""

    def __init__(self, commits: Commit, waits: Waits, key_check: KeyCheck | None = None) -> None:
        self.commits = commits
        self.store = commits.store
        self.cache = commits.cache
        self.waits = waits
        self.key_check = key_check
        """Proves a bound seat's `Duckpond-App-Key` (`service.games.callers.bound_to`); without
        one, every bound seat's token is refused."""
        self.match_sealed: Callable[[str], bool] | None = None
        """Whether an outside match's seeds are secret still (`Matches.sealed`): its games'
        records wait for the match's end."""

    @staticmethod
    def catalog() -> list[JSON]:
        out = []
        for cls in GAMES.values():
            entry = cls.catalog()
            entry["options"] = [{**o, "scope": "game"} for o in entry["options"]]
            entry["options"] += [dict(o) for o in SERVICE_OPTIONS]
            entry["bots"] = sorted(b for b, bot in BOTS.items() if cls.name in bot.policies)
            out.append(entry)
        return out

    @staticmethod
    def bots() -> list[JSON]:
        """Every registered bot, by name, with the games it plays."""
        return [BOTS[name].to_json() for name in sorted(BOTS)]

    def authenticate(
        self, gid: str, authorization: str | None, *, required: bool, app_key: str | None = None
    ) -> Caller:
        """The caller from `Authorization: Bearer <token>`; the token alone names the seat (a
        bound seat's also needs its owner's `app_key`: `service.games.callers.bound_to`)."""
        return authenticate(
            gid,
            authorization,
            required=required,
            meta=lambda: found(self.store.load_meta(gid), gid),
            meta_of=self.store.load_meta,
            app_key=app_key,
            key_check=self.key_check,
        )

    def open(
        self,
        gid: str,
        authorization: str | None,
        *,
        required: bool,
        version: int | None = None,
        app_key: str | None = None,
    ) -> tuple[Caller, Stored]:
        """The caller and the game from ONE Redis read (the hot path of views and changes).

        The token is checked against the meta of the same HGETALL that brings the state, so a
        view or a move costs one round trip before its compare-and-set, not two. The meta is
        written once, at creation, so it cannot disagree with the state it came with. A change
        that expects `version` takes the game from the process's cache when it holds that
        version (`service.storage.cache`), and reads nothing at all. `app_key` is the request's
        `Duckpond-App-Key`, which a bound seat's token needs (`service.games.callers.bound_to`)."""
        cached = self.cache.stored(gid, version) if version is not None else None
        if cached is not None:
            caller = authenticate(
                gid,
                authorization,
                required=required,
                meta=lambda: cached.meta,
                meta_of=self.store.load_meta,
                app_key=app_key,
                key_check=self.key_check,
            )
            return caller, cached
        loaded: list[Stored] = []

        def meta() -> JSON:
            loaded.append(self.commits.load(gid))
            return loaded[0].meta

        caller = authenticate(
            gid,
            authorization,
            required=required,
            meta=meta,
            meta_of=self.store.load_meta,
            app_key=app_key,
            key_check=self.key_check,
        )
        return caller, loaded[0] if loaded else self.commits.load(gid)

    def view(
        self,
        gid: str,
        caller: Caller,
        stored: Stored | None = None,
        wait: float = 0.0,
        after: int | None = None,
        peer: Peer = NOBODY,
    ) -> JSON:
        """The caller's view; `stored` is the game as `open` read it (else it is read here).
        With `wait` seconds, the view comes when the caller is to act (or after `after`);
        `peer` is the client that waits (`service.core.connections`)."""
        stored = self.commits.load(gid) if stored is None else stored
        if wait > 0:
            stored = self.waits.until_ready(gid, caller, stored, wait, after, peer)
        return self.body(stored, caller)

    def score(self, gid: str) -> JSON:
        stored = self.commits.load(gid)
        game = load_game(stored.state)
        return {
            "id": gid,
            "version": stored.version,
            "status": stored.status,
            **game.result().to_json(),
        }

    def events(self, gid: str, caller: Caller, after: int, limit: int | None = None) -> JSON:
        """A page of at most `limit` stored events after `after` (the caller sees those it
        may: a page can hold fewer); `next_after` and `has_more` say where the next starts."""
        loaded, entries = self.store.load_with_events(gid, after, limit)
        stored = found(loaded, gid)
        last = after + len(entries)
        return {
            "id": gid,
            "version": stored.version,
            "after": after,
            "last": last,
            "next_after": last,
            "has_more": last < stored.nevents,
            "events": events_out(entries, after + 1, caller),
        }

    def record(self, gid: str) -> JSON:
        stored = self.commits.load(gid)
        if stored.status not in (OVER, ABANDONED):
            raise ServiceError(
                "game_not_over",
                "the record is available after the game ends",
                version=stored.version,
            )
        match = stored.meta.get("match")
        if match and self.match_sealed is not None and self.match_sealed(str(match["id"])):
            raise ServiceError(
                "match_not_over",
                "this game's record (its seed gives the match's later deals away) is "
                "available once its match is done",
                version=stored.version,
            )
        game = load_game(stored.state)
        actions = self.store.actions(gid)
        return {
            "id": gid,
            "version": stored.version,
            "status": stored.status,
            "record": record_of(game, stored.meta.get("first_deal"), actions),
        }

    def body(self, stored: Stored, caller: Caller) -> JSON:
        """The caller's view of `stored`. A view only reads the game, so the decoded game is
        kept (`service.storage.cache`): the caller's next move, naming this version, starts here."""
        game = self.commits.game(stored)
        if not stored.cached:
            self.cache.put(stored, game)
        seating, now = None, None
        if "seating" in stored.state or stored.meta.get("clock"):
            seating = Seating.of(stored.state, stored.meta)
            running = seating.timed and stored.status != ABANDONED  # no clock runs there
            now = self.commits.clock.now_ms() if running else None
        body = game_body(stored.gid, stored.version, game, stored.meta, caller, seating, now)
        return abandoned_body(body) if stored.status == ABANDONED else body


def abandoned_body(body: JSON) -> JSON:
    """An abandoned game's body: its status says so, and no seat has a legal move."""
    body["status"] = ABANDONED
    view = body.get("view")
    if isinstance(view, dict) and "legal_moves" in view:
        view["legal_moves"] = []
    return body

"""The rematch of a finished game: asked for by one of its seat holders (or its host), offered
to the others on the finished game's stream, joined or declined by each.

Who may join: the finished game's seat holders, each presenting its OLD token. The new token
is derived from the old one (HMAC-SHA256 keyed with the old token over the new game's id), so
only the old token's holder can make it, the server can answer it again to that holder (a
retry, a second device), and Redis holds only its hash, never the token. Taking a seat of the
rematch is a seat change of the lobby's (`service.tables.lobby`): the rematch is made with
every other human seat open, and waits until each is taken.

Redis (game data: one server or the cluster):
- `dp:{<bucket>}:idem:create:<sha256("rematch", "", <old id>)>` -> the rematch's id: the
  creation pointer of `service.storage.store`, set with SET NX before the rematch is written and
  made to last by the compare-and-set that writes it, so two seats asking at once get one game.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from engine import Event, Reason
from engine.record import load as load_game
from service.core.errors import ServiceError
from service.games import idempotency
from service.games.bodies import ABANDONED, OVER, WAITING, Answer, event_entry
from service.games.callers import HOST, Caller, sha256
from service.games.clocks import options_of
from service.storage.keys import create_pointer_key
from service.storage.records import Head, Stored
from service.tables.commit import Change
from service.tables.guards import refuse_abandoned

if TYPE_CHECKING:  # the lobby holds the rematches (and imports this module)
    from service.tables.lobby import Lobby

log = logging.getLogger("duckpond.lobby")  # the lobby's: seat changes and rematches log together

JSON = dict[str, Any]

Settle = Callable[[str | None], None]
Admit = Callable[[str | None], Settle]
"""Counts a rematch against the quotas of the app key (its id) that created the game; the
answer settles the count once the rematch's id is known (None: not made)."""


@dataclass(frozen=True, slots=True)
class Rematch:
    """A creation that is the rematch of game `of`, asked for by `asker` of that game."""

    of: str
    key_hash: str
    """The rematch pointer (a creation pointer of `service.storage.store`)."""
    asker: Caller
    old_token: str = field(repr=False)
    """The asker's token of game `of`: its new token is derived from it (`token`)."""
    pointer_ttl: int

    def token(self, gid: str) -> str:
        return derived_token(self.old_token, gid)


def rematch_hash(gid: str) -> str:
    return idempotency.create_key_hash(gid, kind="rematch")


def derived_token(old_token: str, gid: str) -> str:
    """The token of game `gid` that the holder of `old_token` gets: only it can make it."""
    mac = hmac.new(old_token.encode(), f"duckpond:rematch:{gid}".encode(), hashlib.sha256)
    return f"{gid}.{base64.urlsafe_b64encode(mac.digest()[:24]).decode()}"


def bearer_token(authorization: str | None) -> str:
    """The raw token of an `Authorization` header `authenticate` has accepted."""
    return (authorization or "").strip().partition(" ")[2].strip()


class Creates(Protocol):
    """How a rematch is made: `service.tables.create.Creation.create`."""

    def __call__(
        self,
        request: Mapping[str, Any],
        idempotency_key: str | None = None,
        *,
        owner: str | None = None,
        rematch: Rematch | None = None,
        bound: Mapping[int, str] | None = None,
    ) -> Answer: ...


class Rematches:
    """Asking for, joining, offering and declining rematches (`Lobby.rematch`, `offer`,
    `decline` are these)."""

    def __init__(
        self,
        seats: Lobby,
        create: Creates,
        *,
        tries: int,
        pointer_ttl: int,
        reservation_ttl: int,
    ) -> None:
        self.seats = seats
        self.commits = seats.commits
        self.store = seats.store
        self.create = create
        self.tries = tries
        """How often a seat change that lost its compare-and-set reads the rematch again."""
        self.pointer_ttl = pointer_ttl
        """How long a rematch's pointer lasts (its game's and its key's, whichever is longer)."""
        self.reservation_ttl = reservation_ttl

    def rematch(
        self,
        gid: str,
        caller: Caller,
        authorization: str | None,
        *,
        ask: bool,
        admit: Admit | None = None,
        stored: Stored | None = None,
    ) -> Answer:
        """The rematch of finished game `gid` as the caller (a seat or the host, by its old
        token) sees it, with the caller's new token. `ask` (POST) makes the rematch if nobody
        has; without it (GET) there must be one. Either takes the caller's seat in it.
        `stored` is the finished game as the caller's authentication read it."""
        if caller.seat is None and not caller.host:
            raise ServiceError("missing_token", "a rematch needs a seat's or the host's token")
        old = self.commits.load(gid) if stored is None else stored
        refuse_abandoned(old)
        if old.status != OVER:
            raise ServiceError(
                "game_not_over", "a rematch is for a finished game", version=old.version
            )
        key_hash = rematch_hash(gid)
        held = cast(bytes | None, self.store.redis.get(create_pointer_key(key_hash)))
        new = held.decode() if held is not None else None
        old_token = bearer_token(authorization)
        if new is None:
            if not ask:
                raise ServiceError("no_rematch", "nobody asked for a rematch of this game yet")
            new = self._make(old, caller, old_token, key_hash, admit)
        return self._join(new, gid, caller, old_token)

    def offer(self, gid: str) -> JSON | None:
        """The rematch of finished game `gid` as its other players are offered it (None while
        nobody asked): its id, status, and which human seats have joined and are still open.
        No token: a stream of the finished game tells it to anyone who follows that game."""
        held = cast(bytes | None, self.store.redis.get(create_pointer_key(rematch_hash(gid))))
        if held is None:
            return None
        new = held.decode()
        stored = self.store.load(new)
        if stored is None:
            return None  # being written: the maker's change wakes the stream again
        open_ = [int(s) for s in stored.meta.get("open", ())]
        humans = [i for i, s in enumerate(stored.meta["seats"]) if s.get("bot") is None]
        return {
            "id": new,
            "rematch_of": gid,
            "status": stored.status,
            "joined": [s for s in humans if s not in open_],
            "open_seats": open_,
        }

    def decline(self, gid: str, caller: Caller, old: Stored) -> JSON:
        """A seat of finished game `gid` declines its rematch (or its asker withdraws it): the
        rematch, still waiting for its players, is abandoned with `rematch_declined`, so the
        page of whoever asked learns it at once from the rematch's stream. `old` is the
        finished game as the caller's authentication read it."""
        if caller.seat is None:
            raise ServiceError("not_a_player", "only a seat's token may decline a rematch")
        refuse_abandoned(old)
        if old.status != OVER:
            raise ServiceError(
                "game_not_over", "a rematch is for a finished game", version=old.version
            )
        held = cast(bytes | None, self.store.redis.get(create_pointer_key(rematch_hash(gid))))
        if held is None:
            raise ServiceError("no_rematch", "nobody asked for a rematch of this game yet")
        new = held.decode()
        for _ in range(self.tries):
            stored = self._written(new)
            refuse_abandoned(stored)
            if stored.status != WAITING:
                raise ServiceError(
                    "rematch_started",
                    "every player has joined the rematch: it is played, not declined",
                    version=stored.version,
                )
            version = stored.version + 1
            events = [
                Event("rematch_declined", {"seat": caller.seat}),
                Event("game_abandoned", {"by": "rematch_declined"}),
            ]
            change = Change(
                stored=stored,
                game=self.commits.game(stored),
                version=version,
                entries=[event_entry(e, version) for e in events],
                actions=[],
                status=ABANDONED,
                to_act=(),
                bots=(),
                seating=None,  # no turn is due
                state=stored.state,
            )
            try:
                if self.commits.commit(change, "decline"):
                    continue
            except ServiceError as exc:
                if exc.reason == "stale_version":
                    continue
                raise
            log.info("game %s: seat %s declined rematch %s", gid, caller.seat, new)
            return {"id": new, "rematch_of": gid, "status": ABANDONED, "declined_by": caller.seat}
        raise ServiceError("stale_version", "the rematch changed too often meanwhile; retry")

    def _make(
        self, old: Stored, caller: Caller, old_token: str, key_hash: str, admit: Admit | None
    ) -> str:
        """Create the rematch (or learn the one another request made first): its id."""
        game = load_game(old.state)
        options = dict(game.options)
        if "first_dealer" in options:
            options["first_dealer"] = (int(options["first_dealer"]) + 1) % game.seats
        options["auto_deal"] = bool(old.meta.get("auto_deal"))
        options.update(options_of(old.meta))  # the same turn clock (`service.games.clocks`)
        seats: list[JSON] = []
        for i, seat in enumerate(old.meta["seats"]):
            human = seat.get("bot") is None
            seats.append({"open": True} if human and i != caller.seat else dict(seat))
        request = {"game": game.name, "seats": seats, "options": options}
        owner = old.meta.get("app_key")
        settle = admit(owner) if admit is not None else None
        made: str | None = None
        try:
            plan = Rematch(
                of=old.gid,
                key_hash=key_hash,
                asker=caller,
                old_token=old_token,
                pointer_ttl=self.pointer_ttl,
            )
            bound = {int(seat): key for seat, key in (old.meta.get("bound") or {}).items()}
            answer = self.create(request, owner=owner, rematch=plan, bound=bound)
            if not answer.replayed:
                made = str(answer.body["id"])
                # The finished game's other players follow it for this (`offer`): tell them.
                self.store.poke(old.gid, Head(old.version, old.status, ()))
            return str(answer.body["id"])
        finally:
            if settle is not None:
                settle(made)

    def _join(self, new: str, old: str, caller: Caller, old_token: str) -> Answer:
        """Take the caller's place in rematch `new` (once; again it only re-reads it)."""
        token = derived_token(old_token, new)
        for _ in range(self.tries):
            stored = self._written(new)
            refuse_abandoned(stored)
            meta = stored.meta
            if caller.host:
                if meta.get("host") and not hmac.compare_digest(meta["host"], sha256(token)):
                    raise ServiceError("seat_taken", "the rematch has another host")
                if not meta.get("host"):
                    meta = {**meta, "host": sha256(token)}
            else:
                seat = int(caller.seat or 0)
                held = meta["tokens"][seat]
                if seat in meta.get("open", ()):
                    meta = self.seats.seated(meta, seat, token)
                elif held is None or not hmac.compare_digest(held, sha256(token)):
                    raise ServiceError("seat_taken", f"seat {seat} of the rematch is not yours")
            version = stored.version
            if meta is not stored.meta:
                if stored.status == OVER:  # its events are packed: no change appends to them
                    raise ServiceError(
                        Reason.GAME_OVER, "the rematch is over", version=stored.version
                    )
                events = [] if caller.host else [self.seats.taken(int(caller.seat or 0), meta)]
                if not self.seats.write(stored, meta, events):
                    continue
                version += 1
            who = HOST if caller.host else Caller(seat=caller.seat)
            body = self.seats.body(new, version, stored, meta, who)
            body["token"] = token
            body["rematch_of"] = old
            return Answer(body)
        raise ServiceError("stale_version", "the rematch changed too often meanwhile; retry")

    def _written(self, gid: str) -> Stored:
        """Rematch `gid` once its maker wrote it: a request that lost the race to make it may
        read the pointer first, so it waits out the maker's reservation (a few seconds)."""
        deadline = time.monotonic() + self.reservation_ttl
        while (stored := self.store.load(gid)) is None:
            if time.monotonic() > deadline:
                raise ServiceError(
                    "idempotency_in_progress",
                    "the rematch is being made; retry in a moment",
                    retry_after=1,
                )
            time.sleep(0.02)
        return stored

"""How players come to a table besides the creator's tokens: open seats taken with an invite
code, the lobby of public tables, and the rematch of a finished game.

An open seat is a human seat nobody holds yet: the meta's `open` lists them, and while it is
not empty the table waits (`service.games.bodies.WAITING`: no move, deal or bot turn). The first
deal
is shuffled and committed at creation, so its commitment is public before anyone sits down;
nobody is to act until the last seat is taken. Taking a seat is a change like a move: one
compare-and-set of the game at its version that writes the seat's token hash into the meta
and appends `seat_taken`, so of two requests for one seat exactly one wins (the other reads
the game again and finds the seat taken). The change that takes the last seat also records the
bot turns then due, as any change does.

Two ways to take a seat:
- an invite code (`claim`): made at creation, shown once in the creation answer (and in the
  lobby for a listed table), stored as its sha256 in the meta;
- a rematch (`rematch`): the finished game's seat holders, each presenting its OLD token
  (`service.tables.rematch`).

Redis (game data: one server or the cluster):
- `dp:lobby:{<scope>}:<game>` sorted set, game id -> its creation time (unix ms): the lobby of
  one app key (`<scope>` = its id, `-` with keys off) or of every key (`all`). One key per
  scope and game, on the scope's slot: a lobby read is one ZREVRANGE and one pipelined read of
  the listed games (the cluster client splits it by shard). Added before the table is
  written (a failed creation leaves an entry the reads prune), dropped when a read finds the
  table full, ended or gone.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from engine import Event, Reason
from service.core.codec import loads
from service.core.errors import ServiceError
from service.core.shards import DataClient
from service.games import idempotency
from service.games.bodies import (
    OVER,
    WAITING,
    Answer,
    event_entry,
    game_body,
    seats_out,
    seats_pending,
)
from service.games.bodies import status_of as game_status
from service.games.callers import Caller, new_token, sha256
from service.games.clocks import Seating, with_seating
from service.storage.keys import game_key, lobby_key
from service.storage.records import Stored
from service.storage.store import valid_id
from service.tables.commit import Change, Commit, bot_seats
from service.tables.guards import refuse_abandoned
from service.tables.rematch import Creates, Rematches

log = logging.getLogger("duckpond.lobby")

JSON = dict[str, Any]

LOBBY_SCOPES = ("key", "all")
"""Where a creation may list its table: its own app key's lobby, or every key's."""
EVERYONE = "all"
NO_KEY = "-"
"""The lobby scope of tables made with app keys off."""
LOBBY_LIMIT = 100
FRESH_MS = 60_000
"""A lobby entry whose game is not written yet is kept this long (its creation may be under
way: the entry is added first)."""
SEAT_TRIES = 8
"""A seat change that loses its compare-and-set to another change reads the game again and
tries again, this many times at most (each loss is another change made)."""


# --- creation ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Opening:
    """What a creation asks of its seats besides tokens: which are open, and the lobby."""

    open: tuple[int, ...]
    lobby: str | None
    invited: tuple[int, ...] = ()
    """Human seats whose tokens the creator hands out: the table waits until each is taken
    (`Lobby.take_invited`), as it waits for open seats."""


def opening(request: Mapping[str, Any]) -> Opening:
    """Read and check `seats[].open` and `lobby` of a creation request (422 when wrong)."""
    seats = list(request["seats"])
    open_, invited = [], []
    for i, seat in enumerate(seats):
        if seat.get("open"):
            if seat.get("bot") is not None:
                raise ServiceError(
                    Reason.INVALID_SEATS, f"seat {i} is a bot's: only a human seat can be open"
                )
            open_.append(i)
        if seat.get("invited"):
            if seat.get("bot") is not None or seat.get("open"):
                raise ServiceError(
                    Reason.INVALID_SEATS,
                    f"seat {i}: only a human seat with a token (not open) can be invited",
                )
            invited.append(i)
    lobby = request.get("lobby")
    if lobby is not None and lobby not in LOBBY_SCOPES:
        raise ServiceError(Reason.INVALID_SEATS, "lobby must be 'key' or 'all'")
    if lobby is not None and not open_:
        raise ServiceError(Reason.INVALID_SEATS, "only a table with an open seat is listed")
    return Opening(tuple(open_), lobby, tuple(invited))


def invite_code() -> str:
    return secrets.token_urlsafe(12)


def lobby_scope(owner: str | None, lobby: str) -> str:
    return EVERYONE if lobby == EVERYONE else owner or NO_KEY


def list_table(client: DataClient, scope: str, game: str, gid: str, ttl: int) -> None:
    """Put a table in a lobby (before it is written: see the module docstring)."""
    key = lobby_key(scope, game)
    now = int(time.time() * 1000)
    with client.pipeline(transaction=True) as pipe:
        pipe.zadd(key, {gid: now})
        pipe.zremrangebyscore(key, "-inf", now - ttl * 1000)  # tables idle past their TTL
        pipe.expire(key, ttl)
        pipe.execute()


# --- taking seats -----------------------------------------------------------------------------


class Lobby:
    """Claims, joins, rematches and the lobby; seat changes go through the one commit path."""

    def __init__(
        self, commits: Commit, create: Creates, *, pointer_ttl: int, reservation_ttl: int
    ) -> None:
        self.commits = commits
        self.store = commits.store
        self.rematches = Rematches(
            self,
            create,
            tries=SEAT_TRIES,
            pointer_ttl=pointer_ttl,
            reservation_ttl=reservation_ttl,
        )
        self.rematch = self.rematches.rematch
        self.offer = self.rematches.offer
        self.decline = self.rematches.decline

    def claim(
        self, gid: str, code: str, seat: int | None, idempotency_key: str | None = None
    ) -> Answer:
        """Take an open seat with the table's invite code: the answer holds its token, once
        (a retry with the same Idempotency-Key gets it again, sealed with that key)."""
        fp = idempotency.fingerprint("claim", code, seat)
        idem_field = (
            idempotency.change_field("invite", "claim", idempotency_key)
            if idempotency_key is not None
            else ""
        )
        for _ in range(SEAT_TRIES):
            stored = self.commits.load(gid)
            invite = str(stored.meta.get("invite") or "")
            if not invite or not hmac.compare_digest(sha256(code), invite):
                raise ServiceError("bad_invite_code", "this is not the table's invite code")
            if idem_field:
                prior = self.store.idempotent_response(gid, idem_field)
                if prior is not None:
                    unsealed = idempotency.unseal(idempotency_key or "", prior)
                    return Answer(idempotency.replay(unsealed, fp), replayed=True)
            refuse_abandoned(stored)
            chosen = self._open_seat(stored, seat)
            token = new_token(gid)
            meta = self.seated(stored.meta, chosen, token)
            caller = Caller(seat=chosen)
            body = self.body(gid, stored.version + 1, stored, meta, caller)
            body["token"] = token
            sealed = ""
            if idem_field:
                text = idempotency.stored_answer(fp, json.dumps(body))
                sealed = idempotency.seal(idempotency_key or "", text)
            if self.write(stored, meta, [self.taken(chosen, meta)], idem_field, sealed):
                return Answer(body)
        raise ServiceError("stale_version", "the table changed too often meanwhile; retry")

    def take_invited(
        self, gid: str, caller: Caller, seat: int, expected: Sequence[int | None] = ()
    ) -> Answer:
        """An invited seat's holder takes it with its token (the creator handed it out): the
        table stops waiting for it, and once no seat is left to take, the table starts, its
        clocks fresh from now. Taking a seat already taken changes nothing (the view)."""
        if caller.seat is None:
            raise ServiceError("not_a_player", "only the invited seat's token takes it")
        if caller.seat != seat:
            raise ServiceError("not_your_seat", f"this token holds seat {caller.seat}, not {seat}")
        for _ in range(SEAT_TRIES):
            stored = self.commits.load(gid)
            refuse_abandoned(stored)
            invited = list(stored.meta.get("invited") or ())
            if seat not in invited:
                return Answer(self.body(gid, stored.version, stored, stored.meta, caller))
            for version in expected:  # `expected_version`, `If-Match`: as a move checks them
                if version is not None and version != stored.version:
                    raise ServiceError(
                        "stale_version" if version < stored.version else "future_version",
                        f"the game is at version {stored.version}, not {version}",
                        version=stored.version,
                    )
            meta: JSON = {**stored.meta, "invited": [s for s in invited if s != seat]}
            if not meta["invited"]:
                del meta["invited"]
            event = Event("seat_taken", {"seat": seat, "open": list(meta.get("open", ()))})
            if self.write(stored, meta, [event]):
                return Answer(self.body(gid, stored.version + 1, stored, meta, caller))
        raise ServiceError("stale_version", "the table changed too often meanwhile; retry")

    def _open_seat(self, stored: Stored, seat: int | None) -> int:
        open_ = list(stored.meta.get("open") or ())
        seats = len(stored.meta["seats"])
        if seat is None:
            if not open_:
                raise ServiceError("no_open_seat", "every seat of this table is taken")
            return int(open_[0])
        if not 0 <= seat < seats:
            raise ServiceError("no_such_seat", f"the table has seats 0 to {seats - 1}")
        if seat not in open_:
            raise ServiceError("seat_taken", f"seat {seat} is not open")
        return seat

    @staticmethod
    def seated(meta: Mapping[str, Any], seat: int, token: str) -> JSON:
        """The meta once `seat` is held by `token` (its hash)."""
        tokens = list(meta["tokens"])
        tokens[seat] = sha256(token)
        out = {**meta, "tokens": tokens, "open": [s for s in meta.get("open", ()) if s != seat]}
        if not out["open"]:
            del out["open"]
        return out

    @staticmethod
    def taken(seat: int, meta: Mapping[str, Any]) -> Event:
        return Event("seat_taken", {"seat": seat, "open": list(meta.get("open", ()))})

    def body(self, gid: str, version: int, stored: Stored, meta: JSON, caller: Caller) -> JSON:
        game = self.commits.game(stored)
        return game_body(gid, version, game, meta, caller)

    def write(
        self,
        stored: Stored,
        meta: JSON,
        events: Sequence[Event],
        idem_field: str = "",
        response: str = "",
    ) -> bool:
        """Write a seat change at the game's version; False when another change won (the
        caller reads again). Taking the last open seat starts the table: its status, the seats
        to act and the bot turns then due are written with it."""
        gid, version = stored.gid, stored.version + 1
        game = self.commits.game(stored)
        full = not seats_pending(meta)
        status = game_status(game) if full else WAITING
        to_act = tuple(sorted(game.to_act())) if full else ()
        seating, state = Seating.of(stored.state, meta), stored.state
        if seating.timed and to_act:  # the table starts: its clocks too (`service.games.clocks`)
            started = seating.start_turns(meta, to_act, self.commits.clock.now_ms())
            events = [*events, *(Event("turn_started", data) for data in started)]
            state = with_seating(dict(stored.state), seating)
        change = Change(
            stored=stored,
            game=game,
            version=version,
            entries=[event_entry(e, version) for e in events],
            actions=[],
            status=status,
            to_act=to_act,
            bots=bot_seats(game, meta, seating) if full and status != OVER else (),
            seating=seating,
            state=state,
            meta=meta,
        )
        try:  # lost to another change (or to this claim's retry): the caller reads again
            if self.commits.commit(change, "seat", idem_field=idem_field, response=response):
                return False
        except ServiceError as exc:
            if exc.reason == "stale_version":
                return False
            raise
        log.info("game %s v%d: a seat change, open seats %s", gid, version, meta.get("open", []))
        return True

    # --- the lobby --------------------------------------------------------------------------

    def listing(self, game: str, owner: str | None, limit: int = 50) -> list[JSON]:
        """The tables with open seats listed to this caller: its own key's (`owner`; with
        keys off, every keyless table's) and those listed to all; newest first."""
        client = self.store.redis
        entries: list[tuple[float, str, str]] = []
        for scope in dict.fromkeys([owner or NO_KEY, EVERYONE]):
            key = lobby_key(scope, game)
            raw = cast(
                list[tuple[bytes, float]],
                client.zrevrange(key, 0, LOBBY_LIMIT - 1, withscores=True),
            )
            entries += [(score, member.decode(), key) for member, score in raw]
        entries.sort(reverse=True)
        if not entries:
            return []
        with client.pipeline(transaction=False) as pipe:
            for _, gid, _ in entries:
                pipe.hmget(game_key(gid) if valid_id(gid) else "dp:none", "meta", "status")
            rows = pipe.execute()
        now = time.time() * 1000
        out: list[JSON] = []
        gone: dict[str, list[str]] = {}
        for (created, gid, key), (raw_meta, status) in zip(entries, rows, strict=True):
            if raw_meta is None:
                if now - created > FRESH_MS:
                    gone.setdefault(key, []).append(gid)
                continue
            meta = loads(raw_meta)
            if status != WAITING.encode() or not meta.get("open"):
                gone.setdefault(key, []).append(gid)
                continue
            if len(out) < limit:
                out.append(self._listing(gid, game, meta, created, now))
        for key, gids in gone.items():
            client.zrem(key, *gids)
        return out

    @staticmethod
    def _listing(gid: str, game: str, meta: Mapping[str, Any], created: float, now: float) -> JSON:
        listed = meta.get("listed") or {}
        return {
            "id": gid,
            "game": game,
            "seats": seats_out(meta),
            "open_seats": list(meta.get("open", ())),
            "options": dict(listed.get("options") or {}),
            "auto_deal": bool(meta.get("auto_deal")),
            "lobby": listed.get("lobby"),
            "age_seconds": max(0, int((now - created) / 1000)),
            "invite_code": listed.get("code"),
        }

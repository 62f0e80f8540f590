"""Creating tables: a request checked, its first deal dealt, its tokens made, and the game
written by the one commit path (`service.tables.commit`) under its Idempotency-Key's pointer.

The answer holds each human seat's token and the host token, once; Redis holds only their
sha256 hashes (`service.games.callers`).
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots import known
from engine import GAMES, Event, Game, Reason
from engine.record import start as start_game
from service.core.codec import whole_numbers
from service.core.errors import ServiceError
from service.core.shards import new_id
from service.games import idempotency, old_forms
from service.games.bodies import WAITING, Answer, event_entry, game_body, status_of
from service.games.callers import HOST, new_token, sha256
from service.games.clocks import Seating, parse_options
from service.storage.records import Stored
from service.tables.commit import Change, Commit, bot_seats
from service.tables.lobby import Opening, invite_code, list_table, lobby_scope, opening
from service.tables.rematch import Rematch

log = logging.getLogger("duckpond.tables")

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Request:
    """A creation request, checked: nothing is stored before all of it is."""

    name: str
    seats: list[Mapping[str, Any]]
    options: JSON
    auto_deal: bool
    clock_meta: JSON
    humans: list[int]
    opened: Opening
    bound: dict[str, str]


class Creation:
    """Makes new games (`create`), over the one commit path."""

    def __init__(self, commits: Commit, *, idempotency_ttl: int, reservation_ttl: int) -> None:
        self.commits = commits
        self.store = commits.store
        self.idempotency_ttl = idempotency_ttl
        self.reservation_ttl = reservation_ttl

    def create(
        self,
        request: Mapping[str, Any],
        idempotency_key: str | None = None,
        *,
        scope: str = "",
        owner: str | None = None,
        rematch: Rematch | None = None,
        bound: Mapping[int, str] | None = None,
        match: Mapping[str, Any] | None = None,
    ) -> Answer:
        """A new game; the answer holds each human seat's token and the host token, once.

        `scope` names the caller its Idempotency-Key belongs to (`service.games.idempotency`);
        `owner` is the id of the app key that created it, kept in the meta (its host token is
        bound to that key: `service.app_keys`). Open seats (`service.tables.lobby`) get no token:
        the table waits for them, and the answer holds its invite code instead. A `rematch`
        is made under its game's rematch pointer: a lost race answers only the id held.
        `bound` binds human seats to app key ids (`{seat: key id}`): each one's token then
        works only beside that key (`service.games.callers.bound_to`). `match` (`{id, index,
        rotation}`) makes it a game of an outside match (`service.matches.match_games`), whose
        driver hears when it ends."""
        checked = check(request, bound)
        seed = request.get("seed") or secrets.token_hex(16)
        deal = first_deal(
            checked.name, len(checked.seats), checked.options, seed, request.get("deal")
        )
        # The engine validates game, seat count, options and deal before anything is stored.
        # The salt keeps each deal's commitment hiding, a guessable client seed too
        # (`engine.fairness`); like the seed, it is revealed only by the record.
        game, dealt = start_game(
            checked.name,
            len(checked.seats),
            seed=seed,
            options=checked.options,
            deal=deal,
            salt=secrets.token_hex(16),
            client_seed=bool(request.get("seed")),
        )
        fp = idempotency.fingerprint("create", dict(request))
        gid, key_hash, before = self._reserve(idempotency_key, scope, rematch, fp)
        if before is not None:
            return before
        idem_field = "create" if key_hash and rematch is None else ""
        tokens, host_token = _tokens(gid, checked, rematch)
        meta = _meta(checked, tokens, host_token, deal, owner, match)
        code = ""
        if checked.opened.open and rematch is None:
            code = invite_code()
            meta["invite"] = sha256(code)
        if rematch is not None:
            meta["rematch_of"] = rematch.of
        if checked.opened.lobby is not None:  # listed: the lobby shows its code and options
            lobby = checked.opened.lobby
            meta["listed"] = {"lobby": lobby, "code": code, "options": dict(game.options)}
            scoped = lobby_scope(owner, lobby)
            list_table(self.store.redis, scoped, checked.name, gid, self.commits.idle_ttl)
        change = self._change(gid, game, dealt, checked, meta)
        body = _body(change, tokens, host_token, code)
        sealed = ""
        if idempotency_key is not None:
            sealed = idempotency.seal(idempotency_key, json.dumps({"fp": fp, "body": body}))
        _test_create_delay()
        taken = self.commits.commit(
            change, "create", idem_field=idem_field, response=sealed, create_key=key_hash,
            pointer_ttl=self.idempotency_ttl if rematch is None else rematch.pointer_ttl,
        )  # fmt: skip
        if taken is not None and rematch is not None:
            return Answer({"id": taken}, replayed=True)
        if taken is not None and idempotency_key is not None:
            # Our reservation ran out and another request holds the key now: its answer.
            return self._created_before(taken, idempotency_key, fp)
        if taken is not None:
            raise ServiceError("idempotency_in_progress", "could not allocate a game id; retry")
        seats = [s.get("bot") for s in checked.seats]
        log.info("game %s created: %s, seats %s", gid, checked.name, seats)
        return Answer(body)

    def _reserve(
        self, idempotency_key: str | None, scope: str, rematch: Rematch | None, fp: str
    ) -> tuple[str, str, Answer | None]:
        """A new game id and its key's hash, the key reserved for it; or the answer of the
        creation that holds the key already."""
        key_hash = ""
        if idempotency_key is not None:
            key_hash = idempotency.create_key_hash(idempotency_key, scope)
        elif rematch is not None:
            key_hash = rematch.key_hash
        gid = new_id(key_hash)  # in the key's bucket, with its pointer (service.core.shards)
        if key_hash:
            # Reserved for a few seconds only: the write makes it last.
            held = self.store.claim_create_key(key_hash, gid, self.reservation_ttl)
            if held != gid and rematch is not None:
                return gid, key_hash, Answer({"id": held}, replayed=True)
            if held != gid:
                return gid, key_hash, self._created_before(held, idempotency_key or "", fp)
        return gid, key_hash, None

    def _change(
        self, gid: str, game: Game, dealt: list[Event], checked: Request, meta: JSON
    ) -> Change:
        """The creation as a change from nothing (version -1) to version 0."""
        seats = checked.seats
        created = Event(
            "game_created",
            {"game": checked.name, "seat_count": len(seats), "bots": [s.get("bot") for s in seats]},
        )
        # No turn, and no clock, until every seat is taken: open ones, and invited ones.
        waiting = bool(checked.opened.open or checked.opened.invited)
        seating = Seating.of({}, meta)
        now = self.commits.clock.now_ms() if seating.timed else None
        if now is not None and not waiting:
            started = seating.start_turns(meta, sorted(game.to_act()), now)
            dealt += [Event("turn_started", data) for data in started]
        return Change(
            stored=Stored(gid=gid, version=-1, state={}, meta=meta, status="", nevents=0),
            game=game,
            version=0,
            entries=[event_entry(e, 0) for e in [created, *dealt]],
            actions=[],
            status=WAITING if waiting else status_of(game),
            to_act=() if waiting else tuple(sorted(game.to_act())),
            bots=() if waiting else bot_seats(game, meta, seating),
            seating=seating,
            now=now,
            meta=meta,
        )

    def is_retry(self, idempotency_key: str | None, scope: str = "") -> bool:
        """Whether a creation with this key (of this caller) was made or is under way: its
        retry is answered from the first, and counts against no quota."""
        if idempotency_key is None:
            return False
        return self.store.create_key_held(idempotency.create_key_hash(idempotency_key, scope))

    def _created_before(self, held: str, idempotency_key: str, fp: str) -> Answer:
        """The first answer of a creation retried under the key that game `held` holds."""
        prior = self.store.idempotent_response(held, "create")
        first = idempotency.first_creation(prior, idempotency_key, fp, self.reservation_ttl)
        return Answer(first, replayed=True)


def _body(change: Change, tokens: Sequence[str | None], host_token: str | None, code: str) -> JSON:
    """The creation's answer: the host's view (the creator holds the host token), with every
    token and the invite code, shown this once."""
    gid, meta = change.stored.gid, change.stored.meta
    body = game_body(gid, 0, change.game, meta, HOST, change.seating, change.now)
    body["seats"] = [
        {**seat, "token": tokens[seat["seat"]]} if tokens[seat["seat"]] else seat
        for seat in body["seats"]
    ]
    body["host_token"] = host_token
    if code:
        body["invite_code"] = code
    return body


def check(request: Mapping[str, Any], bound: Mapping[int, str] | None) -> Request:
    """The request's game, seats, bots and options, checked (422 when wrong)."""
    name = str(request["game"])
    if name not in GAMES:
        raise ServiceError("unknown_game", f"no game is named {name!r}; see the catalog")
    seats: list[Mapping[str, Any]] = list(request["seats"])
    options = whole_numbers(dict(request.get("options") or {}))
    auto_deal = options.pop("auto_deal", None)
    clock_meta = parse_options(options, name)  # the service's clock options, checked
    if (auto_deal is not None or "auto_deal" in (request.get("options") or {})) and (
        not isinstance(auto_deal, bool)
    ):
        raise ServiceError(Reason.INVALID_OPTIONS, "option 'auto_deal' must be a boolean")
    for seat in seats:
        bot, level = seat.get("bot"), seat.get("level")
        if (bot is None and level is not None) or (bot is not None and not known(bot, name, level)):
            where = f" at level {level!r}" if level is not None else ""
            raise ServiceError("unknown_bot", f"no bot named {bot!r} plays {name}{where}")
    humans = [i for i, s in enumerate(seats) if s.get("bot") is None]
    opened = opening(request)
    bound_meta = bound_seats(bound, humans)
    if auto_deal is None:
        auto_deal = len(humans) <= 1
    return Request(name, seats, options, auto_deal, clock_meta, humans, opened, bound_meta)


def _tokens(
    gid: str, checked: Request, rematch: Rematch | None
) -> tuple[list[str | None], str | None]:
    """Each seat's token (None: a bot's, or open) and the host's."""
    tokens = [
        new_token(gid) if i in checked.humans and i not in checked.opened.open else None
        for i in range(len(checked.seats))
    ]
    host_token: str | None = new_token(gid)
    if rematch is not None:  # the asker's seat (or the host) gets its derived token
        host_token = rematch.token(gid) if rematch.asker.host else None
        if rematch.asker.seat is not None:
            tokens[rematch.asker.seat] = rematch.token(gid)
    return tokens, host_token


def _meta(
    checked: Request,
    tokens: Sequence[str | None],
    host_token: str | None,
    deal: JSON | None,
    owner: str | None,
    match: Mapping[str, Any] | None,
) -> JSON:
    """The game's meta, written by the creation (a seat taken rewrites it); a rematch's and
    an invite's parts are added by `create`."""
    meta: JSON = {
        "game": checked.name,
        "seats": [
            {k: s[k] for k in ("bot", "level") if s.get(k) is not None} for s in checked.seats
        ],
        "tokens": [sha256(t) if t is not None else None for t in tokens],
        "host": sha256(host_token) if host_token is not None else "",
        "auto_deal": checked.auto_deal,
        "first_deal": deal,
        **checked.clock_meta,
    }
    if owner is not None:
        meta["app_key"] = owner
    if checked.bound:
        meta["bound"] = checked.bound
    if match is not None:
        meta["match"] = dict(match)
    if checked.opened.open:
        meta["open"] = list(checked.opened.open)
    if checked.opened.invited:
        meta["invited"] = list(checked.opened.invited)
    return meta


def bound_seats(bound: Mapping[int, str] | None, humans: Sequence[int]) -> dict[str, str]:
    """The meta's `bound`, `{"<seat>": <key id>}` (string keys, as JSON stores them, so the
    meta reads the same from the cache and from Redis); only human seats may be bound."""
    out: dict[str, str] = {}
    for seat, key_id in (bound or {}).items():
        if seat not in humans or not key_id:
            raise ServiceError(Reason.INVALID_SEATS, f"seat {seat} is no human seat to bind")
        out[str(seat)] = str(key_id)
    return out


def first_deal(
    name: str, seats: int, options: Mapping[str, Any], seed: str, deal: Mapping[str, Any] | None
) -> JSON | None:
    """A creation's explicit first deal, `{"cards": [...]}` in the order the table deals them
    (`Game.deal_of`), as the engine and the record hold it (`hands`, `stock`, piles)."""
    if deal is None:
        return None
    return old_forms.explicit_deal(GAMES[name](seats, options, seed), deal).to_json()


TEST_CREATE_PAUSE = "DUCKPOND_TEST_CREATE_PAUSE"
"""Test hook, never set in production: a file; while it exists, a creation waits (up to 30 s)
between reserving its Idempotency-Key and writing its game, so a fault test can kill the
process in between (tests/faults)."""


def _test_create_delay() -> None:
    path = os.environ.get(TEST_CREATE_PAUSE)
    end = time.monotonic() + 30
    while path and os.path.exists(path) and time.monotonic() < end:
        time.sleep(0.02)

"""The use cases of hosted games ("tables"): everything the API and the bot worker may do to
one, the same way for every game of the engine.

Every change, a human's move, a bot's move or a deal, is prepared in memory (`_prepare`: check
the expected version, let the engine validate and apply, deal the next deal when the service
option `auto_deal` says so) and then committed (`_commit`: state + events + actions + idempotent
answer + the due bot turns in ONE compare-and-set, then the turns are enqueued). A lost race
writes nothing and answers 409. Building the caller's answer is apart from both: a bot turn
commits with the game it already holds and builds none.

Secrets (hands, stock, seed, salt, tokens) never leave through here: bodies come from
`service.games.bodies`, tokens are stored as sha256 hashes only (`service.games.callers`), and the
seed,
the salt and the stock appear only in the record, after the end (each deal's commitment to
them is public from its start: `engine.fairness`).
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots import BOTS, decide, known, turn_rng
from engine import GAMES, EngineError, Event, Game, Move, Reason
from engine.record import load as load_game
from engine.record import record_of
from engine.record import start as start_game
from service.core import metrics
from service.core.codec import whole_numbers
from service.core.connections import NOBODY, Peer
from service.core.errors import ServiceError, found
from service.core.shards import FAILURES, new_id, tag
from service.games import contract, idempotency
from service.games.bodies import (
    ABANDONED,
    OVER,
    WAITING,
    Answer,
    event_entry,
    events_out,
    game_body,
    status_of,
    to_json,
)
from service.games.callers import HOST, Caller, KeyCheck, authenticate, new_token, sha256
from service.games.clocks import OPTIONS as CLOCK_OPTIONS
from service.games.clocks import (
    Seating,
    ServerClock,
    human,
    parse_options,
    stand_in,
    stand_in_name,
    with_seating,
)
from service.storage.cache import GameCache
from service.storage.store import Head, Outcome, Store, Stored, Write
from service.streams.feed import encoded, game_entries
from service.streams.feed_relay import Feed
from service.streams.waits import Waits, ready
from service.tables.bot_turns import BotTurns, ThinkLimitExceeded, due_turns, live, think_limit
from service.tables.guards import refuse_abandoned, refuse_waiting
from service.tables.lobby import Rematch, invite_code, list_table, lobby_scope, opening

log = logging.getLogger("duckpond.tables")

JSON = dict[str, Any]
Apply = Callable[[Game], tuple[list[Event], list[JSON]]]

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


@dataclass(frozen=True, slots=True)
class Actor:
    """Who made a change, as the clocks see it (`service.games.clocks`): a seat's `move`, its bot's
    move after a `timeout`, a `bot` (a bot seat, or an away seat's bot), a seat going `away`
    or making its `return`. A deal has none."""

    seat: int
    kind: str


EARLY_MS = 2000
"""A timed-out turn's job that runs before the deadline by this process's reckoning (the
clocks of Redis's nodes differ by a few ms) waits for it, up to this long."""


@dataclass(frozen=True, slots=True)
class Change:
    """A change made in memory and not yet written: the game after it, and what to store."""

    stored: Stored
    game: Game
    version: int
    entries: list[JSON]
    actions: list[JSON]
    status: str
    to_act: tuple[int, ...]
    bots: tuple[int, ...]
    """The bot seats (and away seats) to act after the change: their turns are due."""
    seating: Seating
    """Clocks and away seats after the change (`service.games.clocks`)."""
    now: int | None = None
    """The server's time of the change in ms, in a timed game (its clocks count from it)."""

    @property
    def head(self) -> Head:
        """What a waiting caller would read right after this change is written."""
        return Head(self.version, self.status, self.to_act)


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
        self.feed = feed
        self.key_check = key_check
        """Proves a bound seat's `Duckpond-App-Key` (`service.games.callers.bound_to`); without
        one, every bound seat's token is refused."""
        """Where a committed change's app-key feed entries are relayed (`service.streams.feed`)."""
        self.turns = turns
        self.waits = waits
        self.cache = cache or GameCache(0)
        self.finished_ttl = finished_ttl
        self.idempotency_ttl = idempotency_ttl
        self.idle_ttl = idle_ttl
        self.reservation_ttl = reservation_ttl
        self.think_limit_ms = think_limit_ms
        self.chain_seconds = chain_seconds
        """How long a worker's job chains bot turns (`bot_turn`); the job passes it on."""
        self.clock = ServerClock(store.redis)
        """The server's time, for turn clocks (`service.games.clocks`)."""
        self.match_game_ended: Callable[[str, str], None] | None = None
        """Told (match id, game id) when a game of an outside match ends (`service.wiring`
        sets it to the match driver's)."""
        self.match_sealed: Callable[[str], bool] | None = None
        """Whether an outside match's seeds are secret still (`Matches.sealed`): its games'
        records wait for the match's end."""

    # --- reading ------------------------------------------------------------------------

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
            meta=lambda: self._meta(gid),
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
            loaded.append(self._load(gid))
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
        return caller, loaded[0] if loaded else self._load(gid)

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
        stored = self._load(gid) if stored is None else stored
        if wait > 0:
            stored = self.waits.until_ready(gid, caller, stored, wait, after, peer)
        return self._body(stored, caller)

    def score(self, gid: str) -> JSON:
        stored = self._load(gid)
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
        stored = self._load(gid)
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

    # --- creating -----------------------------------------------------------------------

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
        driver
        hears when it ends."""
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
            if (bot is None and level is not None) or (
                bot is not None and not known(bot, name, level)
            ):
                where = f" at level {level!r}" if level is not None else ""
                raise ServiceError("unknown_bot", f"no bot named {bot!r} plays {name}{where}")
        humans = [i for i, s in enumerate(seats) if s.get("bot") is None]
        opened = opening(request)
        bound_meta = bound_seats(bound, humans)
        if auto_deal is None:
            auto_deal = len(humans) <= 1
        seed = request.get("seed") or secrets.token_hex(16)
        deal = first_deal(name, len(seats), options, seed, request.get("deal"))
        # The engine validates game, seat count, options and deal before anything is stored.
        # The salt keeps each deal's commitment hiding, a guessable client seed too
        # (`engine.fairness`); like the seed, it is revealed only by the record.
        game, dealt = start_game(
            name,
            len(seats),
            seed=seed,
            options=options,
            deal=deal,
            salt=secrets.token_hex(16),
            client_seed=bool(request.get("seed")),
        )

        fp = idempotency.fingerprint("create", dict(request))
        idem_field = key_hash = ""
        if idempotency_key is not None:
            key_hash = idempotency.create_key_hash(idempotency_key, scope)
        elif rematch is not None:
            key_hash = rematch.key_hash
        gid = new_id(key_hash)  # in the key's bucket, with its pointer (service.core.shards)
        if key_hash:
            # Reserved for a few seconds only: the write below makes it last.
            held = self.store.claim_create_key(key_hash, gid, self.reservation_ttl)
            if held != gid and rematch is not None:
                return Answer({"id": held}, replayed=True)
            if held != gid:
                return self._created_before(held, idempotency_key or "", fp)
            idem_field = "create" if rematch is None else ""

        tokens = [
            new_token(gid) if i in humans and i not in opened.open else None
            for i in range(len(seats))
        ]
        host_token: str | None = new_token(gid)
        if rematch is not None:  # the asker's seat (or the host) gets its derived token
            host_token = rematch.token(gid) if rematch.asker.host else None
            if rematch.asker.seat is not None:
                tokens[rematch.asker.seat] = rematch.token(gid)
        meta: JSON = {
            "game": name,
            "seats": [{k: s[k] for k in ("bot", "level") if s.get(k) is not None} for s in seats],
            "tokens": [sha256(t) if t is not None else None for t in tokens],
            "host": sha256(host_token) if host_token is not None else "",
            "auto_deal": auto_deal,
            "first_deal": deal,
            **clock_meta,
        }
        if owner is not None:
            meta["app_key"] = owner
        if bound_meta:
            meta["bound"] = bound_meta
        if match is not None:
            meta["match"] = dict(match)
        code = ""
        if opened.open:
            meta["open"] = list(opened.open)
            if rematch is None:
                code = invite_code()
                meta["invite"] = sha256(code)
        if rematch is not None:
            meta["rematch_of"] = rematch.of
        if opened.lobby is not None:  # listed: the lobby shows its code and options
            meta["listed"] = {"lobby": opened.lobby, "code": code, "options": dict(game.options)}
            list_table(self.store.redis, lobby_scope(owner, opened.lobby), name, gid, self.idle_ttl)
        created = Event(
            "game_created",
            {"game": name, "seat_count": len(seats), "bots": [s.get("bot") for s in seats]},
        )
        waiting = bool(opened.open)  # no turn, and no clock, until every seat is taken
        seating = Seating.of({}, meta)
        now = self.clock.now_ms() if seating.timed else None
        if now is not None and not waiting:
            started = seating.start_turns(meta, sorted(game.to_act()), now)
            dealt += [Event("turn_started", data) for data in started]
        body = game_body(gid, 0, game, meta, HOST, seating, now)  # the creator holds the host token
        body["seats"] = [
            {**seat, "token": tokens[seat["seat"]]} if tokens[seat["seat"]] else seat
            for seat in body["seats"]
        ]
        body["host_token"] = host_token
        if code:
            body["invite_code"] = code
        sealed = ""
        if idempotency_key is not None:
            sealed = idempotency.seal(idempotency_key, json.dumps({"fp": fp, "body": body}))
        bots = () if waiting else self._bot_seats(game, meta, seating)
        events = [event_entry(e, 0) for e in [created, *dealt]]
        to_act = () if waiting else tuple(sorted(game.to_act()))
        status = WAITING if waiting else status_of(game)
        write = Write(
            expected=-1,
            state=with_seating(game.to_dict(), seating),
            status=status,
            ttl=self.idle_ttl,
            events=events,
            actions=[],
            idem_field=idem_field,
            response=sealed,
            meta=meta,
            due=due_turns(gid, bots, 0, seating.timers()),
            to_act=to_act,
            create_key=key_hash,
            pointer_ttl=self.idempotency_ttl if rematch is None else rematch.pointer_ttl,
            feed=self._feed(gid, meta, 0, events, status, to_act),
            app_key=meta.get("app_key") or "",
            relay=self._inline(gid, meta),
        )
        _test_create_delay()
        try:
            outcome = self.store.write(gid, write)
        except FAILURES:
            if key_hash:  # free the key, or every retry would wait for a game never written
                self.store.release_create_key(key_hash, gid)
            raise
        if outcome.kind == "taken" and rematch is not None:
            return Answer({"id": outcome.response}, replayed=True)
        if outcome.kind == "taken" and idempotency_key is not None:
            # Our reservation ran out and another request holds the key now: its answer.
            return self._created_before(outcome.response, idempotency_key, fp)
        if outcome.kind != "ok":  # a 72-bit random id taken: vanishingly rare, never silent
            raise ServiceError("idempotency_in_progress", "could not allocate a game id; retry")
        log.info("game %s created: %s, seats %s", gid, name, [s.get("bot") for s in seats])
        self._relay(gid, meta, outcome)
        self.turns.schedule(gid, bots, 0, meta)
        return Answer(body)

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

    # --- changing -----------------------------------------------------------------------

    def move(
        self,
        gid: str,
        caller: Caller,
        move: Mapping[str, Any],
        expected: Sequence[int | None] = (),
        idempotency_key: str | None = None,
        stored: Stored | None = None,
        wait: float = 0.0,
        peer: Peer = NOBODY,
    ) -> Answer:
        """One move by the caller's seat; `stored` as for `view`. With `wait` seconds (and
        `stored`), the answer comes at the seat's next turn (`Waits.next_turn`)."""
        if caller.seat is None:
            raise ServiceError("not_a_player", "only a seat's token may move")
        seat = caller.seat
        parsed = Move.from_json(dict(move))

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            try:
                events = game.apply(seat, parsed)
            except EngineError as error:
                if error.reason == Reason.MALFORMED_MOVE and contract.moved_somewhere(move):
                    raise ServiceError(
                        "move_of_another_game", f"not a {game.title} move: {error}"
                    ) from None
                raise
            return events, [{"seat": seat, "move": parsed.to_json()}]

        # Only a request with an Idempotency-Key is ever compared with a stored one.
        fp = (
            idempotency.fingerprint("move", parsed.to_json(), list(expected))
            if idempotency_key is not None
            else ""
        )
        with self.waits.for_move(gid, caller, stored, wait) as watch:
            answer = self._change(
                gid, caller, "move", apply, expected, idempotency_key, fp, stored,
                waits=watch is not None, actor=Actor(seat, "move"),
            )  # fmt: skip
            turn = (
                None
                if watch is None
                else self.waits.next_turn(gid, caller, answer, wait, watch, peer)
            )
            if turn is None:
                return answer
            stored, entries = turn
            out = self._body(stored, caller)
            out["events"] = events_out(entries, answer.events_before + 1, caller)
            return Answer(out)

    def deal(
        self,
        gid: str,
        caller: Caller,
        deal: Mapping[str, Any] | None = None,
        expected: Sequence[int | None] = (),
        idempotency_key: str | None = None,
        stored: Stored | None = None,
    ) -> Answer:
        """The next deal, shuffled from the seed or (host only) given explicitly."""
        if caller.seat is None and not caller.host:
            raise ServiceError("missing_token", "dealing needs a seat token or the host token")
        if deal is not None and not caller.host:
            raise ServiceError("host_only", "only the host may pass an explicit deal")

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            explicit = game.deal_of(deal["cards"]) if deal is not None else None
            try:
                events = game.next_deal(explicit)
            except EngineError as error:
                if deal is None or error.reason != Reason.INVALID_DEAL:
                    raise
                if contract.dealt_somewhere(deal["cards"]):  # another game's deck, or Duck's
                    raise ServiceError(
                        "deck_mismatch", f"not the cards this {game.title} game deals: {error}"
                    ) from None
                raise
            return events, [{"deal": explicit.to_json() if explicit is not None else None}]

        fp = (
            idempotency.fingerprint("deal", deal, list(expected))
            if idempotency_key is not None
            else ""
        )
        return self._change(gid, caller, "deal", apply, expected, idempotency_key, fp, stored)

    def presence(
        self,
        gid: str,
        caller: Caller,
        seat: int,
        away: bool,
        expected: Sequence[int | None] = (),
        stored: Stored | None = None,
    ) -> Answer:
        """A seat hands itself to its `on_timeout` bot (`away`), which plays it at once from
        then on, or takes itself back. Idempotent: a seat already so changes nothing and gets
        its view. Otherwise one change, version-checked as a move is, with its event."""
        if caller.seat is None:
            raise ServiceError("not_a_player", "only a seat's token may leave or return")
        if caller.seat != seat:
            raise ServiceError("not_your_seat", f"this token holds seat {caller.seat}, not {seat}")
        stored = self._expect(self._load(gid) if stored is None else stored, expected)
        refuse_abandoned(stored)
        if stored.status == OVER:
            raise ServiceError(Reason.GAME_OVER, "the game is over", version=stored.version)
        if Seating.of(stored.state, stored.meta).seats[seat].away == away:
            body = self._body(stored, caller)
            body["events"] = []
            return Answer(body)

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            return [], []  # no move: the seating's event alone (`_seat_events`)

        kind = "away" if away else "return"
        return self._change(
            gid, caller, kind, apply, expected, None, "", stored, actor=Actor(seat, kind)
        )

    def bot_turn(
        self,
        gid: str,
        seat: int,
        version: int,
        before_submit: Callable[[], None] | None = None,
        chain_seconds: float = 0.0,
    ) -> str:
        """Play a bot seat's turn at `version`, or nothing if the game moved on.

        The move is committed as a human's is, expecting `version`: a second run of the same
        turn (a re-enqueued job racing a slow first one) is refused there. It decides and
        commits on the one game it decoded, and builds no answer: nobody reads one. The
        `before_submit` hook runs between the decision and the commit (tests use it).

        With `chain_seconds` > 0 (a worker's job), a move that leaves exactly one bot seat to
        act is followed by that seat's turn in the same job, until that much time has passed:
        consecutive bot turns cost no queue hop (RQ's bookkeeping is most of a bot turn's
        CPU). Each turn is still its own compare-and-set, which records the next as due, so a
        job that dies mid-chain leaves a due turn that the recovery loop re-enqueues."""
        until = time.monotonic() + chain_seconds if chain_seconds > 0 else 0.0
        outcome, follow = self._bot_move(gid, seat, version, before_submit, until)
        while follow is not None:
            pending = follow
            seat, version = pending.bots[0], pending.version
            try:
                _, follow = self._bot_move(gid, seat, version, before_submit, until)
            except BaseException:
                # Its turn was recorded as due but not enqueued: hand it to the queue now.
                self.turns.schedule(gid, [seat], version, pending.stored.meta)
                raise
        return outcome

    def _bot_move(
        self,
        gid: str,
        seat: int,
        version: int,
        before_submit: Callable[[], None] | None,
        chain_until: float,
    ) -> tuple[str, Change | None]:
        """One bot turn; the change, when the caller is to play the next bot turn itself
        (it was not enqueued)."""
        stored = self.cache.stored(gid, version) or self.store.load(gid)
        if stored is None or stored.version != version:
            return "stale", None
        if stored.status in (ABANDONED, WAITING):
            return stored.status, None
        meta = stored.meta
        if not 0 <= seat < len(meta["seats"]):
            return "not_a_bot", None
        kind, bot, level = "bot", meta["seats"][seat].get("bot"), meta["seats"][seat].get("level")
        if bot is None:  # a human seat: away, or its turn timed out
            clock = Seating.of(stored.state, meta).seats[seat]
            if clock.deadline is not None and not clock.away:
                early = clock.deadline - self.clock.now_ms()
                if early > EARLY_MS:
                    return "early", None
                time.sleep(max(early, 0) / 1000)
                kind = "timeout"
            elif not clock.away:
                return "not_a_bot", None
            bot, level = stand_in(meta)
        if bot not in BOTS:
            return "not_a_bot", None
        game = self._game(stored)
        rng = turn_rng(bot, game.seed, version, seat)
        try:
            with think_limit(self.think_limit_ms):
                choice = decide(bot, game, seat, rng, level=level)
        except ThinkLimitExceeded:
            # Stopped; the game goes on with the turn's seeded random move (the same on a retry).
            log.warning("game %s v%d: bot seat %d overran its think limit", gid, version, seat)
            choice = decide("random", game, seat, turn_rng(bot, game.seed, version, seat))
        if choice is None:
            return "idle", None
        if before_submit is not None:
            before_submit()

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            return game.apply(seat, choice), [{"seat": seat, "move": choice.to_json()}]

        change = self._prepare(stored, game, apply, Actor(seat, kind))
        chain = len(change.bots) == 1 and time.monotonic() < chain_until
        try:
            self._commit(change, Caller(seat=seat), "move", schedule=not chain)
        except ServiceError as exc:
            if exc.reason == "stale_version":
                return "stale", None
            raise
        metrics.moved("bot")  # each move of a chain counts
        return "moved", change if chain else None

    def _change(
        self,
        gid: str,
        caller: Caller,
        kind: str,
        apply: Apply,
        expected: Sequence[int | None],
        idempotency_key: str | None,
        fp: str,
        stored: Stored | None = None,
        waits: bool = False,
        actor: Actor | None = None,
    ) -> Answer:
        """A caller's change and its answer. `stored` may come from an earlier read of this
        request (`open`): the compare-and-set expects its version, so a change made since then
        makes this one a 409, never lost.

        With `waits`, and neither an Idempotency-Key (whose record needs the answer) nor the
        caller ready at once, the answer's body holds only `version` and `status`: the caller
        waits and builds the answer from the game as it is then."""
        stored = self._load(gid) if stored is None else stored
        idem_field = ""
        if idempotency_key is not None:
            idem_field = idempotency.change_field(caller.principal, kind, idempotency_key)
            prior = self.store.idempotent_response(gid, idem_field)
            if prior is not None:
                return Answer(idempotency.replay(prior, fp), replayed=True)
        refuse_abandoned(stored)
        refuse_waiting(stored)
        try:
            change = self._prepare(self._expect(stored, expected), self._game(stored), apply, actor)
        except EngineError:
            if not stored.cached:
                raise
            # Refusals are told from the game as Redis has it now, never from a cached version
            # that may be behind (a stale move is a 409, not "illegal here").
            stored = self._load(gid)
            change = self._prepare(self._expect(stored, expected), self._game(stored), apply, actor)
        text: str | None = None
        if waits and not idem_field and not ready(change.head, caller, None):
            body: JSON = {"version": change.version, "status": change.status}
        else:
            body = game_body(
                gid, change.version, change.game, stored.meta, caller, change.seating, change.now
            )
            body["events"] = events_out(change.entries, stored.nevents + 1, caller)
            text = to_json(body)
        response = idempotency.stored_answer(fp, text) if idem_field and text else ""
        replayed = self._commit(change, caller, kind, idem_field, response)
        if replayed is not None:
            return Answer(idempotency.replay(replayed, fp), replayed=True)
        return Answer(body, text=text, events_before=stored.nevents, to_act=change.to_act)

    @staticmethod
    def _expect(stored: Stored, expected: Sequence[int | None]) -> Stored:
        """`stored`, if it is at every version the caller expects (409 otherwise)."""
        for version in expected:
            if version is not None and version != stored.version:
                raise ServiceError(
                    "stale_version" if version < stored.version else "future_version",
                    f"the game is at version {stored.version}, not {version}",
                    version=stored.version,
                )
        return stored

    def _body(self, stored: Stored, caller: Caller) -> JSON:
        """The caller's view of `stored`. A view only reads the game, so the decoded game is
        kept (`service.storage.cache`): the caller's next move, naming this version, starts here."""
        game = self._game(stored)
        if not stored.cached:
            self.cache.put(stored, game)
        seating, now = None, None
        if "seating" in stored.state or stored.meta.get("clock"):
            seating = Seating.of(stored.state, stored.meta)
            running = seating.timed and stored.status != ABANDONED  # no clock runs there
            now = self.clock.now_ms() if running else None
        body = game_body(stored.gid, stored.version, game, stored.meta, caller, seating, now)
        return abandoned_body(body) if stored.status == ABANDONED else body

    def _game(self, stored: Stored) -> Game:
        """The decoded game of `stored`, a private copy the caller may change."""
        return self.cache.game(stored) or load_game(stored.state)

    def _prepare(
        self, stored: Stored, game: Game, apply: Apply, actor: Actor | None = None
    ) -> Change:
        """Apply a change to `game` (decoded from `stored`) in memory; an EngineError here
        leaves everything unchanged, as nothing is written yet. The seating follows
        (`service.games.clocks`): the actor's clock and presence, then the clocks of the seats to
        act next."""
        meta = stored.meta
        seating = Seating.of(stored.state, meta)
        now = self.clock.now_ms() if seating.timed else None
        first, last = _seat_events(seating, meta, actor, now or 0)
        events, actions = apply(game)
        if game.deal_pending() and not game.is_over() and meta.get("auto_deal"):
            events += game.next_deal(None)
            actions.append({"deal": None})
        events = first + events + last
        version = stored.version + 1
        if now is not None:
            started = seating.start_turns(meta, sorted(game.to_act()), now)
            events += [Event("turn_started", data) for data in started]
        bots = self._bot_seats(game, meta, seating)
        return Change(
            stored=stored,
            game=game,
            version=version,
            entries=[event_entry(e, version) for e in events],
            actions=actions,
            status=status_of(game),
            to_act=tuple(sorted(game.to_act())),
            bots=bots,
            seating=seating,
            now=now,
        )

    def _commit(
        self,
        change: Change,
        caller: Caller,
        kind: str,
        idem_field: str = "",
        response: str = "",
        schedule: bool = True,
    ) -> str | None:
        """Write `change` in one compare-and-set and enqueue its bot turns (unless the caller
        plays them itself: `schedule`). Returns the stored first answer when a retry with the
        same Idempotency-Key won the race, else None."""
        stored = change.stored
        gid = stored.gid
        state = with_seating(change.game.to_dict(), change.seating)
        outcome = self.store.write(
            gid,
            Write(
                expected=stored.version,
                state=state,
                status=change.status,
                ttl=self.finished_ttl if change.status == OVER else self.idle_ttl,
                events=change.entries,
                actions=change.actions,
                idem_field=idem_field,
                response=response,
                due=due_turns(gid, change.bots, change.version, change.seating.timers()),
                to_act=change.to_act,
                news=live(stored.meta),
                feed=self._feed(
                    gid, stored.meta, change.version, change.entries, change.status, change.to_act
                ),
                app_key=stored.meta.get("app_key") or "",
                relay=self._inline(gid, stored.meta),
            ),
        )
        if outcome.kind == "replay":
            return outcome.response
        if outcome.kind == "missing":
            found(None, gid)  # raises the 404: the game expired since it was read
        if outcome.kind != "ok":
            raise ServiceError(
                "stale_version",
                f"another change won the race: the game is at version {outcome.version}",
                version=outcome.version,
            )
        self._relay(gid, stored.meta, outcome)
        if change.status == OVER:
            self._compact(gid, change.version)
            self._match_game_ended(gid, stored.meta)
        if log.isEnabledFor(logging.INFO):  # the move's text is built only when it is logged
            log.info(
                "game %s v%d: %s by %s%s",
                gid,
                change.version,
                kind,
                caller.principal,
                f" {change.actions[0]['move']}" if kind == "move" else "",
            )
        written = Stored(
            gid=gid,
            version=change.version,
            state=state,
            meta=stored.meta,
            status=change.status,
            nevents=stored.nevents + len(change.entries),
            to_act=change.to_act,
            cached=True,
        )
        self.cache.put(written, change.game)  # nobody changes it after this: callers only read
        if schedule:
            self.turns.schedule(gid, change.bots, change.version, stored.meta)
        return None

    # --- ending early ---------------------------------------------------------------------

    def abandon(
        self,
        gid: str,
        caller: Caller,
        expected: Sequence[int | None] = (),
        stored: Stored | None = None,
    ) -> JSON:
        """The host ends an unfinished game: status `abandoned`, no more changes, its bot
        turns dropped from the due index, its record available, its keys on the finished TTL.

        One compare-and-set, as any change: a move that wins the race makes this a 409."""
        if not caller.host:
            raise ServiceError("host_only", "only the host token may abandon the game")
        stored = self._expect(self._load(gid) if stored is None else stored, expected)
        refuse_abandoned(stored)
        game = self._game(stored)
        if game.is_over():
            raise ServiceError(Reason.GAME_OVER, "the game is over", version=stored.version)
        version = stored.version + 1
        entry = event_entry(Event("game_abandoned", {"by": "host"}), version)
        outcome = self.store.write(
            gid,
            Write(
                expected=stored.version,
                state=stored.state,
                status=ABANDONED,
                ttl=self.finished_ttl,
                events=[entry],
                actions=[],
                due=(),  # the script drops the previous version's due turns
                to_act=(),
                feed=self._feed(gid, stored.meta, version, [entry], ABANDONED, ()),
                app_key=stored.meta.get("app_key") or "",
                relay=self._inline(gid, stored.meta),
            ),
        )
        if outcome.kind == "missing":
            found(None, gid)
        if outcome.kind != "ok":
            raise ServiceError(
                "stale_version",
                f"another change won the race: the game is at version {outcome.version}",
                version=outcome.version,
            )
        log.info("game %s v%d: abandoned by the host", gid, version)
        self._relay(gid, stored.meta, outcome)
        written = Stored(
            gid=gid,
            version=version,
            state=stored.state,
            meta=stored.meta,
            status=ABANDONED,
            nevents=stored.nevents + 1,
            to_act=(),
            cached=True,
        )
        self.cache.put(written, game)
        self._compact(gid, version)
        self._match_game_ended(gid, stored.meta)
        body = self._body(written, caller)
        body["events"] = events_out([entry], stored.nevents + 1, caller)
        return body

    def resign(
        self,
        gid: str,
        caller: Caller,
        expected: Sequence[int | None] = (),
        idempotency_key: str | None = None,
        stored: Stored | None = None,
    ) -> Answer:
        """The caller's seat gives up, where its game allows a result (`Game.resign`: the rule
        is the game's). A bot on the seat's team follows it: Doubleduck's side resigns when
        both partners have, and a bot partner never would alone. Committed as a move is."""
        if caller.seat is None:
            raise ServiceError("not_a_player", "only a seat's token may resign")
        seat = caller.seat
        stored = self._load(gid) if stored is None else stored
        bots = {i for i, s in enumerate(stored.meta["seats"]) if s.get("bot") in BOTS}

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            events = game.resign(seat)
            actions: list[JSON] = [{"seat": seat, "resign": True}]
            team = next((t for t in game.teams() if seat in t), [seat])
            for mate in team:
                if mate != seat and mate in bots and not game.is_over():
                    events += game.resign(mate)
                    actions.append({"seat": mate, "resign": True})
            return events, actions

        fp = (
            idempotency.fingerprint("resign", list(expected)) if idempotency_key is not None else ""
        )
        return self._change(gid, caller, "resign", apply, expected, idempotency_key, fp, stored)

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
        """Pack an ended game (`service.storage.archive`); a failure leaves it unpacked, only
        bigger."""
        try:
            self.store.compact(gid, version)
        except FAILURES as exc:
            log.warning("game %s: not compacted (%s)", gid, type(exc).__name__)

    # --- helpers ------------------------------------------------------------------------

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

    def _load(self, gid: str) -> Stored:
        return found(self.store.load(gid), gid)

    def _meta(self, gid: str) -> JSON:
        return found(self.store.load_meta(gid), gid)

    @staticmethod
    def _bot_seats(game: Game, meta: Mapping[str, Any], seating: Seating) -> tuple[int, ...]:
        """The seats to act that a bot plays: bot seats, and away seats (`service.games.clocks`)."""
        seats = meta["seats"]
        return tuple(
            s for s in sorted(game.to_act()) if seats[s].get("bot") in BOTS or seating.seats[s].away
        )


def _seat_events(
    seating: Seating, meta: Mapping[str, Any], actor: Actor | None, now: int
) -> tuple[list[Event], list[Event]]:
    """Change `seating` for what `actor` does; the events that say so, those to come before
    the change's own events and those after (`service.games.clocks`)."""
    if actor is None:
        return [], []
    seat, clock = actor.seat, seating.seats[actor.seat]
    if actor.kind == "timeout" or (actor.kind == "bot" and human(meta, seat)):
        clock.stood_in += 1  # the service played this human seat's move
    if actor.kind == "timeout":
        data = {"seat": seat, "deadline": clock.deadline, "at": now, "bot": stand_in_name(meta)}
        first = [Event("turn_timed_out", data)]
        if seating.moved(seat, now, timed_out=True):
            return first, [Event("seat_away", {"seat": seat, "by": "timeouts"})]
        return first, []
    if actor.kind in ("away", "return"):
        seating.set_away(seat, actor.kind == "away")
        kind = "seat_away" if actor.kind == "away" else "seat_returned"
        return [], [Event(kind, {"seat": seat, "by": "seat"})]
    returned = actor.kind == "move" and human(meta, seat) and seating.set_away(seat, False)
    seating.moved(seat, now)
    return [], [Event("seat_returned", {"seat": seat, "by": "move"})] if returned else []


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
    return GAMES[name](seats, options, seed).deal_of(list(deal["cards"])).to_json()


def abandoned_body(body: JSON) -> JSON:
    """An abandoned game's body: its status says so, and no seat has a legal move."""
    body["status"] = ABANDONED
    view = body.get("view")
    if isinstance(view, dict) and "legal_moves" in view:
        view["legal_moves"] = []
    return body


TEST_CREATE_PAUSE = "DUCKPOND_TEST_CREATE_PAUSE"
"""Test hook, never set in production: a file; while it exists, a creation waits (up to 30 s)
between reserving its Idempotency-Key and writing its game, so a fault test can kill the
process in between (tests/faults)."""


def _test_create_delay() -> None:
    path = os.environ.get(TEST_CREATE_PAUSE)
    end = time.monotonic() + 30
    while path and os.path.exists(path) and time.monotonic() < end:
        time.sleep(0.02)

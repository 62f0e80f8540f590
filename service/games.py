"""Use cases: everything the API and the bot worker may do to a game, the same way for all games.

Every change, a human's move, a bot's move or a deal, goes through `Games._change`: load, check
the expected version, let the engine validate and apply, deal the next deal when the service
option `auto_deal` says so, write state + events + actions + idempotent answer + the due bot
turns in ONE compare-and-set, then enqueue those turns. A lost race writes nothing and answers
409. A due turn whose job is lost (a crash after the write, a killed worker) is re-enqueued by
`service.watchdog`; a turn's job that runs twice moves once, as the version check refuses the
second.

Secrets (hands, stock, seed, tokens) never leave through here: views come from the engine's
`view(seat)`, events are filtered by `visible_to`, tokens are stored as sha256 hashes only,
and the seed and stock appear only in the record, after the end.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, cast

import redis
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError
from rq.serializers import JSONSerializer

from bots import BOTS, decide, turn_rng
from engine import GAMES, Deal, Event, Game, Move, Reason
from engine.record import load as load_game
from engine.record import record_of
from engine.record import start as start_game
from service.errors import ServiceError
from service.store import Head, Store, Stored, Write
from service.waits import Changes, Watch

log = logging.getLogger("duckpond.games")

JSON = dict[str, Any]

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
BOT_JOB = "service.jobs.bot_turn"


SERVICE_OPTIONS: tuple[JSON, ...] = (
    {
        "name": "auto_deal",
        "type": "bool",
        "default": None,
        "scope": "service",
        "doc": "Deal the next deal automatically, in the same change as the move that ended a "
        "deal. Default: on when no seat is human, else off (then POST .../deal).",
    },
)

PLAYING, DEAL_PENDING, OVER = "playing", "deal_pending", "over"


@dataclass(frozen=True, slots=True)
class Caller:
    """Who asks: a seat (from its token alone), the host, or an anonymous spectator."""

    seat: int | None = None
    host: bool = False

    @property
    def principal(self) -> str:
        return f"seat:{self.seat}" if self.seat is not None else "host" if self.host else "public"


SPECTATOR = Caller()


@dataclass(frozen=True, slots=True)
class Answer:
    """A change's response body; `replayed` when it is the stored first answer to a retry.

    `text` is `body` as JSON when the change already serialised it (for its idempotency
    record), so the HTTP answer sends those bytes instead of encoding the body again."""

    body: JSON
    replayed: bool = False
    text: str | None = None
    events_before: int = 0
    """How many events the game had before this change (its first event is number +1)."""
    to_act: tuple[int, ...] | None = None
    """The seats to act after the change (None for a replayed answer)."""


def to_json(body: Any) -> str:
    """Compact JSON, as an HTTP answer carries it (and as Flask's `jsonify` writes it)."""
    return json.dumps(body, separators=(",", ":"))


def _stored_answer(fingerprint: str, text: str) -> str:
    """The idempotency record `{"fp": ..., "body": ...}` around an answer already in JSON."""
    return f'{{"fp":{json.dumps(fingerprint)},"body":{text}}}'


def status_of(game: Game) -> str:
    if game.is_over():
        return OVER
    return DEAL_PENDING if game.deal_pending() else PLAYING


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _fingerprint(*parts: Any) -> str:
    return _sha256(json.dumps(parts, sort_keys=True, separators=(",", ":")))


def _seal(key: str, text: str) -> str:
    """Encrypt a stored creation answer (it holds tokens) with a keystream from the
    Idempotency-Key, which only the client knows: Redis never holds a usable token."""
    data = text.encode()
    pad = hashlib.shake_256(b"duckpond:idem:" + key.encode()).digest(len(data))
    return base64.b64encode(bytes(a ^ b for a, b in zip(data, pad, strict=True))).decode()


def _unseal(key: str, sealed: str) -> str:
    data = base64.b64decode(sealed)
    pad = hashlib.shake_256(b"duckpond:idem:" + key.encode()).digest(len(data))
    return bytes(a ^ b for a, b in zip(data, pad, strict=True)).decode()


def _event_entry(event: Event, version: int) -> JSON:
    return {
        "version": version,
        "type": event.type,
        "data": dict(event.data),
        "visible_to": event.visible_to,
    }


def _event_out(entry: Mapping[str, Any], number: int) -> JSON:
    out: JSON = {
        "n": number,
        "version": entry["version"],
        "type": entry["type"],
        "data": entry["data"],
    }
    if entry.get("visible_to") is not None:
        out["visible_to"] = entry["visible_to"]
    return out


def _visible(entry: Mapping[str, Any], caller: Caller) -> bool:
    to = entry.get("visible_to")
    return to is None or (caller.seat is not None and to == caller.seat)


def parse_if_match(header: str | None) -> int | None:
    """`If-Match: "12"` (or W/"12", 12, *) as an expected version; None for none or *."""
    if header is None or header.strip() in ("", "*"):
        return None
    text = header.strip()
    if text.startswith("W/"):
        text = text[2:]
    text = text.strip('"')
    if not text.isdigit() or len(text) > 18:
        raise ServiceError("invalid_if_match", 'If-Match must be a version such as "12"')
    return int(text)


class Games:
    """The use-case layer; holds the store and the bot queue, nothing per request."""

    def __init__(
        self,
        store: Store,
        queue: Queue,
        *,
        finished_ttl: int,
        idempotency_ttl: int,
        changes: Changes | None = None,
        max_wait: float = 0.0,
    ) -> None:
        self.store = store
        self.queue = queue
        self.finished_ttl = finished_ttl
        self.idempotency_ttl = idempotency_ttl
        self.changes = changes
        self.max_wait = max_wait

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

    def authenticate(self, gid: str, authorization: str | None, *, required: bool) -> Caller:
        """The caller from `Authorization: Bearer <token>`; the token alone names the seat."""
        return self._authenticate(gid, authorization, required, lambda: self._meta(gid))

    def open(self, gid: str, authorization: str | None, *, required: bool) -> tuple[Caller, Stored]:
        """The caller and the game from ONE Redis read (the hot path of views and changes).

        The token is checked against the meta of the same HGETALL that brings the state, so a
        view or a move costs one round trip before its compare-and-set, not two. The meta is
        written once, at creation, so it cannot disagree with the state it came with. Refusals
        are exactly those of `authenticate`, in the same order (401 before any read when a
        required token is absent, 404 for a missing game, 403 for another game's token)."""
        loaded: list[Stored] = []

        def meta() -> JSON:
            loaded.append(self._load(gid))
            return loaded[0].meta

        caller = self._authenticate(gid, authorization, required, meta)
        return caller, loaded[0] if loaded else self._load(gid)

    def _authenticate(
        self, gid: str, authorization: str | None, required: bool, meta: Callable[[], JSON]
    ) -> Caller:
        """`meta()` reads this game's meta, raising 404 when the game does not exist."""
        if authorization is None or not authorization.strip():
            if required:
                raise ServiceError("missing_token", "this needs Authorization: Bearer <token>")
            meta()
            return SPECTATOR
        scheme, _, token = authorization.strip().partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            raise ServiceError("bad_token", "use Authorization: Bearer <token>")
        owner = token.split(".", 1)[0] if "." in token else ""
        if owner != gid:
            other = self.store.load_meta(owner) if GAME_ID.match(owner) else None
            if other is not None and _match(other, token) is not None:
                raise ServiceError("token_of_another_game", "this token belongs to another game")
            meta()
            raise ServiceError("bad_token", "this is not a token of this game")
        caller = _match(meta(), token)
        if caller is None:
            raise ServiceError("bad_token", "this is not a token of this game")
        return caller

    def get(self, gid: str, caller: Caller, stored: Stored | None = None) -> JSON:
        """The caller's view; `stored` is the game as `open` read it (else it is read here)."""
        stored = self._load(gid) if stored is None else stored
        game = load_game(stored.state)
        return self._game_body(stored.gid, stored.version, game, stored.meta, caller)

    # --- waiting (see service.waits) -----------------------------------------------------

    def wait(
        self,
        gid: str,
        caller: Caller,
        seen: Stored,
        seconds: float,
        after: int | None,
    ) -> Stored:
        """The game once it is ready for the caller (`ready`), or after `seconds`: `seen` itself
        when it already is, or when nothing changed; else the game read again."""
        if seconds <= 0 or self.changes is None or ready(seen, caller, after):
            return seen
        with self.changes.watch(gid, lambda head: ready(head, caller, after)) as watch:
            return self._sleep(gid, caller, seen, seconds, after, watch, armed=False)

    def _sleep(
        self,
        gid: str,
        caller: Caller,
        seen: Stored | Head,
        seconds: float,
        after: int | None,
        watch: Watch | None,
        *,
        armed: bool,
        load: Callable[[], Stored] | None = None,
    ) -> Stored:
        """Sleep on `watch` until the game is ready for the caller or `seconds` pass.

        Only a published change that makes the game ready wakes the request (`Changes`); it
        then reads the whole game once (`load`). `armed`: the watch started before `seen` was
        written, so it has heard every change since; else the head (version, status, seats
        to act) is read first, for a change made between `seen` and the watch. A silent
        recheck (`RECHECK_SECONDS`) reads the head too."""
        reload = load or (lambda: self._load(gid))
        deadline = time.monotonic() + min(seconds, self.max_wait)
        latest: Stored | Head = seen
        if watch is not None and not armed:
            watch.arm()
            latest = self._head(gid)
        while watch is not None and not ready(latest, caller, after):
            remaining = deadline - time.monotonic()
            if remaining <= 0 or (self.changes is not None and self.changes.closing):
                break
            woken = watch.sleep(remaining)
            watch.arm()
            latest = reload() if woken else self._head(gid)
        if isinstance(latest, Stored):
            return latest
        if isinstance(seen, Stored) and latest.version == seen.version:
            return seen
        return reload()

    def _next_turn(
        self, gid: str, caller: Caller, answer: Answer, seconds: float, watch: Watch
    ) -> Answer:
        """A move's answer, given when its seat is to act again (or the deal or game ended,
        or `seconds` passed), with every event since the move that the seat may see. The
        watch started before the move was written (`move`), so no change is missed."""
        body = answer.body
        if answer.replayed or answer.to_act is None:
            return answer
        head = Head(int(body["version"]), str(body["status"]), answer.to_act)
        if ready(head, caller, None):
            return answer
        entries: list[JSON] = []

        def load() -> Stored:
            stored, events = self.store.load_with_events(gid, answer.events_before)
            if stored is None:
                raise ServiceError("no_such_game", f"no game {gid!r}")
            entries[:] = events
            return stored

        stored = self._sleep(gid, caller, head, seconds, None, watch, armed=True, load=load)
        game = load_game(stored.state)
        out = self._game_body(gid, stored.version, game, stored.meta, caller)
        out["events"] = [
            _event_out(e, answer.events_before + i + 1)
            for i, e in enumerate(entries)
            if _visible(e, caller)
        ]
        return Answer(out)

    def score(self, gid: str) -> JSON:
        stored = self._load(gid)
        game = load_game(stored.state)
        return {
            "id": gid,
            "version": stored.version,
            "status": stored.status,
            **game.result().to_json(),
        }

    def events(self, gid: str, caller: Caller, after: int) -> JSON:
        stored, entries = (
            self.store.load_with_events(gid, after) if GAME_ID.match(gid) else (None, [])
        )
        if stored is None:
            raise ServiceError("no_such_game", f"no game {gid!r}")
        visible = [
            _event_out(e, after + i + 1) for i, e in enumerate(entries) if _visible(e, caller)
        ]
        return {
            "id": gid,
            "version": stored.version,
            "after": after,
            "last": after + len(entries),
            "events": visible,
        }

    def record(self, gid: str) -> JSON:
        stored = self._load(gid)
        if stored.status != OVER:
            raise ServiceError(
                "game_not_over",
                "the record is available after the game ends",
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

    def create(self, request: Mapping[str, Any], idempotency_key: str | None = None) -> Answer:
        """A new game; the answer holds each human seat's token and the host token, once."""
        name = str(request["game"])
        if name not in GAMES:
            raise ServiceError("unknown_game", f"no game is named {name!r}; see the catalog")
        seats: list[Mapping[str, Any]] = list(request["seats"])
        options = dict(request.get("options") or {})
        auto_deal = options.pop("auto_deal", None)
        if auto_deal is not None and not isinstance(auto_deal, bool):
            raise ServiceError(Reason.INVALID_OPTIONS, "option 'auto_deal' must be a boolean")
        for seat in seats:
            bot = seat.get("bot")
            if bot is not None and (bot not in BOTS or name not in BOTS[bot].policies):
                raise ServiceError("unknown_bot", f"no bot named {bot!r} plays {name}")
        humans = [i for i, s in enumerate(seats) if s.get("bot") is None]
        if auto_deal is None:
            auto_deal = not humans
        deal = request.get("deal")
        seed = request.get("seed") or secrets.token_hex(16)
        # The engine validates game, seat count, options and deal before anything is stored.
        game, dealt = start_game(name, len(seats), seed=seed, options=options, deal=deal)

        gid = secrets.token_urlsafe(9)
        fingerprint = _fingerprint("create", dict(request))
        idem_field = key_hash = ""
        if idempotency_key is not None:
            key_hash = _sha256("create\n" + idempotency_key)
            held = self.store.claim_create_key(key_hash, gid, self.idempotency_ttl)
            if held != gid:
                prior = self.store.idempotent_response(held, "create")
                if prior is None:
                    raise ServiceError(
                        "idempotency_in_progress", "a creation with this key is still running"
                    )
                return self._replay(_unseal(idempotency_key, prior), fingerprint)
            idem_field = "create"

        tokens: list[str | None] = []
        for i in range(len(seats)):
            tokens.append(f"{gid}.{secrets.token_urlsafe(24)}" if i in humans else None)
        host_token = f"{gid}.{secrets.token_urlsafe(24)}"
        meta: JSON = {
            "game": name,
            "seats": [{"bot": s["bot"]} if s.get("bot") is not None else {} for s in seats],
            "tokens": [_sha256(t) if t is not None else None for t in tokens],
            "host": _sha256(host_token),
            "auto_deal": auto_deal,
            "first_deal": Deal.from_json(deal).to_json() if deal is not None else None,
        }
        created = Event(
            "game_created",
            {"game": name, "seats": len(seats), "bots": [s.get("bot") for s in seats]},
        )
        body = self._game_body(gid, 0, game, meta, SPECTATOR)
        body["seats"] = [
            {**seat, "token": tokens[seat["seat"]]} if tokens[seat["seat"]] else seat
            for seat in body["seats"]
        ]
        body["host_token"] = host_token
        sealed = ""
        if idempotency_key is not None:
            sealed = _seal(idempotency_key, json.dumps({"fp": fingerprint, "body": body}))
        write = Write(
            expected=-1,
            state=game.to_dict(),
            status=status_of(game),
            ttl=0,
            events=[_event_entry(e, 0) for e in [created, *dealt]],
            actions=[],
            idem_field=idem_field,
            response=sealed,
            meta=meta,
            due_seats=tuple(self._bot_seats_to_act(game, meta)),
            to_act=tuple(sorted(game.to_act())),
        )
        try:
            outcome = self.store.write(gid, write)
        except redis.RedisError:
            if idem_field:  # free the key, or every retry would wait for a game never written
                self.store.release_create_key(key_hash, gid)
            raise
        if outcome.kind != "ok":  # a 72-bit random id taken: vanishingly rare, never silent
            raise ServiceError("idempotency_in_progress", "could not allocate a game id; retry")
        log.info("game %s created: %s, seats %s", gid, name, [s.get("bot") for s in seats])
        self._schedule_bots(gid, write.due_seats, 0)
        return Answer(body)

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
    ) -> Answer:
        """One move by the caller's seat, human or bot alike; `stored` as for `get`.

        With `wait` seconds (and `stored`), the answer comes at the seat's next turn
        (`_next_turn`). The watch on the game starts before the move is written: every later
        change reaches it, so no read is needed to learn of one made in between."""
        if caller.seat is None:
            raise ServiceError("not_a_player", "only a seat's token may move")
        seat = caller.seat
        parsed = Move.from_json(dict(move))

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            events = game.apply(seat, parsed)
            return events, [{"seat": seat, "move": parsed.to_json()}]

        # Only a request with an Idempotency-Key is ever compared with a stored one.
        fingerprint = (
            _fingerprint("move", parsed.to_json(), list(expected))
            if idempotency_key is not None
            else ""
        )
        # The version this move writes, if it is accepted at all: only later changes wake it.
        mine = stored.version + 1 if stored is not None else 0

        def wants(head: Head) -> bool:
            return head.version > mine and ready(head, caller, None)

        waits = wait > 0 and stored is not None and self.changes is not None
        watching = self.changes.watch(gid, wants) if waits and self.changes else nullcontext()
        with watching as watch:
            answer = self._change(
                gid, caller, "move", apply, expected, idempotency_key, fingerprint, stored,
                waits=watch is not None,
            )  # fmt: skip
            return answer if watch is None else self._next_turn(gid, caller, answer, wait, watch)

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
        explicit = Deal.from_json(dict(deal)) if deal is not None else None

        def apply(game: Game) -> tuple[list[Event], list[JSON]]:
            events = game.next_deal(explicit)
            return events, [{"deal": explicit.to_json() if explicit is not None else None}]

        fingerprint = (
            _fingerprint("deal", deal, list(expected)) if idempotency_key is not None else ""
        )
        return self._change(
            gid, caller, "deal", apply, expected, idempotency_key, fingerprint, stored
        )

    def bot_turn(
        self, gid: str, seat: int, version: int, before_submit: Callable[[], None] | None = None
    ) -> str:
        """Play a bot seat's turn at `version`, or nothing if the game moved on.

        The move goes through `move`, as a human's does, expecting `version`: a second run of
        the same turn (a re-enqueued job racing a slow first one) is refused there. The
        `before_submit` hook runs between the decision and the submission (tests use it).
        """
        stored = self.store.load(gid) if GAME_ID.match(gid) else None
        if stored is None or stored.version != version:
            return "stale"
        seats = stored.meta["seats"]
        if not 0 <= seat < len(seats) or seats[seat].get("bot") not in BOTS:
            return "not_a_bot"
        bot = seats[seat]["bot"]
        game = load_game(stored.state)
        choice = decide(bot, game, seat, turn_rng(bot, game.seed, version, seat))
        if choice is None:
            return "idle"
        if before_submit is not None:
            before_submit()
        try:
            self.move(gid, Caller(seat=seat), choice.to_json(), [version], stored=stored)
        except ServiceError as exc:
            if exc.reason == "stale_version":
                return "stale"
            raise
        return "moved"

    def _change(
        self,
        gid: str,
        caller: Caller,
        kind: str,
        apply: Callable[[Game], tuple[list[Event], list[JSON]]],
        expected: Sequence[int | None],
        idempotency_key: str | None,
        fingerprint: str,
        stored: Stored | None = None,
        waits: bool = False,
    ) -> Answer:
        """`stored` may come from an earlier read of this request (`open`): the compare-and-set
        expects its version, so a change made since then makes this one a 409, never lost.

        With `waits`, and neither an Idempotency-Key (whose record needs the answer) nor the
        caller ready at once, the answer's body holds only `version` and `status`: the caller
        waits and builds the answer from the game as it is then."""
        stored = self._load(gid) if stored is None else stored
        idem_field = ""
        if idempotency_key is not None:
            idem_field = _sha256(f"{caller.principal}\n{kind}\n{idempotency_key}")
            prior = self.store.idempotent_response(gid, idem_field)
            if prior is not None:
                return self._replay(prior, fingerprint)
        for version in expected:
            if version is not None and version != stored.version:
                raise ServiceError(
                    "stale_version",
                    f"the game is at version {stored.version}, not {version}",
                    version=stored.version,
                )
        game = load_game(stored.state)
        events, actions = apply(game)  # an EngineError here leaves everything unchanged
        if game.deal_pending() and not game.is_over() and stored.meta.get("auto_deal"):
            events += game.next_deal(None)
            actions.append({"deal": None})
        version = stored.version + 1
        entries = [_event_entry(e, version) for e in events]
        to_act = tuple(sorted(game.to_act()))
        status = status_of(game)
        text: str | None = None
        if waits and not idem_field and not ready(Head(version, status, to_act), caller, None):
            body: JSON = {"version": version, "status": status}
        else:
            body = self._game_body(gid, version, game, stored.meta, caller)
            body["events"] = [
                _event_out(e, stored.nevents + i + 1)
                for i, e in enumerate(entries)
                if _visible(e, caller)
            ]
            text = to_json(body)
        over = game.is_over()
        due_seats = tuple(self._bot_seats_to_act(game, stored.meta))
        outcome = self.store.write(
            gid,
            Write(
                expected=stored.version,
                state=game.to_dict(),
                status=status,
                ttl=self.finished_ttl if over else 0,
                events=entries,
                actions=actions,
                idem_field=idem_field,
                response=_stored_answer(fingerprint, text) if idem_field and text else "",
                due_seats=due_seats,
                to_act=to_act,
            ),
        )
        if outcome.kind == "replay":
            return self._replay(outcome.response, fingerprint)
        if outcome.kind == "missing":
            raise ServiceError("no_such_game", f"no game {gid!r}")
        if outcome.kind != "ok":
            raise ServiceError(
                "stale_version",
                f"another change won the race: the game is at version {outcome.version}",
                version=outcome.version,
            )
        if log.isEnabledFor(logging.INFO):  # the move's text is built only when it is logged
            log.info(
                "game %s v%d: %s by %s%s",
                gid,
                version,
                kind,
                caller.principal,
                f" {actions[0]['move']}" if kind == "move" else "",
            )
        self._schedule_bots(gid, due_seats, version)
        return Answer(body, text=text, events_before=stored.nevents, to_act=to_act)

    # --- helpers ------------------------------------------------------------------------

    def _load(self, gid: str) -> Stored:
        stored = self.store.load(gid) if GAME_ID.match(gid) else None
        if stored is None:
            raise ServiceError("no_such_game", f"no game {gid!r}")
        return stored

    def _head(self, gid: str) -> Head:
        head = self.store.head(gid) if GAME_ID.match(gid) else None
        if head is None:
            raise ServiceError("no_such_game", f"no game {gid!r}")
        return head

    def _meta(self, gid: str) -> JSON:
        meta = self.store.load_meta(gid) if GAME_ID.match(gid) else None
        if meta is None:
            raise ServiceError("no_such_game", f"no game {gid!r}")
        return meta

    @staticmethod
    def _replay(stored: str, fingerprint: str) -> Answer:
        first = json.loads(stored)
        if first.get("fp") != fingerprint:
            raise ServiceError(
                "idempotency_key_reused", "this Idempotency-Key was used for another request"
            )
        return Answer(cast(JSON, first["body"]), replayed=True)

    @staticmethod
    def _game_body(gid: str, version: int, game: Game, meta: JSON, caller: Caller) -> JSON:
        seats = []
        for i, seat in enumerate(meta["seats"]):
            entry: JSON = {"seat": i, "kind": "bot" if seat.get("bot") else "human"}
            if seat.get("bot"):
                entry["bot"] = seat["bot"]
            seats.append(entry)
        role = "seat" if caller.seat is not None else "host" if caller.host else "spectator"
        return {
            "id": gid,
            "version": version,
            "status": status_of(game),
            "game": game.name,
            "role": role,
            "seat": caller.seat,
            "seats": seats,
            "auto_deal": bool(meta.get("auto_deal")),
            "view": game.view(caller.seat),
        }

    def _bot_seats_to_act(self, game: Game, meta: JSON) -> list[int]:
        seats = meta["seats"]
        return [s for s in sorted(game.to_act()) if seats[s].get("bot") in BOTS]

    def _schedule_bots(self, gid: str, seats: Sequence[int], version: int) -> None:
        """Enqueue the turns that the write just recorded as due.

        The job id is deterministic, so a second enqueue of the same turn is refused by RQ
        (`unique=True`) and a job that runs late sees the version moved on and does nothing.
        """
        for seat in seats:
            self.enqueue_turn(gid, seat, version)

    def enqueue_turn(self, gid: str, seat: int, version: int, attempt: int = 0) -> bool:
        """Enqueue one bot turn; False when that job id already exists or Redis failed."""
        try:
            self.queue.enqueue_call(
                BOT_JOB,
                args=(gid, seat, version),
                job_id=bot_job_id(gid, seat, version, attempt),
                unique=True,
                result_ttl=0,
                failure_ttl=24 * 3600,
                retry=Retry(max=3),
            )
        except DuplicateJobError:
            return False
        except redis.RedisError:
            # The turn is recorded as due with the move: the watchdog enqueues it later.
            log.exception("game %s: could not enqueue the bot turn of seat %d", gid, seat)
            return False
        return True


def bot_job_id(gid: str, seat: int, version: int, attempt: int = 0) -> str:
    """Only [A-Za-z0-9_-], as RQ requires; game ids are token_urlsafe, of that alphabet too.
    Attempt n > 0 (a watchdog re-enqueue) gets the suffix `_r<n>`."""
    base = f"bot_{gid}_{seat}_{version}"
    return f"{base}_r{attempt}" if attempt else base


def due_member(gid: str, seat: int, version: int) -> str:
    """A due turn as the store's compare-and-set writes it (see `service.store`)."""
    return f"{gid}:{seat}:{version}"


def parse_due_member(member: str) -> tuple[str, int, int] | None:
    """(game id, seat, version) of a due turn, or None for a malformed member."""
    gid, _, rest = member.partition(":")
    seat, _, version = rest.partition(":")
    if not GAME_ID.match(gid) or not seat.isdigit() or not version.isdigit():
        return None
    return gid, int(seat), int(version)


def ready(game: Stored | Head, caller: Caller, after: int | None) -> bool:
    """Whether a waiting caller gets its answer now: the game is past version `after` when
    that is given; else the caller's seat is to act, or the deal or the game has ended."""
    if after is not None:
        return game.version > after
    if caller.seat is None:
        raise ServiceError(
            "wait_needs_seat", "a spectator has no turn to wait for: pass after_version"
        )
    return game.status != PLAYING or game.to_act is None or caller.seat in game.to_act


def _match(meta: Mapping[str, Any], token: str) -> Caller | None:
    """The seat (or host) whose stored hash matches; every hash is compared, in constant time."""
    digest = _sha256(token)
    found: Caller | None = None
    for seat, stored in enumerate(meta.get("tokens", [])):
        if stored is not None and hmac.compare_digest(digest, stored):
            found = Caller(seat=seat)
    if hmac.compare_digest(digest, str(meta.get("host", ""))):
        found = Caller(host=True)
    return found


def connect(settings: Mapping[str, Any]) -> Games:
    """The use-case layer from settings (`service.config.from_env`): one Redis pool each."""
    client = redis.Redis.from_url(
        settings["REDIS_URL"], socket_timeout=5, socket_connect_timeout=2, health_check_interval=30
    )
    store = Store(client)
    queue = Queue(settings["BOT_QUEUE"], connection=client, serializer=JSONSerializer)
    return Games(
        store,
        queue,
        finished_ttl=int(settings["FINISHED_GAME_TTL"]),
        idempotency_ttl=int(settings["IDEMPOTENCY_TTL"]),
        changes=Changes(client, int(settings["WAIT_SLOTS"])),
        max_wait=float(settings["MAX_WAIT_SECONDS"]),
    )

"""Tournaments: round robin or Swiss over built-in and outside bots of one game, each pairing a
duplicate match made through `service.matches.matches` (server-drawn seed: rated as any match).

An app key creates one (`POST /api/v1/tournaments`). Outside entrants of other keys are invited
as challenges invite (a `tournament` entry on each key's feed; accept or decline; the
challenge's answer script, `service.matches.challenges.ANSWER_SCRIPT`, runs on the
tournament's hash); the creator's own and built-in bots need no consent. Once every invited key
accepted, round 1 is written and its matches made.

`advance` is the one step (idempotent): settle the current round's pairings whose matches are
done (`result:<n>:<i>`, HSETNX), then write the next round (`round:<n>`, HSETNX, in a script
that also links its matches to the tournament and tells the feeds) and make its matches (each
under the match id the round holds: a second call gets the first match back), or end it. It
runs as a job on the live bot queue (`service.jobs.advance_tournament`) when a pairing's match
finishes (`Matches.finished`), and inline on every read (the make-up for a lost job).

A pairing whose outside bot was retired (or its key revoked) meanwhile is not played: that
entrant withdraws (`withdrawn:<name>`, with the reason), its opponent scores the pairing as won
(`forfeit`), and the entrant is paired no more; the tournament goes on.

Its creator may `cancel` it (`created` or `running`): one script moves it to `cancelled`, after
which no step writes a round, a result or its end (each write's script checks the status); its
matches under way are stopped and the games not played go back to the creator's quotas.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import time
from collections.abc import Mapping, Sequence
from typing import Any, cast

from rq import Queue, Retry
from rq.exceptions import DuplicateJobError

from bots import BOTS, parse_bot
from bots.match import MatchError, MatchSpec, check
from engine import GAMES
from service.access.app_keys import AppKey, AppKeys
from service.access.bot_registry import BotRegistry
from service.core.codec import dumps_sorted, whole_numbers
from service.core.errors import ServiceError, status_of
from service.core.shards import new_id, tag
from service.games.callers import sha256
from service.matches.challenges import ANSWER_SCRIPT
from service.matches.match_games import DEFAULT_MOVE_SECONDS, MOVE_SECONDS
from service.matches.matches import Matches
from service.matches.pairings import (
    round_robin,
    round_robin_rounds,
    swiss,
    swiss_default_rounds,
)
from service.matches.tournament_standings import body as tournament_body
from service.matches.tournament_standings import (
    given_up,
    pairings_of,
    salvaged,
    scored,
    standings,
    summary,
)
from service.storage.keys import ADVANCE_TOURNAMENT_JOB, outbox_key, tournament_key
from service.storage.tournament_store import TournamentStore
from service.streams.feed_relay import Feed

log = logging.getLogger("duckpond.tournaments")

JSON = dict[str, Any]
ROUND_ROBIN, SWISS = "round_robin", "swiss"
CREATED, RUNNING, DONE, DECLINED, EXPIRED = "created", "running", "done", "declined", "expired"
CANCELLED = "cancelled"
ENTRANTS = (3, 32)
GAMES_PER_PAIRING = (1, 20)
DEFAULT_GAMES = 2
SWISS_ROUNDS_MAX = 10
EXPIRES_SECONDS = (60, 86400)
DEFAULT_EXPIRES = 3600
KEEP_SECONDS = 7 * 86400
"""How long a tournament stays readable after it ends (or from its creation, while it runs:
each round made renews it)."""
LISTED = 100
TABLE_SIZE = {"ducksoup": 2, "doubleduck": 4, "doppelkopf": 4, "duck": 4}
"""Seats of a pairing's table: a two-seat game seats `a,b`; a four-seat one `a,b,a,b`, so the
match's rotations give both bots every seat's cards. Duck (3 to 5 seats) is played at 4."""
JOB_TIMEOUT = 600


def now_ms() -> int:
    return int(time.time() * 1000)


def layout(game: str, a: str, b: str) -> list[str]:
    """A pairing's seats (`TABLE_SIZE`); a game not listed plays at its fewest even seats."""
    size = TABLE_SIZE.get(game)
    if size is None:
        low = GAMES[game].min_seats
        size = low + low % 2
    return [a, b] * (size // 2)


def most_games(body: Mapping[str, Any]) -> int:
    """The most match games a tournament may play: what its creation counts against the
    key's match quotas, as one match's."""
    n = len(body["entrants"])
    games = int(body.get("games") or DEFAULT_GAMES)
    if body.get("format") == ROUND_ROBIN:
        return n * (n - 1) // 2 * games
    rounds = int(body.get("rounds") or swiss_default_rounds(n))
    return min(rounds, round_robin_rounds(n)) * (n // 2) * games


class Tournaments:
    """Create, read, answer and advance tournaments; one per process (`service.wiring`)."""

    def __init__(
        self,
        store: TournamentStore,
        matches: Matches,
        registry: BotRegistry,
        queue: Queue,
        feed: Feed | None = None,
        keys: AppKeys | None = None,
    ) -> None:
        self.keys = keys
        self.store = store
        self.matches = matches
        self.registry = registry
        self.queue = queue
        self.feed = feed
        self._answer = store.redis.register_script(ANSWER_SCRIPT)

    # --- creating -----------------------------------------------------------------------

    def create(self, key: AppKey, request: Mapping[str, Any]) -> JSON:
        """Check every entrant, store the tournament and invite other keys' entrants; with
        none to invite, round 1 starts at once. Every refusal comes before anything is stored."""
        spec, owners = self._checked(key, request)
        invited = {
            str(o["owner"]): str(o["owner_name"]) for o in owners.values() if o["owner"] != key.id
        }
        expires_in = int(request.get("expires_seconds") or DEFAULT_EXPIRES)
        tid = new_id()
        created = now_ms()
        record: JSON = {
            "spec": json.dumps(spec),
            "from": key.id,
            "from_name": key.name,
            "owners": json.dumps(owners),
            "to": json.dumps(sorted(invited)),
            "names": json.dumps({key.id: key.name, **invited}),
            "status": CREATED if invited else RUNNING,
            "created": created,
            "expires": created + expires_in * 1000,
            "charged": most_games(request),
        }
        entry = dumps_sorted(
            {
                "type": "tournament",
                "tournament_id": tid,
                "from": key.name,
                "game": spec["game"],
                "format": spec["format"],
                "entrants": spec["entrants"],
                "expires": record["expires"],
            }
        ).decode()
        ttl = expires_in + KEEP_SECONDS
        if not self.store.create(tid, record, ttl, [(k, entry) for k in sorted(invited)]):
            raise ServiceError("idempotency_in_progress", "could not allocate an id; retry")
        self.store.index([key.id, *invited], tid, created)
        self._tell(tid)
        log.info("tournament %s created: %s %s x %d", tid, spec["game"], spec["format"],
                 len(spec["entrants"]))  # fmt: skip
        return self.get(tid, key)

    def _checked(self, key: AppKey, request: Mapping[str, Any]) -> tuple[JSON, JSON]:
        """The tournament's spec and its outside entrants' owners, or a 422."""
        game = str(request["game"])
        if game not in GAMES:
            raise ServiceError("unknown_game", f"no game is named {game!r}; see the catalog")
        entrants = [str(e) for e in request["entrants"]]
        if len(set(entrants)) != len(entrants):
            raise ServiceError("invalid_entrants", "each entrant is named once")
        if not ENTRANTS[0] <= len(entrants) <= ENTRANTS[1]:
            raise ServiceError(
                "invalid_entrants",
                f"a tournament has {ENTRANTS[0]} to {ENTRANTS[1]} entrants, not {len(entrants)}",
            )
        fmt = str(request.get("format") or SWISS)
        n = len(entrants)
        if fmt == ROUND_ROBIN:
            rounds = round_robin_rounds(n)
            if request.get("rounds") not in (None, rounds):
                raise ServiceError(
                    "validation_error", f"a round robin of {n} entrants has {rounds} rounds"
                )
        else:
            rounds = int(request.get("rounds") or swiss_default_rounds(n))
            if not 1 <= rounds <= min(n - 1, SWISS_ROUNDS_MAX):
                raise ServiceError(
                    "validation_error",
                    f"a Swiss of {n} entrants has 1 to {min(n - 1, SWISS_ROUNDS_MAX)} rounds",
                )
        games = int(request.get("games") or DEFAULT_GAMES)
        move_seconds = int(request.get("move_seconds") or DEFAULT_MOVE_SECONDS)
        for field, value, (low, high) in (
            ("games", games, GAMES_PER_PAIRING),
            ("move_seconds", move_seconds, MOVE_SECONDS),
            ("expires_seconds", int(request.get("expires_seconds") or DEFAULT_EXPIRES),
             EXPIRES_SECONDS),
        ):  # fmt: skip
            if not low <= value <= high:
                raise ServiceError("validation_error", f"{field} must be {low} to {high}")
        options = whole_numbers(dict(request.get("options") or {}))
        owners: JSON = {}
        for name in entrants:
            if parse_bot(name)[0] not in BOTS:
                bot = self.registry.resolve(name, game)  # 422 unknown_bot, retired_bot
                owners[name] = {"owner": bot.owner, "owner_name": bot.owner_name}
        outside = list(owners)
        for name in entrants:  # each entrant at a table of the game (levels, options, seats)
            other = next(e for e in entrants if e != name)
            seats = layout(game, name, other)
            try:
                check(MatchSpec(game, tuple(seats), games, "", options), outside)
            except MatchError as exc:
                raise ServiceError(exc.reason, exc.message) from exc
        spec = {
            "game": game,
            "format": fmt,
            "entrants": entrants,
            "rounds": rounds,
            "games": games,
            "options": options,
            "move_seconds": move_seconds,
        }
        return spec, owners

    # --- answering ----------------------------------------------------------------------

    def answer(self, tid: str, key: AppKey, *, accept: bool) -> JSON:
        """Accept or decline as an invited key; the last acceptance starts round 1."""
        raw = self._load(tid)
        if key.id not in json.loads(raw["to"]):
            raise ServiceError(
                "not_your_tournament", "only an invited app key may accept or decline"
            )
        status = self._step_answer(tid, raw, key.id, "accept" if accept else "decline")
        if status == "complete":
            self._start(tid, raw)
        now = self._load(tid)
        mine = now.get(f"answer:{key.id}")
        if (accept and mine != "accept") or (not accept and mine != "decline"):
            raise ServiceError(
                "tournament_closed",
                f"the tournament is {now['status']}: it takes no more answers",
                tournament_status=now["status"],
            )
        return self.get(tid, key)

    def _step_answer(self, tid: str, raw: Mapping[str, str], key_id: str, what: str) -> str:
        names = json.loads(raw["names"])
        declined = self._closing_entry(tid, DECLINED, by=names.get(key_id))
        expired = self._closing_entry(tid, EXPIRED)
        reply = cast(
            list[bytes],
            self._answer(
                keys=[tournament_key(tid), outbox_key(tag(tid))],
                args=[key_id, now_ms(), what, declined, expired],
            ),
        )
        status, closed = reply[0].decode(), int(reply[1])
        if closed:
            self._refund(raw)
            self._tell(tid)
        return status

    def _refund(self, raw: Mapping[str, str], spent: int = 0) -> None:
        """Declined, expired or cancelled (closed once, by a script; the step that closed it
        calls this): the creator gets back what its creation counted against its match quotas
        less the `spent` games, played or under way (none unless cancelled while running)."""
        back = int(raw.get("charged", 0)) - spent
        if self.keys is not None and self.keys.required and back > 0:
            self.keys.refund_match(AppKey(raw["from"], "", {}), back)

    @staticmethod
    def _closing_entry(tid: str, status: str, *, by: str | None = None) -> str:
        entry: JSON = {"type": "tournament_answered", "tournament_id": tid, "status": status}
        if by is not None:
            entry["by"] = by
        return dumps_sorted(entry).decode()

    def _start(self, tid: str, raw: Mapping[str, str]) -> None:
        """Every invited key accepted: running (once), then round 1."""
        entry = self._closing_entry(tid, "accepted")
        if self.store.move(tid, CREATED, RUNNING, kind="tournament_answered", entry=entry,
                           told=[raw["from"]]):  # fmt: skip
            self._tell(tid)
        self.advance(tid)

    # --- the step -----------------------------------------------------------------------

    def later(self, tid: str, why: str) -> None:
        """Have a job take the tournament's step (`service.jobs.advance_tournament`)."""
        with contextlib.suppress(DuplicateJobError):
            self.queue.enqueue_call(
                ADVANCE_TOURNAMENT_JOB,
                args=(tid,),
                job_id=f"tournament_{tid}_{why}",
                unique=True,
                timeout=JOB_TIMEOUT,
                result_ttl=0,
                failure_ttl=24 * 3600,
                retry=Retry(max=3),
            )

    def match_finished(self, mid: str) -> None:
        """A match ended (`Matches.finished`): a pairing's? then its tournament steps."""
        tid = self.store.of_match(mid)
        if tid is not None:
            self.later(tid, f"end_{mid}")

    def advance(self, tid: str) -> str:
        """Settle what ended, make what is due; returns what happened."""
        raw = self.store.load(tid)
        if raw is None:
            return "missing"
        if raw["status"] == CREATED and now_ms() >= int(raw["expires"]):
            self._step_answer(tid, raw, "", "look")
            return "expired"
        if raw["status"] != RUNNING:
            return raw["status"]
        spec = json.loads(raw["spec"])
        made = sorted(int(f.split(":")[1]) for f in raw if f.startswith("round:"))
        current = made[-1] if made else 0
        if current:
            pairings = json.loads(raw[f"round:{current}"])
            self._play(tid, raw, spec, current, pairings)
            raw = cast(dict[str, str], self.store.load(tid))
            if any(f"result:{current}:{i}" not in raw for i in range(len(pairings))):
                return f"round {current} running"
        if current >= int(spec["rounds"]):
            self._finish(tid, raw, spec)
            return "done"
        self._next_round(tid, raw, spec, current + 1)
        raw = cast(dict[str, str], self.store.load(tid))
        if f"round:{current + 1}" not in raw:  # cancelled meanwhile: ROUND_SCRIPT wrote none
            return raw["status"]
        self._play(tid, raw, spec, current + 1, json.loads(raw[f"round:{current + 1}"]))
        return f"round {current + 1} made"

    def _play(
        self,
        tid: str,
        raw: Mapping[str, str],
        spec: JSON,
        number: int,
        pairings: list[JSON],
        *,
        make: bool = True,
    ) -> None:
        """Make each pairing's match (once) and settle those that are over; without `make`
        (a cancel's last look), only settle the matches that are over."""
        for i, p in enumerate(pairings):
            field = f"result:{number}:{i}"
            if field in raw or (not make and not p.get("match_id")):
                continue
            if p.get("b") is None:
                self._settle(tid, field, {"points": [1.0, 0.0], "reason": "bye"})
                continue
            gone = [e for e in (p["a"], p["b"]) if f"withdrawn:{e}" in raw] if make else []
            gone += [e for e in (p["a"], p["b"]) if make and e not in gone
                     and self._retired(tid, spec, e)]  # fmt: skip
            if gone:
                self._forfeit(tid, field, p, gone)
                continue
            mid = str(p["match_id"])
            if self.matches.store.load(mid) is None:
                if not make:
                    continue
                try:
                    self._make_match(raw, spec, p)
                except ServiceError as exc:
                    if status_of(exc.reason) >= 500:
                        raise
                    self._settle(tid, field, {"points": [0.0, 0.0], "reason": exc.reason})
                    continue
                if self._status(tid) != RUNNING:  # cancelled meanwhile: its loop missed it
                    self.matches.stop(mid)
                    continue
            match = self.matches.get(mid)  # re-enqueues its lost jobs, as any read
            if match["status"] == "done":
                self._settle(tid, field, scored(p, match))
            elif given_up(match):
                self._settle(tid, field, salvaged(p, match))

    def _retired(self, tid: str, spec: JSON, name: str) -> bool:
        """Whether an outside entrant can no longer take a seat; notes why, once."""
        if parse_bot(name)[0] in BOTS:
            return False
        try:
            self.registry.resolve(name, str(spec["game"]))
        except ServiceError as exc:
            if status_of(exc.reason) >= 500:
                raise
            self.store.note(tid, f"withdrawn:{name}", exc.reason)
            return True
        return False

    def _forfeit(self, tid: str, field: str, p: JSON, gone: Sequence[str]) -> None:
        points = [0.0 if p["a"] in gone else 1.0, 0.0 if p["b"] in gone else 1.0]
        self._settle(tid, field, {"points": points, "reason": "forfeit"})

    def _settle(self, tid: str, field: str, result: JSON) -> None:
        self.store.note(tid, field, json.dumps(result))

    def _make_match(self, raw: Mapping[str, str], spec: JSON, p: JSON) -> None:
        body = {
            "game": spec["game"],
            "bots": layout(str(spec["game"]), str(p["a"]), str(p["b"])),
            "games": spec["games"],
            "options": spec["options"],
            "move_seconds": spec["move_seconds"],
        }
        self.matches.create(
            body,
            owner=raw["from"],
            accepted=True,  # every invited key accepted the tournament
            mid=str(p["match_id"]),
            host_hash=sha256(secrets.token_hex(16)),  # nobody holds it: `cancel` stops it
        )

    def _next_round(self, tid: str, raw: Mapping[str, str], spec: JSON, number: int) -> None:
        entrants = list(spec["entrants"])
        if spec["format"] == ROUND_ROBIN:
            pairs = round_robin(entrants, number)
        else:
            table = self._standings(raw, spec)
            ranked = [row["entrant"] for row in table if row["withdrawn"] is None]
            played = {frozenset((p["a"], p["b"])) for p in pairings_of(raw) if p.get("b")}
            byes = {p["a"] for p in pairings_of(raw) if not p.get("b")}
            pairs = swiss(ranked, played, byes) if ranked else []
        pairings = [self._pairing(tid, a, b) for a, b in pairs]
        entry = dumps_sorted(
            {
                "type": "tournament_round",
                "tournament_id": tid,
                "round": number,
                "rounds": spec["rounds"],
                "pairings": [{k: v for k, v in p.items()} for p in pairings],
            }
        ).decode()
        ttl = KEEP_SECONDS + 86400
        if self.store.write_round(tid, number, pairings, ttl, entry, self._told(raw)):
            self.redis_expire(tid, ttl)
            self._tell(tid)

    def redis_expire(self, tid: str, ttl: int) -> None:
        self.store.redis.expire(tournament_key(tid), ttl)

    @staticmethod
    def _pairing(tid: str, a: str, b: str | None) -> JSON:
        if b is None:
            return {"a": a, "b": None, "match_id": None}
        return {"a": a, "b": b, "match_id": tid[0] + new_id()[1:]}  # in the tournament's bucket

    @staticmethod
    def _told(raw: Mapping[str, str]) -> list[str]:
        owners = [str(o["owner"]) for o in json.loads(raw["owners"]).values()]
        return list(dict.fromkeys([raw["from"], *owners]))

    def _end_entry(self, tid: str, raw: Mapping[str, str], spec: JSON, status: str) -> str:
        """The `tournament_finished` entry: done (with its winner) or cancelled (none)."""
        table = self._standings(raw, spec)
        return dumps_sorted(
            {
                "type": "tournament_finished",
                "tournament_id": tid,
                "status": status,
                "winner": table[0]["entrant"] if table and status == DONE else None,
                "standings": [{"entrant": r["entrant"], "points": r["points"]} for r in table],
            }
        ).decode()

    def _finish(self, tid: str, raw: Mapping[str, str], spec: JSON) -> None:
        entry = self._end_entry(tid, raw, spec, DONE)
        if self.store.move(tid, RUNNING, DONE, kind="tournament_finished", entry=entry,
                           told=self._told(raw), ttl=KEEP_SECONDS):  # fmt: skip
            self._tell(tid)
            log.info("tournament %s done", tid)

    # --- cancelling ---------------------------------------------------------------------

    def cancel(self, tid: str, key: AppKey) -> JSON:
        """Cancel a `created` or `running` tournament (its creator's key only), in one step
        (`TournamentStore.cancel`): no round is made and nothing settled after it; the matches
        under way are cancelled; the games it will not play go back to the creator's quotas
        (once: the call whose script cancelled it gives them); the feeds hear
        `tournament_finished` with `status: cancelled`. Again: the same answer (and the
        matches cancelled again, should a cancel have died before)."""
        raw = self._load(tid)
        if raw["from"] != key.id:
            raise ServiceError("not_your_tournament", "only the key that created it may cancel it")
        spec = json.loads(raw["spec"])
        if raw["status"] == RUNNING:  # what ended before the cancel counts: settle it first
            current = len([f for f in raw if f.startswith("round:")])
            if current:
                pairings = json.loads(raw[f"round:{current}"])
                self._play(tid, raw, spec, current, pairings, make=False)
                raw = self._load(tid)
        entry = self._end_entry(tid, raw, spec, CANCELLED)
        outcome, was = self.store.cancel(tid, entry, self._told(raw), KEEP_SECONDS)
        if outcome == "missing":
            raise ServiceError("no_such_tournament", f"no tournament {tid!r}")
        if outcome not in ("ok", CANCELLED):
            raise ServiceError(
                "tournament_closed",
                f"the tournament is {outcome}: there is nothing to cancel",
                tournament_status=outcome,
            )
        made = pairings_of(self._load(tid))  # read after the script: no round comes now
        spent = sum(self._stop(str(p["match_id"])) for p in made if p["match_id"])
        if outcome == "ok":
            self._refund(raw, spent)
            self._tell(tid)
            log.info("tournament %s cancelled (was %s; %d games spent)", tid, was, spent)
        return self.get(tid, key)

    def _stop(self, mid: str) -> int:
        """Cancel a pairing's match (one done stays done); the games it spent."""
        self.matches.stop(mid)
        return self.matches.games_spent(mid)

    def _status(self, tid: str) -> str | None:
        found = self.store.redis.hget(tournament_key(tid), "status")
        return None if found is None else cast(bytes, found).decode()

    # --- reading ------------------------------------------------------------------------

    def get(self, tid: str, key: AppKey | None = None) -> JSON:
        """The tournament (public), after its step (the make-up for a lost job)."""
        raw = self._load(tid)
        if raw["status"] in (CREATED, RUNNING):
            self.advance(tid)
            raw = self._load(tid)
        return self._body(tid, raw)

    def of_key(self, key: AppKey) -> JSON:
        ids = self.store.listed(key.id, LISTED)
        out, gone = [], []
        for tid in ids:
            raw = self.store.load(tid)
            if raw is None:
                gone.append(tid)
            else:
                out.append(summary(tid, raw))
        self.store.drop_listed(key.id, gone)
        return {"tournaments": out}

    def _load(self, tid: str) -> dict[str, str]:
        raw = self.store.load(tid)
        if raw is None:
            raise ServiceError("no_such_tournament", f"no tournament {tid!r}")
        return raw

    def _standings(self, raw: Mapping[str, str], spec: JSON) -> list[JSON]:
        return standings(raw, spec, self.matches.store.records)

    def _body(self, tid: str, raw: Mapping[str, str]) -> JSON:
        return tournament_body(tid, raw, self.matches.store.records)

    def _tell(self, tid: str) -> None:
        if self.feed is not None:
            self.feed.relay_head(tag(tid))

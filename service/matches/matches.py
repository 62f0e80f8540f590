"""Use cases of bot-versus-bot matches: create one, read its progress and results, play a game.

A match is stored by `service.storage.match_store`. Each match game is one RQ job
(`service.jobs.play_match_game`, on the match queue, JSON serializer, job id
`match_<id>_<index>`, `unique=True`), so the games spread over every worker. A job plays all
the game's rotations in-process through the engine and `bots.decide` and records its result
with HSETNX: a job that runs twice (a retry, a watchdog re-enqueue) records once. When the
last game is recorded, both keys get the finished TTL.

Workers listen to the bot queue before the match queue, so a live game's bot turn never waits
behind a match game that has not started. A match also never floods its queue: creation
enqueues the first `WINDOW` games only, and game i's job, as it starts, enqueues game i + WINDOW,
so up to WINDOW workers play one match and other matches get their turn.

A match that seats outside bots (registered by an app key: `service.access.bot_registry`) is played
as real service games instead, by the driver of `service.matches.match_games`; the rest (records,
results, cancel, the feed's progress entries) is the same.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any, cast

from rq import Queue, Retry
from rq.exceptions import DuplicateJobError
from rq.job import Job

from bots import BOTS, parse_bot
from bots.match import MatchError, MatchSpec, check, play_match_game, rotations, summarize
from service.access.bot_registry import BotRegistry
from service.core.codec import whole_numbers
from service.core.errors import ServiceError
from service.core.shards import new_id, tag
from service.games import idempotency
from service.games.bodies import Answer
from service.games.callers import authenticate, new_token, sha256
from service.matches.match_games import (
    CONCURRENCY,
    DEFAULT_CONCURRENCY,
    DEFAULT_MOVE_SECONDS,
    MOVE_SECONDS,
    MatchGames,
    Outside,
)
from service.matches.ratings import Ratings
from service.storage.keys import PLAY_MATCH_GAME_JOB
from service.storage.match_store import CANCELLED, MatchStore
from service.streams.feed_relay import Feed

log = logging.getLogger("duckpond.matches")

JSON = dict[str, Any]
JOB_TIMEOUT = 600
WINDOW = 32
"""Match jobs of one match queued or running at once (see the module docstring)."""
QUEUED, RUNNING, DONE, CANCELLED_STATUS = "queued", "running", "done", "cancelled"
MAX_MATCH_GAMES = 1000
"""The most games one match may ask for, unless the `MAX_MATCH_GAMES` setting says otherwise."""


def match_job_id(mid: str, index: int) -> str:
    """Only [A-Za-z0-9_-], as RQ requires; match ids are token_urlsafe, of that alphabet too."""
    return f"match_{mid}_{index}"


class Matches:
    """The match use cases; holds the match store and the match queue, nothing per request."""

    def __init__(
        self,
        store: MatchStore,
        queue: Queue,
        *,
        finished_ttl: int,
        window: int = WINDOW,
        max_games: int = MAX_MATCH_GAMES,
        idempotency_ttl: int = 24 * 3600,
        reservation_ttl: int = 5,
        feed: Feed | None = None,
        ratings: Ratings | None = None,
    ) -> None:
        self.store = store
        self.queue = queue
        self.feed = feed
        """Where the progress of a match made with an app key is told (`service.streams.feed`)."""
        self.ratings = ratings
        """The ladders every recorded match game is rated on (`service.matches.ratings`)."""
        self.finished_ttl = finished_ttl
        self.idempotency_ttl = idempotency_ttl
        self.reservation_ttl = reservation_ttl
        self.window = window
        self.max_games = max_games
        self.driver: MatchGames | None = None
        """Plays outside matches as real games (`service.matches.match_games`; `service.wiring`)."""
        self.registry: BotRegistry | None = None
        """Resolves outside bots' names (`service.access.bot_registry`; `service.wiring`)."""
        self.finished: Callable[[str], None] | None = None
        """Told a match's id when its last game is recorded (tournaments: `service.wiring`)."""

    # --- creating -----------------------------------------------------------------------

    def create(
        self,
        request: Mapping[str, Any],
        idempotency_key: str | None = None,
        scope: str = "",
        owner: str | None = None,
        *,
        accepted: bool = False,
        mid: str | None = None,
        host_hash: str | None = None,
        live_games: int | None = None,
    ) -> Answer:
        """Validate, store the spec, enqueue the first window of games; the answer is the
        match so far, with the host token (shown once) that may cancel it.

        With an Idempotency-Key (the caller's own, `scope` as for games) a retry gets the
        first answer back, token included, and no second match: the key is reserved for
        `reservation_ttl` seconds, and the script that writes the match keeps it for the
        idempotency TTL, the answer sealed with the key (`service.games.idempotency.seal`). `owner`,
        the id of the app key that creates it, hears of its progress on its feed.

        Outside bots among `bots` are resolved by the registry (422 `unknown_bot`,
        `retired_bot`); one of another key than `owner` is refused (403 `challenge_required`)
        unless the match comes from an accepted challenge (`accepted`, which made the match id
        `mid` and the host token whose hash is `host_hash`: the answer has no token then, and
        a second call with that `mid` answers the match). `live_games`, the creator key's
        quota of live games, caps the match's `concurrency`."""
        spec, outside = self._checked(request, owner, accepted, live_games)
        fp = idempotency.fingerprint("match", dict(request))
        key_hash = "" if idempotency_key is None else self._key_hash(idempotency_key, scope)
        given = mid is not None
        if mid is None:
            mid = new_id(key_hash)  # in the key's bucket, with its pointer (service.core.shards)
        if idempotency_key is not None:
            held = self.store.claim_key(key_hash, mid, self.reservation_ttl)
            if held != mid:
                return self._created_before(held, idempotency_key, fp)
        host = new_token(mid) if host_hash is None else None
        body = self._body(mid, spec, {}, started=False, outside=outside)
        if host is not None:
            body["host_token"] = host
        sealed = ""
        if idempotency_key is not None:
            sealed = idempotency.seal(idempotency_key, json.dumps({"fp": fp, "body": body}))
        try:
            outcome, holder = self.store.create(
                mid,
                spec.to_json(),
                sha256(host) if host is not None else str(host_hash),
                key_hash=key_hash,
                sealed=sealed,
                ttl=self.idempotency_ttl,
                owner=owner,
                outside=outside.to_json() if outside else None,
            )
        except BaseException:
            if idempotency_key is not None:
                self.store.release_key(key_hash, mid)
            raise
        if outcome == "taken" and idempotency_key is not None:
            # Our reservation ran out and another request holds the key now: its answer.
            return self._created_before(holder, idempotency_key, fp)
        if outcome == "exists" and given:
            return Answer(self.get(mid), replayed=True)  # the challenge's match, made before
        if outcome != "ok":  # a 66- or 72-bit random id taken: vanishingly rare, never silent
            raise ServiceError("idempotency_in_progress", "could not allocate a match id; retry")
        if outside:
            self.store.seat_matches_add(outside.owners(), mid, int(time.time()))
            self._driver().later(mid, "start")
        else:
            self._enqueue(mid, range(min(spec.games, self.window)))
        log.info("match %s created: %s, %s x %d", mid, spec.game, list(spec.bots), spec.games)
        return Answer(body)

    def _checked(
        self,
        request: Mapping[str, Any],
        owner: str | None,
        accepted: bool,
        live_games: int | None,
    ) -> tuple[MatchSpec, Outside | None]:
        """A request's match spec and its outside bots, checked (`create`)."""
        spec = MatchSpec(
            game=str(request["game"]),
            bots=tuple(request["bots"]),
            games=int(request["games"]),
            seed=str(request.get("seed") or secrets.token_hex(8)),
            options=whole_numbers(dict(request.get("options") or {})),
        )
        outside = self._outside(spec, request, owner, accepted, live_games)
        try:
            check(spec, outside.bots if outside else ())  # an engine SetupError passes as 422
        except MatchError as exc:
            raise ServiceError(exc.reason, exc.message) from exc
        if spec.games > self.max_games:
            raise ServiceError(
                "too_many_games",
                f"a match may have at most {self.max_games} games, not {spec.games}",
                maximum=self.max_games,
            )
        return spec, outside

    def _outside(
        self,
        spec: MatchSpec,
        request: Mapping[str, Any],
        owner: str | None,
        accepted: bool,
        live_games: int | None,
    ) -> Outside | None:
        """The outside bots of a match (None when it seats built-in bots only), resolved."""
        names = [b for b in dict.fromkeys(spec.bots) if parse_bot(b)[0] not in BOTS]
        if not names:
            return None
        bots = {}
        for name in names:
            bot = self._registry().resolve(name, spec.game)
            if bot.owner != owner and not accepted:
                raise ServiceError(
                    "challenge_required",
                    f"bot {name!r} belongs to another app key: challenge it"
                    " (POST /api/v1/challenges) and play once its owner accepts",
                )
            bots[name] = {"owner": bot.owner, "owner_name": bot.owner_name}
        move_seconds = request.get("move_seconds", DEFAULT_MOVE_SECONDS)
        concurrency = request.get("concurrency", DEFAULT_CONCURRENCY)
        for field, value, (low, high) in (
            ("move_seconds", move_seconds, MOVE_SECONDS),
            ("concurrency", concurrency, CONCURRENCY),
        ):  # the schema checks them at the API; a challenge's body comes through here too
            if type(value) is not int or not low <= value <= high:
                raise ServiceError("validation_error", f"{field} must be {low} to {high}")
        if live_games is not None:
            concurrency = max(1, min(concurrency, live_games))
        return Outside(bots, move_seconds, concurrency, rated=not request.get("seed"))

    def _registry(self) -> BotRegistry:
        assert self.registry is not None, "built by `service.wiring`"
        return self.registry

    def _driver(self) -> MatchGames:
        assert self.driver is not None, "built by `service.wiring`"
        return self.driver

    def advance(self, mid: str) -> str:
        """The driver's step for an outside match (`service.matches.match_games`): the job's."""
        return self._driver().advance(mid)

    def _rate(self, mid: str, spec: MatchSpec, index: int, record: JSON | None = None) -> None:
        """Rate match game `index` on its game's ladder (either path); a game rated before is
        left alone (`Ratings.rate` rates each once), so a second run may call this again:
        without `record`, with the stored one."""
        if self.ratings is None:
            return
        raw = self.store.load(mid)
        outside = raw.get(b"outside") if raw is not None else None
        if outside is not None and not Outside.from_json(json.loads(outside)).rated:
            return  # its creator chose the seed, so knew its deals: no ladder counts it
        if record is None:
            found = self.store.records_of(mid, [index])
            if not found:
                return
            record = found[0]
        self.ratings.rate(spec, record, match_id=mid)

    def is_retry(self, idempotency_key: str | None, scope: str = "") -> bool:
        """Whether a creation with this key (of this caller) was made or is under way: its
        retry is answered from the first, and counts against no quota."""
        if idempotency_key is None:
            return False
        return self.store.key_held(self._key_hash(idempotency_key, scope))

    @staticmethod
    def _key_hash(idempotency_key: str, scope: str) -> str:
        return idempotency.create_key_hash(idempotency_key, scope, kind="match")

    def _created_before(self, held: str, idempotency_key: str, fp: str) -> Answer:
        """The first answer of a creation retried under the key that match `held` holds. Its
        first window is enqueued again (unique job ids: a job that exists is left alone), in
        case the first request died between writing the match and enqueueing it."""
        prior = self.store.created(held)
        first = idempotency.first_creation(prior, idempotency_key, fp, self.reservation_ttl)
        self.get(held)  # a read re-enqueues a game whose job is lost (`_kick`)
        return Answer(first, replayed=True)

    def cancel(self, mid: str, authorization: str | None) -> JSON:
        """Cancel a match (its host token only): the running jobs finish the game they play,
        and no further game starts. Cancelling a cancelled match answers it again."""
        outcome = self._cancel(mid, self._load_for(mid, authorization))
        if outcome == "missing":
            raise ServiceError("no_such_match", f"no match {mid!r}")
        if outcome == "done":
            raise ServiceError("match_done", "the match is done: nothing to cancel")
        return self.get(mid)

    def stop(self, mid: str) -> str:
        """Cancel a match for a trusted caller, with no token: a tournament's pairing keeps
        none (`service.matches.tournaments`, its creator's cancel). The outcome of `cancel`'s
        script: "ok", "cancelled" (before), "done" or "missing"; nothing is refused."""
        raw = self.store.load(mid)
        return "missing" if raw is None else self._cancel(mid, raw)

    def _cancel(self, mid: str, raw: Mapping[bytes, bytes]) -> str:
        spec = MatchSpec.from_json(json.loads(raw[b"spec"]))
        outcome = self.store.cancel(mid, spec.games, self.finished_ttl)
        if outcome == "ok":
            log.info("match %s cancelled", mid)
            if b"app_key" in raw:
                self._tell(mid)
        if outcome in ("ok", "cancelled") and b"outside" in raw:
            self._driver().abandon_live(mid)  # again after a crash: none left to abandon
        return outcome

    def games_spent(self, mid: str) -> int:
        """The games of a match that were played or will be: recorded, or (built-in bots)
        under way in a job (RQ `started`), which finishes its game and records it. Read after
        a cancel, when no other game can start (an outside match's live games are abandoned,
        never recorded). A job RQ marked started that meets the cancel first counts too."""
        raw = self.store.load(mid)
        if raw is None:
            return 0
        spec = MatchSpec.from_json(json.loads(raw[b"spec"]))
        running: set[int] = set()
        if b"outside" not in raw:
            with self.queue.connection.pipeline(transaction=False) as pipe:
                for i in range(spec.games):
                    pipe.hget(Job.key_for(match_job_id(mid, i)), "status")
                status = pipe.execute()  # before the records: a job that ends meanwhile counts
            running = {i for i, s in enumerate(status) if s == b"started"}
        return len(running | self.store.recorded(mid))

    def _tell(self, mid: str) -> None:
        """Relay the feed entry a script just wrote to the match's bucket's outbox."""
        if self.feed is not None:
            self.feed.relay_head(tag(mid))

    def _load_for(self, mid: str, authorization: str | None) -> dict[bytes, bytes]:
        """The match, once `authorization` holds its host token (the refusals of a game's)."""
        if authorization is None or not authorization.strip():
            raise ServiceError("missing_token", "this needs Authorization: Bearer <token>")
        raw = self._load(mid)
        authenticate(
            mid,
            authorization,
            required=True,
            meta=lambda: {"host": raw.get(b"host", b"").decode()},
            meta_of=lambda _other: None,
        )
        return raw

    def _enqueue(self, mid: str, indices: range | list[int]) -> None:
        for index in indices:
            with contextlib.suppress(DuplicateJobError):
                self.queue.enqueue_call(
                    PLAY_MATCH_GAME_JOB,
                    args=(mid, index),
                    job_id=match_job_id(mid, index),
                    unique=True,
                    timeout=JOB_TIMEOUT,
                    result_ttl=0,
                    failure_ttl=24 * 3600,
                    retry=Retry(max=2),
                )

    # --- reading ------------------------------------------------------------------------

    def get(self, mid: str) -> JSON:
        """Status, progress and the results of the games recorded so far."""
        raw = self._load(mid)
        spec = MatchSpec.from_json(json.loads(raw[b"spec"]))
        outside = Outside.from_json(json.loads(raw[b"outside"])) if b"outside" in raw else None
        failed = 0
        if b"cancelled" in raw:
            records = self.store.records(mid)
            summary = summarize(spec.bots, records.values())
            body = self._body(mid, spec, summary, started=True, done=len(records), outside=outside)
            return {**body, "status": CANCELLED_STATUS}
        if b"summary" in raw:
            done = spec.games
            summary = cast(JSON, json.loads(raw[b"summary"]))
        else:
            records = self.store.records(mid)
            done = len(records)
            summary = summarize(spec.bots, records.values())
            if done >= spec.games:
                self.store.save_summary(mid, summary)
            elif outside is not None:
                self._driver().later(mid, "read")  # as `_kick`: a lost step is taken again
            else:
                failed = self._kick(mid, spec, records)
        started = b"started" in raw
        return self._body(
            mid, spec, summary, started=started, done=done, failed=failed, outside=outside
        )

    def games(self, mid: str, start: int, limit: int) -> JSON:
        """The recorded games with index in [start, start + limit), in index order."""
        raw = self._load(mid)
        spec = MatchSpec.from_json(json.loads(raw[b"spec"]))
        records = self.store.records_of(mid, range(start, min(start + limit, spec.games)))
        if self.sealed(mid, raw):
            records = [{k: v for k, v in r.items() if k != "seed"} for r in records]
        return {"id": mid, "games": spec.games, "start": start, "limit": limit, "records": records}

    def sealed(self, mid: str, raw: Mapping[bytes, bytes] | None = None) -> bool:
        """Whether the match's seeds are secret still: an outside match until it is done.

        Game i is dealt from `{seed}:{i}`, so one game's seed gives every later deal away;
        an outside bot still to play them must not learn it (its match's answer shows no seed,
        its records none, and its games' records wait: `Tables.record`). A match of built-in
        bots only has no player to hide it from."""
        raw = self.store.load(mid) if raw is None else raw
        if raw is None or b"outside" not in raw or b"summary" in raw or b"cancelled" in raw:
            return False
        spec = MatchSpec.from_json(json.loads(raw[b"spec"]))
        return self.store.recorded_count(mid) < spec.games

    def _load(self, mid: str) -> dict[bytes, bytes]:
        raw = self.store.load(mid)
        if raw is None:
            raise ServiceError("no_such_match", f"no match {mid!r}")
        return raw

    def _kick(self, mid: str, spec: MatchSpec, records: Mapping[int, JSON]) -> int:
        """Watchdog on reads: re-enqueue a game that is due (in the first window, or its
        predecessor i - window has settled) but whose job vanished (an enqueue lost, a job
        dropped). A failed job keeps its key (failure TTL) and is not retried forever: it is
        counted instead. Returns the number of games whose job failed."""
        missing = [i for i in range(spec.games) if i not in records]
        if not missing:
            return 0
        with self.queue.connection.pipeline(transaction=False) as pipe:
            for i in missing:
                pipe.hget(Job.key_for(match_job_id(mid, i)), "status")
            status = dict(zip(missing, pipe.execute(), strict=True))
        failed = [i for i in missing if status[i] == b"failed"]
        lost = [
            i
            for i in missing
            if status[i] is None
            and (
                i < self.window
                or i - self.window in records
                or status.get(i - self.window) == b"failed"
            )
        ]
        if lost:
            # A game recorded after `records` was read has no job either (its job ended): its
            # record, written before the job went, tells it from a lost one.
            recorded = self.store.recorded(mid)
            lost = [i for i in lost if i not in recorded]
        if lost:
            log.warning("match %s: re-enqueueing %d lost games", mid, len(lost))
            self._enqueue(mid, lost)
        return len(failed)

    @staticmethod
    def _body(
        mid: str,
        spec: MatchSpec,
        summary: JSON,
        *,
        started: bool,
        done: int = 0,
        failed: int = 0,
        outside: Outside | None = None,
    ) -> JSON:
        status = DONE if done >= spec.games else RUNNING if started or done else QUEUED
        body = {
            "id": mid,
            "status": status,
            **spec.to_json(),
            "rotations": [list(r) for r in rotations(spec.bots)],
            "progress": {"done": done, "failed": failed, "total": spec.games},
            "results": summary or summarize(spec.bots, []),
            "outside": {},
            "rated": outside is None or outside.rated,
        }
        if outside is not None:
            if status != DONE:
                body["seed"] = None  # see `sealed`
            body["outside"] = {name: who["owner_name"] for name, who in outside.bots.items()}
            body["move_seconds"] = outside.move_seconds
            body["concurrency"] = outside.concurrency
        return body

    # --- the job ------------------------------------------------------------------------

    def play(self, mid: str, index: int) -> str:
        """Play match game `index` (all rotations) and record it once; returns what happened."""
        started = self.store.start(mid)
        if not started:
            return "missing"
        if started == CANCELLED:
            return "cancelled"  # and no successor: the match stops here
        raw = self.store.spec(mid)
        if raw is None:
            return "missing"
        spec = MatchSpec.from_json(raw)
        if not 0 <= index < spec.games:
            return "out_of_range"
        successor = index + self.window  # keep the window full, even if this one fails
        if successor < spec.games and not self.store.has_result(mid, successor):
            self._enqueue(mid, [successor])
        if self.store.has_result(mid, index):
            self._rate(mid, spec, index)  # in case the job that recorded it died before rating
            if self.finished is not None and self.store.recorded_count(mid) >= spec.games:
                self.finished(mid)  # in case that job died before telling it
            return "duplicate"  # already recorded: do not even replay it
        record = play_match_game(spec, index)
        outcome, done, told = self.store.record(mid, index, record, self.finished_ttl, spec.games)
        if told:
            self._tell(mid)
        if outcome == "recorded":
            self._rate(mid, spec, index, record)
        elif outcome == "duplicate":  # another run recorded it first: rated, or rate it now
            self._rate(mid, spec, index)
        if done >= spec.games and outcome == "recorded":
            log.info("match %s done", mid)
        if done >= spec.games and self.finished is not None:
            self.finished(mid)
        return outcome

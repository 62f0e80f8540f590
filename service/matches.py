"""Use cases of bot-versus-bot matches: create one, read its progress and results, play a game.

A match is stored under its own `{match-id}` hash tag (one Cluster slot, one Lua script):

- `dp:{id}:match`    hash: `spec` (the `bots.match.MatchSpec` JSON), `started` (set by the
                     first job that runs), `summary` (cached once done)
- `dp:{id}:results`  hash: game index -> that game's record (every rotation, per-seat scores)

Each match game is one RQ job (`service.match_jobs.play_match_game`, enqueued by name on the
match queue, JSON serializer, job id `match_<id>_<index>`, `unique=True`), so the games spread over
every worker. A job plays all the game's rotations in-process through the engine and
`bots.decide` and records its result with HSETNX: a job that runs twice (a retry, a watchdog
re-enqueue) records once. When the last game is recorded, both keys get the finished TTL.

Workers listen to the bot queue before the match queue, so a live game's bot turn never waits
behind a match game that has not started. A match also never floods its queue: creation
enqueues the first `WINDOW` games only, and game i's job, as it starts, enqueues game i + WINDOW,
so up to WINDOW workers play one match and other matches get their turn.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import secrets
from collections.abc import Mapping
from typing import Any, cast

import redis
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError
from rq.job import Job
from rq.serializers import JSONSerializer

from bots.match import MatchError, MatchSpec, check, play_match_game, rotations, summarize
from service.errors import ServiceError

log = logging.getLogger("duckpond.matches")

JSON = dict[str, Any]
MATCH_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
MATCH_JOB = "service.match_jobs.play_match_game"
JOB_TIMEOUT = 600
WINDOW = 32
"""Match jobs of one match queued or running at once (see the module docstring)."""
QUEUED, RUNNING, DONE = "queued", "running", "done"

RECORD_SCRIPT = """
-- Record one match game's result exactly once, and start the TTL when it is the last one.
-- KEYS[1] dp:{id}:match    hash (spec, started, summary)
-- KEYS[2] dp:{id}:results  hash: game index -> record JSON
-- ARGV[1] game index; ARGV[2] record JSON; ARGV[3] TTL in seconds once done, "0" for none;
-- ARGV[4] the match's number of games
-- Returns {"recorded" | "duplicate" | "missing", games recorded}.
if redis.call("EXISTS", KEYS[1]) == 0 then return {"missing", 0} end
local added = redis.call("HSETNX", KEYS[2], ARGV[1], ARGV[2])
local done = redis.call("HLEN", KEYS[2])
local total = tonumber(ARGV[4])
local ttl = tonumber(ARGV[3])
if added == 1 and done >= total and ttl > 0 then
  redis.call("EXPIRE", KEYS[1], ttl)
  redis.call("EXPIRE", KEYS[2], ttl)
end
return {added == 1 and "recorded" or "duplicate", done}
"""

START_SCRIPT = """
-- Mark a match as running, never creating the hash of a match that expired or never was.
-- KEYS[1] dp:{id}:match. Returns 1 when the match exists.
if redis.call("EXISTS", KEYS[1]) == 0 then return 0 end
redis.call("HSETNX", KEYS[1], "started", "1")
return 1
"""


def match_key(mid: str) -> str:
    return f"dp:{{{mid}}}:match"


def results_key(mid: str) -> str:
    return f"dp:{{{mid}}}:results"


def match_job_id(mid: str, index: int) -> str:
    """Only [A-Za-z0-9_-], as RQ requires; match ids are token_urlsafe, of that alphabet too."""
    return f"match_{mid}_{index}"


class Matches:
    """The match use cases; holds a Redis client and the queue, nothing per request."""

    def __init__(
        self, client: redis.Redis, queue: Queue, *, finished_ttl: int, window: int = WINDOW
    ) -> None:
        self.redis = client
        self.queue = queue
        self.finished_ttl = finished_ttl
        self.window = window
        self._record = client.register_script(RECORD_SCRIPT)
        self._start = client.register_script(START_SCRIPT)

    # --- creating -----------------------------------------------------------------------

    def create(self, request: Mapping[str, Any]) -> JSON:
        """Validate, store the spec, enqueue one job per game; the answer is the match so far."""
        spec = MatchSpec(
            game=str(request["game"]),
            bots=tuple(request["bots"]),
            games=int(request["games"]),
            seed=str(request.get("seed") or secrets.token_hex(8)),
            options=dict(request.get("options") or {}),
        )
        try:
            check(spec)  # an engine SetupError (seats, options) passes through as its 422
        except MatchError as exc:
            raise ServiceError(exc.reason, exc.message) from exc
        mid = secrets.token_urlsafe(9)
        created = self.redis.hsetnx(match_key(mid), "spec", json.dumps(spec.to_json()))
        if not created:  # a 72-bit random id taken: vanishingly rare, never silent
            raise ServiceError("idempotency_in_progress", "could not allocate a match id; retry")
        self._enqueue(mid, range(min(spec.games, self.window)))
        log.info("match %s created: %s, %s x %d", mid, spec.game, list(spec.bots), spec.games)
        return self._body(mid, spec, {}, started=False)

    def _enqueue(self, mid: str, indices: range | list[int]) -> None:
        for index in indices:
            with contextlib.suppress(DuplicateJobError):
                self.queue.enqueue_call(
                    MATCH_JOB,
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
        failed = 0
        if b"summary" in raw:
            done = spec.games
            summary = cast(JSON, json.loads(raw[b"summary"]))
        else:
            records = self._records(mid)
            done = len(records)
            summary = summarize(spec.bots, records.values())
            if done >= spec.games:
                self.redis.hset(match_key(mid), "summary", json.dumps(summary))
            else:
                failed = self._kick(mid, spec, records)
        started = b"started" in raw
        return self._body(mid, spec, summary, started=started, done=done, failed=failed)

    def games(self, mid: str, start: int, limit: int) -> JSON:
        """The recorded games with index in [start, start + limit), in index order."""
        raw = self._load(mid)
        spec = MatchSpec.from_json(json.loads(raw[b"spec"]))
        wanted = [str(i) for i in range(start, min(start + limit, spec.games))]
        values = (
            cast(list[bytes | None], self.redis.hmget(results_key(mid), wanted)) if wanted else []
        )
        return {
            "id": mid,
            "games": spec.games,
            "start": start,
            "limit": limit,
            "records": [json.loads(v) for v in values if v is not None],
        }

    def _load(self, mid: str) -> dict[bytes, bytes]:
        raw: dict[bytes, bytes] = {}
        if MATCH_ID.match(mid):
            raw = cast(dict[bytes, bytes], self.redis.hgetall(match_key(mid)))
        if not raw or b"spec" not in raw:
            raise ServiceError("no_such_match", f"no match {mid!r}")
        return raw

    def _records(self, mid: str) -> dict[int, JSON]:
        raw = cast(dict[bytes, bytes], self.redis.hgetall(results_key(mid)))
        return {int(k): cast(JSON, json.loads(v)) for k, v in raw.items()}

    def _kick(self, mid: str, spec: MatchSpec, records: Mapping[int, JSON]) -> int:
        """Watchdog on reads: re-enqueue a game that is due (in the first window, or its
        predecessor i - window has settled) but whose job vanished (an enqueue lost, a job
        dropped). A failed job keeps its key (failure TTL) and is not retried forever: it is
        counted instead. Returns the number of games whose job failed."""
        missing = [i for i in range(spec.games) if i not in records]
        if not missing:
            return 0
        with self.redis.pipeline(transaction=False) as pipe:
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
            log.warning("match %s: re-enqueueing %d lost games", mid, len(lost))
            self._enqueue(mid, lost)
        return len(failed)

    @staticmethod
    def _body(
        mid: str, spec: MatchSpec, summary: JSON, *, started: bool, done: int = 0, failed: int = 0
    ) -> JSON:
        status = DONE if done >= spec.games else RUNNING if started or done else QUEUED
        return {
            "id": mid,
            "status": status,
            **spec.to_json(),
            "rotations": [list(r) for r in rotations(spec.bots)],
            "progress": {"done": done, "failed": failed, "total": spec.games},
            "results": summary or summarize(spec.bots, []),
        }

    # --- the job ------------------------------------------------------------------------

    def play(self, mid: str, index: int) -> str:
        """Play match game `index` (all rotations) and record it once; returns what happened."""
        if not MATCH_ID.match(mid) or not self._start(keys=[match_key(mid)]):
            return "missing"
        raw = cast(bytes | None, self.redis.hget(match_key(mid), "spec"))
        if raw is None:
            return "missing"
        spec = MatchSpec.from_json(json.loads(raw))
        if not 0 <= index < spec.games:
            return "out_of_range"
        successor = index + self.window  # keep the window full, even if this one fails
        if successor < spec.games and not self.redis.hexists(results_key(mid), str(successor)):
            self._enqueue(mid, [successor])
        if self.redis.hexists(results_key(mid), str(index)):
            return "duplicate"  # already recorded: do not even replay it
        record = play_match_game(spec, index)
        reply = cast(
            list[Any],
            self._record(
                keys=[match_key(mid), results_key(mid)],
                args=[
                    index,
                    json.dumps(record, separators=(",", ":")),
                    self.finished_ttl,
                    spec.games,
                ],
            ),
        )
        outcome = reply[0].decode() if isinstance(reply[0], bytes) else str(reply[0])
        if int(reply[1]) >= spec.games and outcome == "recorded":
            log.info("match %s done", mid)
        return outcome


def connect_matches(settings: Mapping[str, Any]) -> Matches:
    """Matches from settings (`service.config.from_env`), for the worker's job functions."""
    client = redis.Redis.from_url(
        settings["REDIS_URL"], socket_timeout=30, socket_connect_timeout=2, health_check_interval=30
    )
    queue = Queue(settings["MATCH_QUEUE"], connection=client, serializer=JSONSerializer)
    return Matches(client, queue, finished_ttl=int(settings["FINISHED_GAME_TTL"]))

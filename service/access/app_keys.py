"""App keys: who may create work here (games, matches, host-chosen deals), and how much.

An integrator presents its key as `Authorization: Bearer dpk_<id>_<secret>` when it creates a
game or a match. Seat and host tokens stay as they are: a game's host token is bound to the
key that created the game (its id is in the game's meta), so a host's explicit deal needs no
second credential, and it stops working when that key is revoked.

Redis keeps only the sha256 of a key, never the key (a leaked database holds no usable key):

- `dp:appkeys`                 set of key ids
- `dp:appkey:{<id>}`           hash: `name`, `hash`, `created`, `revoked` (unix s, 0 for live),
                               and its quotas (`QUOTAS`)
- `dp:appkey:{<id>}:live`      sorted set: its unfinished games (and `pending:` reservations of
                               creations under way) scored by the unix second they were added
- `dp:appkey:{<id>}:min:<m>`   creations in minute m (expires after two minutes)
- `dp:appkey:{<id>}:day:<d>`   match games started on day d, UTC (expires after two days)

The `{<id>}` hash tag keeps one key's records on one Redis Cluster shard, so each quota is one
atomic script. The operators' command `python -m service.app_keys issue|list|revoke|quotas`
(`service/app_keys.py`) manages them (`dev` is scripts/serve's development key).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

import redis

from service.access.bot_registry import BotRegistry
from service.core.errors import ServiceError
from service.core.shards import DataClient
from service.storage.keys import (
    APP_KEYS_INDEX,
    app_key_day,
    app_key_live,
    app_key_minute,
    app_key_record,
    game_key,
)

PREFIX = "dpk_"
KEY_FORMAT = re.compile(r"^dpk_([0-9a-f]{12})_([A-Za-z0-9_-]{32,64})$")
PENDING_SECONDS = 60
"""A creation's reservation of a live-game slot is dropped after this long (a crashed request)."""

QUOTAS: dict[str, int] = {
    "live_games": 100,
    "creations_per_minute": 60,
    "match_games_per_day": 10_000,
    "match_games_per_match": 1_000,
}
"""Each key's quotas and their defaults (`issue --live-games 20` ... sets others)."""

MODES = ("required", "off")
IDENTIFIED_MAX = 4096
"""The most keys `AppKeys.identify` remembers in one process (all are dropped when full)."""
_identified: dict[str, tuple[str, float]] = {}
"""This process's keys identified lately: the key's sha256 -> (its id, until when, monotonic).
One for the process, so that a revocation made in it (`AppKeys.revoke`) is seen at once by
every instance; other processes' revocations are seen when the entry runs out."""
FINISHED = (b"over", b"abandoned")
"""Statuses of games that no longer count as live."""

# KEYS[1] the live set, KEYS[2] this minute's counter; ARGV[1] the pending member, ARGV[2] now
# (unix s), ARGV[3] the live-games quota, ARGV[4] the creations-per-minute quota.
# Returns {0, ""} when admitted (both counted), else {1, "live"} or {1, "rate"}.
ADMIT_SCRIPT = """
if redis.call("ZCARD", KEYS[1]) >= tonumber(ARGV[3]) then return {1, "live"} end
local made = tonumber(redis.call("GET", KEYS[2]) or "0")
if made >= tonumber(ARGV[4]) then return {1, "rate"} end
redis.call("INCR", KEYS[2])
redis.call("EXPIRE", KEYS[2], 120)
redis.call("ZADD", KEYS[1], ARGV[2], ARGV[1])
return {0, ""}
"""

# KEYS[1] today's match-games counter; ARGV[1] games asked, ARGV[2] the daily quota.
# Returns the games already started today when refused, else -1 (and counts them).
MATCH_SCRIPT = """
local done = tonumber(redis.call("GET", KEYS[1]) or "0")
if done + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return done end
redis.call("INCRBY", KEYS[1], ARGV[1])
redis.call("EXPIRE", KEYS[1], 172800)
return -1
"""


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class AppKey:
    """A verified key: its id (what logs, metrics and the game's meta name), never its secret."""

    id: str
    name: str
    quotas: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Issued:
    key: str
    """The key itself: shown once, at issue, and stored nowhere."""
    id: str


def bearer(authorization: str | None) -> str | None:
    """The credential of `Authorization: Bearer <credential>`, or None."""
    if authorization is None:
        return None
    scheme, _, credential = authorization.strip().partition(" ")
    credential = credential.strip()
    if scheme.lower() != "bearer" or not credential:
        return None
    return credential


class AppKeys:
    """Issue, verify, revoke keys and hold each to its quotas; one per process."""

    def __init__(
        self,
        client: redis.Redis,
        mode: str = "required",
        games: DataClient | None = None,
        *,
        remember_seconds: float = 0.0,
    ) -> None:
        """`client`: the keys' Redis (the queues' standalone one); `games`: where the games
        are (a cluster, or the same Redis: the default), read to free finished games' slots;
        `remember_seconds`: how long `identify` may answer from memory
        (`BOUND_KEY_CACHE_SECONDS`; 0: it reads the key every time)."""
        if mode not in MODES:
            raise ValueError(f"APP_KEYS must be one of {', '.join(MODES)}, not {mode!r}")
        self.redis = client
        self.games: DataClient = client if games is None else games
        self.mode = mode
        self.remember_seconds = remember_seconds
        self._admit = client.register_script(ADMIT_SCRIPT)
        self._match = client.register_script(MATCH_SCRIPT)

    @property
    def required(self) -> bool:
        return self.mode == "required"

    # --- managing (the command line) ----------------------------------------------------

    def issue(self, name: str, **quotas: int) -> Issued:
        unknown = set(quotas) - set(QUOTAS)
        if unknown:
            raise ValueError(f"unknown quotas: {', '.join(sorted(unknown))}")
        key_id = secrets.token_hex(6)
        key = f"{PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
        record: dict[str, str | int] = {
            "name": name,
            "hash": digest(key),
            "created": int(time.time()),
            "revoked": 0,
            **{q: int(quotas.get(q, default)) for q, default in QUOTAS.items()},
        }
        with self.redis.pipeline() as pipe:
            pipe.hset(app_key_record(key_id), mapping=cast(Any, record))
            pipe.sadd(APP_KEYS_INDEX, key_id)
            pipe.execute()
        return Issued(key, key_id)

    def usable(self, key: str) -> bool:
        """Whether `key` is a live key of ours (for `dev`, which reuses a saved key)."""
        found = KEY_FORMAT.match(key)
        if not found:
            return False
        stored, revoked = cast(
            list[bytes | None], self.redis.hmget(app_key_record(found.group(1)), "hash", "revoked")
        )
        return (
            stored is not None
            and hmac.compare_digest(digest(key), stored.decode())
            and not int(revoked or b"0")
        )

    def revoke(self, key_id: str) -> bool:
        """Revoke for good: later requests with it get 403 `app_key_revoked`, and its bots are
        retired (they read as retired from the first write on, should the second be cut)."""
        if not self.redis.exists(app_key_record(key_id)):
            return False
        self.redis.hset(app_key_record(key_id), "revoked", int(time.time()))
        _identified.clear()  # this process forgets at once; others within their TTL
        BotRegistry(self.redis).retire_all(key_id)
        return True

    def set_quotas(self, key_id: str, **quotas: int) -> bool:
        if not self.redis.exists(app_key_record(key_id)):
            return False
        if quotas:
            self.redis.hset(app_key_record(key_id), mapping=cast(Any, dict(quotas)))
        return True

    def list(self) -> list[dict[str, Any]]:
        """Every key's id, name, dates, quotas and live games; never its hash."""
        ids = sorted(m.decode() for m in cast(set[bytes], self.redis.smembers(APP_KEYS_INDEX)))
        out = []
        for key_id in ids:
            raw = cast(dict[bytes, bytes], self.redis.hgetall(app_key_record(key_id)))
            if not raw:
                continue
            fields = {k.decode(): v.decode() for k, v in raw.items() if k != b"hash"}
            entry: dict[str, Any] = {"id": key_id, "name": fields.get("name", "")}
            entry["created"] = int(fields.get("created", 0))
            entry["revoked"] = int(fields.get("revoked", 0))
            entry.update({q: int(fields.get(q, d)) for q, d in QUOTAS.items()})
            entry["live"] = int(self.redis.zcard(app_key_live(key_id)))
            out.append(entry)
        return out

    # --- verifying ----------------------------------------------------------------------

    def verify(self, authorization: str | None, *, always: bool = False) -> AppKey | None:
        """The key a creation presents (None with keys off, unless `always`: what only a key
        may read, its feed and webhooks, needs one in any mode). 401 when it is missing or
        not a key of ours, 403 when it was revoked; the secret is compared in constant time."""
        if not self.required and not always:
            return None
        credential = bearer(authorization)
        if credential is None:
            raise ServiceError("missing_app_key", "this needs Authorization: Bearer <app key>")
        return self._check(credential)

    def identify(self, key: str) -> str:
        """The id of `key` when it is a live key of ours, whatever the mode: a bound seat's
        `Duckpond-App-Key` (`service.games.callers.bound_to`); the refusals of `verify`.

        Every request of a bound seat asks, so a key found live is remembered for
        `remember_seconds` (by its hash, never the key itself): a key revoked by another
        process is refused here within that time, one revoked in this process at once.
        Refusals are never remembered."""
        if self.remember_seconds <= 0:
            return self._check(key).id
        hashed, now = digest(key), time.monotonic()
        known = _identified.get(hashed)
        if known is not None and known[1] > now:
            return known[0]
        key_id = self._check(key).id
        if len(_identified) >= IDENTIFIED_MAX:
            _identified.clear()
        _identified[hashed] = (key_id, now + self.remember_seconds)
        return key_id

    def _check(self, credential: str) -> AppKey:
        found = KEY_FORMAT.match(credential)
        raw = (
            cast(dict[bytes, bytes], self.redis.hgetall(app_key_record(found.group(1))))
            if found
            else {}
        )
        stored = raw.get(b"hash", b"").decode()
        if not found or not hmac.compare_digest(digest(credential), stored or "-"):
            raise ServiceError("bad_app_key", "this is not an app key of this service")
        if int(raw.get(b"revoked", b"0")):
            raise ServiceError("app_key_revoked", "this app key was revoked")
        return _key(found.group(1), raw)

    def of(self, key_id: str) -> AppKey | None:
        """The key of this id, for work it asks for without presenting it (a rematch of its
        game): None with keys off or when it is gone; 403 once it was revoked."""
        if not self.required:
            return None
        raw = cast(dict[bytes, bytes], self.redis.hgetall(app_key_record(key_id)))
        if not raw:
            return None
        if int(raw.get(b"revoked", b"0")):
            raise ServiceError("app_key_revoked", "the app key that created this game was revoked")
        return _key(key_id, raw)

    def revoked(self, key_id: str) -> bool:
        """Whether the key was revoked (or is gone): what an open feed asks as it goes, since
        the request that opened it was checked once, before revocation."""
        revoked = self.redis.hget(app_key_record(key_id), "revoked")
        return revoked is None or int(cast(bytes, revoked)) != 0

    def still_valid(self, key_id: str | None) -> None:
        """A game's host acts for the key that created it: refused (403) once it is revoked.
        Games made with keys off (no key id) are not bound."""
        if key_id is None or not self.required:
            return
        revoked = self.redis.hget(app_key_record(key_id), "revoked")
        if revoked is None or int(cast(bytes, revoked)):
            raise ServiceError("app_key_revoked", "the app key that created this game was revoked")

    # --- quotas -------------------------------------------------------------------------

    def admit_game(self, key: AppKey) -> str:
        """Count one creation against the key's quotas (429 over one) and hold a live-game
        slot for it; the answer is the slot to `settle` once the creation is known."""
        self._prune(key.id)
        now = int(time.time())
        pending = f"pending:{secrets.token_hex(8)}"
        refused, which = cast(
            list[Any],
            self._admit(
                keys=[app_key_live(key.id), app_key_minute(key.id, now // 60)],
                args=[
                    pending,
                    now,
                    key.quotas["live_games"],
                    key.quotas["creations_per_minute"],
                ],
            ),
        )
        if int(refused):
            if which == b"live":
                limit = key.quotas["live_games"]
                raise ServiceError(
                    "quota_live_games",
                    f"this app key has {limit} unfinished games, its quota: finish one first",
                    retry_after=60,
                )
            limit = key.quotas["creations_per_minute"]
            raise ServiceError(
                "quota_creations",
                f"this app key made {limit} creations this minute, its quota",
                retry_after=60 - now % 60,
            )
        return pending

    def settle(self, key: AppKey, pending: str, gid: str | None) -> None:
        """The slot `pending` becomes game `gid`'s, or is freed (None: refused or replayed)."""
        with self.redis.pipeline() as pipe:
            pipe.zrem(app_key_live(key.id), pending)
            if gid is not None:
                pipe.zadd(app_key_live(key.id), {gid: int(time.time())})
            pipe.execute()

    def _prune(self, key_id: str) -> None:
        """Drop finished, expired and stale pending games from the key's live set."""
        members = cast(list[tuple[bytes, float]], self.redis.zrange(app_key_live(key_id), 0, -1,
                                                                    withscores=True))  # fmt: skip
        if not members:
            return
        now = time.time()
        games = [m.decode() for m, _ in members if not m.startswith(b"pending:")]
        gone = [
            m for m, added in members if m.startswith(b"pending:") and now - added > PENDING_SECONDS
        ]
        if games:
            with self.games.pipeline(transaction=False) as pipe:
                for gid in games:
                    pipe.hget(game_key(gid), "status")
                statuses = pipe.execute()
            gone += [
                gid.encode()
                for gid, status in zip(games, statuses, strict=True)
                if status is None or status in FINISHED
            ]
        if gone:
            self.redis.zrem(app_key_live(key_id), *gone)

    def admit_match(self, key: AppKey, games: int) -> None:
        """Count a match's games against the key's quotas per match and per day (429)."""
        per_match = key.quotas["match_games_per_match"]
        if games > per_match:
            raise ServiceError(
                "quota_match_games",
                f"this app key may ask for at most {per_match} games in one match",
                limit=per_match,
            )
        now = int(time.time())
        per_day = key.quotas["match_games_per_day"]
        done = int(
            cast(int, self._match(keys=[app_key_day(key.id, now // 86400)], args=[games, per_day]))
        )
        if done >= 0:
            raise ServiceError(
                "quota_match_games",
                f"this app key has started {done} of its {per_day} match games today (UTC)",
                limit=per_day,
                retry_after=86400 - now % 86400,
            )

    def refund_match(self, key: AppKey, games: int) -> None:
        """A match that could not be created gives its games back."""
        self.redis.decrby(app_key_day(key.id, int(time.time()) // 86400), games)


def _key(key_id: str, raw: Mapping[bytes, bytes]) -> AppKey:
    """A key from its stored record, its quotas' defaults filled in."""
    quotas = {q: int(raw.get(q.encode(), str(d).encode())) for q, d in QUOTAS.items()}
    return AppKey(key_id, raw.get(b"name", b"").decode(), quotas)

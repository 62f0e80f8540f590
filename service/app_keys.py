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
atomic script. `python -m service.app_keys issue|list|revoke|quotas` manages them (`dev` is
scripts/serve's development key).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import hmac
import os
import re
import secrets
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import redis
from flask import Flask, current_app, g, request
from flask_smorest import Blueprint

from service.errors import ServiceError
from service.shards import DataClient

PREFIX = "dpk_"
KEY_FORMAT = re.compile(r"^dpk_([0-9a-f]{12})_([A-Za-z0-9_-]{32,64})$")
INDEX_KEY = "dp:appkeys"
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


def record_key(key_id: str) -> str:
    return f"dp:appkey:{{{key_id}}}"


def live_key(key_id: str) -> str:
    return f"dp:appkey:{{{key_id}}}:live"


def minute_key(key_id: str, minute: int) -> str:
    return f"dp:appkey:{{{key_id}}}:min:{minute}"


def day_key(key_id: str, day: int) -> str:
    return f"dp:appkey:{{{key_id}}}:day:{day}"


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
            pipe.hset(record_key(key_id), mapping=cast(Any, record))
            pipe.sadd(INDEX_KEY, key_id)
            pipe.execute()
        return Issued(key, key_id)

    def usable(self, key: str) -> bool:
        """Whether `key` is a live key of ours (for `dev`, which reuses a saved key)."""
        found = KEY_FORMAT.match(key)
        if not found:
            return False
        stored, revoked = cast(
            list[bytes | None], self.redis.hmget(record_key(found.group(1)), "hash", "revoked")
        )
        return (
            stored is not None
            and hmac.compare_digest(digest(key), stored.decode())
            and not int(revoked or b"0")
        )

    def revoke(self, key_id: str) -> bool:
        """Revoke for good: later requests with it get 403 `app_key_revoked`, and its bots are
        retired (they read as retired from the first write on, should the second be cut)."""
        from service.bot_registry import BotRegistry  # it imports this module

        if not self.redis.exists(record_key(key_id)):
            return False
        self.redis.hset(record_key(key_id), "revoked", int(time.time()))
        _identified.clear()  # this process forgets at once; others within their TTL
        BotRegistry(self.redis).retire_all(key_id)
        return True

    def set_quotas(self, key_id: str, **quotas: int) -> bool:
        if not self.redis.exists(record_key(key_id)):
            return False
        if quotas:
            self.redis.hset(record_key(key_id), mapping=cast(Any, dict(quotas)))
        return True

    def list(self) -> list[dict[str, Any]]:
        """Every key's id, name, dates, quotas and live games; never its hash."""
        ids = sorted(m.decode() for m in cast(set[bytes], self.redis.smembers(INDEX_KEY)))
        out = []
        for key_id in ids:
            raw = cast(dict[bytes, bytes], self.redis.hgetall(record_key(key_id)))
            if not raw:
                continue
            fields = {k.decode(): v.decode() for k, v in raw.items() if k != b"hash"}
            entry: dict[str, Any] = {"id": key_id, "name": fields.get("name", "")}
            entry["created"] = int(fields.get("created", 0))
            entry["revoked"] = int(fields.get("revoked", 0))
            entry.update({q: int(fields.get(q, d)) for q, d in QUOTAS.items()})
            entry["live"] = int(self.redis.zcard(live_key(key_id)))
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
        `Duckpond-App-Key` (`service.callers.bound_to`); the refusals of `verify`.

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
            cast(dict[bytes, bytes], self.redis.hgetall(record_key(found.group(1))))
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
        raw = cast(dict[bytes, bytes], self.redis.hgetall(record_key(key_id)))
        if not raw:
            return None
        if int(raw.get(b"revoked", b"0")):
            raise ServiceError("app_key_revoked", "the app key that created this game was revoked")
        return _key(key_id, raw)

    def still_valid(self, key_id: str | None) -> None:
        """A game's host acts for the key that created it: refused (403) once it is revoked.
        Games made with keys off (no key id) are not bound."""
        if key_id is None or not self.required:
            return
        revoked = self.redis.hget(record_key(key_id), "revoked")
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
                keys=[live_key(key.id), minute_key(key.id, now // 60)],
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
            pipe.zrem(live_key(key.id), pending)
            if gid is not None:
                pipe.zadd(live_key(key.id), {gid: int(time.time())})
            pipe.execute()

    def _prune(self, key_id: str) -> None:
        """Drop finished, expired and stale pending games from the key's live set."""
        members = cast(list[tuple[bytes, float]], self.redis.zrange(live_key(key_id), 0, -1,
                                                                    withscores=True))  # fmt: skip
        if not members:
            return
        now = time.time()
        games = [m.decode() for m, _ in members if not m.startswith(b"pending:")]
        gone = [
            m for m, added in members if m.startswith(b"pending:") and now - added > PENDING_SECONDS
        ]
        if games:
            from service.store import game_key  # no cycle at import time

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
            self.redis.zrem(live_key(key_id), *gone)

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
            cast(int, self._match(keys=[day_key(key.id, now // 86400)], args=[games, per_day]))
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
        self.redis.decrby(day_key(key.id, int(time.time()) // 86400), games)


def _key(key_id: str, raw: Mapping[bytes, bytes]) -> AppKey:
    """A key from its stored record, its quotas' defaults filled in."""
    quotas = {q: int(raw.get(q.encode(), str(d).encode())) for q, d in QUOTAS.items()}
    return AppKey(key_id, raw.get(b"name", b"").decode(), quotas)


# --- in the API -------------------------------------------------------------------------------


def init_app(app: Flask) -> None:
    """The app's `AppKeys`: the layers' (`service.wiring`, on the queues' standalone Redis
    pool). Call after the layers are built."""
    app.extensions["duckpond_app_keys"] = app.extensions["duckpond"].app_keys


def app_keys() -> AppKeys:
    return cast(AppKeys, current_app.extensions["duckpond_app_keys"])


def required_on(blp: Blueprint, *endpoints: str, always: bool = False) -> None:
    """Make `endpoints` of `blp` (every one, when none are named) verify the app key before
    anything else (a 401 or 403 comes before the body's 422); the view reads the key with
    `presented()`. `always`: even with app keys off (`AppKeys.verify`)."""

    def check() -> None:
        if not endpoints or request.endpoint in endpoints:
            g.app_key = app_keys().verify(request.headers.get("Authorization"), always=always)

    blp.before_request(check)


def presented() -> AppKey | None:
    """The key this request presented and `required_on` verified (None with keys off)."""
    return cast(AppKey | None, g.get("app_key"))


def scope() -> str:
    """Whose Idempotency-Keys a creation's belongs to: its app key, else its client address
    (`request.remote_addr`, which the trusted proxies setting makes the client's own)."""
    key = presented()
    return f"key:{key.id}" if key is not None else f"addr:{request.remote_addr}"


# --- the command line -------------------------------------------------------------------------


def _quota_args(parser: argparse.ArgumentParser) -> None:
    for quota, default in QUOTAS.items():
        parser.add_argument(
            "--" + quota.replace("_", "-"), type=int, dest=quota, help=f"default {default}"
        )


def dev_key(keys: AppKeys, path: str) -> str:
    """scripts/serve's development key: kept in a file of the checkout (never in a deployment,
    where keys are issued by hand), so a browser that holds it keeps working across restarts."""
    with contextlib.suppress(OSError):
        with open(path, encoding="utf-8") as saved:
            key = saved.read().strip()
        if keys.usable(key):
            return key
    key = keys.issue("development key (scripts/serve)").key
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(key + "\n")
    return key


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m service.app_keys", description="Issue, list and revoke app keys."
    )
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("QUEUE_REDIS_URL")
        or os.environ.get("REDIS_URL")
        or "redis://127.0.0.1:6379/0",
        help="the queues' Redis, where app keys live (QUEUE_REDIS_URL, else REDIS_URL)",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    issue = commands.add_parser("issue", help="make a key; it is printed once, never stored")
    issue.add_argument("--name", required=True, help="who the key is for")
    issue.add_argument("--quiet", action="store_true", help="print the key alone")
    _quota_args(issue)
    commands.add_parser(
        "list", help="every key: id, name, quotas, live games, live bots (never the key)"
    )
    dev = commands.add_parser(
        "dev", help="print a development key: the one saved in FILE while usable, else a new one"
    )
    dev.add_argument("--file", required=True, help="where the key is kept (mode 0600)")
    revoke = commands.add_parser(
        "revoke", help="revoke a key by its id, for good; its bots are retired"
    )
    revoke.add_argument("id")
    quotas = commands.add_parser("quotas", help="change a key's quotas")
    quotas.add_argument("id")
    _quota_args(quotas)
    args = parser.parse_args(argv)
    keys = AppKeys(redis.Redis.from_url(args.redis_url, socket_timeout=5))
    chosen = {q: getattr(args, q) for q in QUOTAS if getattr(args, q, None) is not None}
    if args.command == "issue":
        issued = keys.issue(args.name, **chosen)
        if args.quiet:
            print(issued.key)
        else:
            print(f"app key {issued.id} for {args.name!r} (shown once; store it now):")
            print(issued.key)
        return 0
    if args.command == "dev":
        print(dev_key(keys, args.file))
        return 0
    if args.command == "list":
        from service.bot_registry import BotRegistry  # it imports this module

        registry = BotRegistry(keys.redis)
        for entry in keys.list():
            state = "revoked" if entry["revoked"] else "active"
            quota = " ".join(f"{q}={entry[q]}" for q in QUOTAS)
            bots = ",".join(b.name for b in registry.of(entry["id"])) or "-"
            print(
                f"{entry['id']}  {state:7}  live={entry['live']}  {quota}  bots={bots}"
                f"  {entry['name']}"
            )
        return 0
    if args.command == "revoke":
        if not keys.revoke(args.id):
            print(f"no app key {args.id}", file=sys.stderr)
            return 1
        print(f"app key {args.id} revoked (its bots retired)")
        return 0
    if not keys.set_quotas(args.id, **chosen):
        print(f"no app key {args.id}", file=sys.stderr)
        return 1
    print(f"app key {args.id}: {' '.join(f'{q}={v}' for q, v in chosen.items()) or 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

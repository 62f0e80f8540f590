"""Redis layout of a game and the one atomic write that changes it.

Every key of a game carries the `{game-id}` hash tag, so a Redis Cluster keeps them on one shard
and one Lua script may touch them all:

- `dp:{id}:game`    hash: `version`, `state` (engine `to_dict` JSON, secrets included), `meta`
                    (seats, token hashes, service options), `status`, `nevents`
- `dp:{id}:events`  list: every event ever produced, event number n at index n - 1
- `dp:{id}:actions` list: the engine record's actions, in order (moves and later deals)
- `dp:{id}:idem`    hash: hashed Idempotency-Key -> the first response to that request

Plus `dp:idem:create:<sha256(key)>` -> game id, for creations retried with an Idempotency-Key
(a creation has no game id yet, so that one pointer lives outside the game's hash slot).
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any, cast

import redis

# KEYS/ARGV contract of the compare-and-set. Version = number of accepted state changes.
CAS_SCRIPT = """
-- Compare-and-set of one game: check the version, then write state, events, actions and the
-- idempotent response together, or nothing at all.
-- KEYS[1] dp:{id}:game     hash (version, state, status, nevents, meta)
-- KEYS[2] dp:{id}:events   list of event JSON
-- KEYS[3] dp:{id}:actions  list of action JSON
-- KEYS[4] dp:{id}:idem     hash of first responses by hashed Idempotency-Key
-- ARGV[1] expected version; "-1" creates the game (it must not exist) at version 0
-- ARGV[2] new state JSON
-- ARGV[3] new status
-- ARGV[4] TTL in seconds for all four keys, "0" for none (set when the game ends)
-- ARGV[5] idempotency field, "" for none
-- ARGV[6] response stored under that field
-- ARGV[7] meta JSON, written only when not ""
-- ARGV[8] n, the number of events; ARGV[9] m, the number of actions
-- ARGV[10 .. 9+n] the events; ARGV[10+n .. 9+n+m] the actions
-- Returns {"ok", new version, events before}, {"stale", current version}, {"missing"},
-- {"exists"} or {"replay", stored response}.
local game, events, actions, idem = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
if ARGV[5] ~= "" then
  local prior = redis.call("HGET", idem, ARGV[5])
  if prior then return {"replay", prior} end
end
local expected = tonumber(ARGV[1])
local current = redis.call("HGET", game, "version")
if expected < 0 then
  if current then return {"exists"} end
  current = -1
else
  if not current then return {"missing"} end
  current = tonumber(current)
  if current ~= expected then return {"stale", tostring(current)} end
end
local version = current + 1
local n, m = tonumber(ARGV[8]), tonumber(ARGV[9])
local before = redis.call("LLEN", events)
for i = 1, n do redis.call("RPUSH", events, ARGV[9 + i]) end
for i = 1, m do redis.call("RPUSH", actions, ARGV[9 + n + i]) end
redis.call("HSET", game, "version", version, "state", ARGV[2], "status", ARGV[3],
  "nevents", before + n)
if ARGV[7] ~= "" then redis.call("HSET", game, "meta", ARGV[7]) end
if ARGV[5] ~= "" then redis.call("HSET", idem, ARGV[5], ARGV[6]) end
local ttl = tonumber(ARGV[4])
if ttl > 0 then
  for _, key in ipairs(KEYS) do redis.call("EXPIRE", key, ttl) end
end
return {"ok", tostring(version), tostring(before)}
"""


def game_key(gid: str) -> str:
    return f"dp:{{{gid}}}:game"


def events_key(gid: str) -> str:
    return f"dp:{{{gid}}}:events"


def actions_key(gid: str) -> str:
    return f"dp:{{{gid}}}:actions"


def idem_key(gid: str) -> str:
    return f"dp:{{{gid}}}:idem"


def create_pointer_key(key_hash: str) -> str:
    return f"dp:idem:create:{key_hash}"


def game_keys(gid: str) -> list[str]:
    return [game_key(gid), events_key(gid), actions_key(gid), idem_key(gid)]


@dataclass(frozen=True, slots=True)
class Stored:
    """One game as read from Redis in a single HGETALL (so all fields are of one version)."""

    gid: str
    version: int
    state: dict[str, Any]
    meta: dict[str, Any]
    status: str
    nevents: int


@dataclass(frozen=True, slots=True)
class Write:
    """What one accepted change writes; see CAS_SCRIPT for the meaning of each part."""

    expected: int
    state: dict[str, Any]
    status: str
    ttl: int
    events: list[dict[str, Any]]
    actions: list[dict[str, Any]]
    idem_field: str = ""
    response: str = ""
    meta: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """The script's answer: `ok`, `stale`, `missing`, `exists` or `replay`."""

    kind: str
    version: int = -1
    events_before: int = 0
    response: str = ""


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


class Store:
    """Reads and the compare-and-set write; one instance (one connection pool) per process."""

    def __init__(self, client: redis.Redis) -> None:
        self.redis = client
        self._cas = client.register_script(CAS_SCRIPT)

    def load(self, gid: str) -> Stored | None:
        return self._stored(gid, cast(dict[bytes, bytes], self.redis.hgetall(game_key(gid))))

    def load_with_events(self, gid: str, after: int) -> tuple[Stored | None, list[dict[str, Any]]]:
        """The game and its events after `after`, read in one MULTI so they agree."""
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hgetall(game_key(gid))
            pipe.lrange(events_key(gid), after, -1)
            raw, events = pipe.execute()
        return self._stored(gid, raw), [json.loads(e) for e in events]

    @staticmethod
    def _stored(gid: str, raw: dict[bytes, bytes]) -> Stored | None:
        if not raw or b"version" not in raw:
            return None
        return Stored(
            gid=gid,
            version=int(raw[b"version"]),
            state=json.loads(raw[b"state"]),
            meta=json.loads(raw[b"meta"]),
            status=raw[b"status"].decode(),
            nevents=int(raw.get(b"nevents", b"0")),
        )

    def load_meta(self, gid: str) -> dict[str, Any] | None:
        raw = cast(bytes | None, self.redis.hget(game_key(gid), "meta"))
        return None if raw is None else cast(dict[str, Any], json.loads(raw))

    def write(self, gid: str, w: Write) -> Outcome:
        args: list[str | int] = [
            w.expected,
            _dumps(w.state),
            w.status,
            w.ttl,
            w.idem_field,
            w.response,
            "" if w.meta is None else _dumps(w.meta),
            len(w.events),
            len(w.actions),
        ]
        args += [_dumps(e) for e in w.events]
        args += [_dumps(a) for a in w.actions]
        reply = cast(list[bytes], self._cas(keys=game_keys(gid), args=args))
        kind = reply[0].decode()
        if kind == "ok":
            return Outcome(kind, int(reply[1]), int(reply[2]))
        if kind == "stale":
            return Outcome(kind, int(reply[1]))
        if kind == "replay":
            return Outcome(kind, response=reply[1].decode())
        return Outcome(kind)

    def events(self, gid: str, after: int) -> list[dict[str, Any]]:
        raw = cast(list[bytes], self.redis.lrange(events_key(gid), after, -1))
        return [json.loads(r) for r in raw]

    def actions(self, gid: str) -> list[dict[str, Any]]:
        raw = cast(list[bytes], self.redis.lrange(actions_key(gid), 0, -1))
        return [json.loads(r) for r in raw]

    def idempotent_response(self, gid: str, field: str) -> str | None:
        raw = cast(bytes | None, self.redis.hget(idem_key(gid), field))
        return None if raw is None else raw.decode()

    def claim_create_key(self, key_hash: str, gid: str, ttl: int) -> str:
        """Bind a creation's Idempotency-Key to a game id; returns the id that holds it."""
        key = create_pointer_key(key_hash)
        if self.redis.set(key, gid, nx=True, ex=ttl):
            return gid
        held = cast(bytes | None, self.redis.get(key))
        return gid if held is None else held.decode()

    def release_create_key(self, key_hash: str, gid: str) -> None:
        """Undo `claim_create_key` after a failed creation (only if it still names `gid`)."""
        key = create_pointer_key(key_hash)
        with contextlib.suppress(redis.RedisError):
            if self.redis.get(key) == gid.encode():
                self.redis.delete(key)

    def ping(self) -> bool:
        return bool(self.redis.ping())

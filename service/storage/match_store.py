"""Redis layout of a match and its scripts.

A match's keys carry its bucket's hash tag `{t}` (`service.core.shards.tag`, as a game's do), so a
Redis Cluster keeps them, and the Idempotency-Key pointer of the request that created the
match, in one slot, and one Lua script may touch them all:

- `dp:{t}:<id>:match`    hash: `spec` (the `bots.match.MatchSpec` JSON), `host` (the sha256 of
                         the host token, which may cancel), `started` (set by the first job
                         that runs), `summary` (cached once done), `cancelled` (set by a
                         cancel), `created` (the creation's answer sealed with its
                         Idempotency-Key, `service.games.idempotency.seal`, when it had one),
                         `app_key` (the id of the app key that created it, if any: its feed
                         hears of the match's progress, through the bucket's outbox
                         `dp:{t}:outbox`, as a game's changes do: `service.streams.feed`)
                         `outside` (a match that seats outside bots: their owners, its
                         `move_seconds` and `concurrency`: `service.matches.match_games`)
- `dp:{t}:<id>:results`  hash: game index -> that game's record (every rotation, per-seat scores)
- `dp:{t}:<id>:games`    hash, outside matches: k = index * rotations + rotation -> the id of
                         that real game, written once (HSETNX) by the driver that created it
- `dp:{t}:<id>:seats`    hash, outside matches: `<key id>:<game id>:<seat>` -> the `match_seat`
                         feed entry of a bound seat (its token included) until its game is
                         recorded, for `GET /api/v1/feed/seats`
- `dp:{k}:appkey:<key id>:matches` sorted set on the app key's feed bucket (`service.streams.feed`):
                         the outside matches where the key's bots have seats, by creation time
- `dp:{t}:idem:create:<sha256>` -> match id: the creation's Idempotency-Key
                         (`service.storage.store.create_pointer_key`; the hash has kind `match`, so
                         a
                         game's key and a match's never meet), reserved for seconds, then kept
                         for the idempotency TTL by the script that writes the match
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

from service.core.shards import DataClient, tag
from service.storage.keys import (
    create_pointer_key,
    games_key,
    key_matches_key,
    match_key,
    outbox_key,
    results_key,
    seats_key,
)
from service.storage.store import claim_pointer, pointer_held, release_pointer, valid_id

JSON = dict[str, Any]

CREATE_SCRIPT = """
-- Write a new match, and make its creation's Idempotency-Key pointer last, together.
-- KEYS[1] dp:{t}:<id>:match; KEYS[2] its pointer dp:{t}:idem:create:<hash>, or KEYS[1] again
-- when the creation has no key. ARGV[1] the match id; ARGV[2] spec JSON; ARGV[3] host token
-- hash; ARGV[4] the sealed answer ("" without a key); ARGV[5] the pointer's TTL in seconds;
-- ARGV[6] the app key that creates it ("" for none); ARGV[7] its `outside` JSON ("" for none)
-- Returns {"ok"}, {"exists"} (the id is taken) or {"taken", the id that holds the key}.
if ARGV[4] ~= "" then
  local held = redis.call("GET", KEYS[2])
  if held and held ~= ARGV[1] then return {"taken", held} end
end
if redis.call("EXISTS", KEYS[1]) == 1 then return {"exists"} end
redis.call("HSET", KEYS[1], "spec", ARGV[2], "host", ARGV[3])
if ARGV[6] ~= "" then redis.call("HSET", KEYS[1], "app_key", ARGV[6]) end
if ARGV[7] ~= "" then redis.call("HSET", KEYS[1], "outside", ARGV[7]) end
if ARGV[4] ~= "" then
  redis.call("HSET", KEYS[1], "created", ARGV[4])
  redis.call("SET", KEYS[2], ARGV[1], "EX", tonumber(ARGV[5]))
end
return {"ok"}
"""

# The feed entries of a match (`service.streams.feed`), as the scripts below write them to the
# outbox.
FEED_LUA = """
local function progress(mid, done, total)
  return string.format('{"done":%d,"match_id":"%s","total":%d,"type":"match_progress"}',
    done, mid, total)
end
local function finished(mid, status, done, total)
  return string.format(
    '{"done":%d,"match_id":"%s","status":"%s","total":%d,"type":"match_finished"}',
    done, mid, status, total)
end
"""

RECORD_SCRIPT = (
    FEED_LUA
    + """
-- Record one match game's result exactly once, and start the TTL when it is the last one.
-- KEYS[1] dp:{t}:<id>:match    hash (spec, started, summary, app_key)
-- KEYS[2] dp:{t}:<id>:results  hash: game index -> record JSON
-- KEYS[3] dp:{t}:outbox        the bucket's outbox of app-key feed entries
-- ARGV[1] game index; ARGV[2] record JSON; ARGV[3] TTL in seconds once done, "0" for none;
-- ARGV[4] the match's number of games; ARGV[5] the match id
-- Returns {"recorded" | "duplicate" | "missing", games recorded, 1 when it wrote the outbox}.
if redis.call("EXISTS", KEYS[1]) == 0 then return {"missing", 0, 0} end
local added = redis.call("HSETNX", KEYS[2], ARGV[1], ARGV[2])
local done = redis.call("HLEN", KEYS[2])
local total = tonumber(ARGV[4])
local ttl = tonumber(ARGV[3])
if added == 1 and done >= total and ttl > 0 then
  redis.call("EXPIRE", KEYS[1], ttl)
  redis.call("EXPIRE", KEYS[2], ttl)
end
local owner = redis.call("HGET", KEYS[1], "app_key")
local told = 0
if added == 1 and owner then
  local progressed = progress(ARGV[5], done, total)
  if done >= total then
    redis.call("XADD", KEYS[3], "*", "k", owner, "t1", "match_progress", "d1", progressed,
      "t2", "match_finished", "d2", finished(ARGV[5], "done", done, total))
  else
    redis.call("XADD", KEYS[3], "*", "k", owner, "t1", "match_progress", "d1", progressed)
  end
  told = 1
end
return {added == 1 and "recorded" or "duplicate", done, told}
"""
)

START_SCRIPT = """
-- Mark a match as running, never creating the hash of a match that expired or never was.
-- KEYS[1] dp:{t}:<id>:match. Returns 1 when the match exists, 2 when it was cancelled, else 0.
if redis.call("EXISTS", KEYS[1]) == 0 then return 0 end
if redis.call("HEXISTS", KEYS[1], "cancelled") == 1 then return 2 end
redis.call("HSETNX", KEYS[1], "started", "1")
return 1
"""

CANCEL_SCRIPT = (
    FEED_LUA
    + """
-- Cancel a match that is not done: its jobs stop at their next game; both keys get the TTL.
-- KEYS[1] dp:{t}:<id>:match; KEYS[2] dp:{t}:<id>:results; KEYS[3] dp:{t}:outbox;
-- ARGV[1] its games; ARGV[2] TTL in seconds; ARGV[3] the match id
-- Returns "missing", "done", "cancelled" (already) or "ok".
if redis.call("EXISTS", KEYS[1]) == 0 then return "missing" end
if redis.call("HEXISTS", KEYS[1], "cancelled") == 1 then return "cancelled" end
local done = redis.call("HLEN", KEYS[2])
if done >= tonumber(ARGV[1]) then return "done" end
redis.call("HSET", KEYS[1], "cancelled", "1")
redis.call("EXPIRE", KEYS[1], tonumber(ARGV[2]))
redis.call("EXPIRE", KEYS[2], tonumber(ARGV[2]))
local owner = redis.call("HGET", KEYS[1], "app_key")
if owner then
  local entry = finished(ARGV[3], "cancelled", done, tonumber(ARGV[1]))
  redis.call("XADD", KEYS[3], "*", "k", owner, "t1", "match_finished", "d1", entry)
end
return "ok"
"""
)

ADD_GAME_SCRIPT = """
-- Note the real game k of an outside match once, and tell its bound seats to their keys.
-- KEYS[1] dp:{t}:<id>:match; KEYS[2] dp:{t}:<id>:games; KEYS[3] dp:{t}:<id>:seats;
-- KEYS[4] dp:{t}:outbox. ARGV[1] k; ARGV[2] the game id; ARGV[3 ..] per bound seat: the key
-- id that plays it, its field in the seats hash, its `match_seat` entry JSON.
-- Returns "ok", "duplicate" (k was noted before: nothing told twice) or "missing".
if redis.call("EXISTS", KEYS[1]) == 0 then return "missing" end
if redis.call("HSETNX", KEYS[2], ARGV[1], ARGV[2]) == 0 then return "duplicate" end
local by_key, order = {}, {}
for i = 3, #ARGV, 3 do
  redis.call("HSET", KEYS[3], ARGV[i + 1], ARGV[i + 2])
  if not by_key[ARGV[i]] then
    by_key[ARGV[i]] = {}
    order[#order + 1] = ARGV[i]
  end
  local fields = by_key[ARGV[i]]
  local n = #fields / 2 + 1
  fields[#fields + 1] = "t" .. n
  fields[#fields + 1] = "match_seat"
  fields[#fields + 1] = "d" .. n
  fields[#fields + 1] = ARGV[i + 2]
end
for _, key in ipairs(order) do
  redis.call("XADD", KEYS[4], "*", "k", key, unpack(by_key[key]))
end
return "ok"
"""

STARTED, CANCELLED = 1, 2
"""What `MatchStore.start` answers besides 0 (no such match)."""


class MatchStore:
    """Reads and writes of matches; one instance (one connection pool) per process."""

    def __init__(self, client: DataClient) -> None:
        self.redis = client
        self._create = client.register_script(CREATE_SCRIPT)
        self._record = client.register_script(RECORD_SCRIPT)
        self._start = client.register_script(START_SCRIPT)
        self._cancel = client.register_script(CANCEL_SCRIPT)
        self._add_game = client.register_script(ADD_GAME_SCRIPT)

    def create(
        self,
        mid: str,
        spec: JSON,
        host: str,
        *,
        key_hash: str = "",
        sealed: str = "",
        ttl: int = 0,
        owner: str | None = None,
        outside: JSON | None = None,
    ) -> tuple[str, str]:
        """Store a new match (spec, host token hash, the app key `owner` that creates it, its
        `outside` bots and settings, and with an Idempotency-Key its sealed answer, the key's
        pointer kept `ttl` s): ("ok" | "exists" | "taken", the holder)."""
        pointer = create_pointer_key(key_hash) if key_hash else match_key(mid)
        reply = cast(
            list[bytes],
            self._create(
                keys=[match_key(mid), pointer],
                args=[
                    mid,
                    json.dumps(spec),
                    host,
                    sealed if key_hash else "",
                    ttl,
                    owner or "",
                    json.dumps(outside) if outside else "",
                ],
            ),
        )
        words = [r.decode() for r in reply]
        return words[0], words[1] if len(words) > 1 else ""

    def claim_key(self, key_hash: str, mid: str, ttl: int) -> str:
        """Reserve a creation's Idempotency-Key for match `mid` (`store.claim_pointer`)."""
        return claim_pointer(self.redis, key_hash, mid, ttl)

    def release_key(self, key_hash: str, mid: str) -> None:
        release_pointer(self.redis, key_hash, mid)

    def key_held(self, key_hash: str) -> bool:
        return pointer_held(self.redis, key_hash)

    def created(self, mid: str) -> str | None:
        """The sealed answer of the creation of `mid`, if it had an Idempotency-Key."""
        raw = cast(bytes | None, self.redis.hget(match_key(mid), "created"))
        return None if raw is None else raw.decode()

    def cancel(self, mid: str, games: int, ttl: int) -> str:
        """Cancel a running match: "ok", or "missing", "done", "cancelled" (already)."""
        reply = self._cancel(
            keys=[match_key(mid), results_key(mid), outbox_key(tag(mid))], args=[games, ttl, mid]
        )
        return reply.decode() if isinstance(reply, bytes) else str(reply)

    def load(self, mid: str) -> dict[bytes, bytes] | None:
        """The match hash (`spec`, maybe `started` and `summary`), or None."""
        if not valid_id(mid):
            return None
        raw = cast(dict[bytes, bytes], self.redis.hgetall(match_key(mid)))
        return raw if raw and b"spec" in raw else None

    def spec(self, mid: str) -> JSON | None:
        raw = cast(bytes | None, self.redis.hget(match_key(mid), "spec"))
        return None if raw is None else cast(JSON, json.loads(raw))

    def save_summary(self, mid: str, summary: JSON) -> None:
        self.redis.hset(match_key(mid), "summary", json.dumps(summary))

    def records(self, mid: str) -> dict[int, JSON]:
        raw = cast(dict[bytes, bytes], self.redis.hgetall(results_key(mid)))
        return {int(k): cast(JSON, json.loads(v)) for k, v in raw.items()}

    def records_of(self, mid: str, indices: Sequence[int]) -> list[JSON]:
        """The recorded games among `indices`, in that order (unrecorded ones left out)."""
        if not indices:
            return []
        values = cast(
            list[bytes | None], self.redis.hmget(results_key(mid), [str(i) for i in indices])
        )
        return [json.loads(v) for v in values if v is not None]

    def has_result(self, mid: str, index: int) -> bool:
        return bool(self.redis.hexists(results_key(mid), str(index)))

    def start(self, mid: str) -> int:
        """Mark the match as running: STARTED, CANCELLED, or 0 when it does not exist."""
        return int(self._start(keys=[match_key(mid)])) if valid_id(mid) else 0

    def record(
        self, mid: str, index: int, record: JSON, ttl: int, total: int
    ) -> tuple[str, int, bool]:
        """Record game `index` once: ("recorded" | "duplicate" | "missing", games recorded,
        whether its app key's feed entry went to the outbox)."""
        reply = cast(
            list[Any],
            self._record(
                keys=[match_key(mid), results_key(mid), outbox_key(tag(mid))],
                args=[index, json.dumps(record, separators=(",", ":")), ttl, total, mid],
            ),
        )
        outcome = reply[0].decode() if isinstance(reply[0], bytes) else str(reply[0])
        return outcome, int(reply[1]), bool(int(reply[2]))

    # --- outside matches (`service.matches.match_games`)
    # --------------------------------------------

    def add_game(self, mid: str, k: int, gid: str, seats: Sequence[tuple[str, str, str]]) -> str:
        """Note game `gid` as real game k of match `mid`, and tell `seats` ((key id, seats
        field, `match_seat` JSON) each) to their keys' feeds through the bucket's outbox, in
        one script: "ok", "duplicate" (noted before: told before) or "missing"."""
        args: list[Any] = [k, gid]
        for seat in seats:
            args += list(seat)
        keys = [match_key(mid), games_key(mid), seats_key(mid), outbox_key(tag(mid))]
        reply = self._add_game(keys=keys, args=args)
        return reply.decode() if isinstance(reply, bytes) else str(reply)

    def is_cancelled(self, mid: str) -> bool:
        return bool(self.redis.hexists(match_key(mid), "cancelled"))

    def games(self, mid: str) -> dict[int, str]:
        """The real games created so far: k -> game id (k = index * rotations + rotation)."""
        raw = cast(dict[bytes, bytes], self.redis.hgetall(games_key(mid)))
        return {int(k): v.decode() for k, v in raw.items()}

    def recorded_count(self, mid: str) -> int:
        """How many games are recorded (without reading them)."""
        return int(self.redis.hlen(results_key(mid)))

    def recorded(self, mid: str) -> set[int]:
        """The indices of the recorded games."""
        return {int(k) for k in cast(list[bytes], self.redis.hkeys(results_key(mid)))}

    def forget_seats(self, mid: str, fields: Sequence[str]) -> None:
        """Drop the seat entries of recorded games (their seats are played out)."""
        if fields:
            self.redis.hdel(seats_key(mid), *fields)

    def seats(self, mid: str) -> dict[str, bytes]:
        raw = cast(dict[bytes, bytes], self.redis.hgetall(seats_key(mid)))
        return {k.decode(): v for k, v in raw.items()}

    def expire_games(self, mid: str, ttl: int) -> None:
        """A match that is done or cancelled: its games and seats hashes go as its keys do."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.expire(games_key(mid), ttl)
            pipe.expire(seats_key(mid), ttl)
            pipe.execute()

    def seat_matches_add(self, key_ids: Sequence[str], mid: str, now: int) -> None:
        """The keys in `key_ids` play seats of match `mid` (`GET /api/v1/feed/seats`)."""
        for key_id in key_ids:
            self.redis.zadd(key_matches_key(key_id), {mid: now})

    def seat_matches(self, key_id: str) -> list[str]:
        raw = cast(list[bytes], self.redis.zrange(key_matches_key(key_id), 0, -1))
        return [m.decode() for m in raw]

    def seat_matches_drop(self, key_id: str, mids: Sequence[str]) -> None:
        if mids:
            self.redis.zrem(key_matches_key(key_id), *mids)

"""Redis layout of a game and the one atomic write that changes it.

Every key of a game carries its bucket's hash tag `{t}` (`service.core.shards.tag`: a tag per first
character of the id, 64 in all), so a Redis Cluster keeps a game's keys, and its bucket of the
due-turn index, in one slot, and one Lua script may touch them all:

- `dp:{t}:<id>:game`    hash: `version`, `state` (engine `to_dict` JSON, secrets included),
                        `meta` (seats, token hashes, service options), `status`, `nevents`,
                        `to_act` (the seats to act, space-separated: what a waiting request tests)
- `dp:{t}:<id>:events`  list: every event ever produced, event number n at index n - 1
- `dp:{t}:<id>:actions` list: the engine record's actions, in order (moves and later deals)
- `dp:{t}:<id>:idem`    hash: hashed Idempotency-Key -> the first response to that request

Every key of a game has a TTL, refreshed by each change: `GAME_IDLE_TTL` while it is played
(an idle game expires), `FINISHED_GAME_TTL` once it ended (finished or abandoned). Once it
ended, `service.storage.archive` packs `events` and `actions` into the `events_z` and `actions_z`
fields of the hash and deletes both lists; the reads below take either form.

Plus `dp:{t}:idem:create:<sha256(key)>` -> game id, for creations retried with an
Idempotency-Key. A creation has no game id yet: the key's hash names the bucket, and the new
id is drawn in it (`service.core.shards.new_id`), so the pointer shares the game's slot. It is
reserved for a few seconds before the game is written (`CREATE_RESERVATION_SECONDS`), and the
compare-and-set that writes the game extends it to the idempotency TTL: a request that dies in
between holds the key only for the reservation.

Due bot turns. A change that leaves bot seats to act records those turns in the SAME script that
stores it, so no crash can separate the two:

- `due` field of `dp:{t}:<id>:game`: the game's due turns, space-separated members named by
  `service.tables.bot_turns.due_member` (the authoritative marker)
- `dp:{t}:bots:due`       sorted set, one per bucket: the same members of the bucket's games,
                          scored by the due time in ms from Redis `TIME` (the index the
                          watchdog scans, every bucket, oldest first)
- `dp:{t}:bots:attempts`  hash, one per bucket: member -> how many times the watchdog
                          re-enqueued that turn
- `dp:{t}:clocks`         sorted set, one per bucket: the timed human turns of the bucket's
                          games (the same member format), scored by their deadline in ms of
                          Redis `TIME` (`service.games.clocks`); the watchdog moves each one whose
                          deadline passed into `bots:due` and enqueues its bot turn

The script removes the previous version's members from all three before adding the new ones,
so an entry lives exactly as long as its turn is the game's current turn. Each accepted change is
published on the bucket's shard channel `dp:{t}:changes` (SPUBLISH: on a cluster only the
slot's shard carries it; `service.streams.waits` listens to every bucket's channel).

The app key's feed. A change of a game created with an app key appends what the key must hear
of it (`service.streams.feed`: a turn, a deal, the end) to its bucket's outbox `dp:{t}:outbox` (a
stream), in the same script: a crash after the commit cannot lose it. The key's feed is in
another slot, so the entry is moved there afterwards by `service.streams.feed.Feed.relay`, exactly
once; the script answers the outbox's oldest entries, so the committing process relays at once.

Liveness, for `/healthz` (`service.api.health`), on the queues' Redis (`Store.control`, where
RQ's own heartbeats are too):

- `dp:workers`        sorted set: `<pool>:<worker name>` -> the ms of its last heartbeat
                      (`live:...`, `bulk:...` from RQ workers' loops, `recovery:...` from
                      each watchdog sweep); entries an hour old are pruned by the beats

Rule for every new key: a key a script touches with a game's keys goes through `tag(gid)`;
an index the watchdog scans is one key per bucket (`service.core.shards.all_tags`).
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import Any, cast

import redis

from service.core.codec import dumps_sorted, loads
from service.core.shards import TAGS, DataClient, all_tags, key_bucket, tag
from service.storage.archive import ACTIONS_FIELD, EVENTS_FIELD, Archive, unpack

# The move of outbox entries into an app key's feed (`service.streams.feed`), shared by the relay
# script and, on one Redis, by the compare-and-set itself (no slot stands in between there).
RELAY_LUA = """
-- feed_relay(fk, key, groups, retention, maxlen, ttl): move one app key's entries of some
-- buckets' outboxes into its feed, each exactly once (a bucket's outbox ids at or before the
-- last one moved from it are skipped). fk: the key's feed keys {feed stream, relayed hash,
-- webhooks set, pending sorted set, news shard channel}; groups: {{tag, outbox key or false,
-- rows}}, rows oldest first, each {id, {type, JSON, type, JSON, ...}}. The moved rows are
-- deleted from an outbox given. Entry numbers: ms * 1000 + seq of the feed's stream id,
-- above every earlier one. Returns whether the key has webhooks, and the numbers appended.
local function older_or_same(a, b)
  local am, as = string.match(a, "^(%d+)-(%d+)$")
  local bm, bs = string.match(b, "^(%d+)-(%d+)$")
  am, as, bm, bs = tonumber(am), tonumber(as), tonumber(bm), tonumber(bs)
  return am < bm or (am == bm and as <= bs)
end
local function feed_relay(fk, key, groups, retention, maxlen, ttl)
  local feed, relayed = fk[1], fk[2]
  local last = tonumber(redis.call("HGET", relayed, "last") or "0")
  local t = redis.call("TIME")
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local hooked = redis.call("EXISTS", fk[3]) == 1
  local added = {}
  for _, group in ipairs(groups) do
    local tag, outbox, rows = group[1], group[2], group[3]
    local cursor = redis.call("HGET", relayed, tag) or "0-0"
    local moved, seen = cursor, {}
    for _, row in ipairs(rows) do
      seen[#seen + 1] = row[1]
      if not older_or_same(row[1], moved) then
        local pairs_ = row[2]
        for j = 1, #pairs_, 2 do
          local n = math.max(now * 1000, last + 1)
          local id = string.format("%d-%d", math.floor(n / 1000), n % 1000)
          redis.call("XADD", feed, id, "t", pairs_[j], "d", pairs_[j + 1])
          last = n
          added[#added + 1] = string.format("%d", n)
          if hooked then redis.call("ZADD", fk[4], n, added[#added]) end
        end
        moved = row[1]
      end
    end
    if moved ~= cursor then redis.call("HSET", relayed, tag, moved) end
    if outbox and #seen > 0 then redis.call("XDEL", outbox, unpack(seen)) end
  end
  if #added > 0 then
    -- Trim to the retention and the size, remembering the newest entry trimmed: a resume
    -- point before it has lost entries (`Feed.check_resume`).
    local minid = string.format("%d-0", now - retention)
    local trimmed = nil
    while true do  -- the entries older than the retention, oldest first (few: the head's)
      local old = redis.call("XRANGE", feed, "-", "(" .. minid, "COUNT", 500)
      if #old == 0 then break end
      trimmed = old[#old][1]
      local ms, seq = string.match(trimmed, "^(%d+)-(%d+)$")
      redis.call("XTRIM", feed, "MINID", string.format("%d-%d", tonumber(ms), tonumber(seq) + 1))
    end
    local over = redis.call("XLEN", feed) - maxlen
    if over > 0 then
      local gone = redis.call("XRANGE", feed, "-", "+", "COUNT", over)
      trimmed = gone[#gone][1]
      redis.call("XTRIM", feed, "MAXLEN", maxlen)
    end
    if trimmed then
      local ms, seq = string.match(trimmed, "^(%d+)-(%d+)$")
      local number = tonumber(ms) * 1000 + tonumber(seq)
      redis.call("HSET", relayed, "trimmed", string.format("%d", number))
    end
    redis.call("PEXPIRE", feed, retention)
    redis.call("HSET", relayed, "last", string.format("%d", last))
    redis.call("EXPIRE", relayed, ttl)
    if hooked then redis.call("EXPIRE", fk[4], ttl) end
    redis.call("SPUBLISH", fk[5], key .. " " .. added[#added])
  end
  return hooked, added
end
"""

# KEYS/ARGV contract of the compare-and-set. Version = number of accepted state changes.
CAS_SCRIPT = (
    RELAY_LUA
    + """
-- Compare-and-set of one game: check the version, then write state, events, actions, the
-- idempotent response and the due bot turns together, or nothing at all.
-- Every key (and the channel) carries the game's bucket tag {t}: one hash slot.
-- KEYS[1] dp:{t}:<id>:game     hash (version, state, status, nevents, meta, due, to_act)
-- KEYS[2] dp:{t}:<id>:events   list of event JSON
-- KEYS[3] dp:{t}:<id>:actions  list of action JSON
-- KEYS[4] dp:{t}:<id>:idem     hash of first responses by hashed Idempotency-Key
-- KEYS[5] dp:{t}:bots:due      the bucket's sorted set of due bot turns
--   "<id>:<seat>:<version>" by due time (ms)
-- KEYS[6] dp:{t}:bots:attempts the bucket's hash of watchdog re-enqueues per due turn
-- KEYS[7] dp:{t}:idem:create:<hash>, a creation's Idempotency-Key pointer (read only when
--   ARGV[13] is not "0")
-- KEYS[8] dp:{t}:changes, the bucket's shard channel
-- KEYS[9] dp:{t}:outbox, the bucket's outbox of app-key feed entries (`service.streams.feed`)
-- KEYS[10] dp:{t}:clocks      the bucket's sorted set of timed human turns, by deadline (ms)
-- KEYS[11 .. 15] on one Redis, to relay at once: the app key's feed keys (`feed_relay`)
-- ARGV[1] expected version; "-1" creates the game (it must not exist) at version 0
-- ARGV[2] new state JSON
-- ARGV[3] new status
-- ARGV[4] TTL in seconds for all four keys, "0" for none (set when the game ends)
-- ARGV[5] idempotency field, "" for none
-- ARGV[6] response stored under that field
-- ARGV[7] meta JSON, written only when not ""
-- ARGV[8] n, the number of events; ARGV[9] m, the number of actions
-- ARGV[10] the game id; ARGV[11] the due turns at the new version, space-separated
--   members (`service.tables.bot_turns.due_member`; the caller knows the new version:
--   expected + 1);
--   a bot turn is due now (KEYS[5]), a timed human turn "<member>@<deadline>" then (KEYS[10])
-- ARGV[12] every seat to act at the new version, space-separated (read by waiting requests)
-- ARGV[13] seconds the creation's key pointer lives once the game is written, "0" for none:
--   the pointer must be free or name this game (its short reservation), else nothing is
--   written and the answer is {"taken", the game id that holds it}
-- ARGV[14] "1" to publish the change's news too (a live table, where requests wait), else "0"
-- ARGV[15] the app key whose feed hears of this change, "" for none; ARGV[16] f, its number of
--   feed entries; ARGV[17] "<bucket tag> <retention ms> <most entries> <ttl s>" to relay at
--   once (KEYS[11 ..]), else ""; ARGV[18 .. 17+2f] the entries, type then JSON, appended to
--   the outbox in this same step (and, relayed at once, moved on and deleted from it)
-- ARGV[18+2f .. 17+2f+n] the events; ARGV[18+2f+n .. 17+2f+n+m] the actions
-- Publishes "<id> <version> <status> <seats to act...>" on KEYS[8] (SPUBLISH), for the
-- requests that wait; with ARGV[14] "1" followed by the news, one line each: the number of
-- events before this change, the new state, then each of its events (`service.streams.waits`).
-- Returns {"ok", new version, events before, feed...}, {"stale", current version},
-- {"missing"}, {"exists"}, {"taken", game id} or {"replay", stored response}; with feed
-- entries, "feed..." is "relayed", 1 if the key has webhooks else 0, the feed numbers
-- appended...; or (not relayed at once) "outbox" and the outbox's oldest entries as id, key
-- id, f, f times type and JSON, ..., for the caller to relay.
local game, events, actions, idem = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local due, attempts, clocks = KEYS[5], KEYS[6], KEYS[10]
if ARGV[5] ~= "" then
  local prior = redis.call("HGET", idem, ARGV[5])
  if prior then return {"replay", prior} end
end
local pointer_ttl = tonumber(ARGV[13])
if pointer_ttl > 0 then
  local held = redis.call("GET", KEYS[7])
  if held and held ~= ARGV[10] then return {"taken", held} end
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
local base = 17 + 2 * tonumber(ARGV[16])
local before = redis.call("LLEN", events)
for i = 1, n do redis.call("RPUSH", events, ARGV[base + i]) end
for i = 1, m do redis.call("RPUSH", actions, ARGV[base + n + i]) end
local old = redis.call("HGET", game, "due")
if old then
  for member in string.gmatch(old, "%S+") do
    redis.call("ZREM", due, member)
    redis.call("ZREM", clocks, member)
    redis.call("HDEL", attempts, member)
  end
end
local marks = {}
if ARGV[11] ~= "" then
  local t = redis.call("TIME")
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  for token in string.gmatch(ARGV[11], "%S+") do
    local member, deadline = string.match(token, "^([^@]+)@?(%d*)$")
    if deadline == "" then
      redis.call("ZADD", due, now, member)
    else
      redis.call("ZADD", clocks, deadline, member)
    end
    marks[#marks + 1] = member
  end
end
redis.call("HSET", game, "version", version, "state", ARGV[2], "status", ARGV[3],
  "nevents", before + n, "due", table.concat(marks, " "), "to_act", ARGV[12])
if ARGV[7] ~= "" then redis.call("HSET", game, "meta", ARGV[7]) end
if ARGV[5] ~= "" then redis.call("HSET", idem, ARGV[5], ARGV[6]) end
if pointer_ttl > 0 then redis.call("SET", KEYS[7], ARGV[10], "EX", pointer_ttl) end
local ttl = tonumber(ARGV[4])
if ttl > 0 then
  for i = 1, 4 do redis.call("EXPIRE", KEYS[i], ttl) end
end
local message = ARGV[10] .. " " .. version .. " " .. ARGV[3] .. " " .. ARGV[12]
if ARGV[14] == "1" then
  local lines = {message, tostring(before), ARGV[2]}
  for i = 1, n do lines[#lines + 1] = ARGV[base + i] end
  message = table.concat(lines, "\\n")
end
redis.call("SPUBLISH", KEYS[8], message)
local reply = {"ok", tostring(version), tostring(before)}
if ARGV[15] ~= "" then
  local fields = {"k", ARGV[15]}
  for i = 1, tonumber(ARGV[16]) do
    fields[#fields + 1] = "t" .. i
    fields[#fields + 1] = ARGV[16 + 2 * i]
    fields[#fields + 1] = "d" .. i
    fields[#fields + 1] = ARGV[17 + 2 * i]
  end
  redis.call("XADD", KEYS[9], "*", unpack(fields))
  local head = redis.call("XRANGE", KEYS[9], "-", "+", "COUNT", 32)
  if ARGV[17] ~= "" then  -- relay at once: this key's rows of the outbox's head
    local tag, retention, maxlen, ttl = string.match(ARGV[17], "^(%S+) (%d+) (%d+) (%d+)$")
    local rows = {}
    for _, entry in ipairs(head) do
      if entry[2][2] == ARGV[15] then
        local pairs_ = {}
        for j = 4, #entry[2], 2 do pairs_[#pairs_ + 1] = entry[2][j] end
        rows[#rows + 1] = {entry[1], pairs_}
      end
    end
    local fk = {KEYS[11], KEYS[12], KEYS[13], KEYS[14], KEYS[15]}
    local hooked, added = feed_relay(fk, ARGV[15], {{tag, KEYS[9], rows}},
      tonumber(retention), tonumber(maxlen), tonumber(ttl))
    reply[#reply + 1] = "relayed"
    reply[#reply + 1] = hooked and "1" or "0"
    for _, number in ipairs(added) do reply[#reply + 1] = number end
  else
    reply[#reply + 1] = "outbox"
    for _, entry in ipairs(head) do
      reply[#reply + 1] = entry[1]
      reply[#reply + 1] = entry[2][2]
      reply[#reply + 1] = tostring((#entry[2] - 2) / 4)
      for j = 4, #entry[2], 2 do reply[#reply + 1] = entry[2][j] end
    end
  end
end
return reply
"""
)

# The watchdog's two scripts; both measure time with Redis `TIME`, the clock of the due scores.
STALE_SCRIPT = """
-- One bucket's due bot turns older than an age, oldest first, with their ages in ms.
-- KEYS[1] dp:{t}:bots:due; ARGV[1] the age in ms; ARGV[2] at most this many members
-- Returns {member, age, member, age, ...}.
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local found = redis.call("ZRANGEBYSCORE", KEYS[1], "-inf", now - tonumber(ARGV[1]),
  "WITHSCORES", "LIMIT", 0, tonumber(ARGV[2]))
for i = 2, #found, 2 do found[i] = tostring(now - tonumber(found[i])) end
return found
"""

CLAIM_SCRIPT = """
-- Claim a stale due turn for one more attempt: only one watchdog wins per stale period, as
-- the winner moves the due time to now.
-- KEYS[1] dp:{t}:bots:due; KEYS[2] dp:{t}:bots:attempts (the member's bucket);
-- ARGV[1] the member; ARGV[2] the age in ms
-- Returns the attempt number (1, 2, ...), or 0 when the turn is gone or not stale (any more).
local score = redis.call("ZSCORE", KEYS[1], ARGV[1])
if not score then return 0 end
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if tonumber(score) > now - tonumber(ARGV[2]) then return 0 end
redis.call("ZADD", KEYS[1], "XX", now, ARGV[1])
return redis.call("HINCRBY", KEYS[2], ARGV[1], 1)
"""

FIRE_SCRIPT = """
-- The timed turns of one bucket whose deadline passed (by this shard's clock), at most
-- ARGV[1]: each moves from the clock index into the due-turn index, due now, so the bot
-- turn's recovery covers it from here on; only one caller gets each.
-- KEYS[1] dp:{t}:clocks; KEYS[2] dp:{t}:bots:due. Returns the members.
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local found = redis.call("ZRANGEBYSCORE", KEYS[1], "-inf", now, "LIMIT", 0, tonumber(ARGV[1]))
for _, member in ipairs(found) do
  redis.call("ZREM", KEYS[1], member)
  redis.call("ZADD", KEYS[2], now, member)
end
return found
"""

ALIVE_SCRIPT = """
-- The heartbeats younger than ARGV[1] ms in KEYS[1] dp:workers, by that Redis's clock.
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call("ZRANGEBYSCORE", KEYS[1], now - tonumber(ARGV[1]), "+inf")
"""

BEAT_SCRIPT = """
-- A heartbeat: KEYS[1] dp:workers; ARGV[1] the member. Prunes members silent for an hour.
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call("ZADD", KEYS[1], now, ARGV[1])
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", now - 3600000)
return now
"""

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
"""Ids of games and matches: what `secrets.token_urlsafe` makes, and what RQ job ids allow."""


def valid_id(gid: str) -> bool:
    """A malformed id never reaches Redis: it names no key (and no hash tag)."""
    return GAME_ID.match(gid) is not None


META_CACHE_SIZE = 4096
"""Decoded metas kept per process (`Store._meta`)."""

CLOCK_SLACK_MS = 1000
"""How far the clocks of a cluster's nodes may disagree for `stale_due`'s first, cheap look."""
WORKERS_KEY = "dp:workers"
PROBE_KEY = "dp:readyz"


def changes_channel(bucket_tag: str) -> str:
    """A bucket's shard channel: each accepted change of its games is published there as
    `<id> <version> <status> <seats to act...>` (see `service.streams.waits`)."""
    return f"dp:{{{bucket_tag}}}:changes"


def change_channels() -> list[str]:
    """Every bucket's channel: what a listener subscribes to."""
    return [changes_channel(t) for t in all_tags()]


def outbox_rows(flat: list[str]) -> tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...]:
    """Outbox entries from a script's flat answer: id, key id, f, f times type and JSON."""
    rows = []
    i = 0
    while i < len(flat):
        count = int(flat[i + 2])
        pairs = flat[i + 3 : i + 3 + 2 * count]
        rows.append((flat[i], flat[i + 1], tuple(zip(pairs[::2], pairs[1::2], strict=True))))
        i += 3 + 2 * count
    return tuple(rows)


def outbox_key(bucket_tag: str) -> str:
    """A bucket's outbox of app-key feed entries (see the module docstring)."""
    return f"dp:{{{bucket_tag}}}:outbox"


def due_key(bucket_tag: str) -> str:
    """A bucket's due-turn index (see the module docstring)."""
    return f"dp:{{{bucket_tag}}}:bots:due"


def attempts_key(bucket_tag: str) -> str:
    return f"dp:{{{bucket_tag}}}:bots:attempts"


def clocks_key(bucket_tag: str) -> str:
    """A bucket's index of timed human turns, by deadline (see the module docstring)."""
    return f"dp:{{{bucket_tag}}}:clocks"


def due_key_of(member: str) -> str:
    """The index bucket of a due member `<id>:<seat>:<version>` (its game's bucket)."""
    return due_key(tag(member))


def attempts_key_of(member: str) -> str:
    return attempts_key(tag(member))


def game_key(gid: str) -> str:
    return f"dp:{{{tag(gid)}}}:{gid}:game"


def events_key(gid: str) -> str:
    return f"dp:{{{tag(gid)}}}:{gid}:events"


def actions_key(gid: str) -> str:
    return f"dp:{{{tag(gid)}}}:{gid}:actions"


def idem_key(gid: str) -> str:
    return f"dp:{{{tag(gid)}}}:{gid}:idem"


def create_pointer_key(key_hash: str) -> str:
    """In the bucket the key's hash names, where `service.core.shards.new_id` draws its game."""
    return f"dp:{{{TAGS[key_bucket(key_hash)]}}}:idem:create:{key_hash}"


def claim_pointer(client: DataClient, key_hash: str, new: str, ttl: int) -> str:
    """Reserve a creation's Idempotency-Key for the id `new` for `ttl` seconds (short: the
    script that writes the game or match makes it long); returns the id that holds it."""
    key = create_pointer_key(key_hash)
    if client.set(key, new, nx=True, ex=ttl):
        return new
    held = cast(bytes | None, client.get(key))
    return new if held is None else held.decode()


def pointer_held(client: DataClient, key_hash: str) -> bool:
    """Whether a creation already holds this Idempotency-Key (a retry will replay it)."""
    return bool(client.exists(create_pointer_key(key_hash)))


def release_pointer(client: DataClient, key_hash: str, new: str) -> None:
    """Undo `claim_pointer` after a failed creation (only if it still names `new`), or every
    retry would wait for a creation that never comes."""
    key = create_pointer_key(key_hash)
    with contextlib.suppress(redis.RedisError):
        if client.get(key) == new.encode():
            client.delete(key)


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
    to_act: tuple[int, ...] | None = None
    """None for a game stored before the field existed (then nobody waits on it)."""
    cached: bool = False
    """True when this came from the process's cache (`service.storage.cache`), not from Redis
    now."""


@dataclass(frozen=True, slots=True)
class Head:
    """What a waiting request tests after each wake-up: a few bytes, not the whole state."""

    version: int
    status: str
    to_act: tuple[int, ...] | None


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
    due: tuple[str, ...] = ()
    """Due turns at the new version, as `service.tables.bot_turns.due_turns` names them."""
    to_act: tuple[int, ...] = ()
    create_key: str = ""
    """A creation's hashed Idempotency-Key: its short reservation becomes `pointer_ttl` long."""
    pointer_ttl: int = 0
    news: bool = False
    """Publish the new state and the events with the change (`service.streams.waits.News`): at a
    live
    table a woken request then answers without reading the game back."""
    app_key: str = ""
    """The app key whose feed hears of this change (`service.streams.feed`), "" for none."""
    feed: tuple[tuple[str, bytes], ...] = ()
    """Its feed entries (type, JSON: `service.streams.feed.game_entries`); go to the outbox."""
    relay: tuple[tuple[str, ...], str] | None = None
    """On one Redis: the key's feed keys and the relay's parameters, to move the entries
    into the feed in this same script (`service.streams.feed.Feed.inline`)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The script's answer: `ok`, `stale`, `missing`, `exists`, `taken` or `replay`."""

    kind: str
    version: int = -1
    events_before: int = 0
    response: str = ""
    """The stored answer (`replay`), or the game id that holds the creation key (`taken`)."""
    outbox: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = ()
    """With feed entries written, not relayed at once: the bucket's oldest outbox entries
    (id, app key, its entries), for `service.streams.feed.Feed.relay`."""
    relayed: tuple[bool, tuple[int, ...]] | None = None
    """With feed entries relayed at once: whether the key has webhooks, the numbers added."""


def _seats(raw: bytes | None) -> tuple[int, ...] | None:
    return None if raw is None else tuple(int(seat) for seat in raw.split())


class Store:
    """Reads and the compare-and-set write; one instance (one connection pool) per process.

    `client` holds game data (one Redis or a cluster); `control`, the queues' standalone Redis,
    holds the heartbeats (the same client when there is one Redis)."""

    def __init__(self, client: DataClient, control: redis.Redis | None = None) -> None:
        self.redis = client
        self.control: redis.Redis | DataClient = client if control is None else control
        self._metas: dict[str, tuple[bytes, dict[str, Any]]] = {}
        self._cas = client.register_script(CAS_SCRIPT)
        self._stale = client.register_script(STALE_SCRIPT)
        self._claim = client.register_script(CLAIM_SCRIPT)
        self._fire = client.register_script(FIRE_SCRIPT)
        self._alive = self.control.register_script(ALIVE_SCRIPT)
        self._beat = self.control.register_script(BEAT_SCRIPT)
        self.archive = Archive(client)

    def load(self, gid: str) -> Stored | None:
        if not valid_id(gid):
            return None
        return self._stored(gid, cast(dict[bytes, bytes], self.redis.hgetall(game_key(gid))))

    def load_with_events(
        self, gid: str, after: int, limit: int | None = None
    ) -> tuple[Stored | None, list[dict[str, Any]]]:
        """The game and its events after `after` (up to the game's version, at most `limit`),
        in one round trip.

        The event list only grows, and the script that appends to it sets `nevents` in the same
        step, so events past the `nevents` read here are dropped. MULTI keeps the hash and the
        list of one moment: a compaction in between would leave neither the list nor the blob."""
        if not valid_id(gid):
            return None, []
        end = -1 if limit is None else after + limit - 1
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hgetall(game_key(gid))
            pipe.lrange(events_key(gid), after, end)
            raw, events = pipe.execute()
        stored = self._stored(gid, raw)
        if stored is None:
            return None, []
        if not events and EVENTS_FIELD in raw:
            events = unpack(raw[EVENTS_FIELD])[after : None if limit is None else after + limit]
        return stored, [loads(e) for e in events[: max(stored.nevents - after, 0)]]

    def events_after(self, gid: str, after: int) -> tuple[Head | None, int, list[bytes]]:
        """The game's head, its event count and its stored events after `after`, as stored
        (JSON texts): what a stream reads on a change, without the state
        (`service.streams.streams`).
        One moment, as `load_with_events`; a packed game's events come from its blob (packing
        happens once the game ended, when nothing appends any more)."""
        if not valid_id(gid):
            return None, 0, []
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hmget(game_key(gid), "version", "status", "to_act", "nevents")
            pipe.lrange(events_key(gid), after, -1)
            (version, status, to_act, nevents), events = pipe.execute()
        if version is None or status is None:
            return None, 0, []
        count = int(nevents or 0)
        if not events and count > after:
            blob = cast(bytes | None, self.redis.hget(game_key(gid), EVENTS_FIELD))
            events = [] if blob is None else unpack(blob)[after:]
        head = Head(int(version), status.decode(), _seats(to_act))
        return head, count, cast(list[bytes], events[: max(count - after, 0)])

    def _stored(self, gid: str, raw: dict[bytes, bytes]) -> Stored | None:
        if not raw or b"version" not in raw:
            return None
        return Stored(
            gid=gid,
            version=int(raw[b"version"]),
            state=loads(raw[b"state"]),
            meta=self._meta(gid, raw[b"meta"]),
            status=raw[b"status"].decode(),
            nevents=int(raw.get(b"nevents", b"0")),
            to_act=_seats(raw.get(b"to_act")),
        )

    def head(self, gid: str) -> Head | None:
        if not valid_id(gid):
            return None
        version, status, to_act = cast(
            list[bytes | None], self.redis.hmget(game_key(gid), "version", "status", "to_act")
        )
        if version is None or status is None:
            return None
        return Head(int(version), status.decode(), _seats(to_act))

    def load_meta(self, gid: str) -> dict[str, Any] | None:
        if not valid_id(gid):
            return None
        raw = cast(bytes | None, self.redis.hget(game_key(gid), "meta"))
        return None if raw is None else self._meta(gid, raw)

    def _meta(self, gid: str, raw: bytes) -> dict[str, Any]:
        """A game's meta, decoded once per process: it is written once, at creation, so the
        same bytes always mean the same meta. The dict is shared: nobody may change it."""
        hit = self._metas.get(gid)
        if hit is not None and hit[0] == raw:
            return hit[1]
        meta = cast(dict[str, Any], loads(raw))
        if len(self._metas) >= META_CACHE_SIZE:
            self._metas.clear()  # crude but bounded; a miss costs one decode
        self._metas[gid] = (raw, meta)
        return meta

    def write(self, gid: str, w: Write) -> Outcome:
        args: list[str | int | bytes] = [
            w.expected,
            dumps_sorted(w.state),
            w.status,
            w.ttl,
            w.idem_field,
            w.response,
            "" if w.meta is None else dumps_sorted(w.meta),
            len(w.events),
            len(w.actions),
            gid,
            " ".join(w.due),
            " ".join(str(seat) for seat in w.to_act),
            w.pointer_ttl if w.create_key else 0,
            1 if w.news else 0,
            w.app_key if w.feed else "",
            len(w.feed),
            w.relay[1] if w.feed and w.relay else "",
        ]
        for kind, data in w.feed:
            args += [kind, data]
        args += [dumps_sorted(e) for e in w.events]
        args += [dumps_sorted(a) for a in w.actions]
        pointer = create_pointer_key(w.create_key) if w.create_key else game_key(gid)
        bucket = tag(gid)
        keys = [*game_keys(gid), due_key(bucket), attempts_key(bucket), pointer]
        keys += [changes_channel(bucket), outbox_key(bucket), clocks_key(bucket)]
        if w.feed and w.relay:
            keys += w.relay[0]
        reply = cast(list[bytes], self._cas(keys=keys, args=args))
        kind = reply[0].decode()
        if kind == "ok":
            version, before = int(reply[1]), int(reply[2])
            if len(reply) == 3:
                return Outcome(kind, version, before)
            tail = [r.decode() for r in reply[4:]]
            if reply[3] == b"relayed":
                relayed = (tail[0] == "1", tuple(int(n) for n in tail[1:]))
                return Outcome(kind, version, before, relayed=relayed)
            return Outcome(kind, version, before, outbox=outbox_rows(tail))
        if kind == "stale":
            return Outcome(kind, int(reply[1]))
        if kind in ("replay", "taken"):
            return Outcome(kind, response=reply[1].decode())
        return Outcome(kind)

    def events(self, gid: str, after: int) -> list[dict[str, Any]]:
        return [loads(r) for r in self._list(gid, events_key(gid), EVENTS_FIELD)[after:]]

    def actions(self, gid: str) -> list[dict[str, Any]]:
        return [loads(r) for r in self._list(gid, actions_key(gid), ACTIONS_FIELD)]

    def _list(self, gid: str, key: str, field: bytes) -> list[bytes]:
        """A whole list of the game, as stored or as packed (one moment: see above)."""
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.lrange(key, 0, -1)
            pipe.hget(game_key(gid), field)
            texts, blob = pipe.execute()
        return unpack(blob) if not texts and blob is not None else cast(list[bytes], texts)

    def compact(self, gid: str, version: int) -> bool:
        """Pack an ended game's events and actions (`service.storage.archive`)."""
        return self.archive.compact(game_key(gid), events_key(gid), actions_key(gid), version)

    def idempotent_response(self, gid: str, field: str) -> str | None:
        raw = cast(bytes | None, self.redis.hget(idem_key(gid), field))
        return None if raw is None else raw.decode()

    def claim_create_key(self, key_hash: str, gid: str, ttl: int) -> str:
        """Reserve a creation's Idempotency-Key for a game id (`claim_pointer`)."""
        return claim_pointer(self.redis, key_hash, gid, ttl)

    def create_key_held(self, key_hash: str) -> bool:
        return pointer_held(self.redis, key_hash)

    def release_create_key(self, key_hash: str, gid: str) -> None:
        release_pointer(self.redis, key_hash, gid)

    # --- due bot turns (see the module docstring) ----------------------------------------

    def version(self, gid: str) -> int | None:
        if not valid_id(gid):
            return None
        raw = cast(bytes | None, self.redis.hget(game_key(gid), "version"))
        return None if raw is None else int(raw)

    def due_turns(self, gid: str) -> list[str]:
        """The game's due turns as its hash records them."""
        raw = cast(bytes | None, self.redis.hget(game_key(gid), "due"))
        return [] if raw is None else raw.decode().split()

    def oldest_due(self) -> tuple[float, list[tuple[str, int, float]]]:
        """`_oldest_due`, for the metrics' scrape."""
        return self._oldest_due()

    def _oldest_due(self) -> tuple[float, list[tuple[str, int, float]]]:
        """One pipelined read of every bucket: (Redis's time in ms, [(bucket, due turns, the
        oldest one's due time in ms)] of the buckets with any). On a cluster the time is one
        node's: the buckets' shards' clocks agree with it to NTP's precision."""
        with self.redis.pipeline(transaction=False) as pipe:
            for bucket in all_tags():
                pipe.zcard(due_key(bucket))
                pipe.zrange(due_key(bucket), 0, 0, withscores=True)
            replies = pipe.execute()
        seconds, micros = self.redis.time()
        buckets = [
            (bucket, int(count), float(first[0][1]))
            for bucket, count, first in zip(all_tags(), replies[::2], replies[1::2], strict=True)
            if count
        ]
        return seconds * 1000 + micros / 1000, buckets

    def stale_due(self, age_ms: int, limit: int) -> list[str]:
        """Due turns of every bucket due for `age_ms` or longer, oldest first, at most
        `limit`. One pipelined read finds the buckets whose oldest turn may be that old (a
        second's slack for clocks); the script, by the bucket's own shard's clock, decides."""
        now, buckets = self._oldest_due()
        found: list[tuple[int, str]] = []
        for bucket, _, oldest in buckets:
            if oldest > now - age_ms + CLOCK_SLACK_MS:
                continue
            raw = cast(list[bytes], self._stale(keys=[due_key(bucket)], args=[age_ms, limit]))
            found += [(int(raw[i + 1]), raw[i].decode()) for i in range(0, len(raw), 2)]
        found.sort(key=lambda aged: -aged[0])
        return [member for _, member in found[:limit]]

    def fire_timers(self, limit: int) -> list[str]:
        """The timed turns of every bucket whose deadline passed, each moved into the due-turn
        index (at most `limit`). One pipelined read finds the buckets whose earliest deadline
        may have passed (a second's slack for clocks); the script, by the shard's clock,
        decides and moves them."""
        with self.redis.pipeline(transaction=False) as pipe:
            for bucket in all_tags():
                pipe.zrange(clocks_key(bucket), 0, 0, withscores=True)
            replies = pipe.execute()
        seconds, micros = self.redis.time()
        now = seconds * 1000 + micros / 1000
        fired: list[str] = []
        for bucket, first in zip(all_tags(), replies, strict=True):
            if not first or first[0][1] > now + CLOCK_SLACK_MS or len(fired) >= limit:
                continue
            keys = [clocks_key(bucket), due_key(bucket)]
            raw = cast(list[bytes], self._fire(keys=keys, args=[limit - len(fired)]))
            fired += [m.decode() for m in raw]
        return fired

    def all_timers(self) -> dict[str, float]:
        """Every bucket's timed turns -> their deadline in ms (for tests and tools)."""
        timers: dict[str, float] = {}
        for bucket in all_tags():
            pairs = cast(
                list[tuple[bytes, float]],
                self.redis.zrange(clocks_key(bucket), 0, -1, withscores=True),
            )
            timers.update((member.decode(), float(score)) for member, score in pairs)
        return timers

    def claim_due(self, member: str, age_ms: int) -> int:
        """The next attempt number if this caller may re-enqueue the turn, else 0."""
        keys = [due_key_of(member), attempts_key_of(member)]
        return int(cast(int, self._claim(keys=keys, args=[member, age_ms])))

    def due_attempts(self, member: str) -> int:
        raw = cast(bytes | None, self.redis.hget(attempts_key_of(member), member))
        return 0 if raw is None else int(raw)

    def drop_due(self, member: str) -> None:
        """Forget a due turn in the index (its game moved on, vanished, or it was given up)."""
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.zrem(due_key_of(member), member)
            pipe.hdel(attempts_key_of(member), member)
            pipe.execute()

    def all_due(self) -> dict[str, float]:
        """Every bucket's due turns -> their due time in ms (for tests and tools)."""
        due: dict[str, float] = {}
        for bucket in all_tags():
            pairs = cast(
                list[tuple[bytes, float]],
                self.redis.zrange(due_key(bucket), 0, -1, withscores=True),
            )
            due.update((member.decode(), float(score)) for member, score in pairs)
        return due

    def ping(self) -> bool:
        return bool(self.redis.ping())

    def probe(self) -> None:
        """A tiny write that expires: raises what a real change would meet (out of memory,
        a read-only replica, loading, a timeout), where a PING would still pass."""
        self.redis.set(PROBE_KEY, b"1", ex=10)

    # --- liveness (see the module docstring) ---------------------------------------------

    def beat(self, member: str) -> None:
        """`member` (`<pool>:<name>`) is alive now."""
        self._beat(keys=[WORKERS_KEY], args=[member])

    def health(self, max_age_ms: int) -> Health:
        """Due turns summed over every bucket, the oldest one's age, and the heartbeats."""
        now, buckets = self._oldest_due()
        due = sum(count for _, count, _ in buckets)
        oldest_ms = max((now - oldest for _, _, oldest in buckets), default=0.0)
        alive = cast(list[bytes], self._alive(keys=[WORKERS_KEY], args=[max_age_ms]))
        return Health(due, max(oldest_ms, 0.0) / 1000, [m.decode() for m in alive])


@dataclass(frozen=True, slots=True)
class Health:
    """Due bot turns and live heartbeats, as `/healthz` reports them."""

    due: int
    oldest_due_seconds: float
    alive: list[str]

    def count(self, pool: str) -> int:
        return sum(1 for m in self.alive if m.startswith(pool + ":"))

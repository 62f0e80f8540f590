"""The Lua scripts of a game's keys (`service.storage.store`): the compare-and-set, the
watchdog's scans, the heartbeats, and the feed relay they share with `service.streams.feed`.
"""

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
local clock_ms = nil
local function now_ms()  -- Redis's clock in ms, read once per script
  if not clock_ms then
    local t = redis.call("TIME")
    clock_ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  end
  return clock_ms
end
local function feed_relay(fk, key, groups, retention, maxlen, ttl)
  local feed, relayed = fk[1], fk[2]
  -- One read of the relayed hash: the last number, until when the feed's TTL runs, how many
  -- entries the feed holds and a time no entry is older than (both as this script counted
  -- them: see the trim below), each bucket's cursor.
  local fields = {"last", "until", "count", "oldest", "hooks"}
  for _, group in ipairs(groups) do fields[#fields + 1] = group[1] end
  local known = redis.call("HMGET", relayed, unpack(fields))
  local cursors = {}
  for i, group in ipairs(groups) do cursors[group[1]] = known[i + 5] or "0-0" end
  local last = tonumber(known[1] or "0")
  local expires = tonumber(known[2] or "0")
  local count, oldest = tonumber(known[3] or ""), tonumber(known[4] or "")
  local now = now_ms()
  -- Whether the key has webhooks, as noted here; a change of its webhooks deletes the note
  -- (`service.streams.webhooks`), and the next relay looks again.
  local hooked
  if known[5] then hooked = known[5] == "1" else hooked = redis.call("EXISTS", fk[3]) == 1 end
  local added, kinds, kind_seen = {}, {}, {}
  for _, group in ipairs(groups) do
    local tag, outbox, rows = group[1], group[2], group[3]
    local cursor = cursors[tag]
    local moved, seen = cursor, {}
    for _, row in ipairs(rows) do
      local direct = row[1] == false  -- written by the compare-and-set, never in the outbox
      if not direct then seen[#seen + 1] = row[1] end
      if direct or not older_or_same(row[1], moved) then
        local pairs_ = row[2]
        for j = 1, #pairs_, 2 do
          local n = math.max(now * 1000, last + 1)
          local id = string.format("%d-%d", math.floor(n / 1000), n % 1000)
          redis.call("XADD", feed, id, "t", pairs_[j], "d", pairs_[j + 1])
          if not kind_seen[pairs_[j]] then
            kind_seen[pairs_[j]] = true
            kinds[#kinds + 1] = pairs_[j]
          end
          last = n
          added[#added + 1] = string.format("%d", n)
          if hooked then redis.call("ZADD", fk[4], n, added[#added]) end
        end
        if not direct then moved = row[1] end
      end
    end
    if moved ~= cursor then
      redis.call("HSET", relayed, tag, moved)
      cursors[tag] = moved
    end
    if outbox and #seen > 0 then redis.call("XDEL", outbox, unpack(seen)) end
  end
  if #added > 0 then
    -- Trim to the retention and the size, remembering the newest entry trimmed: a resume
    -- point before it has lost entries (`Feed.check_resume`). The relayed hash counts the
    -- feed's entries (only this script appends and trims them; a count left over from a
    -- feed that expired is only ever too high, and is checked before it trims) and keeps a
    -- time no entry is older than, so a relay reads the stream only when a trim may be due.
    -- Entries past the retention are trimmed once they are a tenth of it older (no resume
    -- point reaches them anyway: `Feed.check_resume` refuses those by their time).
    local slack = math.floor(retention / 10)
    local trimmed = nil
    if count then count = count + #added else count = redis.call("XLEN", feed) end
    if not oldest or oldest < now - retention - slack then
      local minid = string.format("%d-0", now - retention)
      while true do  -- the entries older than the retention, oldest first
        local old = redis.call("XRANGE", feed, "-", "(" .. minid, "COUNT", 500)
        if #old == 0 then break end
        trimmed = old[#old][1]
        count = count - #old
        local ms, seq = string.match(trimmed, "^(%d+)-(%d+)$")
        redis.call("XTRIM", feed, "MINID", string.format("%d-%d", tonumber(ms), tonumber(seq) + 1))
      end
      oldest = now - retention
    end
    if count > maxlen then
      count = redis.call("XLEN", feed)
      local over = count - maxlen
      if over > 0 then
        local gone = redis.call("XRANGE", feed, "-", "+", "COUNT", over)
        trimmed = gone[#gone][1]
        redis.call("XTRIM", feed, "MAXLEN", maxlen)
        count = maxlen
      end
    end
    local notes = {"last", string.format("%d", last), "count", string.format("%d", count),
      "oldest", string.format("%d", oldest), "hooks", hooked and "1" or "0"}
    if trimmed then
      local ms, seq = string.match(trimmed, "^(%d+)-(%d+)$")
      notes[#notes + 1] = "trimmed"
      notes[#notes + 1] = string.format("%d", tonumber(ms) * 1000 + tonumber(seq))
    end
    -- The TTLs are renewed with a tenth of the retention to spare, and only once that is
    -- spent: the feed lives between `retention` and 1.1 `retention` after its newest entry,
    -- and a relay costs no PEXPIRE or EXPIRE in between.
    local renew = now + retention > expires
    if renew then
      notes[#notes + 1] = "until"
      notes[#notes + 1] = string.format("%d", now + retention + slack)
    end
    redis.call("HSET", relayed, unpack(notes))
    if renew then
      redis.call("PEXPIRE", feed, retention + slack)
      redis.call("EXPIRE", relayed, ttl + math.ceil(slack / 1000))
    end
    if hooked then redis.call("EXPIRE", fk[4], ttl) end
    -- The news names the types relayed, so a feed that follows only some wakes for those.
    redis.call("SPUBLISH", fk[5], key .. " " .. added[#added] .. " " .. table.concat(kinds, " "))
  end
  return hooked, added
end
"""

CAS_NOTES = ("timed", "expires", "idem", "claimed")
"""The compare-and-set's notes in a game's hash (its HMGET reads them by place, after
`version`, `due` and `nevents`); compaction deletes them (`service.storage.archive`)."""

# KEYS/ARGV contract of the compare-and-set. Version = number of accepted state changes.
CAS_SCRIPT = (
    RELAY_LUA
    + """
-- Compare-and-set of one game: check the version, then write state, events, actions, the
-- idempotent response and the due bot turns together, or nothing at all.
-- Every key (and the channel) carries the game's bucket tag {t}: one hash slot.
-- KEYS[1] dp:{t}:<id>:game     hash (version, state, status, nevents, meta, due, to_act;
--   and the script's own notes: timed, expires, idem, claimed, see below)
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
-- ARGV[4] TTL in seconds for all four keys, "0" for none (set when the game ends); refreshed
--   only once it has run down by a tenth (at most an hour), see below
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
-- ARGV[18+2f+n+m], optional: commands to run once the change is written (RQ's enqueue of
--   the due bot turns' jobs, on one Redis), packed as a msgpack array of arrays of strings
--   (`service.storage.cas.pack_commands`); run with pcall: a failed one leaves its turn to
--   the watchdog
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
-- One read of the game's hash: its version, its due turns and its event count (the event
-- list only grows, and only here, in the same step as `nevents`), and this script's notes,
-- which spare a move the commands that would find nothing to do: `timed`, which of the due
-- turns are timed (only those can be in the clock index); `expires`, until when (ms) the
-- keys live, as last set here (for the TTL's refresh); `idem`, "1" once the idempotency
-- hash has its TTL; `claimed`, "1" once the watchdog counted an attempt of a due turn
-- (CLAIM_SCRIPT), so the attempts hash may hold one. A hash written before these notes
-- (no `timed`) gets every command, as before.
local row = redis.call("HMGET", game, "version", "due", "nevents", "timed", "expires", "idem",
  "claimed")
local current = row[1]
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
local before = tonumber(row[3]) or redis.call("LLEN", events)
local fresh = {}  -- the lists this change creates: their TTL is set below whatever happens
local length = 0
if n > 0 then  -- one RPUSH of all the change's events, one of its actions
  length = redis.call("RPUSH", events, unpack(ARGV, base + 1, base + n))
  if length == n then fresh[#fresh + 1] = events end
end
if m > 0 then
  length = redis.call("RPUSH", actions, unpack(ARGV, base + n + 1, base + n + m))
  if length == m then fresh[#fresh + 1] = actions end
end
local old, noted = row[2], row[4] ~= false
if old then
  local timed = {}
  if noted then
    for member in string.gmatch(row[4], "%S+") do timed[member] = true end
  end
  local claimed = not noted or row[7] == "1"
  for member in string.gmatch(old, "%S+") do
    redis.call("ZREM", due, member)  -- a timed turn too: the watchdog may have fired it
    if timed[member] or not noted then redis.call("ZREM", clocks, member) end
    if claimed then redis.call("HDEL", attempts, member) end
  end
  if noted and row[7] == "1" then redis.call("HDEL", game, "claimed") end
end
local marks, timed = {}, {}
if ARGV[11] ~= "" then
  local now = now_ms()
  for token in string.gmatch(ARGV[11], "%S+") do
    local member, deadline = string.match(token, "^([^@]+)@?(%d*)$")
    if deadline == "" then
      redis.call("ZADD", due, now, member)
    else
      redis.call("ZADD", clocks, deadline, member)
      timed[#timed + 1] = member
    end
    marks[#marks + 1] = member
  end
end
local fields = {"version", version, "state", ARGV[2], "status", ARGV[3], "nevents", before + n,
  "due", table.concat(marks, " "), "timed", table.concat(timed, " "), "to_act", ARGV[12]}
if ARGV[7] ~= "" then
  fields[#fields + 1] = "meta"
  fields[#fields + 1] = ARGV[7]
end
if ARGV[5] ~= "" then
  redis.call("HSET", idem, ARGV[5], ARGV[6])
  if row[6] ~= "1" then fresh[#fresh + 1] = idem end
end
if pointer_ttl > 0 then redis.call("SET", KEYS[7], ARGV[10], "EX", pointer_ttl) end
-- The four keys' TTL is refreshed once it has run down by more than a tenth of it (at
-- most an hour), or is longer than this change's (a game that ends): an idle game lives
-- between ttl - slack and ttl after its last change, and a move costs no TTL or EXPIRE in
-- between (`expires` says how much is left). Keys this change created get it at once.
local ttl = tonumber(ARGV[4])
local refresh = false
if ttl > 0 then
  local now = now_ms()
  local left = (tonumber(row[5] or "") or 0) - now
  refresh = left < 1000 * (ttl - math.min(3600, math.floor(ttl / 10))) or left > 1000 * ttl
  if refresh then
    fields[#fields + 1] = "expires"
    fields[#fields + 1] = string.format("%d", now + 1000 * ttl)
  end
  if ARGV[5] ~= "" and row[6] ~= "1" then
    fields[#fields + 1] = "idem"
    fields[#fields + 1] = "1"
  end
end
redis.call("HSET", game, unpack(fields))
if refresh then
  for i = 1, 4 do redis.call("EXPIRE", KEYS[i], ttl) end
elseif ttl > 0 then
  for _, key in ipairs(fresh) do redis.call("EXPIRE", key, ttl) end
end
local message = ARGV[10] .. " " .. version .. " " .. ARGV[3] .. " " .. ARGV[12]
if ARGV[14] == "1" then
  local lines = {message, tostring(before), ARGV[2]}
  for i = 1, n do lines[#lines + 1] = ARGV[base + i] end
  message = table.concat(lines, "\\n")
end
redis.call("SPUBLISH", KEYS[8], message)
local jobs = ARGV[base + n + m + 1]
if jobs then
  for _, command in ipairs(cmsgpack.unpack(jobs)) do
    redis.pcall(unpack(command))
  end
end
local reply = {"ok", tostring(version), tostring(before)}
if ARGV[15] ~= "" then
  local fields = {"k", ARGV[15]}
  for i = 1, tonumber(ARGV[16]) do
    fields[#fields + 1] = "t" .. i
    fields[#fields + 1] = ARGV[16 + 2 * i]
    fields[#fields + 1] = "d" .. i
    fields[#fields + 1] = ARGV[17 + 2 * i]
  end
  local relay_now = ARGV[17] ~= ""
  -- Relayed at once into an empty outbox: nothing of any key waits before these entries,
  -- so they go to the feed directly, without passing through the outbox.
  local direct = relay_now and redis.call("XLEN", KEYS[9]) == 0
  local head = {}
  if not direct then
    redis.call("XADD", KEYS[9], "*", unpack(fields))
    head = redis.call("XRANGE", KEYS[9], "-", "+", "COUNT", 32)
  end
  if relay_now then  -- relay at once: this key's rows of the outbox's head
    local tag, retention, maxlen, ttl = string.match(ARGV[17], "^(%S+) (%d+) (%d+) (%d+)$")
    local rows = {}
    for _, entry in ipairs(head) do
      if entry[2][2] == ARGV[15] then
        local pairs_ = {}
        for j = 4, #entry[2], 2 do pairs_[#pairs_ + 1] = entry[2][j] end
        rows[#rows + 1] = {entry[1], pairs_}
      end
    end
    if direct then
      local pairs_ = {}
      for i = 1, tonumber(ARGV[16]) do
        pairs_[#pairs_ + 1] = ARGV[16 + 2 * i]
        pairs_[#pairs_ + 1] = ARGV[17 + 2 * i]
      end
      rows[1] = {false, pairs_}
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
-- KEYS[1] dp:{t}:bots:due; KEYS[2] dp:{t}:bots:attempts (the member's bucket); KEYS[3] the
-- member's game hash, noted `claimed` (if it still exists) so its next change clears the count
-- ARGV[1] the member; ARGV[2] the age in ms
-- Returns the attempt number (1, 2, ...), or 0 when the turn is gone or not stale (any more).
local score = redis.call("ZSCORE", KEYS[1], ARGV[1])
if not score then return 0 end
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if tonumber(score) > now - tonumber(ARGV[2]) then return 0 end
redis.call("ZADD", KEYS[1], "XX", now, ARGV[1])
if redis.call("EXISTS", KEYS[3]) == 1 then redis.call("HSET", KEYS[3], "claimed", "1") end
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

LEASE_SCRIPT = """
-- The watchdogs' lease: KEYS[1] dp:watchdog:lease; ARGV[1] the asking watchdog's name;
-- ARGV[2] ms. Free, or held by the asker: (re)taken for ARGV[2] ms, 1; held by another, 0.
local holder = redis.call("GET", KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call("SET", KEYS[1], ARGV[1], "PX", tonumber(ARGV[2]))
return 1
"""

RESIGN_SCRIPT = """
-- Give the lease up (KEYS[1] dp:watchdog:lease) if ARGV[1] holds it.
if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end
return 0
"""

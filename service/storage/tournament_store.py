"""Redis layout of a tournament and its scripts (`service.matches.tournaments`).

A tournament's keys carry its id's bucket hash tag `{t}` (`service.core.shards.tag`), and so
do its pairings' match ids (drawn in the same bucket), so one Lua script may write a round,
the links from its matches back to the tournament and the feed entries that tell of it, on
one Redis as on a Redis Cluster:

- `dp:{t}:<id>:tournament`   hash: `spec` (JSON: game, format, entrants, rounds, games per
                             pairing, options, move_seconds), `from` / `from_name` (the
                             creator's key id and name), `owners` (JSON: outside entrant ->
                             {owner, owner_name}), `to` (JSON list of invited key ids), `names`
                             (JSON key id -> name), `status` (`created` while invitations wait,
                             then `running`, `done`, `declined`, `expired`, `cancelled`),
                             `answer:<key id>`,
                             `created`, `expires` (ms), `reason`; `round:<n>` (JSON list of the
                             round's pairings, written once: HSETNX), `result:<n>:<i>` (JSON: the
                             pairing's points and why, written once), `withdrawn:<entrant>` (why
                             an entrant left: `retired_bot`, ...). The field names `from`, `to`,
                             `answer:*`, `expires` and the status `created` are a challenge's, so
                             the challenge's answer script serves both.
- `dp:{t}:<match id>:tournament_of`  the tournament a pairing's match belongs to (its end
                             queues the tournament's step).
- `dp:{t}:outbox`            the bucket's outbox (`service.streams.feed`): invitations, rounds,
                             the end, written by the script of the change they tell.
- `dp:{k}:appkey:<id>:tournaments`   sorted set in the key's feed bucket: the tournaments the
                             key made or was invited to, by creation time (ms).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from service.core.shards import DataClient, tag
from service.storage.keys import (
    outbox_key,
    tournament_key,
    tournament_of_key,
    tournaments_index_key,
)
from service.storage.store import valid_id

JSON = dict[str, Any]

# KEYS[1] the tournament, KEYS[2] its bucket's outbox. ARGV[1] its TTL (s); ARGV[2] n, then n
# field/value pairs; then (key id, entry) pairs told on the feeds. Returns 0 when the id is taken.
CREATE_SCRIPT = """
if redis.call("EXISTS", KEYS[1]) == 1 then return 0 end
local n = tonumber(ARGV[2])
local fields = {}
for i = 1, 2 * n do fields[i] = ARGV[2 + i] end
redis.call("HSET", KEYS[1], unpack(fields))
redis.call("EXPIRE", KEYS[1], tonumber(ARGV[1]))
local i = 3 + 2 * n
while i < #ARGV do
  redis.call("XADD", KEYS[2], "*", "k", ARGV[i], "t1", "tournament", "d1", ARGV[i + 1])
  i = i + 2
end
return 1
"""

# Move the status from ARGV[1] to ARGV[2] (once) and tell: KEYS[1] the tournament, KEYS[2] its
# outbox; ARGV[3] the feed entry type, ARGV[4] a TTL in seconds ("" keeps it), ARGV[5] a reason
# ("" for none), then key ids told ARGV[6] each. Returns 1 when this call moved it.
MOVE_SCRIPT = """
if redis.call("HGET", KEYS[1], "status") ~= ARGV[1] then return 0 end
redis.call("HSET", KEYS[1], "status", ARGV[2])
if ARGV[5] ~= "" then redis.call("HSET", KEYS[1], "reason", ARGV[5]) end
if ARGV[4] ~= "" then redis.call("EXPIRE", KEYS[1], tonumber(ARGV[4])) end
for i = 7, #ARGV do
  redis.call("XADD", KEYS[2], "*", "k", ARGV[i], "t1", ARGV[3], "d1", ARGV[6])
end
return 1
"""

# Cancel (its creator's): KEYS[1] the tournament, KEYS[2] its outbox; ARGV[1] the TTL (s) it is
# kept, ARGV[2] the `tournament_finished` entry, then the key ids told. One step: a `created` or
# `running` tournament becomes `cancelled` (ROUND_SCRIPT, NOTE_SCRIPT and MOVE_SCRIPT then write
# nothing more). Returns {"ok", the status it had}, or {the status, ""} when it was not moved:
# "cancelled" (before), "done", "declined", "expired", or "missing".
CANCEL_SCRIPT = """
local status = redis.call("HGET", KEYS[1], "status")
if not status then return {"missing", ""} end
if status ~= "created" and status ~= "running" then return {status, ""} end
redis.call("HSET", KEYS[1], "status", "cancelled", "cancelled_from", status)
redis.call("EXPIRE", KEYS[1], tonumber(ARGV[1]))
for i = 3, #ARGV do
  redis.call("XADD", KEYS[2], "*", "k", ARGV[i], "t1", "tournament_finished", "d1", ARGV[2])
end
return {"ok", status}
"""

# Write a field once while the tournament runs (a result, a withdrawal): KEYS[1] the tournament,
# ARGV[1] the field, ARGV[2] its value. Returns 1 when this call wrote it.
NOTE_SCRIPT = """
if redis.call("HGET", KEYS[1], "status") ~= "running" then return 0 end
return redis.call("HSETNX", KEYS[1], ARGV[1], ARGV[2])
"""

# Write round ARGV[1] once: KEYS[1] the tournament, KEYS[2] its outbox, KEYS[3..] its matches'
# `tournament_of` keys. ARGV[2] the round's JSON, ARGV[3] the tournament id, ARGV[4] their TTL,
# ARGV[5] the `tournament_round` entry, then the key ids told. Returns 1 when this call wrote it.
ROUND_SCRIPT = """
if redis.call("HGET", KEYS[1], "status") ~= "running" then return 0 end
if redis.call("HSETNX", KEYS[1], "round:" .. ARGV[1], ARGV[2]) == 0 then return 0 end
for i = 3, #KEYS do redis.call("SET", KEYS[i], ARGV[3], "EX", tonumber(ARGV[4])) end
for i = 6, #ARGV do
  redis.call("XADD", KEYS[2], "*", "k", ARGV[i], "t1", "tournament_round", "d1", ARGV[5])
end
return 1
"""


class TournamentStore:
    """The tournament's keys and scripts on game data's Redis (one server or the cluster)."""

    def __init__(self, client: DataClient) -> None:
        self.redis = client
        self._create = client.register_script(CREATE_SCRIPT)
        self._move = client.register_script(MOVE_SCRIPT)
        self._round = client.register_script(ROUND_SCRIPT)
        self._cancel = client.register_script(CANCEL_SCRIPT)
        self._note = client.register_script(NOTE_SCRIPT)

    def create(
        self, tid: str, record: Mapping[str, Any], ttl: int, told: Sequence[tuple[str, str]]
    ) -> bool:
        pairs = [item for field in record.items() for item in field]
        flat = [item for pair in told for item in pair]
        made = self._create(
            keys=[tournament_key(tid), outbox_key(tag(tid))],
            args=[ttl, len(record), *pairs, *flat],
        )
        return bool(int(cast(int, made)))

    def index(self, key_ids: Sequence[str], tid: str, created: int) -> None:
        for key_id in dict.fromkeys(key_ids):
            self.redis.zadd(tournaments_index_key(key_id), {tid: created})

    def listed(self, key_id: str, most: int) -> list[str]:
        index = tournaments_index_key(key_id)
        raw = cast(list[bytes], self.redis.zrevrange(index, 0, most - 1))
        return [m.decode() for m in raw]

    def drop_listed(self, key_id: str, tids: Sequence[str]) -> None:
        if tids:
            self.redis.zrem(tournaments_index_key(key_id), *tids)

    def load(self, tid: str) -> dict[str, str] | None:
        if not valid_id(tid):
            return None
        raw = cast(dict[bytes, bytes], self.redis.hgetall(tournament_key(tid)))
        return {k.decode(): v.decode() for k, v in raw.items()} if raw else None

    def move(
        self,
        tid: str,
        old: str,
        new: str,
        *,
        kind: str,
        entry: str,
        told: Sequence[str],
        ttl: int | None = None,
        reason: str = "",
    ) -> bool:
        moved = self._move(
            keys=[tournament_key(tid), outbox_key(tag(tid))],
            args=[old, new, kind, "" if ttl is None else ttl, reason, entry, *told],
        )
        return bool(int(cast(int, moved)))

    def write_round(
        self,
        tid: str,
        number: int,
        pairings: Sequence[JSON],
        ttl: int,
        entry: str,
        told: Sequence[str],
    ) -> bool:
        mids = [str(p["match_id"]) for p in pairings if p.get("match_id")]
        wrote = self._round(
            keys=[tournament_key(tid), outbox_key(tag(tid)), *map(tournament_of_key, mids)],
            args=[number, json.dumps(pairings), tid, ttl, entry, *told],
        )
        return bool(int(cast(int, wrote)))

    def note(self, tid: str, field: str, value: str) -> bool:
        """Write a field once (a result, a withdrawal): HSETNX, so a step run twice agrees;
        only while it runs, so a step that races a cancel settles nothing after it."""
        return bool(int(cast(int, self._note(keys=[tournament_key(tid)], args=[field, value]))))

    def cancel(self, tid: str, entry: str, told: Sequence[str], ttl: int) -> tuple[str, str]:
        """("ok", the status it had) when this call cancelled it; else (its status, "")."""
        keys = [tournament_key(tid), outbox_key(tag(tid))]
        reply = cast(list[bytes], self._cancel(keys=keys, args=[ttl, entry, *told]))
        return reply[0].decode(), reply[1].decode()

    def of_match(self, mid: str) -> str | None:
        if not valid_id(mid):
            return None
        found = self.redis.get(tournament_of_key(mid))
        return None if found is None else cast(bytes, found).decode()

"""Redis layout of a game and the one atomic write that changes it.

Every key of a game carries its bucket's hash tag `{t}` (`service.core.shards.tag`: a tag per first
character of the id, 64 in all), so a Redis Cluster keeps a game's keys, and its bucket of the
due-turn index, in one slot, and one Lua script may touch them all:

- `dp:{t}:<id>:game`    hash: `version`, `state` (engine `to_dict` JSON, secrets included),
                        `meta` (seats, token hashes, service options), `status`, `nevents`,
                        `to_act` (the seats to act, space-separated: what a waiting request
                        tests), and the compare-and-set's own notes, which spare a move the
                        commands that would change nothing: `timed` (which due turns are
                        timed), `expires` (until when its keys live, ms), `idem` (the
                        idempotency hash has its TTL), `claimed` (the watchdog counted an
                        attempt since the last change)
- `dp:{t}:<id>:events`  list: every event ever produced, event number n at index n - 1
- `dp:{t}:<id>:actions` list: the engine record's actions, in order (moves and later deals)
- `dp:{t}:<id>:idem`    hash: hashed Idempotency-Key -> the first response to that request

Every key of a game has a TTL, refreshed by each change: `GAME_IDLE_TTL` while it is played
(an idle game expires), `FINISHED_GAME_TTL` once it ended (finished or abandoned). Once it
ended, `service.storage.archive` replaces `events`, `actions` and the `state` field by one field
of the hash, `finished` (what determines the game: seed, options, actions, and a digest), or
in the rare case where that would not rebuild the game, packs the lists into `events_z` and
`actions_z`; the reads below take every form, rebuilding a finished game's texts on read.

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

The script removes the previous version's members from all three before adding the new ones
(from the clock index only those noted `timed`, from the attempts only once `claimed`), so an
entry lives exactly as long as its turn is the game's current turn. Each accepted change is
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
- `dp:watchdog:lease` string: the name of the watchdog that sweeps (`service.watchdog`), for
                      `BOT_WATCHDOG_LEASE_SECONDS`, renewed at each of its looks

Rule for every new key: a key a script touches with a game's keys goes through `tag(gid)`;
an index the watchdog scans is one key per bucket (`service.core.shards.all_tags`).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import redis

from service.core.codec import dumps_sorted, loads
from service.core.shards import DataClient, all_tags, tag
from service.storage.archive import (
    ACTIONS_FIELD,
    EVENTS_FIELD,
    FINISHED_FIELD,
    Archive,
    Texts,
    unpack,
)
from service.storage.cas import Outcome, Write, outbox_rows
from service.storage.keys import (
    LEASE_KEY,
    PROBE_KEY,
    WORKERS_KEY,
    actions_key,
    attempts_key,
    attempts_key_of,
    changes_channel,
    clocks_key,
    create_pointer_key,
    due_key,
    due_key_of,
    events_key,
    game_key,
    game_keys,
    idem_key,
    outbox_key,
)
from service.storage.records import Head, Stored
from service.storage.scripts import (
    ALIVE_SCRIPT,
    BEAT_SCRIPT,
    CAS_SCRIPT,
    CLAIM_SCRIPT,
    FIRE_SCRIPT,
    LEASE_SCRIPT,
    RESIGN_SCRIPT,
    STALE_SCRIPT,
)

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
"""Ids of games and matches: what `secrets.token_urlsafe` makes, and what RQ job ids allow."""


def valid_id(gid: str) -> bool:
    """A malformed id never reaches Redis: it names no key (and no hash tag)."""
    return GAME_ID.match(gid) is not None


META_CACHE_SIZE = 4096
"""Decoded metas kept per process (`Store._meta`)."""

CLOCK_SLACK_MS = 1000
"""How far the clocks of a cluster's nodes may disagree for `stale_due`'s first, cheap look."""


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
        self._lease = self.control.register_script(LEASE_SCRIPT)
        self._resign = self.control.register_script(RESIGN_SCRIPT)
        self.archive = Archive(client)

    def load(self, gid: str) -> Stored | None:
        if not valid_id(gid):
            return None
        return self._stored(gid, cast(dict[bytes, bytes], self.redis.hgetall(game_key(gid))))

    def _finished(self, gid: str, version: bytes | int, blob: bytes) -> Texts:
        """A finished game's texts, rebuilt (`service.storage.archive`)."""
        return self.archive.unpack(gid, int(version), blob)

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
        elif not events and FINISHED_FIELD in raw:
            texts = self._finished(gid, raw[b"version"], raw[FINISHED_FIELD]).events
            events = texts[after : None if limit is None else after + limit]
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
            events = self._compacted(gid, EVENTS_FIELD, lambda t: t.events)[after:]
        head = Head(int(version), status.decode(), _seats(to_act))
        return head, count, cast(list[bytes], events[: max(count - after, 0)])

    def poke(self, gid: str, head: Head) -> None:
        """Publish `gid` at `head` again, unchanged, on its bucket's channel: what follows the
        game (its streams) looks again at what is beside it (a finished game's rematch)."""
        seats = " ".join(str(seat) for seat in head.to_act or ())
        message = f"{gid} {head.version} {head.status} {seats}"
        self.redis.spublish(changes_channel(tag(gid)), message)

    def _stored(self, gid: str, raw: dict[bytes, bytes]) -> Stored | None:
        if not raw or b"version" not in raw:
            return None
        state = raw.get(b"state")
        if state is None and FINISHED_FIELD in raw:
            state = self._finished(gid, raw[b"version"], raw[FINISHED_FIELD]).state
        if state is None:
            return None  # a hash left half-written by hand: no game
        return Stored(
            gid=gid,
            version=int(raw[b"version"]),
            state=loads(state),
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
        if w.jobs:
            args.append(w.jobs)
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
        texts = self._list(gid, events_key(gid), EVENTS_FIELD, lambda t: t.events)
        return [loads(r) for r in texts[after:]]

    def actions(self, gid: str) -> list[dict[str, Any]]:
        texts = self._list(gid, actions_key(gid), ACTIONS_FIELD, lambda t: t.actions)
        return [loads(r) for r in texts]

    def _list(
        self, gid: str, key: str, field: bytes, part: Callable[[Texts], list[bytes]]
    ) -> list[bytes]:
        """A whole list of the game, as stored, packed or finished (one moment: see above)."""
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.lrange(key, 0, -1)
            pipe.hmget(game_key(gid), "version", field, FINISHED_FIELD)
            texts, (version, packed, finished) = pipe.execute()
        if texts:
            return cast(list[bytes], texts)
        return self._from_fields(gid, version, packed, finished, part)

    def _compacted(
        self, gid: str, field: bytes, part: Callable[[Texts], list[bytes]]
    ) -> list[bytes]:
        """A list of a compacted game, from the field that holds it (packed or finished).
        Compaction happens once, after the game's last change: what this reads is the end."""
        version, packed, finished = cast(
            list[bytes | None], self.redis.hmget(game_key(gid), "version", field, FINISHED_FIELD)
        )
        return self._from_fields(gid, version, packed, finished, part)

    def _from_fields(
        self,
        gid: str,
        version: bytes | None,
        packed: bytes | None,
        finished: bytes | None,
        part: Callable[[Texts], list[bytes]],
    ) -> list[bytes]:
        if version is None:
            return []
        if packed is not None:
            return unpack(packed)
        return [] if finished is None else part(self._finished(gid, version, finished))

    def compact(self, gid: str, version: int) -> bool:
        """Store an ended game as what determines it (`service.storage.archive`)."""
        return self.archive.compact(gid, game_key(gid), events_key(gid), actions_key(gid), version)

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

    def _oldest_due(self, counted: bool = True) -> tuple[float, list[tuple[str, int, float]]]:
        """One pipelined read of every bucket: (Redis's time in ms, [(bucket, due turns, the
        oldest one's due time in ms)] of the buckets with any). On a cluster the time is one
        node's: the buckets' shards' clocks agree with it to NTP's precision. Not `counted`
        (the watchdog's sweep, which needs only the oldest): 1 stands for every count, and
        the read costs a ZCARD a bucket fewer."""
        with self.redis.pipeline(transaction=False) as pipe:
            for bucket in all_tags():
                if counted:
                    pipe.zcard(due_key(bucket))
                pipe.zrange(due_key(bucket), 0, 0, withscores=True)
            replies = pipe.execute()
        seconds, micros = self.redis.time()
        counts = replies[::2] if counted else [1] * len(replies)
        firsts = replies[1::2] if counted else replies
        buckets = [
            (bucket, int(count), float(first[0][1]))
            for bucket, count, first in zip(all_tags(), counts, firsts, strict=True)
            if first
        ]
        return seconds * 1000 + micros / 1000, buckets

    def stale_due(self, age_ms: int, limit: int) -> list[str]:
        """Due turns of every bucket due for `age_ms` or longer, oldest first, at most
        `limit`. One pipelined read finds the buckets whose oldest turn may be that old (a
        second's slack for clocks); the script, by the bucket's own shard's clock, decides."""
        now, buckets = self._oldest_due(counted=False)
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
        gid = member.rsplit(":", 2)[0]
        keys = [due_key_of(member), attempts_key_of(member), game_key(gid)]
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

    def lead(self, name: str, ms: int) -> bool:
        """Whether the watchdog `name` holds the watchdogs' lease (taken or renewed for `ms`)."""
        return bool(self._lease(keys=[LEASE_KEY], args=[name, ms]))

    def resign(self, name: str) -> None:
        """Give the lease up if `name` holds it: another watchdog takes it at its next look."""
        self._resign(keys=[LEASE_KEY], args=[name])

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

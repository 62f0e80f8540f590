"""How entries get into an app key's feed, and how a feed is read (`Feed`).

Why an outbox and a relay. A change of a game is one compare-and-set in the game's slot
(`service.storage.store`); on a Redis Cluster the key's feed is in another slot (often on
another shard), so one script cannot write both. The compare-and-set therefore appends the
change's feed entries to its bucket's outbox `dp:{t}:outbox` in the same atomic step (a crash
after the commit cannot lose them), and a relay moves outbox entries into the key's feed,
exactly once: the relay (`RELAY_LUA` in `service.storage.scripts`) remembers, per bucket, the
last outbox id it moved for the key and skips any at or before it; outbox entries are only
ever relayed oldest first and deleted once moved. Who relays:

- on one Redis, the compare-and-set itself, in the same script (`Feed.inline`: no slot stands
  between the two there), so a keyed move costs no round trip more;
- on a cluster, the committing process, right after, off the request: a background relayer
  (`Feed.after_commit`) that moves every bucket handed to it meanwhile with one script call
  per key, then deletes the moved entries from the outboxes;
- everywhere, each worker's recovery loop (`service.watchdog`), for whatever a crash or an
  outage left in an outbox for a second (`Feed.recover`).

The feed's keys: `service.streams.feed`.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from redis.cluster import RedisCluster

from service.core.errors import ServiceError
from service.core.shards import FAILURES, DataClient, all_tags
from service.storage.keys import (
    feed_key,
    hooks_key,
    key_tag,
    news_channel,
    outbox_key,
    pending_key,
    relayed_key,
)
from service.storage.scripts import RELAY_LUA
from service.streams.feed import GAMES_PATH, number_of, stream_id

log = logging.getLogger("duckpond.feed")

BATCH = 100
"""Entries read (and sent) per round trip; outbox entries moved per relay call."""
RECOVER_AFTER_MS = 1000
"""The recovery loop relays outbox entries this old: younger ones are their committer's."""
TEST_SKIP_RELAY = "DUCKPOND_TEST_SKIP_RELAY"
"""Test hook, never set in production: when "1", a committing process leaves its feed entries
in the outbox, as a crash right after the commit would (the recovery loop relays them)."""


RELAY_SCRIPT = (
    RELAY_LUA
    + """
-- Move one app key's entries of some buckets' outboxes into its feed (`feed_relay`).
-- KEYS[1 .. 5] the key's feed keys: dp:{k}:appkey:<id>:feed, ...:relayed, ...:webhooks,
-- ...:webhooks:pending, dp:{k}:feednews; KEYS[6 ..] on one Redis only (a cluster keeps them
-- in other slots), the outbox of each bucket below, in order: moved rows are deleted there.
-- ARGV[1] retention in ms; ARGV[2] the most entries kept; ARGV[3] seconds the relayed hash
-- and the pending set live; ARGV[4] the key id; ARGV[5 ..] per bucket: its tag, its number
-- of rows, then per row (oldest first): its id, its number f of entries, f times type, JSON.
-- Returns {1 if the key has webhooks else 0, the numbers appended...}.
local groups, i = {}, 5
while i <= #ARGV do
  local tag, e = ARGV[i], tonumber(ARGV[i + 1])
  i = i + 2
  local rows = {}
  for _ = 1, e do
    local f, pairs_ = tonumber(ARGV[i + 1]), {}
    for j = 1, 2 * f do pairs_[j] = ARGV[i + 1 + j] end
    rows[#rows + 1] = {ARGV[i], pairs_}
    i = i + 2 + 2 * f
  end
  groups[#groups + 1] = {tag, KEYS[5 + #groups + 1] or false, rows}
end
local fk = {KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]}
local hooked, added = feed_relay(fk, ARGV[4], groups, tonumber(ARGV[1]), tonumber(ARGV[2]),
  tonumber(ARGV[3]))
local reply = {hooked and 1 or 0}
for _, n in ipairs(added) do reply[#reply + 1] = n end
return reply
"""
)

POSITION_SCRIPT = """
-- Where a feed opened now starts: after its newest entry, or just before this millisecond's
-- first number (a later relay appends above it). KEYS[1] dp:{k}:appkey:<id>:relayed
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local last = tonumber(redis.call("HGET", KEYS[1], "last") or "0")
return string.format("%d", math.max(last, now * 1000 - 1))
"""

Outbox = Sequence[tuple[str, str, Sequence[tuple[str, str | bytes]]]]
"""Outbox entries, oldest first: (id, app key id, its feed entries as (type, JSON))."""
Hooked = Callable[[str, Sequence[int]], object]
"""Told the numbers a relay appended to a key's feed when the key has webhooks."""


class Feed:
    """Relays outbox entries into app keys' feeds and reads the feeds; one per process."""

    def __init__(
        self,
        client: DataClient,
        *,
        retention: int = 3600,
        max_entries: int = 100_000,
        hooked: Hooked | None = None,
    ) -> None:
        self.redis = client
        self.retention = retention
        self.max_entries = max_entries
        self.hooked = hooked
        """Set by `service.streams.webhooks`: hands new entries of keys with webhooks to
        delivery."""
        self._ttl = max(retention, 86400)
        """Seconds the relayed hash and the webhooks' pending set live after a relay."""
        self.cluster = isinstance(client, RedisCluster)
        self._relay = client.register_script(RELAY_SCRIPT)
        self._position = client.register_script(POSITION_SCRIPT)
        self._todo: dict[str, dict[str, Any]] = {}
        self._hooks: list[tuple[str, list[int]]] = []
        """Feed entries relayed by a compare-and-set, for the key's webhooks (`dispatch`)."""
        """Buckets handed to the relayer -> their outbox rows by id (`after_commit`)."""
        self._lock = threading.Lock()
        self._kick = threading.Event()
        self._relayer: threading.Thread | None = None
        self._pid = 0

    # --- moving ---------------------------------------------------------------------------

    def inline(self, key_id: str, bucket: str) -> tuple[tuple[str, ...], str] | None:
        """On one Redis, what the compare-and-set needs to relay its entries itself, in the
        same script and round trip (`service.storage.cas.Write.relay`): the key's feed keys and
        the
        relay's parameters. None on a cluster (another slot), or with the test hook set."""
        if self.cluster or os.environ.get(TEST_SKIP_RELAY) == "1":
            return None
        params = f"{bucket} {self.retention * 1000} {self.max_entries} {self._ttl}"
        return self._keys(key_id), params

    def _keys(self, key_id: str) -> tuple[str, ...]:
        return (
            feed_key(key_id),
            relayed_key(key_id),
            hooks_key(key_id),
            pending_key(key_id),
            news_channel(key_tag(key_id)),
        )

    def after_commit(self, bucket: str, outbox: Outbox) -> None:
        """Relay what a compare-and-set answered (its bucket's outbox head) soon, off the
        request: a background relayer (a greenlet under gevent) takes every bucket handed to
        it meanwhile in one go, one script call per app key, so under load many moves share
        a call. A failure, or a crash first, is left to the recovery loop (the change itself
        is committed, its entry in the outbox)."""
        if not outbox or os.environ.get(TEST_SKIP_RELAY) == "1":
            return
        with self._lock:
            rows = self._todo.setdefault(bucket, {})
            for row in outbox:
                rows[row[0]] = row
            self._kick.set()
            self._ensure_relayer()

    def _ensure_relayer(self) -> None:
        """The background relayer, started in the process that needs it (never before a
        fork: a forked child starts its own). Called with the lock held."""
        if self._relayer is None or not self._relayer.is_alive() or self._pid != os.getpid():
            self._pid = os.getpid()
            self._relayer = threading.Thread(
                target=self._relay_loop, name="duckpond-feed-relay", daemon=True
            )
            self._relayer.start()

    def dispatch_later(self, key_id: str, numbers: Sequence[int]) -> None:
        """`dispatch`, by the background relayer (off the request)."""
        with self._lock:
            self._hooks.append((key_id, list(numbers)))
            self._kick.set()
            self._ensure_relayer()

    def dispatch(self, key_id: str, numbers: Sequence[int]) -> None:
        """Hand new entries of a key with webhooks to their delivery (`hooked`); a failure
        leaves them pending, for the recovery loop."""
        if not numbers or self.hooked is None:
            return
        try:
            self.hooked(key_id, numbers)
        except Exception as exc:
            log.warning("webhook dispatch for app key %s failed (%s)", key_id,
                        type(exc).__name__)  # fmt: skip

    def relay_head(self, bucket: str) -> None:
        """As `after_commit`, after a script that does not answer the outbox (a match's)."""
        if os.environ.get(TEST_SKIP_RELAY) == "1":
            return
        try:
            self.after_commit(bucket, _outbox(self.redis.xrange(outbox_key(bucket), count=BATCH)))
        except FAILURES as exc:
            log.warning("feed outbox of bucket %s unread (%s): the recovery loop relays it",
                        bucket, type(exc).__name__)  # fmt: skip

    def _relay_loop(self) -> None:
        while True:
            self._kick.wait()
            with self._lock:
                todo, self._todo = self._todo, {}
                hooks, self._hooks = self._hooks, []
                self._kick.clear()
            outboxes = {bucket: sorted(rows.values(), key=_age) for bucket, rows in todo.items()}
            try:
                if outboxes:
                    self.relay_many(outboxes)
            except Exception as exc:  # never ends the loop: the recovery loop relays it
                log.warning("feed relay failed (%s): the recovery loop relays it",
                            type(exc).__name__)  # fmt: skip
            for key_id, numbers in hooks:
                self.dispatch(key_id, numbers)

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until the relayer has nothing left to do (tests)."""
        deadline = time.monotonic() + timeout
        while (self._todo or self._hooks or self._kick.is_set()) and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(0.02)  # its last call under way

    def relay(self, bucket: str, outbox: Outbox) -> int:
        """`relay_many` of one bucket."""
        return self.relay_many({bucket: outbox})

    def relay_many(self, outboxes: Mapping[str, Outbox]) -> int:
        """Move these outbox entries (per bucket, from its outbox's head, oldest first: id,
        key id, entries) into their keys' feeds, one script call per key; returns the entries
        appended. Safe to run twice or at once in many processes (the relay script skips
        what it moved before, per key and bucket)."""
        per_key: dict[str, dict[str, list[tuple[str, Sequence[tuple[str, str | bytes]]]]]] = {}
        for bucket, outbox in outboxes.items():
            for oid, key_id, entries in outbox:
                per_key.setdefault(key_id, {}).setdefault(bucket, []).append((oid, entries))
        moved: dict[str, list[str]] = {}
        appended = 0
        for key_id, buckets in per_key.items():
            args: list[str | int | bytes] = [
                self.retention * 1000, self.max_entries, self._ttl, key_id
            ]  # fmt: skip
            for bucket, items in buckets.items():
                args += [bucket, len(items)]
                for oid, entries in items:
                    args += [oid, len(entries)]
                    for kind, data in entries:
                        args += [kind, data]
            keys = list(self._keys(key_id))
            if not self.cluster:
                keys += [outbox_key(bucket) for bucket in buckets]
            reply = cast(list[Any], self._relay(keys=keys, args=args))
            numbers = [int(n) for n in reply[1:]]
            appended += len(numbers)
            for bucket, items in buckets.items():
                moved.setdefault(bucket, []).extend(oid for oid, _ in items)
            if int(reply[0]):
                self.dispatch(key_id, numbers)
        if self.cluster and moved:
            with self.redis.pipeline(transaction=False) as pipe:
                for bucket, oids in moved.items():
                    pipe.xdel(outbox_key(bucket), *oids)
                pipe.execute()
        return appended

    def recover(self, older_ms: int = RECOVER_AFTER_MS) -> int:
        """Relay every bucket's outbox entries older than `older_ms` (by this host's clock;
        a relay of a young one only races its committer, harmlessly); returns the entries
        appended. The recovery loop's step (`service.watchdog`)."""
        upto = f"{int(time.time() * 1000) - older_ms}"
        with self.redis.pipeline(transaction=False) as pipe:
            for bucket in all_tags():
                pipe.xrange(outbox_key(bucket), "-", upto, count=BATCH)
            found = pipe.execute()
        outboxes = {b: _outbox(rows) for b, rows in zip(all_tags(), found, strict=True) if rows}
        return self.relay_many(outboxes) if outboxes else 0

    def pending_outbox(self) -> int:
        """Outbox entries not yet relayed, over every bucket (tests, metrics)."""
        with self.redis.pipeline(transaction=False) as pipe:
            for bucket in all_tags():
                pipe.xlen(outbox_key(bucket))
            return sum(int(n) for n in pipe.execute())

    # --- reading --------------------------------------------------------------------------

    def position(self, key_id: str) -> int:
        """Where a feed opened now starts (`POSITION_SCRIPT`)."""
        return int(cast(bytes, self._position(keys=[relayed_key(key_id)])))

    def read(self, key_id: str, after: int, count: int = BATCH) -> list[tuple[int, str, bytes]]:
        """Up to `count` entries after number `after`: (number, type, JSON)."""
        rows = cast(
            list[tuple[bytes, dict[bytes, bytes]]],
            self.redis.xrange(feed_key(key_id), f"({stream_id(after)}", "+", count=count),
        )
        return [(number_of(oid), fields[b"t"].decode(), fields[b"d"]) for oid, fields in rows]

    def check_resume(self, key_id: str, after: int) -> None:
        """Refuse a resume point the feed no longer reaches: older than the retention (410
        `feed_expired`, saying what to read instead), or never sent (400)."""
        if after > self.position(key_id):
            raise ServiceError(
                "invalid_event_id", "this feed sent no such id: resume after an id it sent"
            )
        seconds, micros = self.redis.time()
        now_ms = seconds * 1000 + micros // 1000
        trimmed = cast(bytes | None, self.redis.hget(relayed_key(key_id), "trimmed"))
        if after // 1000 < now_ms - self.retention * 1000 or after < int(trimmed or 0):
            raise ServiceError(
                "feed_expired",
                f"the feed keeps {self.retention} s of entries and no longer reaches this id:"
                f" read {GAMES_PATH} for your live games, then open the feed without one",
                read_instead=GAMES_PATH,
            )


def _age(row: tuple[str, str, Any]) -> tuple[int, int]:
    """An outbox row's place in its stream (ids `<ms>-<seq>`)."""
    ms, _, seq = row[0].partition("-")
    return int(ms), int(seq)


def _outbox(rows: Any) -> Outbox:
    """XRANGE's rows of an outbox (fields `k`, then `t1`, `d1`, `t2`, `d2` ...) as `Outbox`."""
    out = []
    for oid, fields in rows:
        pairs: list[tuple[str, bytes]] = []
        while f"t{len(pairs) + 1}".encode() in fields:
            n = len(pairs) + 1
            pairs.append((fields[f"t{n}".encode()].decode(), fields[f"d{n}".encode()]))
        out.append((oid.decode(), fields.get(b"k", b"").decode(), pairs))
    return out

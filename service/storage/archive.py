"""Compaction of a game that takes no more changes (finished or abandoned).

A finished game keeps its record for `FINISHED_GAME_TTL`, and its event log is most of its
memory (about 77% of a Doubleduck game). Once the game has ended, nothing appends to its
`events` and `actions` lists again, so right after the compare-and-set that ended it they are
packed, each as ONE zlib-compressed field of the game's hash (`events_z`, `actions_z`), and
the lists are deleted; the hash keeps its TTL (HSET keeps it). Readers (`service.storage.store`)
take
the packed form when the lists are gone and unpack exactly the bytes that were stored, so every
answer is byte-identical before and after.

Packed: the stored JSON texts joined by `\\n` (compact JSON escapes every newline inside a
string, so none occurs in a text), then zlib. A process that dies before compacting leaves
the lists as they were: the game is only bigger, never wrong.
"""

from __future__ import annotations

import zlib
from typing import cast

from service.core.shards import DataClient

COMPACT_SCRIPT = """
-- Pack an ended game's events and actions into its hash, once, if it is still at the version
-- the caller packed (no change can follow an end, so this only guards against a stale call).
-- KEYS[1] dp:{id}:game; KEYS[2] dp:{id}:events; KEYS[3] dp:{id}:actions
-- ARGV[1] the version; ARGV[2] packed events; ARGV[3] packed actions; ARGV[4] event count
-- Returns 1 when packed, 0 otherwise.
if redis.call("HGET", KEYS[1], "version") ~= ARGV[1] then return 0 end
if redis.call("LLEN", KEYS[2]) ~= tonumber(ARGV[4]) then return 0 end
redis.call("HSET", KEYS[1], "events_z", ARGV[2], "actions_z", ARGV[3])
redis.call("DEL", KEYS[2], KEYS[3])
return 1
"""

EVENTS_FIELD = b"events_z"
ACTIONS_FIELD = b"actions_z"
LEVEL = 6
"""zlib's default: level 9 packs a Doubleduck game's events a few percent smaller, 3x slower."""


def pack(texts: list[bytes]) -> bytes:
    """The stored JSON texts, as one blob."""
    return zlib.compress(b"\n".join(texts), LEVEL)


def unpack(blob: bytes) -> list[bytes]:
    """The stored JSON texts of `pack`, byte for byte."""
    joined = zlib.decompress(blob)
    return joined.split(b"\n") if joined else []


class Archive:
    """Packs ended games; one per process, on the store's Redis pool."""

    def __init__(self, client: DataClient) -> None:
        self.redis = client
        self._compact = client.register_script(COMPACT_SCRIPT)

    def compact(self, game: str, events: str, actions: str, version: int) -> bool:
        """Pack the lists `events` and `actions` into the hash `game` at `version`."""
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.lrange(events, 0, -1)
            pipe.lrange(actions, 0, -1)
            texts, moves = cast(list[list[bytes]], pipe.execute())
        if not texts:
            return False  # packed already (or gone)
        done = self._compact(
            keys=[game, events, actions],
            args=[version, pack(texts), pack(moves), len(texts)],
        )
        return bool(done)

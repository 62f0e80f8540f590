"""Compaction of a game that takes no more changes (finished or abandoned): it is stored as
what determines it, and rebuilt on read.

A finished game keeps its record for `FINISHED_GAME_TTL`, yet its seed, options and actions
determine every byte of its state and of most of its events (the engine is deterministic
from a seed: `engine.protocol`). So right after the compare-and-set that ended it, its
`events` and `actions` lists and its `state` field are replaced by ONE field of its hash,
`finished`: a format tag, a SHA-256 digest of the state, events and actions exactly as they
were stored, and, zlib-compressed, what replays them:

- `head`: the record's creation part (game, seat count, seed, salt, client seed, options,
  first deal), what `engine.record.start` takes;
- `actions`: the engine record's actions, in order;
- `versions`: per action, how far its change's version is past the previous action's (the
  first number is the creation's), so each engine event gets its stored `version`;
- `events`: the stored events the engine does not make (the service's: `game_created`, seats
  taken, clocks, away, abandoned ...), each with its place in the list;
- `state`, `drop`: the stored state's fields that differ from the replayed game's
  `to_dict` (a table's clocks, `seating`), and the replayed fields it did not have.

The hash keeps `version`, `status`, `nevents`, `to_act`, `due` and `meta`, which the hot reads
take without the state (the compare-and-set's notes go: no change follows). Readers
(`service.storage.store`) replay `finished` (`Archive.unpack`), check the digest, and answer
exactly the bytes that were stored; a process keeps the last games it rebuilt
(`FINISHED_CACHE_SIZE`). A digest that does not match (the engine replays a game differently
since it was stored, or the blob was changed) is an error logged and a 500 (`invalid_state`),
never different data.

Compaction checks first that the blob rebuilds the game byte for byte; a game that would not
(none is known) keeps the older packed form instead: `events_z` and `actions_z`, its lists'
texts joined by `\\n` (compact JSON escapes every newline inside a string) and zlib'd, beside
its state. Readers take all three forms: lists (a live game, or a process that died before
compacting: only bigger, never wrong), `events_z`/`actions_z`, and `finished`.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import zlib
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from engine import EngineError, Reason
from engine.record import act, start
from service.core.codec import dumps_sorted, loads
from service.core.shards import DataClient
from service.storage.records import event_entry
from service.storage.scripts import CAS_NOTES

log = logging.getLogger("duckpond.storage")

_NOTES = ", ".join(f'"{note}"' for note in CAS_NOTES)

COMPACT_SCRIPT = """
-- Compact an ended game, once, if it is still at the version the caller compacted (no change
-- can follow an end, so this only guards against a stale call).
-- KEYS[1] dp:{id}:game; KEYS[2] dp:{id}:events; KEYS[3] dp:{id}:actions
-- ARGV[1] the version; ARGV[2] event count; ARGV[3] "finished" or "packed";
-- finished: ARGV[4] the blob (the state goes); packed: ARGV[4] events, ARGV[5] actions.
-- Returns 1 when compacted, 0 otherwise.
if redis.call("HGET", KEYS[1], "version") ~= ARGV[1] then return 0 end
if redis.call("LLEN", KEYS[2]) ~= tonumber(ARGV[2]) then return 0 end
-- The compare-and-set's notes go too (`service.storage.store`): they spare a next change
-- commands, and there is none; were there one, it would do without them.
if ARGV[3] == "finished" then
  redis.call("HSET", KEYS[1], "finished", ARGV[4])
  redis.call("HDEL", KEYS[1], "state", NOTES)
else
  redis.call("HSET", KEYS[1], "events_z", ARGV[4], "actions_z", ARGV[5])
  redis.call("HDEL", KEYS[1], NOTES)
end
redis.call("DEL", KEYS[2], KEYS[3])
return 1
""".replace("NOTES", _NOTES)

FINISHED_FIELD = b"finished"
EVENTS_FIELD = b"events_z"
ACTIONS_FIELD = b"actions_z"
FORMAT = b"F1"
"""The first bytes of a `finished` blob: its format, then the 32 bytes of its digest."""
LEVEL = 6
"""zlib's default for the packed form: level 9 packs a Doubleduck game's events a few percent
smaller, 3x slower."""
FINISHED_LEVEL = 9
"""For the finished form: its payload is a few KiB, packed once, so the smallest is cheap."""
FINISHED_CACHE_SIZE = 64
"""Rebuilt finished games a process keeps (a Doubleduck game's texts are about 50 KiB): the
views and pages read right after a game ends, or of a game many follow, replay it once."""


def pack(texts: list[bytes]) -> bytes:
    """The stored JSON texts, as one blob."""
    return zlib.compress(b"\n".join(texts), LEVEL)


def unpack(blob: bytes) -> list[bytes]:
    """The stored JSON texts of `pack`, byte for byte."""
    joined = zlib.decompress(blob)
    return joined.split(b"\n") if joined else []


@dataclass(frozen=True, slots=True)
class Texts:
    """A game's state, events and actions as stored (JSON texts), whatever form holds them."""

    state: bytes
    events: list[bytes]
    actions: list[bytes]


def digest(texts: Texts) -> bytes:
    """SHA-256 of the texts, each length-prefixed (no two games' texts hash alike by a shift
    of bytes from one part to the next)."""
    h = hashlib.sha256(b"%d %d\n" % (len(texts.events), len(texts.actions)))
    for part in (texts.state, *texts.events, *texts.actions):
        h.update(len(part).to_bytes(8, "big"))
        h.update(part)
    return h.digest()


class NotRebuilt(EngineError):
    """A finished blob that does not replay to its digest: a 500 (`invalid_state`)."""

    def __init__(self, message: str) -> None:
        super().__init__(Reason.INVALID_STATE, message)


HEAD = ("game", "seats", "seed", "salt", "client_seed", "options")
"""The state's fields that `engine.record.start` takes (a state's `seats` is their count)."""


def _replay(
    head: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]
) -> tuple[dict[str, Any], list[tuple[int, bytes]]]:
    """The replayed game's state (as stored JSON reads back) and each engine event, with the
    index of the action that made it (-1: the first deal), as stored for version 0."""
    game, first = start(
        str(head["game"]),
        int(head["seats"]),
        seed=str(head["seed"]),
        options=head.get("options"),
        deal=head.get("deal"),
        salt=str(head.get("salt", "")),
        client_seed=bool(head.get("client_seed", False)),
    )
    made = [(-1, e) for e in first]
    for i, action in enumerate(actions):
        made += [(i, e) for e in act(game, action)]
    state = cast(dict[str, Any], loads(dumps_sorted(game.to_dict())))
    return state, [(i, dumps_sorted(event_entry(e, 0))) for i, e in made]


def _with_version(text: bytes, version: int) -> bytes:
    """An event's text as `_replay` made it (at version 0), at `version`: the sorted keys put
    `version` after `type`, so it is the text's `"version":0` that changes."""
    head, sep, tail = text.rpartition(b'"version":0,')
    if not sep:
        raise ValueError("not an event entry")
    return head + b'"version":%d,' % version + tail


def seal(texts: Texts, first_deal: Any) -> bytes | None:
    """The `finished` blob of a game whose texts are `texts`, or None when the blob would not
    rebuild them byte for byte (the caller keeps the packed form)."""
    state = cast(dict[str, Any], loads(texts.state))
    head: dict[str, Any] = {k: state[k] for k in HEAD if k in state}
    head["deal"] = first_deal
    actions = [loads(a) for a in texts.actions]
    try:
        replayed, made = _replay(head, actions)
    except (EngineError, KeyError, TypeError, ValueError):
        return None
    versions: list[int | None] = [None] * (len(actions) + 1)
    extra: list[list[Any]] = []
    p = 0
    for place, text in enumerate(texts.events):
        entry = loads(text)
        version = entry.get("version") if isinstance(entry, dict) else None
        if p < len(made) and isinstance(version, int) and version >= 0:
            action, mine = made[p]
            if _with_version(mine, version) == text and versions[action + 1] in (None, version):
                versions[action + 1] = version
                p += 1
                continue
        extra.append([place, entry])
    if p != len(made):
        return None
    steps, last = [], 0
    for version in versions:
        now = last if version is None else version
        steps.append(now - last)
        last = now
    payload = {
        "head": head,
        "actions": actions,
        "versions": steps,
        "events": extra,
        "state": {k: v for k, v in state.items() if k not in replayed or replayed[k] != v},
        "drop": sorted(k for k in replayed if k not in state),
    }
    packed = dumps_sorted(payload)
    try:  # what a read will assemble, from the payload as it reads back, on this replay
        if _assemble(loads(packed), replayed, made) != texts:
            return None
    except (KeyError, TypeError, ValueError, IndexError, StopIteration):
        return None
    return FORMAT + digest(texts) + zlib.compress(packed, FINISHED_LEVEL)


def _assemble(
    payload: Mapping[str, Any], replayed: Mapping[str, Any], made: list[tuple[int, bytes]]
) -> Texts:
    """The texts of `payload` from its replay (`_replay`): the state with the stored fields
    put back, the engine's events at their versions between the service's, the actions."""
    state = {k: v for k, v in replayed.items() if k not in payload["drop"]}
    state.update(payload["state"])
    versions, now = [], 0
    for step in payload["versions"]:
        now += int(step)
        versions.append(now)
    extra = {int(place): dumps_sorted(entry) for place, entry in payload["events"]}
    events: list[bytes] = []
    mine = iter(made)
    for place in range(len(made) + len(extra)):
        if place in extra:
            events.append(extra[place])
        else:
            action, text = next(mine)
            events.append(_with_version(text, versions[action + 1]))
    return Texts(dumps_sorted(state), events, [dumps_sorted(a) for a in payload["actions"]])


def _rebuild(blob: bytes) -> Texts:
    """The texts a `finished` blob stood for, checked against its digest."""
    if not blob.startswith(FORMAT) or len(blob) < len(FORMAT) + 32:
        raise NotRebuilt("not a finished game's blob")
    stored = blob[len(FORMAT) : len(FORMAT) + 32]
    try:
        payload = loads(zlib.decompress(blob[len(FORMAT) + 32 :]))
        replayed, made = _replay(payload["head"], payload["actions"])
        texts = _assemble(payload, replayed, made)
    except (EngineError, KeyError, TypeError, ValueError, IndexError, StopIteration, zlib.error):
        raise NotRebuilt("a finished game's blob does not replay") from None
    if digest(texts) != stored:
        raise NotRebuilt("a finished game does not replay to its digest")
    return texts


class Archive:
    """Compacts ended games and rebuilds finished ones; one per process, on the store's Redis
    pool, with the process's cache of rebuilt games."""

    def __init__(self, client: DataClient, cache_size: int = FINISHED_CACHE_SIZE) -> None:
        self.redis = client
        self._compact = client.register_script(COMPACT_SCRIPT)
        self.cache_size = cache_size
        self._rebuilt: OrderedDict[tuple[str, int], Texts] = OrderedDict()
        self._lock = threading.Lock()

    def compact(self, gid: str, game: str, events: str, actions: str, version: int) -> bool:
        """Compact the game of hash `game` and lists `events`, `actions` at `version`: as
        `finished` when its blob rebuilds it, else packed."""
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hmget(game, "version", "state", "meta")
            pipe.lrange(events, 0, -1)
            pipe.lrange(actions, 0, -1)
            (at, state, meta), texts, moves = cast(list[Any], pipe.execute())
        if not texts or state is None or at is None or int(at) != version:
            return False  # compacted already (or gone, or not the version asked)
        held = Texts(state, texts, moves)
        first_deal = loads(meta).get("first_deal") if meta is not None else None
        blob = seal(held, first_deal)
        if blob is None:
            log.warning("game %s: kept packed (it does not rebuild from its actions)", gid)
            args: list[Any] = [version, len(texts), "packed", pack(texts), pack(moves)]
        else:
            args = [version, len(texts), "finished", blob]
        done = bool(self._compact(keys=[game, events, actions], args=args))
        if done and blob is not None:
            self._keep((gid, version), held)
        return done

    def unpack(self, gid: str, version: int, blob: bytes) -> Texts:
        """The texts of a finished game at `version` (its `finished` blob), replayed once per
        process while it stays in the cache."""
        with self._lock:
            hit = self._rebuilt.get((gid, version))
            if hit is not None:
                self._rebuilt.move_to_end((gid, version))
                return hit
        try:
            texts = _rebuild(blob)
        except NotRebuilt as exc:
            log.error("game %s v%d: %s; answered as an error", gid, version, exc)
            raise NotRebuilt(f"game {gid!r} could not be rebuilt: {exc}") from None
        self._keep((gid, version), texts)
        return texts

    def _keep(self, key: tuple[str, int], texts: Texts) -> None:
        if self.cache_size <= 0:
            return
        with self._lock:
            self._rebuilt[key] = texts
            self._rebuilt.move_to_end(key)
            while len(self._rebuilt) > self.cache_size:
                self._rebuilt.popitem(last=False)

    def forget(self) -> None:
        """Drop every rebuilt game (tests: the next read replays from Redis)."""
        with self._lock:
            self._rebuilt.clear()

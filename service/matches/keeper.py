"""The anchor keeper: the built-in anchors play onto every game's ladder by themselves.

A fresh service has empty ladders; the anchors (`service.matches.ratings.ANCHORS`) pin each
ladder's scale. The keeper is a loop in the bulk pool's worker processes (`service.worker`
starts it there, beside the watchdog), so `scripts/serve` and the compose file run it with
nothing else to deploy or type. It plays the anchors as ordinary built-in matches
(`Matches.create`): their games run as match jobs on the bulk queue, niced, and each is rated
by the match machinery exactly once, as any built-in match's.

The schedule. Each game's anchor line-ups (`anchor_lineups`) are played one match game at a
time, as *slots*: slot s of a game is the s-th match game of its `anchor_schedule` (round by
round, every line-up in round 0, the weakest anchor's then one round in four), a match of one
game with id `anchor-<game>-<s>` and seed `keeper:<game>:<s>`. A game is wanted while slots of
its rounds (`ANCHOR_KEEPER_ROUNDS`, or the anchor sizes `ANCHOR_GAMES` at which
`scripts/bench/ladder.py` found the order held across three seeds) are left; then it stops.
The next slot always goes to the wanted game whose next slot has the lowest round (then the
fewest slots, then by name), so round 0 of every game, which puts all the anchors on every ladder,
comes before round 1 of any. At most `ANCHOR_KEEPER_IN_FLIGHT` of its match games are queued
or playing at once, all games together, so live tables (their own pool) and users' matches
(the same bulk queue, behind at most that many) are never starved.

Exactly one schedules. A lease (`dp:{keeper}:lease`, SET NX with a TTL, renewed every look by
a script that extends it only for its holder) lets one process of all the bulk workers plan;
the others look again each interval and take over when it lapses. Nothing depends on the
lease for correctness, though: a slot's match id and seed follow from the slot, so a second
keeper (a lease lost in a long pause), a restart or a crash mid-step creates the same match
again, which `Matches.create` answers with the existing one; its game is one RQ job of unique
id, recorded with HSETNX and rated under `<match id>.0` once (`Ratings.rate`).

    dp:{keeper}:lease     string: the holder's name, with a TTL
    dp:{keeper}:next      hash: game -> the next slot to create (only ever raised)
    dp:{keeper}:inflight  set: match ids created and not yet settled (done, failed or gone)

A slot joins `inflight` before its match is created and `next` moves past it after, so a
crash between the two leaves a slot that is created again (the same match) or settled as
gone (never made) and made next time. Each look reads the in-flight matches with
`Matches.get`, which also re-enqueues a game whose job was lost.

A Redis outage: the look fails, is logged once, and is tried again every interval, as the
watchdog's sweep is (`service.watchdog`); the lease lapses meanwhile and whoever looks first
after takes it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from bots import BOTS, known, parse_bot
from engine import GAMES
from service.core.errors import ServiceError
from service.core.shards import FAILURES, DataClient
from service.matches.matches import Matches
from service.matches.ratings import (
    ANCHOR_GAMES,
    ANCHOR_OPTIONS,
    ANCHORS,
    anchor_lineups,
    anchor_schedule,
    ladder_name,
)
from service.storage.keys import keeper_key

log = logging.getLogger("duckpond.keeper")

LEASE_SCRIPT = """
-- Take the lease, or keep it: only its holder extends it.
-- KEYS[1] the lease; ARGV[1] the holder's name; ARGV[2] its time to live (ms)
local holder = redis.call("GET", KEYS[1])
if holder == false then
  redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
  return 1
end
if holder == ARGV[1] then
  redis.call("PEXPIRE", KEYS[1], ARGV[2])
  return 1
end
return 0
"""
RELEASE_SCRIPT = """
-- Give the lease up, if still ours. KEYS[1] the lease; ARGV[1] the holder's name
if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end
return 0
"""
RAISE_SCRIPT = """
-- Raise a game's next slot, never lower it (two keepers: the higher wins).
-- KEYS[1] dp:{keeper}:next; ARGV[1] the game; ARGV[2] the next slot
local now = tonumber(redis.call("HGET", KEYS[1], ARGV[1]) or "0")
if tonumber(ARGV[2]) > now then redis.call("HSET", KEYS[1], ARGV[1], ARGV[2]) end
return 0
"""


@dataclass(frozen=True, slots=True)
class Settings:
    """The keeper's settings (`ANCHOR_KEEPER*`, `service.core.config`)."""

    on: bool = True
    bots: tuple[str, ...] = ANCHORS
    rounds: int = 0
    """Match games a line-up, at most, per game; 0: `ANCHOR_GAMES`."""
    in_flight: int = 1
    interval: float = 2.0

    @property
    def lease_ms(self) -> int:
        """How long a lease lives unrenewed: five looks, so one slow look keeps it (a second
        keeper meanwhile would do no harm: see the module docstring), and at least a second."""
        return int(max(1.0, 5 * self.interval) * 1000)

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> Settings:
        """From the service's settings; an anchor that is not a built-in bot of every game
        stops the process with a `ValueError` naming the variable (as a bad setting does)."""
        raw = str(settings.get("ANCHOR_KEEPER_BOTS") or "")
        names = tuple(b.strip() for b in raw.split(",") if b.strip()) or ANCHORS
        for bot in names:
            name, level = parse_bot(bot)
            if name not in BOTS or not all(known(name, g, level) for g in GAMES):
                raise ValueError(
                    f"environment variable ANCHOR_KEEPER_BOTS: {bot!r} is not a built-in bot"
                    " of every game"
                )
        return cls(
            on=bool(settings.get("ANCHOR_KEEPER", True)),
            bots=names,
            rounds=int(settings.get("ANCHOR_KEEPER_ROUNDS", 0)),
            in_flight=max(1, int(settings.get("ANCHOR_KEEPER_IN_FLIGHT", 1))),
            interval=float(settings.get("ANCHOR_KEEPER_INTERVAL", 2.0)),
        )


@dataclass
class Look:
    """What one look did, for logs and tests."""

    holder: bool = False
    settled: list[str] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    in_flight: int = 0


def slot_id(game: str, slot: int) -> str:
    """The match id of a game's slot: the same in every process, run and restart."""
    return f"anchor-{game}-{slot}"


class Keeper:
    """Plays the anchors onto the ladders while they lack them or hold them loosely."""

    def __init__(
        self,
        redis: DataClient,
        matches: Matches,
        settings: Settings = Settings(),
        name: str = "",
        games: Sequence[str] | None = None,
    ) -> None:
        self.redis = redis
        self.matches = matches
        self.settings = settings
        self.name = name or f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        self.games = tuple(sorted(GAMES) if games is None else games)
        self.lineups = {g: anchor_lineups(g, settings.bots) for g in self.games}
        self.schedules = {g: anchor_schedule(g, self.rounds(g), settings.bots) for g in self.games}
        self.names = tuple(dict.fromkeys(ladder_name(b) for b in settings.bots))
        self._lease = redis.register_script(LEASE_SCRIPT)
        self._release = redis.register_script(RELEASE_SCRIPT)
        self._raise = redis.register_script(RAISE_SCRIPT)
        self._stopped: set[str] = set()

    # --- the lease ----------------------------------------------------------------------

    def acquire(self) -> bool:
        """Take or renew the lease; whether this keeper holds it now."""
        key = keeper_key("lease")
        return bool(self._lease(keys=[key], args=[self.name, self.settings.lease_ms]))

    def release(self) -> None:
        """Give the lease up (a stopping process), so another takes over at its next look."""
        self._release(keys=[keeper_key("lease")], args=[self.name])

    # --- one look -----------------------------------------------------------------------

    def look(self) -> Look:
        """Renew the lease; if held, settle the in-flight games and create the next slots."""
        out = Look(holder=self.acquire())
        if not out.holder:
            return out
        flying = self._settle(out)
        nxt = self._next()
        free = self.settings.in_flight - len(flying)
        wanted = {g for g in self.games if self._wanted(g, nxt[g])}
        while free > 0 and wanted:
            game = min(wanted, key=lambda g: (self.schedules[g][nxt[g]][0], nxt[g], g))
            out.created.append(self._create(game, nxt[game]))
            nxt[game] += 1
            free -= 1
            if not self._wanted(game, nxt[game]):
                wanted.discard(game)
        for game in self.games:
            if game not in wanted and game not in self._stopped:
                self._stopped.add(game)
                log.info("keeper: %s needs no more anchor games (%d made)", game, nxt[game])
        out.in_flight = len(flying) + len(out.created)
        return out

    def _settle(self, out: Look) -> set[str]:
        """The in-flight matches still unsettled; those done, failed or gone leave the set."""
        key = keeper_key("inflight")
        flying = {m.decode() for m in cast(set[bytes], self.redis.smembers(key))}
        for mid in sorted(flying):
            try:
                progress = self.matches.get(mid)["progress"]  # re-enqueues a lost game's job
            except ServiceError:  # no_such_match: never made (a crash), or long expired
                progress = None
            if progress is None or progress["done"] + progress["failed"] >= progress["total"]:
                self.redis.srem(key, mid)
                out.settled.append(mid)
        return flying - set(out.settled)

    def _next(self) -> dict[str, int]:
        raw = cast(dict[bytes, bytes], self.redis.hgetall(keeper_key("next")))
        made = {k.decode(): int(v) for k, v in raw.items()}
        return {g: made.get(g, 0) for g in self.games}

    def rounds(self, game: str) -> int:
        """The match games a line-up the keeper plays at most in `game`."""
        return self.settings.rounds or ANCHOR_GAMES.get(game, 1)

    def _wanted(self, game: str, slot: int) -> bool:
        """Whether `game` gets its slot `slot`: under its cap. Not stopped early when no anchor
        is provisional: a firm sigma is not a firm order, and the sizes are those at which
        `scripts/bench/ladder.py` found the order held across three seeds."""
        return slot < len(self.schedules[game])

    def _create(self, game: str, slot: int) -> str:
        """Create slot `slot` of `game` (again, after a crash: the same match) and move on."""
        mid = slot_id(game, slot)
        bots = list(self.lineups[game][self.schedules[game][slot][1]])
        self.redis.sadd(keeper_key("inflight"), mid)
        request = {
            "game": game,
            "bots": bots,
            "games": 1,
            "seed": f"keeper:{game}:{slot}",
            "options": ANCHOR_OPTIONS.get(game, {}),
        }
        self.matches.create(request, mid=mid)
        self._raise(keys=[keeper_key("next")], args=[game, slot + 1])
        log.info("keeper: %s slot %d (%s)", game, slot, ",".join(bots))
        return mid

    # --- the loop -----------------------------------------------------------------------

    def run(self, stop: threading.Event) -> None:
        """Look every `interval` until `stop` is set; an error is logged (once per outage),
        never fatal: the loop outlives any Redis outage, as the watchdog's does."""
        failing = False
        while not stop.is_set():
            try:
                self.look()
                if failing:
                    log.warning("keeper: Redis is back, looking again")
                failing = False
            except FAILURES as exc:
                if not failing:
                    log.error("keeper: look failed (%s); retrying every %.1f s",
                              type(exc).__name__, self.settings.interval)  # fmt: skip
                failing = True
            except Exception:  # a bug must not end the loop either
                log.exception("keeper: look failed")
            stop.wait(self.settings.interval)
        with contextlib.suppress(*FAILURES):  # it lapses by itself
            self.release()


def start_thread(keeper: Keeper) -> tuple[threading.Thread, threading.Event]:
    """The keeper's loop as a daemon thread (`service.worker` builds it with its own pools)."""
    stop = threading.Event()
    thread = threading.Thread(target=keeper.run, args=(stop,), name="anchor-keeper", daemon=True)
    thread.start()
    return thread, stop

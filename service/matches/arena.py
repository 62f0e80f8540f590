"""The arena: outside bots opted in to rated play, paired with each other and with the built-in
anchors by a loop that runs in every worker process, one pairer at a time (issue 34).

An app key opts one of its live bots in (`PUT /api/v1/bots/{name}/arena`) for some of the
games it plays, with a budget: `games_per_hour` (real games it sits in, each rotation of a
match game one, as the ladder counts them; a rolling hour) and `concurrency` (its arena
games live at once). Opting in is the standing consent a challenge would ask for: the pairer
creates the matches itself, with a server-drawn seed (so rated), no creator key and a host
token nobody holds; the owners hear of their seats as in any outside match (`match_seat`).

The pairer (`Arena.step`, every `interval` seconds, only while it holds the lease) does, in
order:

1. **Closes** the pairings whose match is done (or cancelled, or gone). A bot the service
   played `PAUSE_TIMEOUTS_PER_GAME` timed-out moves or more for per game it sat in, over one
   arena match, is paused: no pairing until its owner opts it in again; the owner's feed gets
   `arena_paused` with the reason, in the same script.
2. **Makes** the pairings planned and not made yet (a pairer that died in between: the
   match id was drawn with the plan, so `Matches.create` with it answers the match made
   before, never a second one). A bot opted out, paused, retired or revoked meanwhile, or any
   other refusal, closes the pairing with its `reason` and gives the budget back.
3. **Pairs** (`service.matches.arena_pairing`), game by game: the opted-in bots with room left
   in both budgets, most uncertain first (the ladder's sigma; a bot not on it yet first of
   all, at mu 0, the ladder's average), each against the opponent nearest its mu among the
   other such bots and the anchors (`ARENA_ANCHORS`), not the one it met last when there is
   another (ties: fewer ladder games, then the name). A bot gets at most one new pairing a
   round; an anchor any number. A pairing is a duplicate match of `match_games` games (fewer
   when the hour's budget has less room), both rotations, with the anchors' one-deal options
   (`service.matches.ratings.ANCHOR_OPTIONS`), `move_seconds` a move, and as many games at once
   as both bots have room for. Its plan (the match id, the spent budget) is written in one
   script that first checks the lease is still this pairer's: a pairer that lost it (a stall, a
   partition) writes nothing.

Keys, on game data's Redis, in one bucket (`service.storage.keys.ARENA_TAG`):

    arena:lease             string: the pairer's token, `lease_seconds` (renewed each round)
    arena:in                set: the bots opted in (active or paused)
    arena:bot:<name>        hash: `owner` (key id), `owner_name`, `games` (comma-separated),
                            `games_per_hour`, `concurrency`, `status` (active | paused),
                            `since` (ms, the opt-in), `reason`, `paused` (ms)
    arena:open              set: match ids of pairings not closed
    arena:pairing:<mid>     hash: `game`, `bots` (JSON line-up), `games` (match games),
                            `cost` (real games), `concurrency`, `created` (ms), `status`
                            (planned | made | refused | closed), `reason`, `kicked` (ms:
                            `Arena._kick`); kept a day once closed
    arena:spent:<name>      sorted set: `<mid>:<cost>` by the ms it was planned (the hour)
    arena:last              hash: bot -> the opponent of its last pairing
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from bots import BOTS, parse_bot
from bots.match import MatchSpec, rotations, summarize
from engine import GAMES
from service.access.bot_registry import BotRegistry, OutsideBot
from service.core.codec import dumps_sorted
from service.core.errors import ServiceError, status_of
from service.core.shards import FAILURES, DataClient, new_id
from service.games.callers import sha256
from service.matches.arena_pairing import Standing, choose, lineup
from service.matches.matches import Matches
from service.matches.ratings import ANCHOR_OPTIONS, ANCHORS, Ratings
from service.storage.keys import ARENA_TAG, arena_key, outbox_key
from service.streams.feed_relay import Feed

log = logging.getLogger("duckpond.arena")

JSON = dict[str, Any]
GAMES_PER_HOUR = (2, 1200)
"""A bot's real games in a rolling hour: at least one match game's two rotations."""
CONCURRENCY = (1, 16)
"""A bot's arena games live at once."""
DEFAULT_GAMES_PER_HOUR = 60
DEFAULT_CONCURRENCY = 2
PAUSE_TIMEOUTS_PER_GAME = 1
"""Timed-out moves per game a bot sat in, over one arena match, that pause it."""
HOUR_MS = 3600 * 1000
KICK_SECONDS = 60
"""How often a running arena match's step is queued by the pairer, in case its own was lost."""
ACTIVE, PAUSED, OUT, RETIRED = "active", "paused", "out", "retired"
PLANNED, MADE, REFUSED, CLOSED = "planned", "made", "refused", "closed"


class Owner(Protocol):
    """Who opts a bot in or out: a verified app key (`service.access.app_keys.AppKey`)."""

    @property
    def id(self) -> str: ...


# KEYS[1] the lease; ARGV[1] the token, ARGV[2] its life (ms). 1 when held by ARGV[1] now.
LEASE_SCRIPT = """
local held = redis.call("GET", KEYS[1])
if held == ARGV[1] then
  redis.call("PEXPIRE", KEYS[1], tonumber(ARGV[2]))
  return 1
end
if held then return 0 end
redis.call("SET", KEYS[1], ARGV[1], "PX", tonumber(ARGV[2]))
return 1
"""

# Plan one pairing under the lease. KEYS[1] the lease, KEYS[2] the open set, KEYS[3] the
# pairing, KEYS[4] the last-opponent hash, KEYS[5..] the spent sets of its outside bots.
# ARGV[1] the token, ARGV[2] the match id, ARGV[3] now (ms), ARGV[4] the spent member,
# ARGV[5] and ARGV[6] the two bots, ARGV[7] n, then n field/value pairs. 0: the lease is lost.
PLAN_SCRIPT = """
if redis.call("GET", KEYS[1]) ~= ARGV[1] then return 0 end
local n = tonumber(ARGV[7])
local fields = {}
for i = 1, 2 * n do fields[i] = ARGV[7 + i] end
redis.call("HSET", KEYS[3], unpack(fields))
redis.call("SADD", KEYS[2], ARGV[2])
for k = 5, #KEYS do redis.call("ZADD", KEYS[k], tonumber(ARGV[3]), ARGV[4]) end
redis.call("HSET", KEYS[4], ARGV[5], ARGV[6], ARGV[6], ARGV[5])
return 1
"""

# Close a pairing, once. KEYS[1] the open set, KEYS[2] the pairing, KEYS[3] the arena
# bucket's outbox, KEYS[4..] the records of the bots to pause, each with three ARGV from
# ARGV[5] on: its owner's key id, the reason, its `arena_paused` entry. ARGV[1] the match id,
# ARGV[2] now (ms), ARGV[3] the status (closed | refused), ARGV[4] the reason ("" none).
# A bot is paused only if still active since before the pairing (an opt-in after it, which
# resumes the bot, is not undone). Returns the bots paused, or -1 when closed before.
CLOSE_SCRIPT = """
if redis.call("SREM", KEYS[1], ARGV[1]) == 0 then return -1 end
redis.call("HSET", KEYS[2], "status", ARGV[3], "closed", ARGV[2])
if ARGV[4] ~= "" then redis.call("HSET", KEYS[2], "reason", ARGV[4]) end
redis.call("EXPIRE", KEYS[2], 86400)
local created = tonumber(redis.call("HGET", KEYS[2], "created") or "0")
local paused = 0
for k = 4, #KEYS do
  local i = 5 + 3 * (k - 4)
  if redis.call("HGET", KEYS[k], "status") == "active"
     and tonumber(redis.call("HGET", KEYS[k], "since") or "0") <= created then
    redis.call("HSET", KEYS[k], "status", "paused", "reason", ARGV[i + 1], "paused", ARGV[2])
    redis.call("XADD", KEYS[3], "*", "k", ARGV[i], "t1", "arena_paused", "d1", ARGV[i + 2])
    paused = paused + 1
  end
end
return paused
"""


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass(frozen=True, slots=True)
class Settings:
    """The pairer's settings (`ARENA_*`, `service.core.config`)."""

    interval: float = 5.0
    """Seconds between two rounds."""
    lease_seconds: float = 15.0
    """How long the lease outlives a pairer that stops renewing it."""
    match_games: int = 2
    """Match games of one pairing (each played in both rotations)."""
    move_seconds: int = 10
    """An outside bot's time for a move in the arena's games."""
    anchors: tuple[str, ...] = ANCHORS

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> Settings:
        anchors = settings.get("ARENA_ANCHORS", list(ANCHORS))
        if isinstance(anchors, str):
            anchors = [a.strip() for a in anchors.split(",") if a.strip()]
        anchors = [a for a in anchors if parse_bot(str(a))[0] in BOTS]  # none else is built in
        return cls(
            interval=float(settings.get("ARENA_INTERVAL_SECONDS", 5.0)),
            lease_seconds=float(settings.get("ARENA_LEASE_SECONDS", 15.0)),
            match_games=max(1, int(settings.get("ARENA_MATCH_GAMES", 2))),
            move_seconds=max(1, min(600, int(settings.get("ARENA_MOVE_SECONDS", 10)))),
            anchors=tuple(str(a) for a in anchors),
        )


@dataclass
class Round:
    """What one round did, for logs and tests."""

    held: bool = False
    closed: int = 0
    paused: list[str] = field(default_factory=list)
    made: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    planned: list[str] = field(default_factory=list)


class Arena:
    """The arena's use cases (opt in, read, opt out) and its pairer; one per process."""

    def __init__(
        self,
        client: DataClient,
        registry: BotRegistry,
        matches: Matches,
        ratings: Ratings,
        feed: Feed | None = None,
        settings: Settings = Settings(),
        name: str = "",
    ) -> None:
        self.redis = client
        self.registry = registry
        self.matches = matches
        self.ratings = ratings
        self.feed = feed
        self.settings = settings
        self.token = f"{name or socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"
        """This pairer's lease token: unique per instance, so two in one process differ."""
        self._lease = client.register_script(LEASE_SCRIPT)
        self._plan = client.register_script(PLAN_SCRIPT)
        self._close = client.register_script(CLOSE_SCRIPT)

    # --- the owner's use cases ------------------------------------------------------------

    def opt_in(
        self, key: Owner, name: str, games: Sequence[str], games_per_hour: int, concurrency: int
    ) -> JSON:
        """Opt `name` (a live bot of `key`) in for `games` with this budget; again replaces
        the budget and resumes a paused bot. Refusals before anything is written."""
        bot = self._own(key, name)
        if bot.retired:
            raise ServiceError("retired_bot", f"the bot {name!r} is retired", bot=name)
        unknown = sorted(set(games) - set(GAMES))
        if not games or unknown:
            raise ServiceError("unknown_game", f"no game named {', '.join(unknown) or '(none)'}")
        for game in games:
            if game not in bot.games:
                raise ServiceError(
                    "unknown_bot", f"the bot {name!r} does not play {game}", bot=name
                )
        for what, value, (low, high) in (
            ("games_per_hour", games_per_hour, GAMES_PER_HOUR),
            ("concurrency", concurrency, CONCURRENCY),
        ):
            if type(value) is not int or not low <= value <= high:
                raise ServiceError("validation_error", f"{what} must be {low} to {high}")
        record = {
            "owner": bot.owner,
            "owner_name": bot.owner_name,
            "games": ",".join(sorted(set(games))),
            "games_per_hour": games_per_hour,
            "concurrency": concurrency,
            "status": ACTIVE,
            "since": now_ms(),
            "reason": "",
            "paused": 0,
        }
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(arena_key(f"bot:{name}"), mapping=cast(Any, record))
            pipe.sadd(arena_key("in"), name)
            pipe.execute()
        log.info("arena: %s opted in for %s", name, record["games"])
        return self.entry(key, name)

    def entry(self, key: Owner, name: str) -> JSON:
        """The bot's standing in the arena, as its owner sees it."""
        bot = self._own(key, name)
        raw = self._record(name)
        if raw is None:
            return {"bot": name, "status": OUT}
        status = RETIRED if bot.retired else raw["status"]
        out: JSON = {
            "bot": name,
            "status": status,
            "games": [g for g in raw["games"].split(",") if g],
            "games_per_hour": int(raw["games_per_hour"]),
            "concurrency": int(raw["concurrency"]),
            "since": int(raw["since"]),
            "hour_games": self._spent(name),
            "open_matches": sorted(self._open_of(name)),
        }
        if status == PAUSED:
            out["reason"] = raw.get("reason", "")
            out["paused"] = int(raw.get("paused") or 0)
        return out

    def opt_out(self, key: Owner, name: str) -> JSON:
        """Take the bot out: no new pairing from now on (its matches under way finish)."""
        self._own(key, name)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(arena_key(f"bot:{name}"))
            pipe.srem(arena_key("in"), name)
            pipe.execute()
        return {"bot": name, "status": OUT}

    def _own(self, key: Owner, name: str) -> OutsideBot:
        """The bot `name` of `key`: the bots API's refusals for another key's or a built-in."""
        if parse_bot(name)[0] in BOTS:
            raise ServiceError("not_your_bot", f"{name!r} is a built-in bot: the service's own")
        bot = self.registry.get(name)
        if bot is None:
            raise ServiceError("no_such_bot", f"no bot named {name!r}")
        if bot.owner != key.id:
            raise ServiceError("not_your_bot", f"the bot {name!r} belongs to another app key")
        return bot

    def _record(self, name: str) -> dict[str, str] | None:
        raw = cast(dict[bytes, bytes], self.redis.hgetall(arena_key(f"bot:{name}")))
        return {k.decode(): v.decode() for k, v in raw.items()} if raw else None

    def _spent(self, name: str) -> int:
        key = arena_key(f"spent:{name}")
        self.redis.zremrangebyscore(key, "-inf", now_ms() - HOUR_MS)
        members = cast(list[bytes], self.redis.zrange(key, 0, -1))
        return sum(int(m.rsplit(b":", 1)[1]) for m in members)

    def _open_of(self, name: str) -> list[str]:
        return [mid for mid, p in self._open().items() if name in p["bots"]]

    def _open(self) -> dict[str, JSON]:
        """The open pairings by match id (their hashes, decoded)."""
        mids = sorted(m.decode() for m in cast(set[bytes], self.redis.smembers(arena_key("open"))))
        with self.redis.pipeline(transaction=False) as pipe:
            for mid in mids:
                pipe.hgetall(arena_key(f"pairing:{mid}"))
            raws = cast(list[dict[bytes, bytes]], pipe.execute())
        out = {}
        for mid, raw in zip(mids, raws, strict=True):
            if raw:
                p: JSON = {k.decode(): v.decode() for k, v in raw.items()}
                p["bots"] = json.loads(p["bots"])
                out[mid] = p
        return out

    # --- the pairer -----------------------------------------------------------------------

    def hold(self) -> bool:
        """Take or renew the lease: True while this pairer is the one."""
        ms = int(self.settings.lease_seconds * 1000)
        return bool(int(cast(int, self._lease(keys=[arena_key("lease")], args=[self.token, ms]))))

    def step(self) -> Round:
        """One round (the module docstring), if this pairer holds the lease."""
        out = Round(held=self.hold())
        if not out.held:
            return out
        open_pairings = self._open()
        for mid, pairing in open_pairings.items():
            if pairing["status"] == MADE:
                self._close_if_over(mid, pairing, out)
            elif pairing["status"] == PLANNED:
                self._make(mid, pairing, out)
        self._pair(out)
        return out

    def _close_if_over(self, mid: str, pairing: JSON, out: Round) -> None:
        raw = self.matches.store.load(mid)
        if raw is None:
            self._finish(mid, CLOSED, "match_gone", {}, out)
            return
        spec = MatchSpec.from_json(json.loads(raw[b"spec"]))
        cancelled = b"cancelled" in raw
        if not cancelled and self.matches.store.recorded_count(mid) < spec.games:
            self._kick(mid, pairing)
            return
        records = self.matches.store.records(mid)
        results = {b["bot"]: b for b in summarize(spec.bots, records.values())["bots"]}
        pause: dict[str, JSON] = {}
        for bot in pairing["bots"]:
            if parse_bot(bot)[0] in BOTS or bot in pause or bot not in results:
                continue
            seat_games = int(results[bot].get("seat_games") or 0)
            timeouts = int(results[bot].get("timeouts") or 0)
            if seat_games and timeouts >= PAUSE_TIMEOUTS_PER_GAME * seat_games:
                pause[bot] = {"timeouts": timeouts, "seat_games": seat_games}
        self._finish(mid, CLOSED, "cancelled" if cancelled else "", pause, out)

    def _kick(self, mid: str, pairing: JSON) -> None:
        """Queue the match's step once a `KICK_SECONDS` while it runs: an arena match has no
        creator to read it, and a read is what takes a lost step again (`Matches.get`)."""
        now = now_ms()
        last = max(int(pairing.get("created") or 0), int(pairing.get("kicked") or 0))
        if now - last < KICK_SECONDS * 1000 or self.matches.driver is None:
            return
        self.matches.driver.later(mid, "read")
        self.redis.hset(arena_key(f"pairing:{mid}"), "kicked", now)

    def _finish(
        self, mid: str, status: str, reason: str, pause: Mapping[str, JSON], out: Round
    ) -> None:
        """Close the pairing once (the close script), pausing `pause`'s bots."""
        now = now_ms()
        keys = [arena_key("open"), arena_key(f"pairing:{mid}"), outbox_key(ARENA_TAG)]
        args: list[Any] = [mid, now, status, reason]
        for bot, figures in pause.items():
            record = self._record(bot)
            if record is None:
                continue
            why = (
                f"the service played {figures['timeouts']} timed-out moves for it in "
                f"{figures['seat_games']} games of arena match {mid} (the limit: "
                f"{PAUSE_TIMEOUTS_PER_GAME} a game); opt it in again to resume"
            )
            entry = {
                "type": "arena_paused",
                "bot": bot,
                "match_id": mid,
                "reason": why,
                **figures,
            }
            keys.append(arena_key(f"bot:{bot}"))
            args += [record["owner"], why, dumps_sorted(entry).decode()]
        paused = int(cast(int, self._close(keys=keys, args=args)))
        if paused < 0:
            return
        if status == REFUSED:
            self._refund(mid)
            out.refused.append((mid, reason))
        else:
            out.closed += 1
        if paused and self.feed is not None:
            out.paused += list(pause)
            self.feed.relay_head(ARENA_TAG)
        if paused:
            log.warning("arena: paused %s after match %s", ", ".join(pause), mid)

    def _refund(self, mid: str) -> None:
        """A pairing refused gives its bots' hour back."""
        raw = cast(dict[bytes, bytes], self.redis.hgetall(arena_key(f"pairing:{mid}")))
        if not raw:
            return
        member = f"{mid}:{int(raw[b'cost'])}"
        for bot in json.loads(raw[b"bots"]):
            self.redis.zrem(arena_key(f"spent:{bot}"), member)

    def _make(self, mid: str, pairing: JSON, out: Round) -> None:
        """Create the pairing's match (again after a crash: the same id, one match)."""
        game = str(pairing["game"])
        reason = ""
        for bot in dict.fromkeys(pairing["bots"]):
            if parse_bot(bot)[0] in BOTS:
                continue
            record = self._record(bot)
            if record is None:
                reason = "opted_out"
            elif record["status"] != ACTIVE:
                reason = "paused"
            elif game not in record["games"].split(","):
                reason = "opted_out"
            if reason:
                break
        if not reason:
            body = {
                "game": game,
                "bots": list(pairing["bots"]),
                "games": int(pairing["games"]),
                "options": ANCHOR_OPTIONS.get(game, {}),
                "move_seconds": self.settings.move_seconds,
                "concurrency": int(pairing["concurrency"]),
            }
            try:
                self.matches.create(
                    body, accepted=True, mid=mid, host_hash=sha256(secrets.token_urlsafe(24))
                )
            except ServiceError as exc:
                if status_of(exc.reason) >= 500:
                    raise
                reason = exc.reason
        if reason:
            log.info("arena: pairing %s refused (%s)", mid, reason)
            self._finish(mid, REFUSED, reason, {}, out)
            return
        self.redis.hset(arena_key(f"pairing:{mid}"), "status", MADE)
        out.made.append(mid)

    def standings(self) -> dict[str, Standing]:
        """The opted-in, active bots whose owner's bot is live, with their budgets' use."""
        names = sorted(m.decode() for m in cast(set[bytes], self.redis.smembers(arena_key("in"))))
        live = {b.name: b for b in self.registry.many(names) if not b.retired}
        out: dict[str, Standing] = {}
        for name in names:
            raw = self._record(name)
            bot = live.get(name)
            if raw is None or bot is None or raw["status"] != ACTIVE or bot.owner != raw["owner"]:
                continue
            games = tuple(g for g in raw["games"].split(",") if g in bot.games)
            out[name] = Standing(
                name,
                raw["owner"],
                games,
                int(raw["games_per_hour"]),
                int(raw["concurrency"]),
                spent=self._spent(name),
            )
        for pairing in self._open().values():
            for bot in set(pairing["bots"]):
                if bot in out:
                    out[bot].live += int(pairing["concurrency"])
        return out

    def _pair(self, out: Round) -> None:
        standings = self.standings()
        busy: set[str] = set()
        last = {
            k.decode(): v.decode()
            for k, v in cast(dict[bytes, bytes], self.redis.hgetall(arena_key("last"))).items()
        }
        for game in sorted(GAMES):
            entrants = [
                s.name
                for s in standings.values()
                if game in s.games
                and s.name not in busy
                and s.live_room() >= 1
                and s.hour_room() >= 2
            ]
            if not entrants:
                continue
            skills = self.ratings.skills(game)
            for a, b in choose(entrants, self.settings.anchors, skills, last):
                outside = [standings[x] for x in (a, b) if x in standings]
                rots = len(rotations(lineup(game, a, b)))
                games = min(self.settings.match_games, *(s.hour_room() // rots for s in outside))
                concurrency = min(games * rots, *(s.live_room() for s in outside))
                if games < 1 or concurrency < 1:
                    continue
                planned = self._write_plan(game, lineup(game, a, b), games, rots, concurrency)
                if planned is None:
                    return  # the lease is lost: the next holder pairs
                busy.update(s.name for s in outside)
                out.planned.append(planned[0])
                self._make(planned[0], planned[1], out)

    def _write_plan(
        self, game: str, bots: tuple[str, ...], games: int, rots: int, concurrency: int
    ) -> tuple[str, JSON] | None:
        """Plan a pairing under the lease: its match id and record; None when the lease is
        lost (nothing written)."""
        mid = new_id()
        cost = games * rots
        outside = [b for b in dict.fromkeys(bots) if parse_bot(b)[0] not in BOTS]
        record: JSON = {
            "game": game,
            "bots": json.dumps(list(bots)),
            "games": games,
            "cost": cost,
            "concurrency": concurrency,
            "created": now_ms(),
            "status": PLANNED,
        }
        pairs = [item for kv in record.items() for item in kv]
        a, b = bots[0], bots[1]
        planned = self._plan(
            keys=[
                arena_key("lease"),
                arena_key("open"),
                arena_key(f"pairing:{mid}"),
                arena_key("last"),
                *(arena_key(f"spent:{o}") for o in outside),
            ],
            args=[self.token, mid, record["created"], f"{mid}:{cost}", a, b, len(record), *pairs],
        )
        if not int(cast(int, planned)):
            return None
        log.info("arena: %s, %s (match %s, %d games)", game, " v ".join((a, b)), mid, games)
        return mid, {**record, "bots": list(bots)}

    # --- the loop -------------------------------------------------------------------------

    def run(self, stop: threading.Event) -> None:
        """A round every `interval` until `stop`; an error is logged (once per outage), never
        fatal: the loop outlives any Redis outage, as the watchdog's does."""
        failing = False
        while not stop.is_set():
            try:
                self.step()
                if failing:
                    log.warning("arena: Redis is back, pairing again")
                failing = False
            except FAILURES as exc:
                if not failing:
                    log.error("arena: round failed (%s); retrying every %.1f s",
                              type(exc).__name__, self.settings.interval)  # fmt: skip
                failing = True
            except Exception:  # a bug must not end the loop either
                log.exception("arena round failed")
            stop.wait(self.settings.interval)


def start_thread(arena: Arena | None) -> tuple[threading.Thread, threading.Event]:
    """The pairer as a daemon thread (each worker process starts one; the lease picks one)."""
    assert arena is not None, "built by `service.wiring.build`"
    stop = threading.Event()
    thread = threading.Thread(target=arena.run, args=(stop,), name="arena-pairer", daemon=True)
    thread.start()
    return thread, stop

"""Turn clocks and away seats: their options, each game's seating state, and the server's time.

Options (service options of a creation, beside `auto_deal`):

- `turn_seconds`: each move's own seconds; 0 (the default) is no clock.
- `reserve_seconds`: a bank per seat, spent once a move's own seconds ran out.
- `on_timeout`: the bot that plays a timed-out move, and an away seat's moves
  (`heuristic` by default; any bot of `GET /api/v1/bots`, a level as `search:fast`).
- `away_after`: after this many timeouts in a row the seat is `away`: the bot plays it at
  once, like a bot seat, until the seat returns (`POST .../seats/{seat}/return`, or a move
  of its own that wins the race).

The seating (per seat: reserve, timeouts in a row, away, and the turn's deadline while the
seat is on the clock) is kept in the stored state under `seating`, beside the
engine's fields (which the engine ignores), so it changes in the same compare-and-set as the
move that changes it, and travels wherever the state does (the process cache, a waiting
request's news). A game that is untimed and never had an away seat has none.

Times are the server's: milliseconds since the epoch by Redis `TIME` (`ServerClock`), the
clock the watchdog compares the deadlines with. A timed human turn is recorded by the
compare-and-set in its bucket's clock index, scored by its deadline (`service.storage.store`); the
watchdog moves it into the due-turn index once the deadline passed and enqueues its bot
turn, which `Tables.bot_turn` plays with the `on_timeout` bot (`service.watchdog`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots import known, parse_bot
from engine import Reason
from service.core.errors import ServiceError
from service.core.shards import DataClient

JSON = dict[str, Any]

TURN_SECONDS = (0, 86_400)
RESERVE_SECONDS = (0, 86_400)
AWAY_AFTER = (1, 100)
DEFAULT_AWAY_AFTER = 3
DEFAULT_STAND_IN = "heuristic"
FALLBACK_STAND_IN = "random"
"""The stand-in of a game the default one does not play: the random bot plays every game."""

OPTIONS: tuple[JSON, ...] = (
    {
        "name": "turn_seconds",
        "type": "int",
        "default": 0,
        "minimum": TURN_SECONDS[0],
        "maximum": TURN_SECONDS[1],
        "scope": "service",
        "doc": "Seconds each move of a human seat may take (0: no clock). When they and the "
        "seat's reserve have run out, the `on_timeout` bot plays the move.",
    },
    {
        "name": "reserve_seconds",
        "type": "int",
        "default": 0,
        "minimum": RESERVE_SECONDS[0],
        "maximum": RESERVE_SECONDS[1],
        "scope": "service",
        "doc": "A bank of seconds per seat, spent when a move takes longer than `turn_seconds`.",
    },
    {
        "name": "on_timeout",
        "type": "string",
        "default": DEFAULT_STAND_IN,
        "scope": "service",
        "doc": "The bot that plays a timed-out move and every move of an away seat: a bot "
        "name from GET /api/v1/bots, with a level as `search:fast`.",
    },
    {
        "name": "away_after",
        "type": "int",
        "default": DEFAULT_AWAY_AFTER,
        "minimum": AWAY_AFTER[0],
        "maximum": AWAY_AFTER[1],
        "scope": "service",
        "doc": "Timeouts in a row after which a seat is away: its bot plays it at once until "
        "the seat returns (POST .../seats/{seat}/return).",
    },
)
"""The clock options, as the catalog lists them."""

NAMES = tuple(str(o["name"]) for o in OPTIONS)


def _whole(options: Mapping[str, Any], name: str, bounds: tuple[int, int], default: int) -> int:
    value = options.get(name, default)
    low, high = bounds
    if type(value) is not int or not low <= value <= high:
        raise ServiceError(
            Reason.INVALID_OPTIONS, f"option '{name}' must be a whole number from {low} to {high}"
        )
    return value


def parse_options(options: dict[str, Any], game: str) -> JSON:
    """Take the clock options out of a creation's `options` (the rest is the game's) and
    check them; returns what the game's meta keeps (empty for an untimed game with the
    default stand-in). Out of bounds: 422 `invalid_options`; an unknown bot 422 `unknown_bot`."""
    given = {name: options.pop(name) for name in NAMES if name in options}
    turn = _whole(given, "turn_seconds", TURN_SECONDS, 0)
    reserve = _whole(given, "reserve_seconds", RESERVE_SECONDS, 0)
    away_after = _whole(given, "away_after", AWAY_AFTER, DEFAULT_AWAY_AFTER)
    default = default_stand_in(game)
    stand_in = given.get("on_timeout", default)
    if not isinstance(stand_in, str) or not 0 < len(stand_in) <= 100:
        raise ServiceError(Reason.INVALID_OPTIONS, "option 'on_timeout' must be a bot's name")
    bot, level = parse_bot(stand_in)
    if not known(bot, game, level):
        raise ServiceError("unknown_bot", f"no bot {stand_in!r} plays {game} (on_timeout)")
    meta: JSON = {}
    if stand_in != default:
        meta["on_timeout"] = stand_in
    if turn:
        meta["clock"] = {
            "turn_ms": turn * 1000,
            "reserve_ms": reserve * 1000,
            "away_after": away_after,
        }
    return meta


def default_stand_in(game: str) -> str:
    """The `on_timeout` bot of a `game` that names none: `heuristic` where it plays the game,
    else the random bot (a game registered without a heuristic, `bots.EveryGame`)."""
    return DEFAULT_STAND_IN if known(DEFAULT_STAND_IN, game) else FALLBACK_STAND_IN


def stand_in_name(meta: Mapping[str, Any]) -> str:
    """The `on_timeout` bot of this game, as the option names it (`search:fast`)."""
    named = meta.get("on_timeout")
    if named:
        return str(named)
    game = meta.get("game")
    return default_stand_in(str(game)) if game is not None else DEFAULT_STAND_IN


def stand_in(meta: Mapping[str, Any]) -> tuple[str, str | None]:
    """The bot (name, level) that plays a timed-out move or an away seat of this game."""
    return parse_bot(stand_in_name(meta))


def human(meta: Mapping[str, Any], seat: int) -> bool:
    return meta["seats"][seat].get("bot") is None


@dataclass(slots=True)
class SeatClock:
    """One seat's part of the seating; `deadline` while it is on the clock."""

    reserve_ms: int = 0
    timeouts: int = 0
    away: bool = False
    deadline: int | None = None
    stood_in: int = 0
    """Moves its `on_timeout` bot played for the seat in all (timed out, or away): a match
    game's record counts them (`service.matches.match_games`)."""

    def to_json(self) -> JSON:
        out: JSON = {
            "reserve_ms": self.reserve_ms,
            "timeouts": self.timeouts,
            "away": self.away,
            "deadline": self.deadline,
        }
        if self.stood_in:
            out["stood_in"] = self.stood_in
        return out


@dataclass(slots=True)
class Seating:
    """Every seat's clock and presence in one game (the module docstring)."""

    seats: list[SeatClock]
    turn_ms: int = 0
    away_after: int = DEFAULT_AWAY_AFTER

    @classmethod
    def of(cls, state: Mapping[str, Any], meta: Mapping[str, Any]) -> Seating:
        """The seating stored with `state`, or a fresh one (every reserve full)."""
        clock = meta.get("clock") or {}
        turn_ms, reserve = int(clock.get("turn_ms", 0)), int(clock.get("reserve_ms", 0))
        away_after = int(clock.get("away_after", DEFAULT_AWAY_AFTER))
        saved = state.get("seating")
        if saved is None:
            seats = [SeatClock(reserve_ms=reserve) for _ in meta["seats"]]
        else:
            seats = [SeatClock(**s) for s in saved["seats"]]
        return cls(seats, turn_ms, away_after)

    @property
    def timed(self) -> bool:
        return self.turn_ms > 0

    def to_json(self) -> JSON | None:
        """What the state keeps; None while there is nothing to keep (untimed, nobody away)."""
        if not self.timed and not any(s.away for s in self.seats):
            return None
        return {"seats": [s.to_json() for s in self.seats]}

    def away(self, meta: Mapping[str, Any]) -> tuple[int, ...]:
        """The human seats a bot plays now."""
        return tuple(i for i, s in enumerate(self.seats) if s.away and human(meta, i))

    def moved(self, seat: int, now: int, *, timed_out: bool = False) -> bool:
        """`seat` moved at `now` (by its own hand, or its bot after a timeout); its turn ends.
        Its own move settles its reserve (what it took past its own seconds) and ends a run of
        timeouts; a timeout spends the reserve. True when this timeout makes the seat away."""
        clock = self.seats[seat]
        became_away = False
        if timed_out:
            clock.reserve_ms = 0
            clock.timeouts += 1
            became_away = not clock.away and clock.timeouts >= self.away_after
            clock.away = clock.away or became_away
        elif clock.deadline is not None:
            clock.reserve_ms = max(0, min(clock.reserve_ms, clock.deadline - now))
            clock.timeouts = 0
        clock.deadline = None
        return became_away

    def set_away(self, seat: int, away: bool) -> bool:
        """A seat leaves (True) or returns; False when it already was so (nothing to do)."""
        clock = self.seats[seat]
        if clock.away == away:
            return False
        clock.away = away
        clock.timeouts = 0
        clock.deadline = None
        return True

    def start_turns(self, meta: Mapping[str, Any], to_act: Sequence[int], now: int) -> list[JSON]:
        """Put on the clock every human seat to act that is not away (a seat already on it
        keeps its deadline); take every other seat off. Returns a `turn_started` event's data
        for each seat put on it (a stream's reader learns the deadline from it)."""
        acting, started = set(to_act), []
        for i, clock in enumerate(self.seats):
            if not self.timed or i not in acting or clock.away or not human(meta, i):
                clock.deadline = None
            elif clock.deadline is None:
                clock.deadline = now + self.turn_ms + clock.reserve_ms
                started.append(
                    {
                        "seat": i,
                        "at": now,
                        "deadline": clock.deadline,
                        "reserve_ms": clock.reserve_ms,
                    }
                )
        return started

    def start_deal(self, meta: Mapping[str, Any], now: int) -> list[JSON]:
        """Between deals of a timed table that deals on request (`auto_deal` off), put the
        deal on the clock: the first human seat that is not away (else the first human seat)
        gets `turn_ms` to deal (any seat or the host may); at its deadline the service deals
        (`Changes.bot_turn`), so such a table never waits for ever. Its reserve is not spent
        on a deal. Returns the `turn_started` data, as `start_turns` does."""
        humans = [i for i in range(len(self.seats)) if human(meta, i)]
        present = [i for i in humans if not self.seats[i].away]
        if not self.timed or not humans:
            return []
        dealer = (present or humans)[0]
        clock = self.seats[dealer]
        clock.deadline = now + self.turn_ms
        return [{"seat": dealer, "at": now, "deadline": clock.deadline, "reserve_ms": 0}]

    def dealt_on_timeout(self, seat: int) -> None:
        """The service dealt for `seat` at its deal's deadline: no timeout counted (a deal is
        no move of the seat's) and its reserve kept; it is simply off the clock."""
        self.seats[seat].deadline = None

    def timers(self) -> tuple[tuple[int, int], ...]:
        """(seat, deadline) of every seat on the clock."""
        return tuple((i, s.deadline) for i, s in enumerate(self.seats) if s.deadline is not None)

    def seat_out(self, i: int, now: int | None) -> JSON:
        """What a view shows of seat `i` (a human seat)."""
        clock = self.seats[i]
        if not self.timed or now is None:
            return {}
        deadline = clock.deadline
        return {
            "deadline": deadline,
            "remaining_ms": None if deadline is None else max(0, deadline - now),
            "reserve_ms": clock.reserve_ms,
            "timeouts": clock.timeouts,
        }


def options_of(meta: Mapping[str, Any]) -> JSON:
    """A game's clock options as a creation gives them (`parse_options` undone): what a new
    game with the same options (a rematch) passes again."""
    clock = meta.get("clock")
    out: JSON = {"on_timeout": stand_in_name(meta)}
    if clock:
        out["turn_seconds"] = clock["turn_ms"] // 1000
        out["reserve_seconds"] = clock["reserve_ms"] // 1000
        out["away_after"] = clock["away_after"]
    return out


def with_seating(state: JSON, seating: Seating) -> JSON:
    """The state to store: the engine's, and the seating beside it when there is one."""
    kept = seating.to_json()
    if kept is not None:
        state["seating"] = kept
    return state


def clock_out(meta: Mapping[str, Any], now: int) -> JSON | None:
    """A view's `clock`: the server's time and the game's clock options (None: untimed)."""
    if not meta.get("clock"):
        return None
    return {"now": now, **options_of(meta)}


class ServerClock:
    """The server's time (Redis `TIME`, in ms since the epoch) without a round trip per call:
    read from Redis every `every` seconds and carried forward by this process's monotonic
    clock in between (a step of the wall clock here changes nothing)."""

    def __init__(self, client: DataClient, every: float = 10.0) -> None:
        self._client = client
        self._every = every
        self._offset = 0.0
        self._at = -float("inf")
        self._lock = threading.Lock()

    def now_ms(self) -> int:
        mono = time.monotonic()
        if mono - self._at > self._every:
            self._calibrate()
            mono = time.monotonic()
        return int(mono * 1000 + self._offset)

    def _calibrate(self) -> None:
        before = time.monotonic()
        seconds, micros = self._client.time()
        after = time.monotonic()
        with self._lock:
            self._offset = seconds * 1000 + micros / 1000 - (before + after) / 2 * 1000
            self._at = after

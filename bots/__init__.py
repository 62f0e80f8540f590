"""Computer players: pure policies over a seat's view (no Flask, Redis or RQ here).

A policy sees exactly what its seat would see at a real table (`Game.view(seat)`, whose
`legal_moves` it must pick from), a generator seeded for that one turn, and a time budget. It
never gets the game state, so it cannot peek at other hands or the stock.

A bot with levels (the search bot) is picked at one of them (`{"bot": "search", "level":
"strong"}`, `search:strong` in matches): the level sets its worlds per decision and its think
time. Matches play untimed (the worlds alone bound a decision, so results reproduce); the
service plays timed (the think time caps a decision too).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, cast

from bots import (
    doppelkopf_heuristic,
    doubleduck_heuristic,
    duck_heuristic,
    ducksoup_heuristic,
    random_bot,
    search,
)
from bots.search import Level
from engine import GAMES, Game, Move

JSON = dict[str, Any]
Choose = Callable[[JSON, list[JSON], random.Random, float], JSON]
DEFAULT_BUDGET_MS = 50.0


@dataclass(frozen=True, slots=True)
class Bot:
    """A named player with a policy per game it knows."""

    name: str
    description: str
    strength: str
    policies: Mapping[str, Choose]
    levels: tuple[Level, ...] = ()
    """The levels a client may pick, weakest first; the first is the default."""

    def level(self, name: str | None) -> Level | None:
        """The named level (None: the default, the first); None for a bot without levels.
        KeyError for a level this bot does not have."""
        if name is None:
            return self.levels[0] if self.levels else None
        for level in self.levels:
            if level.name == name:
                return level
        raise KeyError(name)

    def has_level(self, name: str | None) -> bool:
        return name is None or any(lv.name == name for lv in self.levels)

    def to_json(self) -> JSON:
        out: JSON = {
            "name": self.name,
            "games": sorted(self.policies),
            "description": self.description,
            "strength": self.strength,
        }
        if self.levels:
            out["levels"] = [lv.to_json() for lv in self.levels]
        return out


class EveryGame(Mapping[str, Choose]):
    """One policy for every game registered (`engine.GAMES`), read when asked: a game
    registered after this module was imported is played too (the random bot's, which needs
    nothing of a game but its `legal_moves`)."""

    def __init__(self, choose: Choose) -> None:
        self.choose = choose

    def __getitem__(self, game: str) -> Choose:
        if game not in GAMES:
            raise KeyError(game)
        return self.choose

    def __iter__(self) -> Iterator[str]:
        return iter(list(GAMES))

    def __len__(self) -> int:
        return len(GAMES)


HEURISTICS: dict[str, Choose] = {
    # One line per game: the game's name and its rule-based policy.
    "doppelkopf": doppelkopf_heuristic.choose,
    "doubleduck": doubleduck_heuristic.choose,
    "duck": duck_heuristic.choose,
    "ducksoup": ducksoup_heuristic.choose,
}

SEARCH_LEVELS = (
    Level(
        "fast",
        25.0,
        {"doubleduck": 240, "ducksoup": 14, "doppelkopf": 8, "duck": 10},
        "Beats the heuristic over 1,000 duplicate deals: Doubleduck +160 +- 7 a deal, "
        "Duck Soup +6.2 +- 2.3 a deal, Doppelkopf +0.56 +- 0.12 at 9 ms a decision; Duck "
        "+0.48 +- 0.18 a round over 300 at 11 ms (in Doppelkopf and Duck its worlds are kept "
        "few, so it stays between the heuristic and strong); beats plain PIMC at equal CPU in "
        "every game; docs/benchmarks.md.",
    ),
    Level(
        "normal",
        100.0,
        {"doubleduck": 1100, "ducksoup": 58, "doppelkopf": 130, "duck": 110},
        "Beats the heuristic in every game at or below this budget (Doubleduck +194 +- 14 a "
        "deal at 86 ms, Doppelkopf +1.2 +- 0.3, Duck Soup +8.6 +- 5.1 a deal at 32-55 ms; Duck "
        "+1.29 +- 0.35 a round at 26 ms); docs/benchmarks.md.",
    ),
    Level(
        "strong",
        200.0,
        {"doubleduck": 2200, "ducksoup": 116, "doppelkopf": 260, "duck": 225},
        "The most worlds; more budget measured better than less in every game (over 200 "
        "duplicate deals: Doubleduck +53 +- 14 a deal, Doppelkopf +0.29 +- 0.22, Duck Soup "
        "+8.7 +- 4.9; Doppelkopf against `fast`'s 8 worlds +1.18 +- 0.43 over 100; Duck, 225 "
        "worlds against `fast`'s 10, +1.25 +- 0.36 a round over 80); "
        "Doubleduck at 1800 worlds (163 ms) +211 +- 15 a deal over the heuristic; "
        "docs/benchmarks.md.",
    ),
)
"""Worlds per decision calibrated to the think time: mean CPU ms per world per decision measured
by scripts/bench/search_strength.py on the development machine (Doubleduck about 0.09 with its
worlds played in batches, `engine.doubleduck_batch`: 260 worlds 27.3 ms, 1100 worlds 103.0 ms,
2200 worlds 203.8 ms a decision, 3 games each; Duck Soup 1.7 with its heuristic rollouts,
Doppelkopf 0.74 with four candidates, Duck 0.9 with six). Duck's and Doppelkopf's `fast` are
the exceptions, spaced by strength rather than time: Duck's 10 worlds (about 10 ms), because 30
(its think time's worth) came within a third of a point a round of `strong` (+0.33 +- 0.44 over
49 deals); Doppelkopf's 8 (about 9 ms), because at 33 `strong` could not be told from it (+0.29
+- 0.22 for 66 worlds against 16), and at 8 it stands between the heuristic (+0.56 +- 0.12) and
`strong` (+1.18 +- 0.43). A level that cannot be told from the next one does not pin a ladder
(`service.matches.ratings.ANCHORS`); docs/benchmarks.md."""

BOTS: dict[str, Bot] = {
    bot.name: bot
    for bot in (
        Bot(
            "random",
            "Picks uniformly among the legal moves.",
            "The baseline: every other bot is measured against it.",
            EveryGame(random_bot.choose),
        ),
        Bot(
            "heuristic",
            "Rule-based, one policy per game from what a good player knows of it (see each "
            "bots/<game>_heuristic.py).",
            "Measured against random by duplicate deals, per game: docs/benchmarks.md.",
            HEURISTICS,
        ),
        Bot(
            "search",
            "Information-set search: samples the hidden cards consistent with its view, tries "
            "every move on each sample and plays the deal out with a fast heuristic rollout "
            "(bots/search.py). Levels: fast, normal, strong.",
            "Measured against the heuristic by duplicate deals, per game and level: "
            "docs/benchmarks.md.",
            {
                name: search.policy_for(name, HEURISTICS[name])
                for name in GAMES
                if name in HEURISTICS
            },
            SEARCH_LEVELS,
        ),
    )
}


def parse_bot(spec: str) -> tuple[str, str | None]:
    """`search:strong` -> ("search", "strong"); `heuristic` -> ("heuristic", None)."""
    name, _, level = spec.partition(":")
    return name, level or None


def known(bot: str, game: str, level: str | None = None) -> bool:
    """Whether that bot plays that game at that level (None: its default)."""
    entry = BOTS.get(bot)
    return entry is not None and game in entry.policies and entry.has_level(level)


def turn_rng(bot: str, seed: str, version: int, seat: int) -> random.Random:
    """The generator of one bot turn: a retried turn picks the same move, no state is kept."""
    return random.Random(f"bot:{bot}:{seed}:{version}:{seat}")


def decide(
    bot: str,
    game: Game,
    seat: int,
    rng: random.Random,
    budget_ms: float = DEFAULT_BUDGET_MS,
    level: str | None = None,
    timed: bool = True,
) -> Move | None:
    """The bot's move for `seat`, from that seat's view only; None when it has no move.

    A bot with levels thinks at `level` (None: its default): that level's worlds, capped by
    its think time when `timed` (the service), by the worlds alone when not (matches)."""
    view = game.view(seat)
    legal = view.get("legal_moves") or []
    if not legal:
        return None
    entry = BOTS[bot]
    policy = entry.policies[game.name]
    chosen = entry.level(level)
    if chosen is None:
        choice = policy(view, legal, rng, budget_ms)
    else:
        think = chosen.think_ms if timed else math.inf
        leveled = cast(Callable[..., JSON], policy)
        choice = leveled(view, legal, rng, think, worlds=chosen.worlds[game.name])
    move = Move.from_json(choice)
    if move.to_json() not in legal:
        raise ValueError(f"bot {bot} chose an illegal move {choice!r}")
    return move

"""Computer players: pure policies over a seat's view (no Flask, Redis or RQ here).

A policy sees exactly what its seat would see at a real table (`Game.view(seat)`, whose
`legal_moves` it must pick from), a generator seeded for that one turn, and a time budget. It
never gets the game state, so it cannot peek at other hands or the stock.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bots import (
    doppelkopf_heuristic,
    doubleduck_heuristic,
    duck_heuristic,
    ducksoup_heuristic,
    random_bot,
)
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

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "games": sorted(self.policies),
            "description": self.description,
            "strength": self.strength,
        }


HEURISTICS: dict[str, Choose] = {
    # One line per game: the game's name and its rule-based policy.
    "doppelkopf": doppelkopf_heuristic.choose,
    "doubleduck": doubleduck_heuristic.choose,
    "duck": duck_heuristic.choose,
    "ducksoup": ducksoup_heuristic.choose,
}

BOTS: dict[str, Bot] = {
    bot.name: bot
    for bot in (
        Bot(
            "random",
            "Picks uniformly among the legal moves.",
            "The baseline: every other bot is measured against it.",
            {name: random_bot.choose for name in GAMES},
        ),
        Bot(
            "heuristic",
            "Rule-based, one policy per game from what a good player knows of it (see each "
            "bots/<game>_heuristic.py).",
            "Measured against random by duplicate deals, per game: docs/benchmarks.md.",
            HEURISTICS,
        ),
    )
}


def turn_rng(bot: str, seed: str, version: int, seat: int) -> random.Random:
    """The generator of one bot turn: a retried turn picks the same move, no state is kept."""
    return random.Random(f"bot:{bot}:{seed}:{version}:{seat}")


def decide(
    bot: str, game: Game, seat: int, rng: random.Random, budget_ms: float = DEFAULT_BUDGET_MS
) -> Move | None:
    """The bot's move for `seat`, from that seat's view only; None when it has no move."""
    view = game.view(seat)
    legal = view.get("legal_moves") or []
    if not legal:
        return None
    choice = BOTS[bot].policies[game.name](view, legal, rng, budget_ms)
    move = Move.from_json(choice)
    if move.to_json() not in legal:
        raise ValueError(f"bot {bot} chose an illegal move {choice!r}")
    return move

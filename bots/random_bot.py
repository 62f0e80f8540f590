"""The random bot: a uniformly chosen legal move.

Pure and deterministic given its generator, so a bot turn replays exactly: the service seeds
`rng_for(game seed, version)`, and a retried job picks the same move.
"""

from __future__ import annotations

import random

from engine import Game, Move

NAME = "random"


def rng_for(seed: str, version: int) -> random.Random:
    """The generator of the bot's turn at `version`; each turn gets its own, no state is kept."""
    return random.Random(f"bot:{NAME}:{seed}:{version}")


def choose(game: Game, seat: int, rng: random.Random) -> Move | None:
    """A legal move of `seat` picked uniformly, or None when it has none (not its turn)."""
    moves = game.legal_moves(seat)
    if not moves:
        return None
    return moves[rng.randrange(len(moves))]

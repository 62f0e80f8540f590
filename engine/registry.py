"""The games on offer, by name: each game registers itself with one line (`register`).

A module of its own so that whatever replays games by name (`engine.record`) needs only this,
not the package that imports every game.
"""

from __future__ import annotations

from typing import TypeVar

from engine.protocol import Game

G = TypeVar("G", bound=type[Game])

GAMES: dict[str, type[Game]] = {}
"""Every registered game class, by its `name`."""


def register(game: G) -> G:
    """Offer `game` under its `name` (a class decorator); a name is registered once."""
    if GAMES.get(game.name, game) is not game:
        raise ValueError(f"a game named {game.name!r} is registered already")
    GAMES[game.name] = game
    return game

"""Pure rules of the duckpond games behind one protocol (see `engine.protocol`)."""

from engine.doppelkopf import Doppelkopf
from engine.doubleduck import Doubleduck
from engine.duck import Duck
from engine.ducksoup import Ducksoup
from engine.protocol import (
    Deal,
    EngineError,
    Event,
    Game,
    Move,
    MoveError,
    Reason,
    Result,
    RolloutPolicy,
    SetupError,
)
from engine.registry import GAMES, register

# One line a game: the order is the catalog's.
register(Doubleduck)
register(Ducksoup)
register(Duck)
register(Doppelkopf)

__all__ = [
    "GAMES",
    "Deal",
    "EngineError",
    "Event",
    "Game",
    "Move",
    "MoveError",
    "Reason",
    "Result",
    "RolloutPolicy",
    "SetupError",
    "register",
]

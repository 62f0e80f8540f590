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

GAMES: dict[str, type[Game]] = {
    Doubleduck.name: Doubleduck,
    Ducksoup.name: Ducksoup,
    Duck.name: Duck,
    Doppelkopf.name: Doppelkopf,
}

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
]

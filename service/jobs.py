"""RQ job functions. Their names and arguments are a contract with jobs already queued.

A job takes plain values (game id, seat, version), reloads what it needs and goes through the
same use case as an HTTP request; the JSON serializer carries them (never pickle).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from service.config import from_env
from service.games import Games, connect

_games: Games | None = None

TEST_BOT_DELAY = "DUCKPOND_TEST_BOT_DELAY"
"""Test hook, never set in production: seconds a bot turn sleeps between its decision and its
move, so that a test can kill the worker in the middle of a turn (tests/service/test_bots_*)."""


def games() -> Games:
    """One use-case layer (one Redis pool) per worker process, built from the environment."""
    global _games
    if _games is None:
        _games = connect(from_env())
    return _games


def bot_turn(game_id: str, seat: int, version: int) -> str:
    """Play the bot seat's turn if the game is still at `version`; returns what happened."""
    return games().bot_turn(game_id, int(seat), int(version), _test_bot_delay())


def _test_bot_delay() -> Callable[[], None] | None:
    """The sleep of `DUCKPOND_TEST_BOT_DELAY`, or None (always, outside the tests)."""
    seconds = float(os.environ.get(TEST_BOT_DELAY) or 0)
    if seconds <= 0:
        return None
    return lambda: time.sleep(seconds)

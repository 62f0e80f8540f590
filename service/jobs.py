"""RQ job functions. Their names and arguments are a contract with jobs already queued.

A job takes plain values (ids, seat, version), reloads what it needs and goes through the same
use case as an HTTP request; the JSON serializer carries them (never pickle). The layers they
use are built once per worker process (`service.wiring`) and installed here by the worker
before it takes its first job, so a job never builds its own connections (a forked job
inherits them).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the layers import the bot-turn scheduler, which names these functions
    from service.wiring import Layers

_layers: Layers | None = None

TEST_BOT_DELAY = "DUCKPOND_TEST_BOT_DELAY"
"""Test hook, never set in production: seconds a bot turn sleeps between its decision and its
move, so that a test can kill the worker in the middle of a turn (tests/service/test_bots_*)."""


def install(layers: Layers | None) -> None:
    """Give this process's jobs their layers (`python -m service.worker` does, at start;
    None takes them back)."""
    global _layers
    _layers = layers


def installed() -> Layers:
    if _layers is None:
        raise RuntimeError("no layers installed: run jobs with `python -m service.worker`")
    return _layers


def bot_turn(game_id: str, seat: int, version: int) -> str:
    """Play the bot seat's turn if the game is still at `version`, and the bot turns right
    after it for up to `BOT_CHAIN_MS` (`service.core.config`); returns what happened to the
    first."""
    tables = installed().tables
    return tables.bot_turn(
        game_id, int(seat), int(version), _test_bot_delay(), chain_seconds=tables.chain_seconds
    )


def play_match_game(match_id: str, index: int) -> str:
    """Play one match game (every rotation) and record it once; returns what happened."""
    return installed().matches.play(match_id, int(index))


def advance_match(match_id: str) -> str:
    """One step of an outside match: record its ended games, create the next
    (`service.matches.match_games`); returns what happened."""
    return installed().matches.advance(match_id)


def advance_tournament(tournament_id: str) -> str:
    """One step of a tournament: settle its ended pairings, make the next round
    (`service.matches.tournaments`); returns what happened."""
    tournaments = installed().tournaments
    assert tournaments is not None, "the worker's layers have tournaments"
    return tournaments.advance(tournament_id)


def deliver_webhook(key_id: str, endpoint_id: str, number: int, kind: str, data: str) -> str:
    """One attempt to deliver feed entry `number` of app key `key_id` to a webhook endpoint
    (`service.streams.webhooks`); raises for RQ to retry it."""
    webhooks = installed().webhooks
    assert webhooks is not None, "the worker's layers have webhooks"
    return webhooks.deliver(key_id, endpoint_id, int(number), kind, data)


def _test_bot_delay() -> Callable[[], None] | None:
    """The sleep of `DUCKPOND_TEST_BOT_DELAY`, or None (always, outside the tests)."""
    seconds = float(os.environ.get(TEST_BOT_DELAY) or 0)
    if seconds <= 0:
        return None
    return lambda: time.sleep(seconds)

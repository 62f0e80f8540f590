"""Refusals every change of a table checks first, whatever the change (`Tables`, the lobby)."""

from __future__ import annotations

from service.core.errors import ServiceError
from service.games.bodies import ABANDONED, WAITING
from service.storage.records import Stored


def refuse_abandoned(stored: Stored) -> None:
    """An abandoned game takes no change: a 409 that says so."""
    if stored.status == ABANDONED:
        raise ServiceError("game_abandoned", "the host abandoned this game", version=stored.version)


def refuse_waiting(stored: Stored) -> None:
    """A table with open seats takes no move or deal: a 409 that says so."""
    if stored.status == WAITING:
        raise ServiceError(
            "seats_open",
            "the table waits for its open or invited seats to be taken",
            version=stored.version,
        )

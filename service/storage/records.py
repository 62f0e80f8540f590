"""What the reads of `service.storage.store` answer: a stored game, and its head."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import Event


@dataclass(frozen=True, slots=True)
class Stored:
    """One game as read from Redis in a single HGETALL (so all fields are of one version)."""

    gid: str
    version: int
    state: dict[str, Any]
    meta: dict[str, Any]
    status: str
    nevents: int
    to_act: tuple[int, ...] | None = None
    """None for a game stored before the field existed (then nobody waits on it)."""
    cached: bool = False
    """True when this came from the process's cache (`service.storage.cache`), not from Redis
    now."""


@dataclass(frozen=True, slots=True)
class Head:
    """What a waiting request tests after each wake-up: a few bytes, not the whole state."""

    version: int
    status: str
    to_act: tuple[int, ...] | None


def event_entry(event: Event, version: int) -> dict[str, Any]:
    """An event as the game's event list stores it (secret ones included). Here, beside the
    store, because a finished game's events are rebuilt in this form from its actions
    (`service.storage.archive`)."""
    return {
        "version": version,
        "type": event.type,
        "data": dict(event.data),
        "visible_to": event.visible_to,
    }

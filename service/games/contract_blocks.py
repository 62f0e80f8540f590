"""The shapes the service's half of the games' contract is built of (`service.games.contract`):
the JSON Schema helpers and shared shapes of `engine.wire`, and what only the service adds
(a view's phase, the service's own events, a move's fields, an option's schema, the names
of components)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine import GAMES
from engine.protocol import Option
from engine.wire import (
    BOOL,
    CARD,
    CARDS,
    COMMITMENT,
    COUNT,
    COUNTS_PER_SEAT,
    DEALT,
    DISCLOSED,
    INT,
    PER_TEAM,
    REF,
    SEAT,
    TEXT,
    array,
    enum,
    nullable,
    obj,
    ref,
)

JSON = dict[str, Any]

__all__ = [
    "BOOL",
    "CARD",
    "CARDS",
    "COMMITMENT",
    "COUNT",
    "COUNTS_PER_SEAT",
    "DEALT",
    "DISCLOSED",
    "INT",
    "JSON",
    "MOVE_FIELDS",
    "PER_TEAM",
    "PHASE",
    "REF",
    "SEAT",
    "SERVICE_EVENTS",
    "TEXT",
    "array",
    "camel",
    "enum",
    "nullable",
    "obj",
    "one_of",
    "option_schema",
    "ref",
    "title",
]

PHASE = enum(
    ["play", "deal_over", "game_over"],
    "`play` while a deal is played, `deal_over` between deals, `game_over` at the end.",
)

SERVICE_EVENTS: dict[str, JSON] = {
    "game_created": obj(
        {"game": TEXT, "seat_count": COUNT, "bots": array(nullable(TEXT))},
        description="The service's own first event: the game, its seats and their bots.",
    ),
    "game_abandoned": obj(
        {"by": TEXT},
        description="The service's own last event of an abandoned game (`by`: `host` the host "
        "abandoned it, `rematch_declined` a seat declined this rematch).",
    ),
    "rematch_declined": obj(
        {"seat": SEAT},
        description="A seat of the finished game declined this rematch (or its asker withdrew "
        "it): `game_abandoned` follows.",
    ),
    "turn_timed_out": obj(
        {
            "seat": SEAT,
            "deadline": {**INT, "description": "The seat's deadline (ms since the epoch)."},
            "at": {**INT, "description": "When its bot played (ms since the epoch)."},
            "bot": {**TEXT, "description": "The `on_timeout` bot that played the move."},
        },
        description="A timed seat's time ran out: its `on_timeout` bot plays its move (the "
        "events that follow in this change); between deals of a table that deals on request, "
        "the seat's time to deal ran out and the service deals.",
    ),
    "turn_started": obj(
        {
            "seat": SEAT,
            "at": {**INT, "description": "The turn's start (ms since the epoch)."},
            "deadline": {**INT, "description": "When its `on_timeout` bot plays for it."},
            "reserve_ms": {**COUNT, "description": "The seat's reserve, counted in `deadline`."},
        },
        description="A timed seat is to act (or, between deals of a table that deals on "
        "request, to deal: the service deals at `deadline`): its clock runs from `at` to "
        "`deadline`, by the server's clock (a view's `clock.now` tells how far a client's is "
        "off).",
    ),
    "seat_away": obj(
        {"seat": SEAT, "by": enum(["seat", "timeouts"])},
        description="The seat is away: its `on_timeout` bot plays it until it returns (`by`: "
        "`seat` it left, `timeouts` it timed out `away_after` times in a row).",
    ),
    "seat_returned": obj(
        {"seat": SEAT, "by": enum(["seat", "move"])},
        description="The seat plays by its own hand again (`by`: `seat` it returned, `move` "
        "it moved).",
    ),
    "seat_taken": obj(
        {"seat": SEAT, "open": array(SEAT, "The seats still open: empty, the table starts.")},
        description="An open seat was taken (an invite code, or a rematch's seat holder).",
    ),
}

# --- from the engine's metadata --------------------------------------------------------------

MOVE_FIELDS: dict[str, JSON] = {"card": CARD, "cards": CARDS, "call": TEXT, "draw": TEXT}
"""The schema of each field a move may have (`engine.Move`)."""


def title(name: str) -> str:
    """A game's name as it starts its schemas' names: `Doubleduck`, `Ducksoup`."""
    return GAMES[name].__name__


def camel(snake: str) -> str:
    return "".join(part.title() for part in snake.split("_"))


def option_schema(option: Option) -> JSON:
    """An option of `options_spec` as JSON Schema: its type, limits, default and doc."""
    out: JSON
    if option.kind is list:
        out = array(INT)
    elif option.kind is bool:
        out = dict(BOOL)
    else:
        out = dict(INT)
    for key, value in (("minimum", option.minimum), ("maximum", option.maximum)):
        if value is not None:
            out[key] = value
    if option.choices is not None:
        out["enum"] = list(option.choices)
    return {**out, "default": option.default, "description": option.doc}


def one_of(names: Iterable[str], key: str, values: Mapping[str, str]) -> JSON:
    """A choice among named schemas told apart by the `const` of `key` (the discriminator)."""
    refs = [ref(n) for n in names]
    if len(refs) == 1:
        return refs[0]
    mapping = {value: REF + name for value, name in values.items()}
    return {"oneOf": refs, "discriminator": {"propertyName": key, "mapping": mapping}}

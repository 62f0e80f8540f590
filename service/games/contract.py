"""The typed contract of each game on the wire: its views, legal moves, events and deal records
as JSON Schemas, published in the spec's components so that generated clients get a typed
Duck view with typed legal moves (tests/service/games/test_contract.py holds real games to them).

Every game says its own part: its name, its move shapes (`move_shapes`: one schema per move
type, the fields every shape of the type has are required, a field's values where the shapes
list them), its options (`options_spec`: types, limits, defaults), and its wire contract
(`Game.contract`, `engine.wire`: view fields, seat fields, deal record, event data). Nothing
here names a game: the spec holds whatever games `engine.GAMES` holds when an app is created.
Events of one type share a schema across games: the types of a field named alike must agree
(`merged` refuses otherwise: one name per idea), a field is required where every game sends it.

Views are told apart by `game`, moves and events by `type` (each a `const`, which is what a
generated client checks when it parses a union).

This module is the one door to the contract; the work is in three:
`service.games.contract_blocks` (the shapes), `service.games.contract_out` (the components:
views, events, records) and `service.games.contract_in` (what a creation, a match, a move and a
host's deal take).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import GAMES
from service.games.contract_blocks import (
    JSON,
    MOVE_FIELDS,
    PHASE,
    REF,
    SERVICE_EVENTS,
    camel,
    nullable,
    obj,
    one_of,
    option_schema,
    ref,
    title,
)
from service.games.contract_in import (
    any_move_in,
    bot_specs,
    cards_in,
    deal_in,
    deal_order,
    dealt_somewhere,
    deck,
    game_in,
    match_in,
    move_in,
    moved_somewhere,
    next_deal_in,
    options_in,
    satisfies,
    seat_in,
)
from service.games.contract_out import (
    ANY_EVENT,
    ANY_VIEW,
    components,
    deal_records,
    event_data,
    event_types,
    merged,
    move_schemas,
    view_schema,
)

__all__ = [
    "ANY_EVENT",
    "ANY_VIEW",
    "JSON",
    "MOVE_FIELDS",
    "PHASE",
    "REF",
    "SERVICE_EVENTS",
    "any_move_in",
    "bot_specs",
    "camel",
    "cards_in",
    "components",
    "deal_in",
    "deal_order",
    "deal_records",
    "dealt_somewhere",
    "deck",
    "event_data",
    "event_types",
    "game_in",
    "match_in",
    "merged",
    "move_in",
    "move_schemas",
    "moved_somewhere",
    "next_deal_in",
    "nullable",
    "obj",
    "one_of",
    "option_schema",
    "options_in",
    "ref",
    "satisfies",
    "seat_in",
    "title",
    "view_schema",
]


def _per_game(part: str) -> Mapping[str, Any]:
    return {name: getattr(cls.contract, part) for name, cls in GAMES.items()}


_TABLES = {
    "VIEW_FIELDS": lambda: _per_game("view"),
    "SEAT_FIELDS": lambda: _per_game("seat"),
    "DEAL_RECORDS": deal_records,
    "EVENT_DATA": event_data,
    "EVENT_TYPES": event_types,
}


def __getattr__(name: str) -> Any:
    """The per-game tables by their old names (`EVENT_DATA`, `SEAT_FIELDS`, `VIEW_FIELDS`,
    `DEAL_RECORDS`, by game name; `EVENT_TYPES`), read from the games registered now."""
    table = _TABLES.get(name)
    if table is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return table()

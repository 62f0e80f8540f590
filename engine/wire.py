"""What a game says of itself on the wire: its views, seat fields, deal records and event data
as plain JSON Schema dicts (no library: the engine stays pure), for the service to publish in
its spec (`service.games.contract` builds the components from every registered game).

A game declares its `Contract` as the class attribute `contract` (`engine.protocol.Game`); the
building blocks below are the shapes several games share. A field named alike in several games
must have the same schema in each (the service refuses otherwise: one name per idea).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.fairness import DEALT_BY

JSON = dict[str, Any]
REF = "#/components/schemas/"


@dataclass(frozen=True, slots=True)
class Contract:
    """A game's wire contract, beside what the engine's metadata says (moves, options)."""

    view: Mapping[str, JSON] = field(default_factory=dict)
    """The game's own public view fields, in order (beside the frame every view has)."""
    seat: Mapping[str, JSON] = field(default_factory=dict)
    """Fields only a seat's view has, beside `seat`, `hand` and `legal_moves`."""
    deal: JSON = field(default_factory=lambda: obj({}))
    """A scored deal's record (`Result.deals`): an object schema."""
    events: Mapping[str, JSON] = field(default_factory=dict)
    """Each event type the game sends -> the object schema of its `data`."""


# --- building blocks ---------------------------------------------------------------------


def ref(name: str) -> JSON:
    return {"$ref": REF + name}


def obj(
    props: Mapping[str, JSON], optional: Iterable[str] = (), description: str | None = None
) -> JSON:
    """An object of `props`, each required unless `optional`. Open (no `additionalProperties`):
    v1 grows by adding fields, so clients must ignore those they do not know."""
    skip = set(optional)
    out: JSON = {
        "type": "object",
        "properties": dict(props),
        "required": [name for name in props if name not in skip],
    }
    if description:
        out["description"] = description
    return out


def array(items: JSON, description: str | None = None) -> JSON:
    out: JSON = {"type": "array", "items": items}
    if description:
        out["description"] = description
    return out


def enum(values: Iterable[str], description: str | None = None) -> JSON:
    out: JSON = {"type": "string", "enum": list(values)}
    if description:
        out["description"] = description
    return out


def nullable(schema: JSON) -> JSON:
    """`schema` or null (a JSON Schema 2020-12 type list where it can, else a choice)."""
    kind = schema.get("type")
    if isinstance(kind, str) and "$ref" not in schema:
        out = {**schema, "type": [kind, "null"]}
        if "enum" in schema:
            out["enum"] = [*schema["enum"], None]
        return out
    return {"anyOf": [schema, {"type": "null"}]}


INT: JSON = {"type": "integer"}
COUNT: JSON = {"type": "integer", "minimum": 0}
BOOL: JSON = {"type": "boolean"}
TEXT: JSON = {"type": "string"}
SEAT: JSON = {"type": "integer", "minimum": 0, "description": "A seat, from 0."}
SEAT_LIST = array(SEAT)
PER_SEAT = array(INT, "One number per seat, seat 0 first.")
PER_TEAM = array(INT, "One number per team of the game (a side in Doubleduck, else a seat).")
COUNTS_PER_SEAT = array(COUNT, "One count per seat, seat 0 first.")
CARD: JSON = {
    "type": "string",
    "pattern": "^(?:[A2-9TJQK][CDHS]|[YBR][0-8])$",
    "description": "A card: rank then suit (`JS`, `TC`), in Duck colour then number (`B7`).",
}
CARDS = array(CARD)
CALL = enum(["quack", "doubleduck"])
TRICK_PLAY = obj(
    {"seat": SEAT, "card": CARD, "call": CALL, "spoken": TEXT},
    optional=["call", "spoken"],
    description="A card in a trick; Doubleduck adds its call and how it was spoken.",
)
RESIGNED = array(
    SEAT,
    "The seats that resigned, in order (Doubleduck: one partner's stands until the other's).",
)
DEALT = enum(
    DEALT_BY,
    "How the deal was made: "
    + "; ".join(f"`{k}`: {v}" for k, v in DEALT_BY.items())
    + " (docs/fair-deals.md).",
)
COMMITMENT: JSON = {
    "type": "string",
    "pattern": "^[0-9a-f]{64}$",
    "description": "SHA-256 hex of what decides the deal (salt, seed and deal number; the "
    "cards too when the host chose them), hiding until the record reveals the seed and salt: "
    "`python -m service.verify` checks the record against it (docs/fair-deals.md).",
}
DISCLOSED: JSON = {"dealt_by": DEALT, "deal_commitment": COMMITMENT}
"""What every `deal_started` and every view say of the deal: how it was made, its commitment."""

# --- events several games send alike -------------------------------------------------------

TRICK_DEAL_STARTED = obj({"deal_no": COUNT, "dealer": SEAT, "leader": SEAT, **DISCLOSED})
"""`deal_started` of a trick game (`engine.tricks.TrickGame`), disclosure included."""
HAND_DEALT = obj({"seat": SEAT, "cards": CARDS})
CARD_PLAYED = obj({"seat": SEAT, "card": CARD, "call": CALL, "spoken": TEXT}, ["call", "spoken"])
GAME_OVER_DATA = obj(
    {
        "totals": PER_TEAM,
        "game_points": PER_TEAM,
        "winners": SEAT_LIST,
        "capped": {**BOOL, "description": "Present (true) when the deal cap ended the game."},
        "resigned": {**RESIGNED, "description": "Present when a resignation ended the game."},
    },
    ["game_points", "capped", "resigned"],
)
SEAT_RESIGNED = obj({"seat": SEAT}, description="A seat resigned (`POST .../resign`).")

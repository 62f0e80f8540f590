"""Deprecated forms of the wire contract that are still read, and today's reading of them.

`/api/v1` changed the explicit deal from `{hands, stock, face_up}` to one list `{cards}` without a
deprecation window (CHANGELOG.md, 4.0.0); the old form is read again, as the same deal, until its
sunset. Each form here is turned into today's form before the game sees it, so the engine, the
record and the deal commitment know one form only."""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import chain
from typing import Any

from engine import Deal, Game, Reason
from engine.wire import nullable
from service.core.errors import ServiceError

JSON = dict[str, Any]

OLD_DEAL = "deal-hands-stock"
"""The deprecated form's name (`service.http.deprecation.FORMS` holds its dates)."""

OLD_DEAL_PILES = ("face_up",)
"""The piles the old form named beside `hands` and `stock` (Duck's face-up cards)."""

CALL_PATTERN = (
    r"^[ \t\n\r]*(?:[Dd][Oo][Uu][Bb][Ll][Ee][Dd][Uu][Cc][Kk]"
    r"|[Qq][Uu][Aa][Cc][Kk](?:-[Qq][Uu][Aa][Cc][Kk])*)!*[ \t\n\r]*$"
)
"""A call the rules can read (`quack`, `Quack-quack!`, `doubleduck`): any other word is no call
of any game, so it is malformed (422) whatever the state. The spec states this pattern and the
server matches the same string (ASCII only, so JSON Schema's and Python's regexes agree)."""

CALL = re.compile(CALL_PATTERN)


def check_call(move: Mapping[str, Any]) -> None:
    """Refuse a move whose `call` is no call of any game: 422 `validation_error` naming it."""
    call = move.get("call") if isinstance(move, Mapping) else None
    if isinstance(call, str) and not CALL.match(call):
        raise ServiceError(
            "validation_error",
            f"move.call: {call[:64]!r} is not a call (quack, quack-quack..., doubleduck)",
            fields={"json": {"move": {"call": ["Not a call."]}}},
        )


def is_old_deal(deal: Any) -> bool:
    """Whether an explicit deal is in the deprecated `{hands, stock, face_up}` form."""
    return isinstance(deal, Mapping) and "hands" in deal and "cards" not in deal


def cards_of(deal: Mapping[str, Any]) -> list[str]:
    """An explicit deal as today's one list: seat 0's hand, ..., the piles, then the stock."""
    if not is_old_deal(deal):
        return list(deal["cards"])
    piles = [deal.get(name) or [] for name in OLD_DEAL_PILES]
    return [*chain(*deal["hands"]), *chain(*piles), *(deal.get("stock") or [])]


def explicit_deal(game: Game, deal: Mapping[str, Any]) -> Deal:
    """The deal `deal` names for `game`, in either form. An old deal must already be in the
    game's shape (a hand of each seat's size, its piles): re-splitting one list would give
    other seats other cards than the host wrote, so such a deal is 422 `invalid_deal`."""
    out = game.deal_of(cards_of(deal))
    if is_old_deal(deal):
        given = {name: list(deal.get(name) or []) for name in OLD_DEAL_PILES if name in deal}
        same = (
            [list(h) for h in deal["hands"]] == [list(h) for h in out.hands]
            and list(deal.get("stock") or []) == list(out.stock)
            and given == {name: list(cards) for name, cards in out.extra.items() if cards}
        )
        if not same:
            raise ServiceError(
                Reason.INVALID_DEAL,
                f"a {game.title} deal is {len(out.hands)} hands of {len(out.hands[0])}"
                + "".join(f", {name} of one card per seat" for name in out.extra)
                + ", then the stock",
            )
    return out


def old_deal_schema(card: JSON | None = None) -> JSON:
    """The spec's deprecated alternative of an explicit deal (`card`: one card's schema)."""
    one = card or {"type": "string", "maxLength": 8}
    cards: JSON = {"type": "array", "items": one, "maxItems": 128}
    return {
        "type": "object",
        "deprecated": True,
        "description": "Deprecated (since 5.0.0, sunset 2027-06-30): the former form, read as "
        "`{cards: [*hands, *face_up, *stock]}` when its hands and piles have the game's sizes, "
        "and answered with `Deprecation`, `Sunset` and `Link` headers. Send `cards`.",
        "properties": {
            "hands": {
                "type": "array",
                "items": cards,
                "minItems": 1,
                "maxItems": 8,
                "description": "One hand per seat, seat 0 first.",
            },
            "stock": {**cards, "description": "The stock, top card first."},
            "face_up": {**cards, "description": "Duck: one face-up card per seat."},
        },
        "required": ["hands"],
        "additionalProperties": False,
    }


def with_old_deal(schema: JSON) -> JSON:
    """An explicit deal's schema: today's form or null (shuffled), with the deprecated form
    beside it as `x-deprecated-forms`, not as a choice of the schema. The old form cannot say
    in JSON Schema that its hands hold exactly the game's cards, so as a choice it would make
    schema-valid deals that are refused (422 `invalid_deal`): a spec that lies to every
    generator and fuzzer (schemathesis' `positive_data_acceptance`). The spec describes it, and
    the server reads it until its sunset."""
    note = (
        " Deprecated: the former `{hands, stock, face_up}` form (`x-deprecated-forms`) is "
        "still read until its sunset, 2027-06-30, with `Deprecation` and `Sunset` headers."
    )
    out = nullable(schema)
    out["description"] = out.get("description", "") + note
    out["x-deprecated-forms"] = [old_deal_schema()]
    return out

"""Schemas of `catalog.py`: the games and what each allows."""

from __future__ import annotations

from marshmallow import fields, validate

from engine.fairness import DEALT_BY
from service.api.common_schemas import Out


class DealtByOut(Out):
    name = fields.String(required=True, validate=validate.OneOf(list(DEALT_BY)))
    doc = fields.String(required=True)


class ResignOfferOut(Out):
    offered = fields.Boolean(required=True)
    doc = fields.String(required=True)


class CatalogGameOut(Out):
    name = fields.String(required=True)
    title = fields.String(required=True)
    min_seats = fields.Integer(required=True)
    max_seats = fields.Integer(required=True)
    options = fields.List(fields.Dict(), required=True)
    moves = fields.List(fields.Dict(), required=True)
    bots = fields.List(fields.String(), required=True)
    dealt_by = fields.List(
        fields.Nested(DealtByOut),
        required=True,
        metadata={
            "description": "Each way a deal can be made, as a view's and a `deal_started` "
            "event's `dealt_by` names it, and what it tells the table; every deal also carries "
            "a `deal_commitment` the record is checked against (docs/fair-deals.md)."
        },
    )
    deal_cap = fields.Integer(
        required=True,
        metadata={"description": "The game ends after this many deals at the latest."},
    )
    move_cap = fields.Integer(
        required=True, metadata={"description": "No game takes more moves than this."}
    )
    resign = fields.Nested(
        ResignOfferOut,
        required=True,
        metadata={
            "description": "Whether a seat may resign (`POST .../resign`), and what "
            "that records in this game (docs/rules)."
        },
    )


class CatalogOut(Out):
    games = fields.List(fields.Nested(CatalogGameOut), required=True)
    max_match_games = fields.Integer(
        required=True,
        metadata={
            "description": "The most games one match may ask for on this server (its "
            "`MAX_MATCH_GAMES`; more is 422 `too_many_games`). An app key's own quota of games "
            "per match may be lower (429 `quota_match_games`)."
        },
    )

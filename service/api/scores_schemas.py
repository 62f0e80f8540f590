"""Schemas of `scores.py`: a game's scores."""

from __future__ import annotations

from marshmallow import fields

from service.api.common_schemas import VERSION_DOC, Documented, Out
from service.games import contract


class ScoreOut(Out):
    id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": VERSION_DOC})
    status = fields.String(required=True)
    over = fields.Boolean(required=True)
    deals = fields.List(
        Documented(contract.ref("DealRecord")),
        required=True,
        metadata={"description": "Each scored deal: course counts, scores, running totals."},
    )
    totals = fields.List(fields.Integer(), required=True)
    game_points = fields.List(fields.Integer(), required=True)
    winners = fields.List(fields.Integer(), required=True)

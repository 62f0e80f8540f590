"""Schemas of `deals.py`: asking for the next deal."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.common_schemas import WholeNumber
from service.api.games_schemas import DealIn


class DealRequestIn(Schema):
    deal = fields.Nested(
        DealIn,
        allow_none=True,
        metadata={"description": "Host only: an explicit deal; absent or null, it is shuffled."},
    )
    expected_version = WholeNumber(validate=validate.Range(min=0))

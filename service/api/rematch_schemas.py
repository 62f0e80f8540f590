"""Schemas of `rematch.py`: a finished game's rematch."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.api.common_schemas import app_key_param
from service.api.games_schemas import SeatTokenOut


class RematchIn(Schema):
    """Asking for a rematch takes no fields: the body may be absent or `{}`."""


class RematchHeaders(Schema):
    app_key = app_key_param()


class RematchOut(SeatTokenOut):
    rematch_of = fields.String(
        required=True, metadata={"description": "The finished game this is the rematch of."}
    )


class DeclineOut(Schema):
    id = fields.String(required=True, metadata={"description": "The rematch declined."})
    rematch_of = fields.String(
        required=True, metadata={"description": "The finished game it was the rematch of."}
    )
    status = fields.String(
        required=True, metadata={"description": "The rematch's status now: `abandoned`."}
    )
    declined_by = fields.Integer(
        required=True, metadata={"description": "The seat (of the finished game) that declined."}
    )

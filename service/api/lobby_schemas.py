"""Schemas of `lobby.py`: the tables with open seats."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.common_schemas import Out
from service.api.games_schemas import SeatOut


class LobbyQuery(Schema):
    limit = fields.Integer(
        load_default=50,
        validate=validate.Range(min=1, max=100),
        metadata={"description": "At most this many tables, newest first."},
    )


class LobbyTableOut(Out):
    id = fields.String(required=True)
    game = fields.String(required=True)
    seats = fields.List(fields.Nested(SeatOut), required=True)
    open_seats = fields.List(fields.Integer(), required=True)
    options = fields.Dict(
        required=True, metadata={"description": "The game's options, defaults filled in."}
    )
    auto_deal = fields.Boolean(required=True)
    lobby = fields.String(
        required=True,
        validate=validate.OneOf(["key", "all"]),
        metadata={"description": "Listed to its app key's callers (`key`) or to all."},
    )
    age_seconds = fields.Integer(required=True, metadata={"description": "Since creation."})
    invite_code = fields.String(
        required=True, metadata={"description": "Takes an open seat (`POST .../claim`)."}
    )


class LobbyOut(Out):
    game = fields.String(required=True)
    tables = fields.List(fields.Nested(LobbyTableOut), required=True)

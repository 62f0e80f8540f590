"""Schemas of `moves.py`: a move, its query and (from `games_schemas`) its answer."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.common_schemas import WholeNumber, wait_param


class MoveBody(Schema):
    """What the server reads of a move before the rules do; the spec says each game's moves
    exactly (`service.games.contract.move_in`)."""

    type = fields.String(required=True, validate=validate.Length(min=1, max=32))
    card = fields.String(validate=validate.Length(max=8))
    call = fields.String(validate=validate.Length(max=64))
    cards = fields.List(
        fields.String(validate=validate.Length(max=8)), validate=validate.Length(max=64)
    )
    draw = fields.String(validate=validate.Length(max=32))


class MoveIn(Schema):
    move = fields.Nested(MoveBody, required=True)
    expected_version = WholeNumber(
        validate=validate.Range(min=0),
        metadata={"description": "Refuse (409 stale_version) unless the game is at this version."},
    )


class MoveQuery(Schema):
    wait = wait_param(
        "With `wait`, the answer's `events` are all those since this move that the seat may "
        "see (what the others played meanwhile)."
    )

"""Schemas of `claim.py`: taking an open seat with an invite code."""

from __future__ import annotations

from marshmallow import Schema, fields, validate


class ClaimIn(Schema):
    invite_code = fields.String(
        required=True,
        validate=validate.Length(min=1, max=64),
        metadata={"description": "The table's invite code, from its creation (or the lobby)."},
    )
    seat = fields.Integer(
        validate=validate.Range(min=0, max=15),
        metadata={"description": "The open seat to take; absent, the lowest open one."},
    )

"""Schemas of `seats.py`: a seat leaving or returning."""

from __future__ import annotations

from marshmallow import Schema, validate

from service.api.common_schemas import WholeNumber, app_key_param, if_match_param


class PresenceIn(Schema):
    expected_version = WholeNumber(
        validate=validate.Range(min=0),
        metadata={"description": "Only if the game is still at this version (else 409)."},
    )


class PresenceHeaders(Schema):
    app_key = app_key_param()
    if_match = if_match_param()

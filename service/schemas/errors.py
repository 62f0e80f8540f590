"""The one error shape every refusal answers with (its reasons: `service.errors`)."""

from __future__ import annotations

from marshmallow import fields, validate

from service.errors import REASONS
from service.schemas.base import Out


class ErrorDetailsOut(Out):
    """What went wrong, for machines: `reason` always, details by reason."""

    reason = fields.String(
        required=True,
        validate=validate.OneOf(sorted(str(r) for r in REASONS)),
        metadata={
            "description": "A stable machine-readable code (the table in the spec's "
            "description lists each with its HTTP status)."
        },
    )
    fields_ = fields.Dict(
        data_key="fields",
        metadata={"description": "With `validation_error`: the messages by location and field."},
    )
    version = fields.Integer(
        metadata={"description": "With `stale_version` and `game_not_over`: the game's version."}
    )


class ErrorOut(Out):
    """Every error: flask-smorest's payload plus a stable `errors.reason`."""

    code = fields.Integer(required=True, metadata={"description": "HTTP status code."})
    status = fields.String(required=True, metadata={"description": "HTTP status phrase."})
    message = fields.String(required=True, metadata={"description": "For humans."})
    errors = fields.Nested(ErrorDetailsOut, required=True)

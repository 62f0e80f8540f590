"""Schemas of `ladder.py`: the ratings ladder."""

from __future__ import annotations

from marshmallow import fields, validate

from service.api.common_schemas import Out


class LadderEntryOut(Out):
    bot = fields.String(
        required=True,
        metadata={
            "description": 'A built-in bot with its level (`"search:strong"`) or an outside bot.'
        },
    )
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["builtin", "outside"]),
        metadata={"description": "The service's own bot, or one an app key registered."},
    )
    owner = fields.String(
        allow_none=True,
        metadata={"description": "An outside bot's owner (its app key's name); null if unknown."},
    )
    mu = fields.Float(required=True, metadata={"description": "OpenSkill's skill estimate."})
    sigma = fields.Float(required=True, metadata={"description": "Its uncertainty."})
    ordinal = fields.Float(
        required=True,
        metadata={"description": "mu - 3 sigma: the ladder's order, highest first."},
    )
    mu_low = fields.Float(
        required=True,
        metadata={
            "description": "The low end of mu's 95% interval, mu - 1.96 sigma: the skill is"
            " between `mu_low` and `mu_high` with 95% confidence."
        },
    )
    mu_high = fields.Float(
        required=True,
        metadata={"description": "The high end of mu's 95% interval, mu + 1.96 sigma."},
    )
    provisional = fields.Boolean(
        required=True,
        metadata={
            "description": "True while sigma is above 5 (openskill starts every bot at 8.33):"
            " the interval is still wider than +-9.8, so the rating may move past its"
            " neighbours with a few more games. The service's anchor keeper plays the built-in"
            " anchors until theirs are not provisional (or its rounds run out)."
        },
    )
    games = fields.Integer(
        required=True,
        metadata={"description": "Rated games (each rotation of a match game is one game)."},
    )
    last_played = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "When its last game was rated, ms since the epoch."},
    )


class LadderOut(Out):
    game = fields.String(required=True)
    entries = fields.List(
        fields.Nested(LadderEntryOut),
        required=True,
        metadata={"description": "Every rated bot, best ordinal first."},
    )

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
    mu = fields.Float(
        required=True,
        metadata={
            "description": "The bot's skill in points a deal above the ladder's average bot, in"
            " the game's own scale (the means of a ladder add up to 0, so it can be negative):"
            " the least-squares fit of every paired margin of the game's rated match games."
        },
    )
    sigma = fields.Float(
        required=True,
        metadata={
            "description": "The standard deviation of mu, relative to the ladder's average,"
            " in the same points a deal."
        },
    )
    ordinal = fields.Float(
        required=True,
        metadata={
            "description": "mu - 3 sigma: a skill the bot very likely has at least; the"
            " ladder's order, highest first."
        },
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
            "description": "True while sigma is above half the ladder's `spread`: the 95%"
            " interval is still wider than about one match game's spread either way, so the"
            " rating may move past its neighbours with a few more games (about a bot's first"
            " four match games against rated bots)."
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
    spread = fields.Float(
        required=True,
        metadata={
            "description": "The spread (standard deviation) of one match game's paired"
            " difference, pooled over the ladder's pairs of bots, in points a deal: the unit"
            " the ratings are measured against. A bot's prior is N(0, (3 spread)^2), and a"
            " rating is `provisional` while its sigma is above half of it. 0 before any rated"
            " game. In each game's own scale: ladders of different games are not comparable."
        },
    )
    entries = fields.List(
        fields.Nested(LadderEntryOut),
        required=True,
        metadata={"description": "Every rated bot, best ordinal first."},
    )

"""Schemas of `arena.py`: a bot's opt-in to the arena (rated play the service pairs)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from engine import GAMES
from service.api.common_schemas import Out
from service.matches.arena import (
    CONCURRENCY,
    DEFAULT_CONCURRENCY,
    DEFAULT_GAMES_PER_HOUR,
    GAMES_PER_HOUR,
)


class ArenaIn(Schema):
    games = fields.List(
        fields.String(validate=validate.OneOf(sorted(GAMES))),
        required=True,
        validate=validate.Length(min=1, max=len(GAMES)),
        metadata={
            "description": "The games to be paired in: catalog names the bot plays (another "
            "is a 422 `unknown_bot`)."
        },
    )
    games_per_hour = fields.Integer(
        load_default=DEFAULT_GAMES_PER_HOUR,
        strict=True,
        validate=validate.Range(*GAMES_PER_HOUR),
        metadata={
            "description": f"The most games it is seated in over any hour, "
            f"{GAMES_PER_HOUR[0]} to {GAMES_PER_HOUR[1]}: each rotation of a match game is "
            "one, as the ladder counts them."
        },
    )
    concurrency = fields.Integer(
        load_default=DEFAULT_CONCURRENCY,
        strict=True,
        validate=validate.Range(*CONCURRENCY),
        metadata={
            "description": f"The most of its arena games live at once, "
            f"{CONCURRENCY[0]} to {CONCURRENCY[1]}."
        },
    )


class ArenaOut(Out):
    bot = fields.String(required=True, metadata={"description": "The bot's name."})
    status = fields.String(
        required=True,
        validate=validate.OneOf(["out", "active", "paused", "retired"]),
        metadata={
            "description": "`out`: not opted in; `active`: paired as its budget allows; "
            "`paused`: too many timed-out moves (`reason`), until it is opted in again; "
            "`retired`: the bot (or its key) is gone, it is paired no more."
        },
    )
    games = fields.List(fields.String(), metadata={"description": "The games it is paired in."})
    games_per_hour = fields.Integer(metadata={"description": "Its budget of games an hour."})
    concurrency = fields.Integer(metadata={"description": "Its budget of games at once."})
    since = fields.Integer(metadata={"description": "When it was opted in, ms since the epoch."})
    hour_games = fields.Integer(
        metadata={"description": "Games of its pairings made in the last hour."}
    )
    open_matches = fields.List(
        fields.String(),
        metadata={"description": "Its arena matches not over yet (`GET /api/v1/matches/{id}`)."},
    )
    reason = fields.String(metadata={"description": "Why it was paused."})
    paused = fields.Integer(metadata={"description": "When it was paused, ms since the epoch."})

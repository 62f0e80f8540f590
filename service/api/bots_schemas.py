"""Schemas of `bots.py`: the built-in bots and the outside bots app keys register."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from engine import GAMES
from service.access.bot_registry import MAX_DESCRIPTION as MAX_BOT_DESCRIPTION
from service.access.bot_registry import NAME as BOT_NAME
from service.api.common_schemas import Out


class BotLevelOut(Out):
    name = fields.String(required=True, metadata={"description": 'As in `"level": "strong"`.'})
    think_ms = fields.Float(
        required=True, metadata={"description": "Think time per move at most, in ms."}
    )
    worlds = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "Per game, the sampled deals it weighs each move on."},
    )
    strength = fields.String(required=True, metadata={"description": "Measured strength."})


class BotOut(Out):
    name = fields.String(required=True, metadata={"description": 'As in `{"bot": "random"}`.'})
    games = fields.List(
        fields.String(), required=True, metadata={"description": "The games it plays."}
    )
    description = fields.String(required=True, metadata={"description": "How it plays."})
    strength = fields.String(
        required=True, metadata={"description": "How strong it is, and how fast."}
    )
    levels = fields.List(
        fields.Nested(BotLevelOut),
        metadata={"description": "The levels a seat may pick (bots that think), fastest first."},
    )
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["builtin", "outside"]),
        metadata={
            "description": "`builtin`: the service plays it; `outside`: an app key registered "
            "it and its owner's program plays it (a match seats it; a plain game does not)."
        },
    )
    owner = fields.String(
        metadata={"description": "An outside bot's owner: the name of its app key."}
    )
    retired = fields.Boolean(
        metadata={
            "description": "An outside bot: `true` once its owner retired it or its app key "
            "was revoked; it takes no seat, and its name is never given again."
        }
    )
    created = fields.Integer(
        metadata={"description": "An outside bot: when it was registered, ms since the epoch."}
    )


class BotsOut(Out):
    bots = fields.List(
        fields.Nested(BotOut),
        required=True,
        metadata={"description": "The built-in bots, then the live outside bots, each by name."},
    )


class BotIn(Schema):
    name = fields.String(
        required=True,
        validate=validate.Regexp(
            BOT_NAME.pattern, error="lower case letters, digits, _ and -; 3 to 32, a letter first"
        ),
        metadata={
            "description": "The bot's public name, unique for good: never a built-in bot's, "
            "never one registered before (even retired): 409 `bot_name_taken`.",
            "example": "my-bot",
        },
    )
    description = fields.String(
        load_default="",
        validate=validate.Length(max=MAX_BOT_DESCRIPTION),
        metadata={"description": "How it plays, for other authors."},
    )
    games = fields.List(
        fields.String(validate=validate.OneOf(sorted(GAMES))),
        required=True,
        validate=validate.Length(min=1, max=len(GAMES)),
        metadata={"description": "The games it plays (catalog names)."},
    )

"""Schemas of `history.py`: a bot's rating history and head-to-head records, a game's crosstable."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.common_schemas import Out
from service.api.ladder_schemas import LadderEntryOut
from service.api.matches_schemas import EstimateOut

CROSSTABLE_BOTS = 20
"""Bots in a crosstable unless `limit` says otherwise (the best of the ladder)."""
CROSSTABLE_MAX = 100

DIFF_DOC = (
    "Paired per match game: the bot's mean score per deal minus the opponent's, both over the "
    "same duplicate deals; mean and 95% interval over the match games they met in (n); no "
    "interval below 2 games."
)


class HistoryPointOut(Out):
    time = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "When the game was rated, ms since the epoch."},
    )
    mu = fields.Float(
        required=True,
        metadata={
            "description": "The bot's skill after the game, in points a deal above the"
            " ladder's average bot (as on the ladder)."
        },
    )
    sigma = fields.Float(
        required=True, metadata={"description": "mu's standard deviation after the game."}
    )
    ordinal = fields.Float(required=True, metadata={"description": "mu - 3 sigma after it."})
    games = fields.Integer(
        required=True, metadata={"description": "The bot's rated games (rotations) so far."}
    )


class RankedEntryOut(LadderEntryOut):
    rank = fields.Integer(
        required=True, metadata={"description": "Its place on the ladder, 1 the best ordinal."}
    )


class HeadToHeadOut(Out):
    opponent = fields.String(required=True, metadata={"description": "The other bot."})
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["builtin", "outside"]),
        metadata={"description": "The opponent's kind, as on the ladder."},
    )
    deal_score_diff = fields.Nested(EstimateOut, required=True, metadata={"description": DIFF_DOC})


class BotHistoryOut(Out):
    game = fields.String(required=True)
    entry = fields.Nested(
        RankedEntryOut, required=True, metadata={"description": "The bot's ladder entry now."}
    )
    history = fields.List(
        fields.Nested(HistoryPointOut),
        required=True,
        metadata={
            "description": "Its rating after each rated match game it played, oldest first "
            "(other bots' games re-fit the ladder too, but add no point). At most 512 "
            "points: past that the older half is thinned to every second point (the first "
            "kept), so the list spans all its games, the recent ones densest."
        },
    )
    head_to_head = fields.List(
        fields.Nested(HeadToHeadOut),
        required=True,
        metadata={
            "description": "One row per bot it met as an opponent in a rated match game, in "
            "the opponents' ladder order."
        },
    )


class CrosstableQuery(Schema):
    limit = fields.Integer(
        load_default=CROSSTABLE_BOTS,
        validate=validate.Range(min=2, max=CROSSTABLE_MAX),
        metadata={"description": "How many of the ladder's best bots the crosstable takes."},
    )


class PairOut(Out):
    bots = fields.List(
        fields.String(), required=True, metadata={"description": "[a, b], a higher on the ladder."}
    )
    deal_score_diff = fields.Nested(
        EstimateOut,
        required=True,
        metadata={"description": DIFF_DOC.replace("the bot's", "a's").replace("opponent's", "b's")},
    )


class CrosstableOut(Out):
    game = fields.String(required=True)
    bots = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The crosstable's bots, best ordinal first."},
    )
    left_out = fields.Integer(
        required=True,
        metadata={"description": "Rated bots below the `limit` best, not in the crosstable."},
    )
    pairs = fields.List(
        fields.Nested(PairOut),
        required=True,
        metadata={"description": "Every pair of those bots that met in a rated match game."},
    )

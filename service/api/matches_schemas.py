"""Schemas of `matches.py`: bot-versus-bot matches, their progress, results and games."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from bots.match import MAX_GAMES, METHOD
from service.api.common_schemas import Out, WholeNumber
from service.matches.match_games import (
    CONCURRENCY,
    DEFAULT_CONCURRENCY,
    DEFAULT_MOVE_SECONDS,
    MOVE_SECONDS,
)


class MatchIn(Schema):
    game = fields.String(
        required=True,
        validate=validate.Length(min=1, max=64),
        metadata={"description": "A game name from the catalog."},
    )
    bots = fields.List(
        fields.String(validate=validate.Length(min=1, max=64)),
        required=True,
        validate=validate.Length(min=1, max=16),
        metadata={
            "description": "The bot of each seat, seat 0 first (as many as the game has seats); "
            "a bot may appear several times. Each game is replayed with the bots rotated "
            "through the seats (duplicate deals); repeated assignments are skipped."
        },
    )
    games = WholeNumber(
        required=True,
        validate=validate.Range(min=1, max=MAX_GAMES),
        metadata={
            "description": "Number of match games; game i is dealt from `{seed}:{i}`. The "
            "service allows at most `MAX_MATCH_GAMES` (default 1000): more is `too_many_games`."
        },
    )
    seed = fields.String(
        validate=validate.Length(min=1, max=200),
        metadata={"description": "Makes the match reproducible; absent, the server draws one."},
    )
    options = fields.Dict(
        keys=fields.String(),
        metadata={"description": 'Game options from the catalog, e.g. `{"max_deals": 1}`.'},
    )
    move_seconds = WholeNumber(
        validate=validate.Range(min=MOVE_SECONDS[0], max=MOVE_SECONDS[1]),
        metadata={
            "description": "A match with outside bots: the seconds each of their moves may "
            f"take (default {DEFAULT_MOVE_SECONDS}); a late move is played by the random bot "
            "and counted in the bot's `timeouts`. Built-in bots only: ignored."
        },
    )
    concurrency = WholeNumber(
        validate=validate.Range(min=CONCURRENCY[0], max=CONCURRENCY[1]),
        metadata={
            "description": "A match with outside bots: the most of its games live at once "
            f"(default {DEFAULT_CONCURRENCY}; at most the app key's quota of live games). "
            "Built-in bots only: ignored."
        },
    )


class EstimateOut(Out):
    mean = fields.Float(allow_none=True, required=True)
    ci95 = fields.List(
        fields.Float(),
        allow_none=True,
        required=True,
        metadata={"description": "[low, high] = mean -+ 1.96*s/sqrt(n); null below n = 2."},
    )
    half_width = fields.Float(allow_none=True, required=True)
    n = fields.Integer(required=True, metadata={"description": "Match games in the sample."})


class BotResultOut(Out):
    bot = fields.String(required=True)
    seat_games = fields.Integer(required=True, metadata={"description": "Games x seats held."})
    seat_deals = fields.Integer(required=True, metadata={"description": "Deals x seats held."})
    wins = fields.Integer(required=True, metadata={"description": "Seat-games won."})
    win_rate = fields.Float(allow_none=True, required=True)
    deal_score = fields.Nested(
        EstimateOut,
        required=True,
        metadata={"description": "Mean score of the bot's seat (its side's, if sides) per deal."},
    )
    game_points = fields.Nested(
        EstimateOut, required=True, metadata={"description": "Mean game points per game."}
    )
    timeouts = fields.Integer(
        metadata={
            "description": "Moves the service played for this outside bot (its move came "
            "late, or its seat was away); 0 for built-in bots."
        },
    )


class ComparisonOut(Out):
    bots = fields.List(fields.String(), required=True, metadata={"description": "[a, b]"})
    deal_score_diff = fields.Nested(
        EstimateOut,
        required=True,
        metadata={"description": "a minus b, paired per match game (the duplicate figure)."},
    )
    game_points_diff = fields.Nested(EstimateOut, required=True)


class ResultsOut(Out):
    games = fields.Integer(required=True, metadata={"description": "Games counted so far."})
    method = fields.String(required=True, metadata={"description": METHOD})
    bots = fields.List(fields.Nested(BotResultOut), required=True)
    comparisons = fields.List(fields.Nested(ComparisonOut), required=True)


class ProgressOut(Out):
    done = fields.Integer(required=True, metadata={"description": "Games recorded."})
    failed = fields.Integer(
        required=True,
        metadata={"description": "Games whose job failed for good (a bug); not counted."},
    )
    total = fields.Integer(required=True)


class MatchOut(Out):
    id = fields.String(required=True)
    status = fields.String(
        required=True,
        validate=validate.OneOf(["queued", "running", "done", "cancelled"]),
        metadata={
            "description": "`cancelled`: its host stopped it; results cover the games "
            "recorded until then."
        },
    )
    game = fields.String(required=True)
    bots = fields.List(fields.String(), required=True)
    games = fields.Integer(required=True)
    seed = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "The match's seed (game i is dealt from `{seed}:{i}`); null while a "
            "match with outside bots runs, whose bots must not learn the deals to come."
        },
    )
    options = fields.Dict(required=True)
    rotations = fields.List(
        fields.List(fields.String()),
        required=True,
        metadata={"description": "The seat -> bot assignments each game is played with."},
    )
    progress = fields.Nested(ProgressOut, required=True)
    results = fields.Nested(
        ResultsOut,
        required=True,
        metadata={"description": "Over the games recorded so far (final once `done`)."},
    )
    outside = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={
            "description": "The outside bots of the match: name -> the name of the app key "
            "that owns it ({} for a match of built-in bots)."
        },
    )
    rated = fields.Boolean(
        metadata={
            "description": "Whether its games reach the ratings ladder: false for a match "
            "with outside bots whose creator chose the `seed` (who knows the seed knows "
            "every deal its bot will play)."
        }
    )
    move_seconds = fields.Integer(
        metadata={"description": "With outside bots: the seconds each of their moves may take."}
    )
    concurrency = fields.Integer(
        metadata={"description": "With outside bots: the most of its games live at once."}
    )


class MatchCreatedOut(MatchOut):
    host_token = fields.String(
        required=True,
        metadata={
            "description": "The creator's token, shown only in this answer: it may "
            "cancel the match (`POST .../cancel`)."
        },
    )


class MatchCancelIn(Schema):
    """A cancel takes no fields: the body may be absent or `{}`."""


class GamesQuery(Schema):
    start = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=MAX_GAMES),
        metadata={"description": "First game index."},
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class MatchGamesOut(Out):
    id = fields.String(required=True)
    games = fields.Integer(required=True)
    start = fields.Integer(required=True)
    limit = fields.Integer(required=True)
    records = fields.List(
        fields.Dict(),
        required=True,
        metadata={
            "description": "Recorded games in index order (unfinished ones are absent): "
            "`index`, `seed`, and per rotation `bots` (seat -> bot), `deal_scores` (per deal, "
            "per seat), `totals`, `game_points` (per seat), `winners` (seats), `moves`; with "
            "outside bots also `timeouts` (per seat: moves the service played for it) and "
            "`game_id` (the real game)."
        },
    )

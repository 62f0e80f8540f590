"""Matches: bots against bots over duplicate deals, played by the RQ workers; their results."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any, cast

from flask import Response, current_app, jsonify, url_for
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate
from rq import Queue
from rq.serializers import JSONSerializer

from bots.match import MAX_GAMES, METHOD
from service.api.common import errors, games
from service.matches import Matches

blp = Blueprint(
    "matches",
    __name__,
    url_prefix="/api/v1/matches",
    description="Bot-versus-bot matches with duplicate deals, run as jobs over the workers.",
)

EXAMPLE_MATCH_ID = "m4Tc8hQ2xY7e"
BOTS_EXAMPLE = ["heuristic", "random", "heuristic", "random"]


def matches() -> Matches:
    """The match layer, sharing the game layer's Redis pool (built once per app)."""
    ext = current_app.extensions
    if "duckpond.matches" not in ext:
        layer = games()
        config = current_app.config
        queue = Queue(
            config["MATCH_QUEUE"], connection=layer.queue.connection, serializer=JSONSerializer
        )
        ttl = int(config["FINISHED_GAME_TTL"])
        ext["duckpond.matches"] = Matches(layer.store.redis, queue, finished_ttl=ttl)
    return cast(Matches, ext["duckpond.matches"])


# --- schemas --------------------------------------------------------------------------------


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
    games = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=1, max=MAX_GAMES),
        metadata={"description": "Number of match games; game i is dealt from `{seed}:{i}`."},
    )
    seed = fields.String(
        validate=validate.Length(min=1, max=200),
        metadata={"description": "Makes the match reproducible; absent, the server draws one."},
    )
    options = fields.Dict(
        keys=fields.String(),
        metadata={"description": 'Game options from the catalog, e.g. `{"max_deals": 1}`.'},
    )


class EstimateOut(Schema):
    mean = fields.Float(allow_none=True, required=True)
    ci95 = fields.List(
        fields.Float(),
        allow_none=True,
        required=True,
        metadata={"description": "[low, high] = mean -+ 1.96*s/sqrt(n); null below n = 2."},
    )
    half_width = fields.Float(allow_none=True, required=True)
    n = fields.Integer(required=True, metadata={"description": "Match games in the sample."})


class BotResultOut(Schema):
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


class ComparisonOut(Schema):
    bots = fields.List(fields.String(), required=True, metadata={"description": "[a, b]"})
    deal_score_diff = fields.Nested(
        EstimateOut,
        required=True,
        metadata={"description": "a minus b, paired per match game (the duplicate figure)."},
    )
    game_points_diff = fields.Nested(EstimateOut, required=True)


class ResultsOut(Schema):
    games = fields.Integer(required=True, metadata={"description": "Games counted so far."})
    method = fields.String(required=True, metadata={"description": METHOD})
    bots = fields.List(fields.Nested(BotResultOut), required=True)
    comparisons = fields.List(fields.Nested(ComparisonOut), required=True)


class ProgressOut(Schema):
    done = fields.Integer(required=True, metadata={"description": "Games recorded."})
    failed = fields.Integer(
        required=True,
        metadata={"description": "Games whose job failed for good (a bug); not counted."},
    )
    total = fields.Integer(required=True)


class MatchOut(Schema):
    id = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["queued", "running", "done"]))
    game = fields.String(required=True)
    bots = fields.List(fields.String(), required=True)
    games = fields.Integer(required=True)
    seed = fields.String(required=True)
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


class GamesQuery(Schema):
    start = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=MAX_GAMES),
        metadata={"description": "First game index."},
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class MatchGamesOut(Schema):
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
            "per seat), `totals`, `game_points` (per seat), `winners` (seats), `moves`."
        },
    )


# --- views ----------------------------------------------------------------------------------

ESTIMATE_EXAMPLE = {"mean": 1053.8, "ci95": [979.8, 1127.8], "half_width": 74.0, "n": 20}
MATCH_EXAMPLE: dict[str, Any] = {
    "id": EXAMPLE_MATCH_ID,
    "status": "running",
    "game": "doubleduck",
    "bots": BOTS_EXAMPLE,
    "games": 100,
    "seed": "s",
    "options": {"max_deals": 1},
    "rotations": [BOTS_EXAMPLE, ["random", "heuristic", "random", "heuristic"]],
    "progress": {"done": 20, "failed": 0, "total": 100},
    "results": {
        "games": 20,
        "method": METHOD,
        "bots": [
            {
                "bot": "heuristic",
                "seat_games": 80,
                "seat_deals": 80,
                "wins": 80,
                "win_rate": 1.0,
                "deal_score": ESTIMATE_EXAMPLE,
                "game_points": {"mean": 1.62, "ci95": [1.48, 1.76], "half_width": 0.14, "n": 20},
            }
        ],
        "comparisons": [
            {
                "bots": ["heuristic", "random"],
                "deal_score_diff": {
                    "mean": 1022.1,
                    "ci95": [939.7, 1104.5],
                    "half_width": 82.4,
                    "n": 20,
                },
                "game_points_diff": {
                    "mean": 1.62,
                    "ci95": [1.48, 1.76],
                    "half_width": 0.14,
                    "n": 20,
                },
            }
        ],
    },
}


@blp.route("", methods=["POST"])
@blp.arguments(
    MatchIn(),
    example={
        "game": "doubleduck",
        "bots": BOTS_EXAMPLE,
        "games": 100,
        "seed": "s",
        "options": {"max_deals": 1},
    },
)
@blp.response(202, MatchOut, example={**MATCH_EXAMPLE, "status": "queued"})
@errors(
    blp,
    400,
    413,
    "validation_error",
    "unknown_game",
    "unknown_bot",
    "invalid_seats",
    "invalid_options",
    503,
)
def create_match(body: dict[str, Any]) -> Response:
    """Start a match: one RQ job per game, each game played with every rotation of the bots.

    Game i is dealt from the seed `{seed}:{i}` in every rotation, so each bot plays the same
    cards from every seat (duplicate deals) and the match is reproducible from its seed.
    Poll the `Location` for progress and results.
    """
    answer = matches().create(body)
    response = jsonify(MatchOut().dump(answer))
    response.status_code = 202
    response.headers["Location"] = url_for("matches.get_match", match_id=answer["id"])
    return response


@blp.route("/<string:match_id>", methods=["GET"])
@blp.response(200, MatchOut, example=MATCH_EXAMPLE)
@errors(blp, "no_such_match", 503)
def get_match(match_id: str) -> dict[str, Any]:
    """Read a match: status, progress, and per-bot results with 95% intervals."""
    return matches().get(match_id)


@blp.route("/<string:match_id>/games", methods=["GET"])
@blp.arguments(GamesQuery(), location="query")
@blp.response(
    200,
    MatchGamesOut,
    example={
        "id": EXAMPLE_MATCH_ID,
        "games": 100,
        "start": 0,
        "limit": 1,
        "records": [
            {
                "index": 0,
                "seed": "s:0",
                "rotations": [
                    {
                        "bots": BOTS_EXAMPLE,
                        "deal_scores": [[1088, 24, 1088, 24]],
                        "totals": [1088, 24, 1088, 24],
                        "game_points": [2, 0, 2, 0],
                        "winners": [0, 2],
                        "moves": 104,
                    }
                ],
            }
        ],
    },
)
@errors(blp, "validation_error", "no_such_match", 503)
def get_match_games(query: dict[str, Any], match_id: str) -> dict[str, Any]:
    """Read a match's per-game records: rotation assignments and per-seat scores."""
    return matches().games(match_id, query["start"], query["limit"])

"""Matches: bots against bots over duplicate deals, played by the RQ workers; their results."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request, url_for
from flask_smorest import Blueprint

from bots.match import METHOD
from service.api.common import (
    APP_KEY,
    HOST,
    NO_STORE_HEADER,
    PUBLIC,
    REPLAYED_HEADER,
    errors,
    location_header,
    matches,
    token_first,
)
from service.api.common_schemas import CreateHeaders
from service.api.matches_schemas import (
    GamesQuery,
    MatchCancelIn,
    MatchCreatedOut,
    MatchGamesOut,
    MatchIn,
    MatchOut,
)
from service.api.refusals import APP_KEY_REFUSED, THROTTLED
from service.http import app_keys

blp = Blueprint(
    "matches",
    __name__,
    url_prefix="/api/v1/matches",
    description="Bot-versus-bot matches with duplicate deals, run as jobs over the workers.",
)
app_keys.required_on(blp, "matches.create_match")
token_first(blp, "matches.cancel_match")

EXAMPLE_MATCH_ID = "m4Tc8hQ2xY7e"
BOTS_EXAMPLE = ["heuristic", "random", "heuristic", "random"]


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
@blp.doc(operationId="create_match", security=APP_KEY)
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
@blp.arguments(CreateHeaders(), location="headers")
@blp.response(
    202,
    MatchCreatedOut,
    example={**MATCH_EXAMPLE, "status": "queued", "host_token": f"{EXAMPLE_MATCH_ID}.s3cr3t"},
    headers={
        "Location": location_header("match"),
        "Cache-Control": NO_STORE_HEADER,
        "Idempotent-Replayed": REPLAYED_HEADER,
    },
)
@errors(
    blp,
    400,
    *APP_KEY_REFUSED,
    "idempotency_in_progress",
    "challenge_required",
    413,
    "validation_error",
    "unknown_game",
    "unknown_bot",
    "retired_bot",
    "invalid_seats",
    "invalid_options",
    "too_many_games",
    "idempotency_key_reused",
    "quota_match_games",
    *THROTTLED,
)
def create_match(body: dict[str, Any], headers: dict[str, Any]) -> Response:
    """Start a match: one RQ job per game, each game played with every rotation of the bots.

    Game i is dealt from the seed `{seed}:{i}` in every rotation, so each bot plays the same
    cards from every seat (duplicate deals) and the match is reproducible from its seed.

    `bots` may name outside bots registered by the app key (`POST /api/v1/bots`): then each
    game and rotation is a real game of this service, `concurrency` of them at once, where
    each outside bot's seat is told to its key (a `match_seat` entry on `GET /api/v1/feed`,
    and `GET /api/v1/feed/seats`) and played through the ordinary move API with that seat's
    token and the key in `Duckpond-App-Key`. A move not made within `move_seconds` is played
    by the random bot and counted in the bot's `timeouts`. Another key's bot is refused (403
    `challenge_required`): challenge it (`POST /api/v1/challenges`).
    Poll the `Location` for progress and results. The answer's `host_token` (shown once)
    may cancel the match. Needs an app key (unless the operator turned them off), whose
    quotas of match games per match and per day apply (429).

    Send an `Idempotency-Key` to retry safely when the outcome is unknown (a 503, a cut
    connection): the retry gets the first answer back (`Idempotent-Replayed: true`, the same
    id and host token), starts no second match and counts against no quota. The key is the
    caller's own, as for games.
    """
    key, scope, idem = app_keys.presented(), app_keys.scope(), headers.get("idempotency_key")
    charged = key is not None and not matches().is_retry(idem, scope)
    if key is not None and charged:
        app_keys.app_keys().admit_match(key, int(body["games"]))
    try:
        answer = matches().create(
            body,
            idem,
            scope,
            owner=key.id if key is not None else None,
            live_games=key.quotas["live_games"] if key is not None else None,
        )
    except BaseException:
        if key is not None and charged:
            app_keys.app_keys().refund_match(key, int(body["games"]))
        raise
    if key is not None and charged and answer.replayed:
        app_keys.app_keys().refund_match(key, int(body["games"]))  # a race of two retries
    response = jsonify(MatchCreatedOut().dump(answer.body))
    response.status_code = 202
    response.headers["Location"] = url_for("matches.get_match", match_id=answer.body["id"])
    if answer.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@blp.route("/<string:match_id>", methods=["GET"])
@blp.doc(operationId="get_match", security=PUBLIC)
@blp.response(200, MatchOut, example=MATCH_EXAMPLE)
@errors(blp, "no_such_match", 503)
def get_match(match_id: str) -> dict[str, Any]:
    """Read a match: status, progress, and per-bot results with 95% intervals."""
    return matches().get(match_id)


@blp.route("/<string:match_id>/cancel", methods=["POST"])
@blp.doc(operationId="cancel_match", security=HOST)
@blp.arguments(MatchCancelIn(), example={})
@blp.response(200, MatchOut, example={**MATCH_EXAMPLE, "status": "cancelled"})
@errors(
    blp,
    400,
    401,
    "token_of_another_game",
    "no_such_match",
    "match_done",
    413,
    "validation_error",
    503,
)
def cancel_match(body: dict[str, Any], match_id: str) -> dict[str, Any]:
    """Cancel a match with its host token: each running job finishes the game it plays, no
    further game starts, and the results cover the games recorded. Again: the same answer."""
    return matches().cancel(match_id, request.headers.get("Authorization"))


@blp.route("/<string:match_id>/games", methods=["GET"])
@blp.doc(operationId="list_match_games", security=PUBLIC)
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

"""Scores: each deal's course counts and scores, running totals and game points."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from service.api.common import EXAMPLE_ID, PUBLIC, errors, tables
from service.api.scores_schemas import ScoreOut

blp = Blueprint("scores", __name__, url_prefix="/api/v1/games", description="Scores.")


@blp.route("/<string:game_id>/score", methods=["GET"])
@blp.doc(operationId="get_score", security=PUBLIC)
@blp.response(
    200,
    ScoreOut,
    example={
        "id": EXAMPLE_ID,
        "version": 104,
        "status": "deal_pending",
        "over": False,
        "deals": [
            {
                "deal_no": 1,
                "dealer": 0,
                "duck": [14, 12],
                "soup": [19, 11],
                "score": [266, 132],
                "totals": [266, 132],
            }
        ],
        "totals": [266, 132],
        "game_points": [0, 0],
        "winners": [],
    },
)
@errors(blp, "no_such_game", 503)
def get_score(game_id: str) -> dict[str, Any]:
    """Read the score sheet: per deal and course, running totals, game points (public)."""
    return tables().score(game_id)

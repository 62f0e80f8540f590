"""Resign: a seat gives up, where its game allows a result (the rule is the game's)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from service.api.common import (
    CHANGE_HEADERS,
    SEAT,
    errors,
    expected_versions,
    open_game,
    tables,
    token_first,
)
from service.api.games_schemas import ChangeHeaders, ChangeOut
from service.api.moves import CHANGE_EXAMPLE, change_response
from service.api.refusals import GAME_ENDED, SEAT_REFUSED, VERSION_RACED
from service.api.resign_schemas import ResignIn

blp = Blueprint(
    "resign", __name__, url_prefix="/api/v1/games", description="Resign (a seat gives up)."
)
token_first(blp)


@blp.route("/<string:game_id>/resign", methods=["POST"])
@blp.doc(operationId="resign", security=SEAT)
@blp.arguments(ResignIn(), example={"expected_version": 40})
@blp.arguments(ChangeHeaders(), location="headers")
@blp.response(
    200,
    ChangeOut,
    headers=CHANGE_HEADERS,
    example={
        **CHANGE_EXAMPLE,
        "version": 41,
        "status": "playing",
        "events": [{"n": 300, "version": 41, "type": "resigned", "data": {"seat": 0}}],
    },
)
@errors(
    blp,
    400,
    *SEAT_REFUSED,
    "not_a_player",
    "no_such_game",
    *GAME_ENDED,
    "seats_open",
    *VERSION_RACED,
    "idempotency_in_progress",
    413,
    "validation_error",
    "invalid_if_match",
    "idempotency_key_reused",
    "illegal_move",
    "resign_not_offered",
    503,
)
def post_resign(body: dict[str, Any], headers: dict[str, Any], game_id: str) -> Response:
    """Resign as the token's seat, on its turn or not, before the end.

    What it records is the game's rule (the catalogue's `resign` and docs/rules): in Duck Soup
    the other seat wins at once; in Doubleduck a side resigns when both partners have (a bot
    partner follows its human), and the other side wins 2 game points plus 1 per deal not
    played (at most 5); Duck and Doppelkopf offer none (409 `resign_not_offered`). The deal in
    play is not scored. The answer is the seat's view with the events (`resigned`, and
    `game_over` when the game ended).
    """
    expected = expected_versions(body.get("expected_version"), headers)
    who, stored = open_game(game_id, required=True, expected=expected)
    answer = tables().resign(game_id, who, expected, headers.get("idempotency_key"), stored)
    return change_response(answer)

"""Abandon: the host ends an unfinished game early."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from service.api.abandon_schemas import AbandonHeaders, AbandonIn
from service.api.common import (
    CHANGE_HEADERS,
    HOST,
    errors,
    etag,
    expected_versions,
    json_response,
    open_game,
    tables,
    token_first,
)
from service.api.games_schemas import ChangeOut
from service.api.moves import CHANGE_EXAMPLE
from service.api.refusals import GAME_ENDED, VERSION_RACED

blp = Blueprint(
    "abandon", __name__, url_prefix="/api/v1/games", description="End a game early (the host)."
)
token_first(blp)


@blp.route("/<string:game_id>/abandon", methods=["POST"])
@blp.doc(operationId="abandon_game", security=HOST)
@blp.arguments(AbandonIn(), example={"expected_version": 104})
@blp.arguments(AbandonHeaders(), location="headers")
@blp.response(
    200,
    ChangeOut,
    headers={k: v for k, v in CHANGE_HEADERS.items() if k != "Idempotent-Replayed"},
    example={
        **CHANGE_EXAMPLE,
        "version": 105,
        "status": "abandoned",
        "role": "host",
        "seat": None,
        "events": [{"n": 700, "version": 105, "type": "game_abandoned", "data": {"by": "host"}}],
    },
)
@errors(
    blp,
    400,
    401,
    "token_of_another_game",
    "host_only",
    "no_such_game",
    *GAME_ENDED,
    *VERSION_RACED,
    413,
    "validation_error",
    "invalid_if_match",
    503,
)
def post_abandon(body: dict[str, Any], headers: dict[str, Any], game_id: str) -> Response:
    """Abandon an unfinished game (host token only): its status becomes `abandoned`, every
    later move or deal is refused with `game_abandoned`, bot turns stop, and its record is
    available at once. Its keys then live as long as a finished game's.

    Asking again answers 409 `game_abandoned`: the first request did it.
    """
    who, stored = open_game(game_id, required=True)
    expected = expected_versions(body.get("expected_version"), headers)
    answer = tables().abandon(game_id, who, expected, stored)
    return json_response(answer, 200, {"ETag": etag(answer)})

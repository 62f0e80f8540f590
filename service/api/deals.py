"""Deals: deal the next deal once the previous one is scored."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from service.api.common import (
    CHANGE_HEADERS,
    SEAT_OR_HOST,
    errors,
    expected_versions,
    open_game,
    tables,
    token_first,
)
from service.api.deals_schemas import DealRequestIn
from service.api.games_schemas import ChangeHeaders, ChangeOut
from service.api.moves import CHANGE_EXAMPLE, change_response
from service.api.refusals import GAME_ENDED, SEAT_REFUSED, VERSION_RACED
from service.games import old_forms
from service.games.old_forms import OLD_DEAL
from service.http import app_keys, deprecation

blp = Blueprint("deals", __name__, url_prefix="/api/v1/games", description="Deal the next deal.")
token_first(blp)


@blp.route("/<string:game_id>/deal", methods=["POST"])
@blp.doc(operationId="deal_next", security=SEAT_OR_HOST)
@blp.arguments(DealRequestIn(), example={"expected_version": 104})
@blp.arguments(ChangeHeaders(), location="headers")
@blp.response(
    200,
    ChangeOut,
    headers={**CHANGE_HEADERS, **deprecation.spec_headers(OLD_DEAL)},
    example={
        **CHANGE_EXAMPLE,
        "version": 105,
        "events": [
            {
                "n": 700,
                "version": 105,
                "type": "deal_started",
                "data": {
                    "deal_no": 2,
                    "dealer": 1,
                    "leader": 2,
                    "dealt_by": "server_shuffle",
                    "deal_commitment": "9a1f6c2be0d4e3a7b5c8d9e0f1a2b3c4"
                    "d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0",
                },
            }
        ],
    },
)
@errors(
    blp,
    400,
    *SEAT_REFUSED,
    "app_key_revoked",
    "host_only",
    "no_such_game",
    "no_deal_pending",
    *GAME_ENDED,
    *VERSION_RACED,
    "idempotency_in_progress",
    413,
    "validation_error",
    "invalid_if_match",
    "idempotency_key_reused",
    "invalid_deal",
    503,
)
def post_deal(body: dict[str, Any], headers: dict[str, Any], game_id: str) -> Response:
    """Deal the next deal when the previous one is scored (409 otherwise).

    Any seat token or the host token may deal; only the host may pass an explicit `deal`, and
    only while the app key that created the game is not revoked (the host token is bound to
    it). Games with `auto_deal` on never need this.
    """
    who, stored = open_game(game_id, required=True)
    if who.host and body.get("deal") is not None:
        app_keys.app_keys().still_valid(stored.meta.get("app_key"))
    expected = expected_versions(body.get("expected_version"), headers)
    answer = tables().deal(
        game_id, who, body.get("deal"), expected, headers.get("idempotency_key"), stored
    )
    response = change_response(answer)
    if old_forms.is_old_deal(body.get("deal")):
        deprecation.mark(response, OLD_DEAL)
    return response

"""Claim: take an open seat of a table with its invite code; the answer holds its token."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from service.api.claim_schemas import ClaimIn
from service.api.common import (
    CHANGE_HEADERS,
    EXAMPLE_ID,
    PUBLIC,
    errors,
    etag,
    json_response,
    tables,
)
from service.api.common_schemas import CreateHeaders
from service.api.games import GAME_EXAMPLE
from service.api.games_schemas import SeatTokenOut

blp = Blueprint(
    "claim",
    __name__,
    url_prefix="/api/v1/games",
    description="Open seats: take one with the table's invite code.",
)

TOKEN_EXAMPLE: dict[str, Any] = {
    **GAME_EXAMPLE,
    "version": 1,
    "status": "waiting",
    "seat": 1,
    "token": f"{EXAMPLE_ID}.s3cr3t-seat-1",
}


@blp.route("/<string:game_id>/claim", methods=["POST"])
@blp.doc(operationId="claim_seat", security=PUBLIC)
@blp.arguments(ClaimIn(), example={"invite_code": "pQ3x9Lk2mN7vR4tZ", "seat": 1})
@blp.arguments(CreateHeaders(), location="headers")
@blp.response(200, SeatTokenOut, example=TOKEN_EXAMPLE, headers=CHANGE_HEADERS)
@errors(
    blp,
    400,
    "bad_invite_code",
    "no_such_game",
    "game_abandoned",
    "seat_taken",
    "no_open_seat",
    "stale_version",
    413,
    "validation_error",
    "no_such_seat",
    "idempotency_key_reused",
    503,
)
def post_claim(body: dict[str, Any], headers: dict[str, Any], game_id: str) -> Response:
    """Take an open seat with the table's invite code (no token needed: the code is the
    credential). The answer is the game as that seat sees it with the seat's `token`, shown
    once: keep it (a retry with the same `Idempotency-Key` answers it again).

    `seat` picks an open seat, else the lowest open one is taken. Of two requests for one
    seat exactly one wins; the other gets 409 `seat_taken`. A wrong code is 403
    `bad_invite_code`, and nothing changes. The table starts (its first deal was dealt and
    committed at creation) when the last open seat is taken.

    Claims are limited per client address, right code or wrong (`RATE_LIMIT_CLAIMS`, by
    default 60 a minute): over it, 429 `rate_limited` with `Retry-After`.
    """
    answer = tables().lobby.claim(
        game_id, body["invite_code"], body.get("seat"), headers.get("idempotency_key")
    )
    extra = {"ETag": etag(answer.body)}
    if answer.replayed:
        extra["Idempotent-Replayed"] = "true"
    return json_response(answer.body, 200, extra)

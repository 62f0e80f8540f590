"""Moves: a seat plays, with its call if it has one; answers the new view and its events."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from flask import Response, request
from flask_smorest import Blueprint

from service.api.common import (
    CHANGE_HEADERS,
    EXAMPLE_EVENTS,
    EXAMPLE_ID,
    EXAMPLE_SEAT,
    EXAMPLE_VIEW_AFTER,
    SEAT,
    SECONDS,
    errors,
    etag,
    expected_versions,
    json_response,
    lean,
    open_game,
    plain_json,
    plain_move,
    plain_query,
    plain_version,
    plain_wait,
    tables,
    token_first,
)
from service.api.games_schemas import ChangeHeaders, ChangeOut
from service.api.moves_schemas import MoveIn, MoveQuery
from service.api.refusals import GAME_ENDED, SEAT_REFUSED, VERSION_RACED
from service.core.connections import peer_of
from service.games.bodies import Answer

blp = Blueprint(
    "moves",
    __name__,
    url_prefix="/api/v1/games",
    description="Play: moves and calls. A call (`quack`, `doubleduck`) is sent with the card it "
    "belongs to; the rules forbid a late call, so there is no separate call endpoint.",
)

token_first(blp)

CHANGE_EXAMPLE: dict[str, Any] = {
    "id": EXAMPLE_ID,
    "version": 1,
    "status": "playing",
    "game": "doubleduck",
    "role": "seat",
    "seat": EXAMPLE_SEAT,
    "seats": [{"seat": i, "kind": "human"} for i in range(4)],
    "auto_deal": False,
    "view": EXAMPLE_VIEW_AFTER,
    "events": EXAMPLE_EVENTS,
}


def change_response(answer: Answer, status: int = 200) -> Response:
    """A change's answer with its version as ETag; a replayed retry says so. The body is
    `ChangeOut` already (built by `Tables._change`), so it is sent as it is."""
    headers = {"ETag": etag(answer.body)}
    if answer.replayed:
        headers["Idempotent-Replayed"] = "true"
    return json_response(answer.body, status, headers, answer.text)


@blp.doc(operationId="play_move", security=SEAT)
@blp.arguments(
    MoveIn(),
    example={"move": {"type": "play", "card": "JS", "call": "doubleduck"}, "expected_version": 12},
)
@blp.arguments(ChangeHeaders(), location="headers")
@blp.arguments(MoveQuery(), location="query")
@blp.response(200, ChangeOut, example=CHANGE_EXAMPLE, headers=CHANGE_HEADERS)
@errors(
    blp,
    400,
    *SEAT_REFUSED,
    "not_a_player",
    "no_such_game",
    "not_your_turn",
    *GAME_ENDED,
    "deal_pending",
    *VERSION_RACED,
    "idempotency_in_progress",
    413,
    "validation_error",
    "invalid_if_match",
    "idempotency_key_reused",
    "malformed_move",
    "card_not_in_hand",
    "illegal_call",
    "illegal_move",
    503,
)
def _move(
    body: dict[str, Any], headers: dict[str, Any], query: dict[str, Any], game_id: str
) -> Response:
    """Play a move as the token's seat; calls travel with their card.

    Calls: `{"type": "play", "card": "JS", "call": "quack"}`. The call is part of the play
    because the rules forbid a late call: once a card is accepted without a call, it can never
    be called, and the server never calls for a player. `expected_version` (or `If-Match`)
    makes a stale move a 409 that changes nothing. The answer is the seat's new view and the
    events the move caused that this seat may see.

    `?wait=30` turns the answer into the seat's next turn: it comes when the seat is to act
    again (or the deal or game ended), with every event since the move. A client then plays
    a whole game with one request per move and no polling.
    """
    expected = expected_versions(body.get("expected_version"), headers)
    who, stored = open_game(game_id, required=True, expected=expected)
    answer = tables().move(
        game_id,
        who,
        body["move"],
        expected,
        headers.get("idempotency_key"),
        stored,
        query["wait"],
        peer_of(request.environ),
    )
    return change_response(answer)


_MOVE: Callable[..., Response] = inspect.unwrap(_move)
"""The move view itself, under its schemas' wrappers."""


def _plain() -> dict[str, Any] | None:
    """A move's arguments without the schemas, for plain requests (`common.lean`)."""
    query = plain_query({"wait": SECONDS})
    wait = None if query is None else plain_wait(query)
    if wait is None or "Idempotency-Key" in request.headers:
        return None
    headers: dict[str, Any] = {}
    if_match = request.headers.get("If-Match")
    if if_match is not None:
        if len(if_match) > 64:
            return None
        headers["if_match"] = if_match
    body = plain_json()
    if body is None or not body.keys() <= {"move", "expected_version"}:
        return None
    if not plain_move(body.get("move")):
        return None
    if "expected_version" in body and not plain_version(body["expected_version"]):
        return None
    return {"body": body, "headers": headers, "query": {"wait": wait}}


@blp.route("/<string:game_id>/moves", methods=["POST"])
@lean(_move, _plain)
def post_move(
    body: dict[str, Any], headers: dict[str, Any], query: dict[str, Any], game_id: str
) -> Response:
    return _MOVE(body, headers, query, game_id)

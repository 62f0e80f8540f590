"""Rematch: the same table again after a finished game, each seat with a new token."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask_smorest import Blueprint

from service.api.claim import TOKEN_EXAMPLE
from service.api.common import (
    CHANGE_HEADERS,
    SEAT_OR_HOST,
    errors,
    etag,
    json_response,
    open_game,
    tables,
    token_first,
)
from service.api.refusals import SEAT_REFUSED
from service.api.rematch_schemas import DeclineOut, RematchHeaders, RematchIn, RematchOut
from service.http import app_keys
from service.tables.rematch import Settle

blp = Blueprint(
    "rematch",
    __name__,
    url_prefix="/api/v1/games",
    description="Rematch: the same seats, bots and options again.",
)
token_first(blp)

REMATCH_EXAMPLE = {**TOKEN_EXAMPLE, "rematch_of": "Zq3kx7P2aB9w"}
REFUSALS = (
    *SEAT_REFUSED,
    "no_such_game",
    "game_not_over",
    "game_abandoned",
    "game_over",
    "seat_taken",
    "stale_version",
    "idempotency_in_progress",
    503,
)


def admit(owner: str | None) -> Settle:
    """Count a rematch against the app key that made the finished game, as a creation."""
    keys = app_keys.app_keys()
    key = keys.of(owner) if owner is not None else None
    if key is None:
        return lambda _gid: None
    slot = keys.admit_game(key)
    return lambda gid: keys.settle(key, slot, gid)


def answer(game_id: str, *, ask: bool) -> Response:
    who, old = open_game(game_id, required=True)
    auth = request.headers.get("Authorization")
    body = tables().lobby.rematch(game_id, who, auth, ask=ask, admit=admit, stored=old).body
    return json_response(body, 200, {"ETag": etag(body)})


@blp.route("/<string:game_id>/rematch", methods=["POST"])
@blp.doc(operationId="ask_rematch", security=SEAT_OR_HOST)
@blp.arguments(RematchIn(), example={})
@blp.arguments(RematchHeaders(), location="headers")
@blp.response(200, RematchOut, example=REMATCH_EXAMPLE, headers=CHANGE_HEADERS)
@errors(
    blp,
    *REFUSALS,
    400,
    413,
    "validation_error",
    "app_key_revoked",
    "quota_live_games",
    "quota_creations",
    "rate_limited",
)
def post_rematch(_body: dict[str, Any], _headers: dict[str, Any], game_id: str) -> Response:
    """Ask for (or join) the rematch of a finished game, with the old game's seat token (or
    its host token). The first asker makes it: a new game with the same seats, bots and
    options, the first dealer moved on one seat; everyone else who asks, at once or later,
    gets the SAME game (one rematch per game). It counts against the quotas of the app key
    that made the finished game, as a creation does.

    The answer is the rematch as the caller's seat sees it, with the caller's new `token`
    (derived from its old token: asking again answers the same one; nobody gets another
    seat's). Until each human seat's holder has asked (`POST`) or fetched its token (`GET`),
    the rematch waits (status `waiting`). An unfinished game has no rematch: 409.
    """
    return answer(game_id, ask=True)


@blp.route("/<string:game_id>/rematch", methods=["GET"])
@blp.doc(operationId="get_rematch", security=SEAT_OR_HOST)
@blp.arguments(RematchHeaders(), location="headers")
@blp.response(200, RematchOut, example=REMATCH_EXAMPLE, headers=CHANGE_HEADERS)
@errors(blp, *REFUSALS, "no_rematch")
def get_rematch(_headers: dict[str, Any], game_id: str) -> Response:
    """The rematch someone asked for, with the caller's new token (taking its seat there,
    once: asking again answers the same token); 404 `no_rematch` while nobody asked."""
    return answer(game_id, ask=False)


@blp.route("/<string:game_id>/rematch/decline", methods=["POST"])
@blp.doc(operationId="decline_rematch", security=SEAT_OR_HOST)
@blp.arguments(RematchIn(), example={})
@blp.arguments(RematchHeaders(), location="headers")
@blp.response(
    200,
    DeclineOut,
    example={
        "id": "Zq3kx7P2aB9w",
        "rematch_of": "Pq1kx7P2aB9w",
        "status": "abandoned",
        "declined_by": 1,
    },
)
@errors(
    blp,
    *SEAT_REFUSED,
    "not_a_player",
    "no_such_game",
    "game_not_over",
    "no_rematch",
    "game_abandoned",
    "rematch_started",
    "stale_version",
    "idempotency_in_progress",
    400,
    413,
    "validation_error",
    503,
)
def decline_rematch(_body: dict[str, Any], _headers: dict[str, Any], game_id: str) -> Response:
    """Decline the rematch someone asked for, with a seat's token of the finished game (its
    asker may withdraw it so). The rematch, still waiting for its players, is abandoned:
    its stream tells `rematch_declined` (the seat) and `game_abandoned` at once to whoever
    follows it. 409 `rematch_started` once every player joined; `game_abandoned` when it was
    declined already."""
    who, old = open_game(game_id, required=True)
    body = tables().lobby.decline(game_id, who, old)
    return json_response(body, 200)

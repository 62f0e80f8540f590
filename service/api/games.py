"""Games: create one, read one (a seat's view with its token, the public view without)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from flask import Response, jsonify, request, url_for
from flask_smorest import Blueprint

from engine import GAMES
from service.api.common import (
    ANYONE,
    APP_KEY,
    CHANGE_HEADERS,
    EXAMPLE_ID,
    EXAMPLE_PUBLIC_VIEW,
    EXAMPLE_SEAT,
    EXAMPLE_VIEW,
    SECONDS,
    VERSION,
    VIEW_HEADERS,
    errors,
    etag,
    json_response,
    lean,
    location_header,
    not_modified,
    open_game,
    plain_query,
    plain_wait,
    tables,
)
from service.api.common_schemas import CreateHeaders
from service.api.games_schemas import (
    IF_NONE_MATCH_MAX,
    CreatedOut,
    CreateGameIn,
    GameOut,
    ViewHeaders,
    ViewQuery,
)
from service.api.refusals import APP_KEY_REFUSED, SEAT_REFUSED, THROTTLED
from service.core.connections import peer_of
from service.games import old_forms
from service.games.old_forms import OLD_DEAL
from service.http import app_keys, deprecation

blp = Blueprint("games", __name__, url_prefix="/api/v1/games", description="Create and read games.")
app_keys.required_on(blp, "games.create_game")
CREATED_OUT = CreatedOut()  # built once: building a schema costs more than a dump

SEATS_EXAMPLE = [
    {"seat": 0, "kind": "human"},
    {"seat": 1, "kind": "human"},
    {"seat": 2, "kind": "bot", "bot": "random"},
    {"seat": 3, "kind": "bot", "bot": "random"},
]
GAME_EXAMPLE: dict[str, Any] = {
    "id": EXAMPLE_ID,
    "version": 0,
    "status": "playing",
    "game": "doubleduck",
    "role": "seat",
    "seat": EXAMPLE_SEAT,
    "seats": SEATS_EXAMPLE,
    "auto_deal": False,
    "view": EXAMPLE_VIEW,
}
CREATED_EXAMPLE: dict[str, Any] = {
    **GAME_EXAMPLE,
    "version": 0,
    "auto_deal": True,  # one human seat: the default
    "role": "host",
    "seat": None,
    "seats": [
        {"seat": 0, "kind": "human", "token": f"{EXAMPLE_ID}.s3cr3t-seat-0"},
        {"seat": 1, "kind": "bot", "bot": "random"},
        {"seat": 2, "kind": "bot", "bot": "random"},
        {"seat": 3, "kind": "bot", "bot": "heuristic"},
    ],
    "host_token": f"{EXAMPLE_ID}.s3cr3t-host",
    "view": EXAMPLE_PUBLIC_VIEW,
}


CREATE_EXAMPLES = {
    name: {
        "summary": f"{cls.title}: you at seat 0, first to play; bots in the other seats",
        "value": {
            "game": name,
            "seats": [{}, *[{"bot": "random"}] * (cls.min_seats - 1)],
            "options": {"first_dealer": cls.min_seats - 1},
        },
    }
    for name, cls in GAMES.items()
}
"""A table per game with one human, at seat 0 on the dealer's left, and bots: the human plays
first, then again after the bots' turns, so a client (or schemathesis' stateful phase,
following the links to seat 0's view and its first legal move) has a move to play at once."""


@blp.route("", methods=["POST"])
@blp.doc(operationId="create_game", security=APP_KEY)
@blp.arguments(
    CreateGameIn(),
    examples=CREATE_EXAMPLES,
)
@blp.arguments(CreateHeaders(), location="headers")
@blp.response(
    201,
    CreatedOut,
    example=CREATED_EXAMPLE,
    headers={
        **CHANGE_HEADERS,
        "Location": location_header("game"),
        **deprecation.spec_headers(OLD_DEAL),
    },
)
@errors(
    blp,
    400,
    *APP_KEY_REFUSED,
    "idempotency_in_progress",
    413,
    "validation_error",
    "invalid_seats",
    "invalid_options",
    "invalid_deal",
    "unknown_game",
    "unknown_bot",
    "idempotency_key_reused",
    "quota_live_games",
    "quota_creations",
    *THROTTLED,
)
def create_game(body: dict[str, Any], headers: dict[str, Any]) -> Response:
    """Create a game; the answer shows each human seat's token and the host token, once.

    `seats` has one entry per seat: `{}` for a human, `{"bot": "random"}` for a bot. Without a
    `seed` the server draws a secret one. `deal` pins the first deal (hands, stock top first).
    The service option `auto_deal` (default: on when at most one seat is human) deals each next
    deal in the same change as the move that ended the previous one.

    Needs `Authorization: Bearer <app key>` (unless the operator turned app keys off); the
    key's quotas of live games and creations per minute apply (429). An `Idempotency-Key` is
    the caller's own: the same key sent with another app key (or from another address, with
    keys off) is another request.
    """
    key, scope, idem = app_keys.presented(), app_keys.scope(), headers.get("idempotency_key")
    slot = None
    if key is not None and not tables().is_retry(idem, scope):
        slot = app_keys.app_keys().admit_game(key)
    try:
        answer = tables().create(
            body,
            idem,
            scope=scope,
            owner=key.id if key is not None else None,
        )
    except BaseException:
        if key is not None and slot is not None:
            app_keys.app_keys().settle(key, slot, None)
        raise
    if key is not None and slot is not None:
        app_keys.app_keys().settle(key, slot, None if answer.replayed else answer.body["id"])
    response = jsonify(CREATED_OUT.dump(answer.body))
    response.status_code = 201
    response.headers["Location"] = url_for("games.get_game", game_id=answer.body["id"])
    response.headers["ETag"] = etag(answer.body)
    if answer.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    if old_forms.is_old_deal(body.get("deal")):
        deprecation.mark(response, OLD_DEAL)
    return response


@blp.doc(operationId="get_game", security=ANYONE)
@blp.arguments(ViewQuery(), location="query")
@blp.arguments(ViewHeaders(), location="headers")
@blp.response(200, GameOut, example=GAME_EXAMPLE, headers=VIEW_HEADERS)
@blp.alt_response(304, description="Not modified: `If-None-Match` names the current ETag.")
@errors(blp, *SEAT_REFUSED, "no_such_game", "validation_error", "too_many_waits", *THROTTLED)
def _get_game(query: dict[str, Any], headers: dict[str, Any], game_id: str) -> Response:
    """Read a game: a seat's view with its token (hand, legal moves), else the public view.

    `?wait=30` holds the answer until the seat is to act (or the deal or game ended);
    `?wait=30&after_version=12` until anything changes after version 12. Without a seat
    (a spectator, the host) `?wait=30` alone waits for the next change after the version
    the request found.
    """
    who, stored = open_game(game_id, required=False)
    body = tables().view(
        game_id, who, stored, query["wait"], query.get("after_version"), peer_of(request.environ)
    )
    tag = etag(body)
    if not_modified(tag, headers.get("if_none_match")):
        return Response(status=304, headers={"ETag": tag})
    return json_response(body, 200, {"ETag": tag})


_GET_GAME: Callable[..., Response] = inspect.unwrap(_get_game)
"""The view itself, under its schemas' wrappers."""


def _plain() -> dict[str, Any] | None:
    """A view's arguments without the schemas, for plain requests (`common.lean`)."""
    query = plain_query({"wait": SECONDS, "after_version": VERSION})
    wait = None if query is None else plain_wait(query)
    if query is None or wait is None:
        return None
    args: dict[str, Any] = {"wait": wait}
    if "after_version" in query:
        args["after_version"] = int(query["after_version"])
    if_none_match = request.headers.get("If-None-Match")
    if if_none_match is not None and len(if_none_match) > IF_NONE_MATCH_MAX:
        return None
    return {"query": args, "headers": {"if_none_match": if_none_match}}


@blp.route("/<string:game_id>", methods=["GET"])
@lean(_get_game, _plain)
def get_game(query: dict[str, Any], headers: dict[str, Any], game_id: str) -> Response:
    return _GET_GAME(query, headers, game_id)

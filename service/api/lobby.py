"""The lobby: tables with open seats, listed per game to an app key (or to all)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from engine import GAMES
from service.api.common import APP_KEY, EXAMPLE_ID, errors, json_response, tables
from service.api.lobby_schemas import LobbyOut, LobbyQuery
from service.api.refusals import APP_KEY_REFUSED, THROTTLED
from service.http import app_keys

blp = Blueprint(
    "lobby", __name__, url_prefix="/api/v1/lobby", description="Tables with open seats."
)
app_keys.required_on(blp, "lobby.get_lobby")

LOBBY_EXAMPLE = {
    "game": "ducksoup",
    "tables": [
        {
            "id": EXAMPLE_ID,
            "game": "ducksoup",
            "seats": [{"seat": 0, "kind": "human"}, {"seat": 1, "kind": "human", "open": True}],
            "open_seats": [1],
            "options": {"first_dealer": 0, "target": 250},
            "auto_deal": False,
            "lobby": "key",
            "age_seconds": 42,
            "invite_code": "pQ3x9Lk2mN7vR4tZ",
        }
    ],
}


@blp.route(f"/<any({', '.join(GAMES)}):game>", methods=["GET"])
@blp.doc(operationId="get_lobby", security=APP_KEY)
@blp.arguments(LobbyQuery(), location="query")
@blp.response(200, LobbyOut, example=LOBBY_EXAMPLE)
@errors(blp, *APP_KEY_REFUSED, "validation_error", "not_found", *THROTTLED)
def get_lobby(query: dict[str, Any], game: str) -> Response:
    """The tables of one game that wait for players, newest first: each with its open seats,
    options, age and invite code (`POST /api/v1/games/{id}/claim` takes a seat).

    A table is listed when its creation said `lobby`: `key` lists it to callers with the app
    key that made it, `all` to every app key. Needs `Authorization: Bearer <app key>` (unless
    the operator turned app keys off: then every table made without a key is listed). A table
    leaves the lobby once its seats are taken, or it ends. A name no game has is a 404.
    """
    key = app_keys.presented()
    tables_ = tables().lobby.listing(game, key.id if key else None, query["limit"])
    return json_response({"game": game, "tables": tables_})

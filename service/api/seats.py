"""Seats: a player hands its seat to its bot (`away`) and takes it back (`return`); an
invited seat's holder takes it (`claim`)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from service.api.common import (
    CHANGE_HEADERS,
    SEAT,
    errors,
    etag,
    expected_versions,
    json_response,
    open_game,
    tables,
    token_first,
)
from service.api.games import GAME_EXAMPLE
from service.api.games_schemas import ChangeOut, GameOut
from service.api.moves import CHANGE_EXAMPLE, change_response
from service.api.refusals import GAME_ENDED, SEAT_REFUSED, VERSION_RACED
from service.api.seats_schemas import PresenceHeaders, PresenceIn

blp = Blueprint(
    "seats",
    __name__,
    url_prefix="/api/v1/games",
    description="Leave and return: a seat hands itself to the game's `on_timeout` bot and "
    "takes itself back.",
)
token_first(blp)

HEADERS = {k: v for k, v in CHANGE_HEADERS.items() if k != "Idempotent-Replayed"}
ERRORS = (
    400,
    *SEAT_REFUSED,
    "not_a_player",
    "not_your_seat",
    "no_such_game",
    *GAME_ENDED,
    *VERSION_RACED,
    413,
    "validation_error",
    "invalid_if_match",
    503,
)


def _example(kind: str) -> dict[str, Any]:
    event = {"n": 40, "version": 13, "type": kind, "data": {"seat": 1, "by": "seat"}}
    return {**CHANGE_EXAMPLE, "version": 13, "seat": 1, "events": [event]}


def _presence(
    body: dict[str, Any], headers: dict[str, Any], game_id: str, seat: str, away: bool
) -> Response:
    """`seat` is the path's text: a seat of the token's game is its number (`0`, `1`...), and
    anything else names no seat of the token's (403 `not_your_seat`)."""
    who, stored = open_game(game_id, required=True)
    expected = expected_versions(body.get("expected_version"), headers)
    number = int(seat) if seat.isdigit() and len(seat) <= 3 else -1
    return change_response(tables().presence(game_id, who, number, away, expected, stored))


@blp.route("/<string:game_id>/seats/<string:seat>/away", methods=["POST"])
@blp.doc(operationId="leave_seat", security=SEAT)
@blp.arguments(PresenceIn(), example={"expected_version": 12})
@blp.arguments(PresenceHeaders(), location="headers")
@blp.response(200, ChangeOut, headers=HEADERS, example=_example("seat_away"))
@errors(blp, *ERRORS)
def post_away(body: dict[str, Any], headers: dict[str, Any], game_id: str, seat: str) -> Response:
    """Hand your seat to the game's `on_timeout` bot (the seat's token only, its own seat):
    the seat is `away` and the bot plays each of its moves at once, until the seat returns.

    A change like a move (a `seat_away` event, `expected_version` or `If-Match` checked);
    asking again while away changes nothing and answers the view. A seat is also made away
    by `away_after` timeouts in a row in a timed game.
    """
    return _presence(body, headers, game_id, seat, away=True)


@blp.route("/<string:game_id>/seats/<string:seat>/return", methods=["POST"])
@blp.doc(operationId="return_to_seat", security=SEAT)
@blp.arguments(PresenceIn(), example={"expected_version": 20})
@blp.arguments(PresenceHeaders(), location="headers")
@blp.response(200, ChangeOut, headers=HEADERS, example=_example("seat_returned"))
@errors(blp, *ERRORS)
def post_return(body: dict[str, Any], headers: dict[str, Any], game_id: str, seat: str) -> Response:
    """Take your seat back from its bot (the seat's token only, its own seat): the seat plays
    by its own hand again, on a fresh turn clock in a timed game.

    A change like a move (a `seat_returned` event, `expected_version` or `If-Match`
    checked); asking again while present changes nothing and answers the view. A move of
    the seat's own that is accepted while it is away also brings it back.
    """
    return _presence(body, headers, game_id, seat, away=False)


@blp.route("/<string:game_id>/seats/<string:seat>/claim", methods=["POST"])
@blp.doc(operationId="take_invited_seat", security=SEAT)
@blp.arguments(PresenceIn(), example={})
@blp.arguments(PresenceHeaders(), location="headers")
@blp.response(200, GameOut, example={**GAME_EXAMPLE, "seat": 1}, headers=HEADERS)
@errors(
    blp,
    400,
    *SEAT_REFUSED,
    "not_a_player",
    "not_your_seat",
    "no_such_game",
    "game_abandoned",
    *VERSION_RACED,
    413,
    "validation_error",
    "invalid_if_match",
    503,
)
def post_take_invited(
    body: dict[str, Any], headers: dict[str, Any], game_id: str, seat: str
) -> Response:
    """Take your invited seat (its token only, its own seat): a seat created `invited`, whose
    token the creator handed you (an invite link). The table waits, no clock running, until
    every invited seat (and open seat) is taken; the last one starts it, each clock fresh.
    Taking it again, or a seat that was never invited, changes nothing and answers the view.
    """
    who, _ = open_game(game_id, required=True)
    expected = expected_versions(body.get("expected_version"), headers)
    number = int(seat) if seat.isdigit() and len(seat) <= 3 else -1
    answer = tables().lobby.take_invited(game_id, who, number, expected)
    return json_response(answer.body, 200, {"ETag": etag(answer.body)})

"""Events: what happened, in order and numbered, filtered to what the caller may see."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from service.api.common import ANYONE, EXAMPLE_ID, caller, errors, tables
from service.api.events_schemas import EventsHeaders, EventsOut, EventsQuery
from service.api.refusals import SEAT_REFUSED

blp = Blueprint("events", __name__, url_prefix="/api/v1/games", description="Event feed.")


@blp.route("/<string:game_id>/events", methods=["GET"])
@blp.doc(operationId="list_events", security=ANYONE)
@blp.arguments(EventsQuery(), location="query")
@blp.arguments(EventsHeaders(), location="headers")
@blp.response(
    200,
    EventsOut,
    example={
        "id": EXAMPLE_ID,
        "version": 2,
        "after": 0,
        "last": 3,
        "next_after": 3,
        "has_more": True,
        "events": [
            {
                "n": 1,
                "version": 0,
                "type": "game_created",
                "data": {"game": "doubleduck", "seat_count": 4, "bots": [None] * 4},
            },
            {"n": 2, "version": 1, "type": "card_played", "data": {"seat": 1, "card": "JS"}},
            {"n": 3, "version": 2, "type": "card_played", "data": {"seat": 2, "card": "4H"}},
        ],
    },
)
@errors(blp, "invalid_event_id", *SEAT_REFUSED, "no_such_game", "validation_error", 503)
def get_events(query: dict[str, Any], headers: dict[str, Any], game_id: str) -> dict[str, Any]:
    """Read the events numbered after `after`, a page of at most `limit` at a time: a seat's
    token adds its private events (its dealt hand, its draws); the host and spectators see
    public events only. While `has_more`, ask again with `after=next_after`."""
    who = caller(game_id, required=False)
    return tables().events(game_id, who, query["after"], query["limit"])

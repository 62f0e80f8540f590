"""What changes a game (a move, a deal, resigning, abandoning, leaving and returning) and the
events it leaves (a change's answer, the events page, the event stream): the headers and
bodies of a change are read the same way on each."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service import contract
from service.schemas.base import VERSION_DOC, Documented, Out, WholeNumber
from service.schemas.games import DealIn, GameOut
from service.schemas.parameters import (
    app_key_header,
    authorization_header,
    idempotency_key_header,
    if_match_header,
    token_header,
    wait_query,
)


class MoveBody(Schema):
    """What the server reads of a move before the rules do; the spec says each game's moves
    exactly (`service.contract.move_in`)."""

    type = fields.String(required=True, validate=validate.Length(min=1, max=32))
    card = fields.String(validate=validate.Length(max=8))
    call = fields.String(validate=validate.Length(max=64))
    cards = fields.List(
        fields.String(validate=validate.Length(max=8)), validate=validate.Length(max=64)
    )
    draw = fields.String(validate=validate.Length(max=32))


class MoveIn(Schema):
    move = fields.Nested(MoveBody, required=True)
    expected_version = WholeNumber(
        validate=validate.Range(min=0),
        metadata={"description": "Refuse (409 stale_version) unless the game is at this version."},
    )


class DealRequestIn(Schema):
    deal = fields.Nested(
        DealIn,
        allow_none=True,
        metadata={"description": "Host only: an explicit deal; absent or null, it is shuffled."},
    )
    expected_version = WholeNumber(validate=validate.Range(min=0))


def expected_version(what: str) -> WholeNumber:
    """The optional `expected_version` of a change: `what` it does only at that version."""
    return WholeNumber(
        validate=validate.Range(min=0),
        metadata={"description": f"{what} only if the game is still at this version."},
    )


class ResignIn(Schema):
    expected_version = expected_version("Resign")


class AbandonIn(Schema):
    expected_version = expected_version("Abandon")


class PresenceIn(Schema):
    expected_version = WholeNumber(
        validate=validate.Range(min=0),
        metadata={"description": "Only if the game is still at this version (else 409)."},
    )


class ChangeHeaders(Schema):
    authorization = token_header("a seat's token to move; a seat's or the host's to deal")
    app_key = app_key_header()
    idempotency_key = idempotency_key_header()
    if_match = if_match_header()


class AbandonHeaders(Schema):
    authorization = token_header("the host token")
    if_match = if_match_header()


class PresenceHeaders(Schema):
    authorization = token_header("the token of the seat named in the path")
    app_key = app_key_header()
    if_match = if_match_header()


class ResignHeaders(ChangeHeaders):
    authorization = token_header("the resigning seat's token")


class MoveQuery(Schema):
    wait = wait_query(
        "With `wait`, the answer's `events` are all those since this move that the seat may "
        "see (what the others played meanwhile)."
    )


EVENTS_PAGE = 500
"""Stored events per page of `GET .../events` unless `limit` says otherwise."""


EVENTS_PAGE_MAX = 1000


class EventsQuery(Schema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=10**9),
        metadata={"description": "Return events numbered after this one (0: from the start)."},
    )
    limit = fields.Integer(
        load_default=EVENTS_PAGE,
        validate=validate.Range(min=1, max=EVENTS_PAGE_MAX),
        metadata={
            "description": f"At most this many events numbered after `after` (default "
            f"{EVENTS_PAGE}, at most {EVENTS_PAGE_MAX}); a token's page may hold fewer, as it "
            "skips the events it may not see. `has_more` says whether more follow."
        },
    )


class EventsHeaders(Schema):
    authorization = authorization_header()
    app_key = app_key_header()


EVENT_NUMBER = r"^[0-9]{1,18}$"


class StreamQuery(Schema):
    # A string, read by `service.sse.resume_from`: a malformed resume point is its 400.
    after = fields.String(
        metadata={
            "description": "Resume after this event number (the `id` of the last frame read): "
            "no snapshot, only the events after it. `Last-Event-ID` wins when both are sent.",
            "pattern": EVENT_NUMBER,
        },
    )


class StreamHeaders(Schema):
    authorization = authorization_header()
    app_key = app_key_header()
    last_event_id = fields.String(
        data_key="Last-Event-ID",
        metadata={
            "description": "Resume after this event number, as `?after=` (an EventSource "
            "sends it when it reconnects); empty is none, as in SSE.",
            "pattern": r"^[0-9]{0,18}$",
        },
    )


class ChangeOut(GameOut):
    events = fields.List(
        Documented(contract.ANY_EVENT),
        required=True,
        metadata={"description": "The events this change caused that the caller may see."},
    )


class EventsOut(Out):
    id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": VERSION_DOC})
    after = fields.Integer(required=True)
    last = fields.Integer(
        required=True, metadata={"description": "Pass as `after` to get what follows."}
    )
    next_after = fields.Integer(
        required=True,
        metadata={"description": "The same as `last`: the `after` of the next page."},
    )
    has_more = fields.Boolean(
        required=True,
        metadata={"description": "More events follow this page: ask again with `next_after`."},
    )
    events = fields.List(
        Documented(contract.ANY_EVENT),
        required=True,
        metadata={"description": "Typed per event `type`; private ones carry `visible_to`."},
    )

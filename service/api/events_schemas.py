"""Schemas of `events.py`: a game's events, a page at a time."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from service.api.common_schemas import VERSION_DOC, Documented, Out, app_key_param
from service.core import sse
from service.games import contract

EVENTS_PAGE = 500
"""Stored events per page of `GET .../events` unless `limit` says otherwise."""
EVENTS_PAGE_MAX = 1000


class EventNumber(fields.Integer):
    """A query's event number, read as a game's stream reads its `after`
    (`service.core.sse.event_number`): ASCII digits, 0 to `MOST_EVENT`, else the same 400
    `invalid_event_id` in the same words (an integer field would take `+5`, ` 5` and
    fullwidth digits)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        number = sse.event_number(self.data_key or attr or "after", str(value))
        assert number is not None
        return number


class EventsQuery(Schema):
    after = EventNumber(
        load_default=0,
        validate=validate.Range(min=0, max=sse.MOST_EVENT),  # what the spec says; read above
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
    app_key = app_key_param()


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

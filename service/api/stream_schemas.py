"""Schemas of `stream.py`: a game's events as server-sent events."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.api.common_schemas import app_key_param

EVENT_NUMBER = r"^(?:[0-9]{1,9}|0[0-9]{9}|1000000000)$"
"""A game's event number as text: up to ten digits, at most `service.core.sse.MOST_EVENT`
(10**9), exactly what `sse.event_number` reads (a test holds the two together)."""


class StreamQuery(Schema):
    # A string, read by `service.core.sse.resume_from`: a malformed resume point is its 400.
    after = fields.String(
        metadata={
            "description": "Resume after this event number (the `id` of the last frame read): "
            "no snapshot, only the events after it, from 0 to 1000000000 as `/events` takes it. "
            "`Last-Event-ID` wins when both are sent.",
            "pattern": EVENT_NUMBER,
        },
    )

    rematch = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Once the game is over, keep the stream open after its `end` frame "
            "until someone asks for the rematch (`POST .../rematch`), then send it as a "
            "`rematch` frame (its `id`, `status`, the human seats `joined` and still "
            "`open_seats`) and close: how a finished table's other players are offered the "
            "rematch at once. At once if it was asked already."
        },
    )


class StreamHeaders(Schema):
    app_key = app_key_param()
    last_event_id = fields.String(
        data_key="Last-Event-ID",
        metadata={
            "description": "Resume after this event number, as `?after=` (an EventSource "
            "sends it when it reconnects); empty is none, as in SSE.",
            "pattern": r"^(?:[0-9]{0,9}|0[0-9]{9}|1000000000)$",
        },
    )

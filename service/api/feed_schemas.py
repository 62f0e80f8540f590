"""Schemas of `feed.py`: an app key's feed (what its human seats and bots are to do)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.common_schemas import VERSION_DOC, Out
from service.streams.feed import TYPES

FEED_TYPES = list(TYPES)
"""What a feed entry (and a webhook) may be (`service.streams.feed`)."""
FEED_ID = r"^[0-9]{1,18}$"


class FeedQuery(Schema):
    events = fields.List(
        fields.String(validate=validate.OneOf(FEED_TYPES)),
        validate=validate.Length(min=1, max=len(FEED_TYPES)),
        metadata={
            "description": "Only entries of these types, the parameter repeated "
            "(`?events=match_seat&events=match_finished`); the feed is not woken for others, "
            "so a bot client that plays its seats with `?wait=` need not hear every `turn`. "
            "Without it, every entry. The names are the entries' `type`s, as a webhook's "
            "`events`."
        },
    )
    # A string, read by `service.core.sse.resume_from`: a malformed resume point is its 400.
    after = fields.String(
        metadata={
            "description": "Resume after this entry (the `id` of the last frame read). "
            "`Last-Event-ID` wins when both are sent.",
            "pattern": FEED_ID,
        },
    )


class FeedHeaders(Schema):
    last_event_id = fields.String(
        data_key="Last-Event-ID",
        metadata={
            "description": "Resume after this entry, as `?after=` (an EventSource sends it "
            "when it reconnects).",
            "pattern": FEED_ID,
        },
    )


class FeedGameOut(Out):
    id = fields.String(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": VERSION_DOC})
    status = fields.String(required=True)
    to_act = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "The human seats to act now (the key plays them)."},
    )


class FeedGamesOut(Out):
    games = fields.List(fields.Nested(FeedGameOut), required=True)


class FeedSeatOut(Out):
    type = fields.String(required=True, validate=validate.OneOf(["match_seat"]))
    match_id = fields.String(required=True)
    game_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    bot = fields.String(required=True, metadata={"description": "The key's bot that plays it."})
    index = fields.Integer(required=True, metadata={"description": "The match game's index."})
    rotation = fields.Integer(
        required=True, metadata={"description": "Which rotation of the match's bots it is."}
    )
    token = fields.String(
        required=True,
        metadata={
            "description": "The seat's token: send it with the key's own app key in "
            "`Duckpond-App-Key` (the seat is bound to the key)."
        },
    )
    game = fields.String(required=True)


class FeedSeatsOut(Out):
    seats = fields.List(fields.Nested(FeedSeatOut), required=True)

"""An app key's feed (its games and match seats to play, resumable like a stream) and the
webhooks that deliver the same entries: both speak of the feed's entry types."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.feed import TYPES
from service.schemas.base import VERSION_DOC, Out

FEED_TYPES = list(TYPES)
"""What a feed entry (and a webhook) may be (`service.feed`)."""


FEED_ID = r"^[0-9]{1,18}$"


class FeedQuery(Schema):
    # A string, read by `service.sse.resume_from`: a malformed resume point is its 400.
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


class WebhookIn(Schema):
    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2048),
        metadata={
            "description": "Where to POST: `https://` (or `http://`), on a public address "
            "(private, loopback and link-local ones are refused unless the operator allows "
            "them: `webhook_url_refused`).",
            "example": "https://example.com/duckpond/hooks",
        },
    )
    events = fields.List(
        fields.String(validate=validate.OneOf(FEED_TYPES)),
        required=True,
        validate=validate.Length(min=1, max=len(FEED_TYPES)),
        metadata={"description": "The feed entry types to deliver."},
    )


class WebhookOut(Out):
    id = fields.String(required=True)
    url = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    status = fields.String(
        required=True,
        validate=validate.OneOf(["active", "disabled"]),
        metadata={
            "description": "`disabled`: every attempt failed for a day; nothing more "
            "is sent (delete it and register it again)."
        },
    )
    created = fields.String(required=True, metadata={"format": "date-time"})
    disabled_at = fields.String(allow_none=True, metadata={"format": "date-time"})
    disabled_reason = fields.String(allow_none=True)
    failing_since = fields.String(
        allow_none=True,
        metadata={
            "format": "date-time",
            "description": "The first failure since the last "
            "success, if the latest attempt failed.",
        },
    )
    delivered = fields.Integer(
        required=True, metadata={"description": "Deliveries that got a 2xx."}
    )
    failed = fields.Integer(required=True, metadata={"description": "Deliveries given up."})


class WebhookCreatedOut(WebhookOut):
    secret = fields.String(
        required=True,
        metadata={
            "description": "The signing secret (`whsec_...`), shown this once: verify each "
            "delivery's `webhook-signature` with it (Standard Webhooks)."
        },
    )


class WebhooksOut(Out):
    webhooks = fields.List(fields.Nested(WebhookOut), required=True)


class DeliveryOut(Out):
    id = fields.String(
        required=True,
        metadata={"description": "The delivery's `webhook-id`: the same on every attempt."},
    )
    type = fields.String(required=True)
    feed_id = fields.String(required=True, metadata={"description": "The feed entry's id."})
    status = fields.String(
        required=True,
        validate=validate.OneOf(["pending", "retrying", "delivered", "failed", "skipped"]),
    )
    attempts = fields.Integer(required=True)
    status_code = fields.Integer(allow_none=True, metadata={"description": "The last answer's."})
    last_error = fields.String(allow_none=True)
    created = fields.String(required=True, metadata={"format": "date-time"})
    last_attempt = fields.String(allow_none=True, metadata={"format": "date-time"})
    next_attempt = fields.String(allow_none=True, metadata={"format": "date-time"})


class DeliveriesOut(Out):
    deliveries = fields.List(fields.Nested(DeliveryOut), required=True)

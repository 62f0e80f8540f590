"""Schemas of `webhooks.py`: an app key's webhooks and their deliveries."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.common_schemas import Out
from service.api.feed_schemas import FEED_TYPES


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

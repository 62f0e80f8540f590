"""An app key's webhook endpoints: register, list, read, delete, and their delivery logs."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any, cast

from flask import Response
from flask_smorest import Blueprint

from service.access.app_keys import AppKey
from service.api.common import KEY_ONLY, errors, layers
from service.api.refusals import APP_KEY_REFUSED, THROTTLED
from service.api.webhooks_schemas import (
    DeliveriesOut,
    WebhookCreatedOut,
    WebhookIn,
    WebhookOut,
    WebhooksOut,
)
from service.http import app_keys
from service.streams.webhooks import Webhooks

blp = Blueprint(
    "webhooks",
    __name__,
    url_prefix="/api/v1/webhooks",
    description="Feed entries POSTed to an app key's endpoints, signed (Standard Webhooks).",
)
app_keys.required_on(blp, always=True)

EXAMPLE_ID = "wh_5f0c2a9e4b7d1c36"
WEBHOOK_EXAMPLE: dict[str, Any] = {
    "id": EXAMPLE_ID,
    "url": "https://example.com/duckpond/hooks",
    "events": ["game_ended", "turn"],
    "status": "active",
    "created": "2026-12-03T15:00:00Z",
    "disabled_at": None,
    "disabled_reason": None,
    "failing_since": None,
    "delivered": 12,
    "failed": 0,
}
DELIVERY_EXAMPLE = {
    "id": "msg_3f9a1c0b7e21_1764775201234001",
    "type": "turn",
    "feed_id": "1764775201234001",
    "status": "retrying",
    "attempts": 2,
    "status_code": 500,
    "last_error": "answered HTTP 500",
    "created": "2026-12-03T15:00:01Z",
    "last_attempt": "2026-12-03T15:00:06Z",
    "next_attempt": "2026-12-03T15:00:36Z",
}


def _mine() -> tuple[Webhooks, AppKey]:
    hooks = layers().webhooks
    assert hooks is not None, "the API's layers have webhooks"
    return hooks, cast(AppKey, app_keys.presented())  # verified first (`required_on`)


@blp.route("", methods=["POST"])
@blp.doc(operationId="create_webhook", security=KEY_ONLY)
@blp.arguments(WebhookIn(), example={"url": WEBHOOK_EXAMPLE["url"], "events": ["turn"]})
@blp.response(
    201,
    WebhookCreatedOut,
    example={**WEBHOOK_EXAMPLE, "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"},
)
@errors(
    blp,
    400,
    *APP_KEY_REFUSED,
    413,
    415,
    "validation_error",
    "webhook_url_refused",
    "too_many_webhooks",
    *THROTTLED,
)
def create_webhook(body: dict[str, Any]) -> dict[str, Any]:
    """Register an endpoint: the app key's feed entries of the `events` types are POSTed to
    `url` as `{"type", "timestamp", "data"}`, signed by the Standard Webhooks scheme with the
    answer's `secret` (shown this once). A delivery without a 2xx is retried for about a day;
    an endpoint whose every attempt failed for a day is disabled."""
    hooks, key = _mine()
    return hooks.create(key.id, body["url"], body["events"])


@blp.route("", methods=["GET"])
@blp.doc(operationId="list_webhooks", security=KEY_ONLY)
@blp.response(200, WebhooksOut, example={"webhooks": [WEBHOOK_EXAMPLE]})
@errors(blp, *APP_KEY_REFUSED, *THROTTLED)
def list_webhooks() -> dict[str, Any]:
    """The app key's endpoints (never their secrets)."""
    hooks, key = _mine()
    return {"webhooks": hooks.all(key.id)}


@blp.route("/<string:webhook_id>", methods=["GET"])
@blp.doc(operationId="get_webhook", security=KEY_ONLY)
@blp.response(200, WebhookOut, example=WEBHOOK_EXAMPLE)
@errors(blp, *APP_KEY_REFUSED, "no_such_webhook", *THROTTLED)
def get_webhook(webhook_id: str) -> dict[str, Any]:
    """One endpoint of the app key: its status (`active` or `disabled`) and counts."""
    hooks, key = _mine()
    return hooks.get(key.id, webhook_id)


@blp.route("/<string:webhook_id>", methods=["DELETE"])
@blp.doc(operationId="delete_webhook", security=KEY_ONLY)
@blp.response(204)
@errors(blp, *APP_KEY_REFUSED, "no_such_webhook", *THROTTLED)
def delete_webhook(webhook_id: str) -> Response:
    """Delete an endpoint and its log: nothing more is sent to it."""
    hooks, key = _mine()
    hooks.delete(key.id, webhook_id)
    return Response(status=204)


@blp.route("/<string:webhook_id>/deliveries", methods=["GET"])
@blp.doc(operationId="list_webhook_deliveries", security=KEY_ONLY)
@blp.response(200, DeliveriesOut, example={"deliveries": [DELIVERY_EXAMPLE]})
@errors(blp, *APP_KEY_REFUSED, "no_such_webhook", *THROTTLED)
def list_deliveries(webhook_id: str) -> dict[str, Any]:
    """The endpoint's last 100 deliveries, newest first: status (`pending`, `retrying`,
    `delivered`, `failed`: given up, `skipped`: the endpoint was disabled), attempts, the
    last answer's status code or error, and when it was tried and will be tried next."""
    hooks, key = _mine()
    return {"deliveries": hooks.deliveries(key.id, webhook_id)}

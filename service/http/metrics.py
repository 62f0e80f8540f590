"""Metrics at the HTTP edge: every request timed and its refusal counted, and `/metrics`.

The counters and what Redis is read for at scrape time: `service.core.metrics`.
"""

from __future__ import annotations

import hmac
import time
from typing import Any

from flask import Flask, Response, g, request
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from service.core.metrics import RedisCollector, observe, registry


def init_app(app: Flask) -> None:
    """With `METRICS` on: time every request, count refusals, serve `/metrics` (off, no
    hook runs: nothing would read what they count)."""
    if app.config.get("METRICS", "off") != "on":
        return
    app.before_request(_start)
    app.after_request(_observe)
    layers = app.extensions["duckpond"]
    queues = [app.config["BOT_QUEUE"], app.config["BULK_QUEUE"]]
    scrape = registry()
    scrape.register(RedisCollector(layers.queue_redis or layers.redis, layers.store, queues))
    token = str(app.config.get("METRICS_TOKEN") or "")

    def serve() -> Response:
        if token and not hmac.compare_digest(
            request.headers.get("Authorization", ""), f"Bearer {token}"
        ):
            return Response("metrics need Authorization: Bearer <METRICS_TOKEN>\n", 401)
        return Response(generate_latest(scrape), mimetype=CONTENT_TYPE_LATEST)

    app.add_url_rule("/metrics", "metrics", serve, methods=["GET"])


def _start() -> None:
    g.started = time.perf_counter()


def _observe(response: Response) -> Response:
    started: Any = g.get("started")

    def reason() -> str | None:
        body = response.get_json(silent=True) if response.is_json else None
        said = body.get("errors", {}).get("reason") if isinstance(body, dict) else None
        return said if isinstance(said, str) else None

    observe(
        request.endpoint or "unmatched",
        request.method,
        response.status_code,
        None if started is None else time.perf_counter() - started,
        reason,
        "Idempotent-Replayed" in response.headers,
    )
    return response

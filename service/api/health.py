"""Liveness, readiness and the operator's health check; outside /api/v1 and unauthenticated."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask import current_app
from flask_smorest import Blueprint

from service.api.common import PUBLIC, errors, layers
from service.api.health_schemas import HealthOut, SystemHealthOut
from service.core.errors import ServiceError

blp = Blueprint("health", __name__, description="Liveness and readiness probes.")

POOLS = ("live", "bulk", "recovery")
THINK = "think"
"""A pool required only where `THINK_QUEUE` gives the thinking bots a queue of their own."""
WEBHOOKS = "webhooks"
"""Counted where `WEBHOOK_QUEUE` gives deliveries a queue of their own, never required: a
service with no webhook endpoint needs no such worker, and no game waits for one."""


@blp.route("/livez", methods=["GET"])
@blp.doc(operationId="check_liveness", security=PUBLIC)
@blp.response(200, HealthOut, example={"status": "ok"})
def livez() -> dict[str, Any]:
    """The process answers (no dependency is checked)."""
    return {"status": "ok"}


@blp.route("/readyz", methods=["GET"])
@blp.doc(operationId="check_readiness", security=PUBLIC)
@blp.response(200, HealthOut, example={"status": "ready"})
@errors(blp, 503)
def readyz() -> dict[str, Any]:
    """Redis takes a write; 503 with the failure's reason when it does not (unreachable,
    loading, read-only, out of memory, too slow), so traffic goes elsewhere."""
    layers().store.probe()  # a Redis error becomes its 503 (service.core.errors)
    return {"status": "ready"}


@blp.route("/healthz", methods=["GET"])
@blp.doc(operationId="check_health", security=PUBLIC)
@blp.response(
    200,
    SystemHealthOut,
    example={
        "status": "ok",
        "workers": {"live": 2, "bulk": 1, "recovery": 5, "think": 1, "webhooks": 2},
        "due_turns": 4,
        "oldest_due_seconds": 0.012,
        "overdue_after_seconds": 30,
    },
)
@errors(blp, 503)
def healthz() -> dict[str, Any]:
    """The whole service, for an operator to poll: 503 `no_worker` when a worker pool (`think`
    too, where the operator gave thinking bots their own queue) or the recovery loop has not
    beaten lately, 503 `turns_overdue` when a bot turn has been due
    too long (the workers are behind or stuck), a Redis reason when Redis fails."""
    config = current_app.config
    store = layers().store
    store.probe()
    health = store.health(int(config["WORKER_SILENT_SECONDS"]) * 1000)
    overdue = int(config["TURNS_OVERDUE_SECONDS"])
    pools = (*POOLS, THINK) if config.get("THINK_QUEUE") else POOLS
    workers = {pool: health.count(pool) for pool in pools}
    if config.get("WEBHOOK_QUEUE"):
        workers[WEBHOOKS] = health.count(WEBHOOKS)
    facts: dict[str, Any] = {
        "workers": workers,
        "due_turns": health.due,
        "oldest_due_seconds": round(health.oldest_due_seconds, 3),
        "overdue_after_seconds": overdue,
    }
    silent = [pool for pool in pools if not workers[pool]]
    if silent:
        raise ServiceError("no_worker", f"nothing alive in: {', '.join(silent)}", **facts)
    if health.oldest_due_seconds > overdue:
        message = f"a bot turn has been due {health.oldest_due_seconds:.0f} s"
        raise ServiceError("turns_overdue", message, **facts)
    return {"status": "ok", **facts}

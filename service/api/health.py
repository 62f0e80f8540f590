"""Liveness and readiness, for orchestrators; outside /api/v1 and unauthenticated."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from service.api.common import errors, layers
from service.errors import ServiceError
from service.schemas import HealthOut

blp = Blueprint("health", __name__, description="Liveness and readiness probes.")


@blp.route("/livez", methods=["GET"])
@blp.doc(operationId="check_liveness")
@blp.response(200, HealthOut, example={"status": "ok"})
def livez() -> dict[str, Any]:
    """The process answers (no dependency is checked)."""
    return {"status": "ok"}


@blp.route("/readyz", methods=["GET"])
@blp.doc(operationId="check_readiness")
@blp.response(200, HealthOut, example={"status": "ready"})
@errors(blp, 503)
def readyz() -> dict[str, Any]:
    """Redis answers a PING; 503 when it does not, so traffic goes elsewhere."""
    if not layers().store.ping():
        raise ServiceError("redis_unavailable", "redis did not answer PING")
    return {"status": "ready"}

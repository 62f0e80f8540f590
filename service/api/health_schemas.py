"""Schemas of `health.py`: liveness and what an operator polls."""

from __future__ import annotations

from marshmallow import fields

from service.api.common_schemas import Out


class HealthOut(Out):
    status = fields.String(required=True)


class SystemHealthOut(Out):
    """What an operator polls: Redis, the worker pools, the recovery loop, due bot turns."""

    status = fields.String(required=True, metadata={"description": '"ok" (else a 503).'})
    workers = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={
            "description": "Processes alive per pool: `live`, `bulk`, `recovery`, `think` and"
            " `webhooks` where they have queues of their own (`webhooks`: counted, not required)."
        },
    )
    due_turns = fields.Integer(required=True, metadata={"description": "Bot turns due now."})
    oldest_due_seconds = fields.Float(
        required=True, metadata={"description": "How long the oldest due bot turn has waited."}
    )
    overdue_after_seconds = fields.Integer(
        required=True, metadata={"description": "Beyond this, turns count as overdue."}
    )

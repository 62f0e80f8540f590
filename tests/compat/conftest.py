"""The compatibility suite runs in-process on one real redis-server (`testkit.service_fixtures`)."""

from __future__ import annotations

from testkit.service_fixtures import (  # noqa: F401 (fixtures, used by name)
    app,
    backend,
    client,
    nodes,
    r,
    redis_port,
    settings,
)

"""Fixtures of the kit's tests: the service suite's own (a REAL redis-server per session, the
session's RQ workers, gunicorn),
imported from `testkit.service_fixtures` rather than written twice."""

from __future__ import annotations

from testkit.service_fixtures import (  # noqa: F401 (fixtures, used by name)
    backend,
    bot_app,
    nodes,
    r,
    redis_port,
    served_with_keys,
    worker,
)

"""Fixtures of the fuzz suite: the service suite's own (a REAL redis-server per session, apps
on it, gunicorn), imported from `testkit.service_fixtures` rather than written twice."""

from __future__ import annotations

from testkit.service_fixtures import (  # noqa: F401 (fixtures, used by name)
    app,
    backend,
    client,
    make_app,
    nodes,
    r,
    redis_port,
    serve_api,
    settings,
    spawn_worker,
)

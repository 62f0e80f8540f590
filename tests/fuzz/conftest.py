"""Fixtures of the fuzz suite: the service suite's own (a REAL redis-server per session, apps
on it, gunicorn), loaded from `tests/service/conftest.py` rather than written twice, and its
helpers (`svc_helpers`) on the path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

SERVICE_TESTS = Path(__file__).resolve().parents[1] / "service"
sys.path.insert(0, str(SERVICE_TESTS))

_spec = importlib.util.spec_from_file_location("service_conftest", SERVICE_TESTS / "conftest.py")
assert _spec is not None and _spec.loader is not None
service_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(service_conftest)

redis_port = service_conftest.redis_port
backend = service_conftest.backend  # always `single` here: the fuzz suite runs on one Redis
nodes = service_conftest.nodes
settings = service_conftest.settings
r = service_conftest.r
app = service_conftest.app
client = service_conftest.client
make_app = service_conftest.make_app
gunicorn = service_conftest.gunicorn
serve_api = service_conftest.serve_api
spawn_worker = service_conftest.spawn_worker

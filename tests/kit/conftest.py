"""Fixtures of the kit's tests: the service suite's own (a REAL redis-server per session, the
session's RQ workers, gunicorn), loaded from `tests/service/conftest.py` rather than written
twice, and its helpers (`svc_helpers`) on the path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

SERVICE_TESTS = Path(__file__).resolve().parents[1] / "service"
sys.path.insert(0, str(SERVICE_TESTS))
sys.path.insert(0, str(Path(__file__).resolve().parent))

_spec = importlib.util.spec_from_file_location("service_conftest", SERVICE_TESTS / "conftest.py")
assert _spec is not None and _spec.loader is not None
service_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(service_conftest)

redis_port = service_conftest.redis_port
backend = service_conftest.backend  # always `single` here: the kit is a client, one Redis will do
nodes = service_conftest.nodes
r = service_conftest.r
worker = service_conftest.worker
bot_app = service_conftest.bot_app
gunicorn = service_conftest.gunicorn
served_with_keys = service_conftest.served_with_keys
QUEUE_DB = service_conftest.QUEUE_DB

"""Fixtures of the fault suite (tests/faults): per test, a REAL redis-server (`server`), REAL
worker processes of both pools (`workers`, none started yet) and an app on that Redis (`app`).
The processes and their short timeouts are in faultkit.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from testkit.faultkit import RedisServer, Workers, settings

from service.app import create_app


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[RedisServer]:
    folder = tmp_path / "redis"
    folder.mkdir()
    srv = RedisServer(folder)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture()
def workers(server: RedisServer, tmp_path: Path) -> Iterator[Workers]:
    logs = tmp_path / "logs"
    logs.mkdir()
    pool = Workers(server, logs)
    yield pool
    pool.stop()


@pytest.fixture()
def app(server: RedisServer) -> Flask:
    return create_app(settings(server))

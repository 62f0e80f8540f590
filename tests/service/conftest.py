"""Fixtures: a REAL redis-server per test session (free port, temp dir), flushed around each
test, and a REAL RQ worker process (`python -m service.worker`) for the bot tests.

The worker gets its own Redis database (1), so flushing database 0 between tests never pulls
the worker's own keys from under it; bot tests clean database 1's game and queue keys instead.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from svc_helpers import GUNICORN_SERVER

from service.app import create_app

ROOT = Path(__file__).resolve().parents[2]
BOT_QUEUE = "duckpond-test-bots"
BULK_QUEUE = "duckpond-test-bulk"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def redis_port() -> Iterator[int]:
    server = shutil.which("redis-server")
    if server is None:
        pytest.fail("redis-server is not installed (scripts/test installs it)")
    tmp = tempfile.mkdtemp(prefix="dp-redis-")
    port = _free_port()
    proc = subprocess.Popen(
        [
            server,
            "--port", str(port),
            "--bind", "127.0.0.1",
            "--dir", tmp,
            "--save", "",
            "--appendonly", "no",
            "--maxmemory-policy", "noeviction",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    else:
        proc.kill()
        pytest.fail("redis-server did not start")
    yield port
    proc.terminate()
    proc.wait(timeout=10)
    shutil.rmtree(tmp, ignore_errors=True)


def _settings(port: int, db: int) -> dict[str, Any]:
    return {
        "REDIS_URL": f"redis://127.0.0.1:{port}/{db}",
        "BOT_QUEUE": BOT_QUEUE,
        "BULK_QUEUE": BULK_QUEUE,
        "FINISHED_GAME_TTL": 3600,
        "MAX_BODY_BYTES": 16 * 1024,
        "TESTING": True,
        "APP_KEYS": "off",  # tests that need keys turn them on (tests/service/test_app_keys.py)
    }


@pytest.fixture()
def r(redis_port: int) -> Iterator[redis.Redis]:
    """A raw client on the test database, flushed before each test."""
    client = redis.Redis(port=redis_port, db=0)
    client.flushdb()
    yield client
    client.close()


@pytest.fixture()
def app(redis_port: int, r: redis.Redis) -> Flask:
    return create_app(_settings(redis_port, 0))


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture()
def make_app(redis_port: int, r: redis.Redis) -> Callable[..., Flask]:
    """Apps on the (flushed) test database with some settings changed: make_app(WAIT_SLOTS=1)."""
    return lambda **overrides: create_app({**_settings(redis_port, 0), **overrides})


def start_worker(redis_port: int, db: int, pool: str, **env: str) -> subprocess.Popen[bytes]:
    """A real `python -m service.worker --pool <pool>` on database `db`."""
    full = dict(os.environ)
    full.update(
        {
            "REDIS_URL": f"redis://127.0.0.1:{redis_port}/{db}",
            "BOT_QUEUE": BOT_QUEUE,
            "BULK_QUEUE": BULK_QUEUE,
            "LOG_LEVEL": "WARNING",
            **env,
        }
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.worker", "--pool", pool],
        cwd=ROOT,
        env=full,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    time.sleep(0.3)
    if proc.poll() is not None:
        err = proc.stderr.read().decode() if proc.stderr else ""
        pytest.fail(f"the RQ worker did not start: {err}")
    return proc


def stop_worker(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture()
def spawn_worker(redis_port: int) -> Iterator[Callable[..., subprocess.Popen[bytes]]]:
    """Start real workers of a test's own (database, pool, settings); stopped after the test."""
    started: list[subprocess.Popen[bytes]] = []

    def spawn(db: int, pool: str, **env: str) -> subprocess.Popen[bytes]:
        started.append(start_worker(redis_port, db, pool, **env))
        return started[-1]

    yield spawn
    for proc in started:
        stop_worker(proc)


@pytest.fixture(scope="session")
def worker(redis_port: int) -> Iterator[subprocess.Popen[bytes]]:
    """Real workers on database 1 for the whole session: the live pool (yielded) and the
    bulk pool (match games, bot-only games)."""
    live = start_worker(redis_port, 1, "live")
    bulk = start_worker(redis_port, 1, "bulk")
    yield live
    stop_worker(live)
    stop_worker(bulk)


@pytest.fixture()
def bot_app(redis_port: int, worker: subprocess.Popen[bytes]) -> Flask:
    """An app on the worker's database; game keys and queued jobs of earlier tests removed."""
    client = redis.Redis(port=redis_port, db=1)
    for key in client.scan_iter("dp:*"):
        client.delete(key)
    client.close()
    return create_app(_settings(redis_port, 1))


@pytest.fixture()
def bot_client(bot_app: Flask) -> FlaskClient:
    return bot_app.test_client()


@contextmanager
def gunicorn(redis_port: int, db: int, log: Path | None = None, **env: str) -> Iterator[int]:
    """`gunicorn service.wsgi:app` (as scripts/serve runs it) on a free loopback port, on Redis
    database `db`; yields the port once it accepts connections. With `log`, the server's and
    the app's log lines go to that file."""
    with gunicorn_process(redis_port, db, log, **env) as (port, _):
        yield port


@contextmanager
def gunicorn_process(
    redis_port: int, db: int, log: Path | None = None, **env: str
) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """`gunicorn` with its process, for tests that signal it; stopped (SIGTERM) at the end."""
    port = _free_port()
    environ = {
        **os.environ,
        "REDIS_URL": f"redis://127.0.0.1:{redis_port}/{db}",
        "BOT_QUEUE": BOT_QUEUE,
        "BULK_QUEUE": BULK_QUEUE,
        "LOG_LEVEL": "WARNING",
        "APP_KEYS": "off",
        **env,
    }
    err = log.open("ab") if log else None  # the server keeps its own copy; ours is closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", *GUNICORN_SERVER, "--workers", "1",
         "--bind", f"127.0.0.1:{port}", "service.wsgi:app"],
        cwd=ROOT, env=environ, stdout=subprocess.DEVNULL, stderr=err or subprocess.DEVNULL,
    )  # fmt: skip
    if err:
        err.close()
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    try:
        yield port, proc
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture()
def serve_api(redis_port: int, r: redis.Redis) -> Callable[..., Any]:
    """Start gunicorn on the (flushed) test database with settings: `with serve_api(**env) as
    (port, process):`."""
    return lambda **env: gunicorn_process(redis_port, 0, **env)


@pytest.fixture()
def served(redis_port: int, r: redis.Redis) -> Iterator[int]:
    """The API under a real gunicorn on the (flushed) test database; no worker."""
    with gunicorn(redis_port, 0, MAX_BODY_BYTES="16384") as port:
        yield port


@pytest.fixture()
def served_with_bots(redis_port: int, bot_app: Flask) -> Iterator[int]:
    """The API under a real gunicorn on the worker's database: bots play (`bot_app` clears the
    keys of earlier tests and starts the session's worker)."""
    with gunicorn(redis_port, 1) as port:
        yield port


@pytest.fixture()
def served_with_keys(redis_port: int, bot_app: Flask) -> Iterator[tuple[int, str]]:
    """`served_with_bots` as a deployment runs it, app keys required: yields the port and an
    app key issued for the test (the quickstart's, the generated client's)."""
    from service.app_keys import AppKeys

    with redis.Redis(port=redis_port, db=1) as client:
        key = AppKeys(client).issue("tests").key
    with gunicorn(redis_port, 1, APP_KEYS="required") as port:
        yield port, key

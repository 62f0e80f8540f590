"""The service suites' fixtures (tests/service, and the kit, fuzz and web suites that import them):
Fixtures: a REAL redis-server per test session (free port, temp dir), flushed around each
test, and a REAL RQ worker process (`python -m service.worker`) for the bot tests.

The worker gets its own Redis database (1), so flushing database 0 between tests never pulls
the worker's own keys from under it; bot tests clean database 1's game and queue keys instead.

Two backends (`backend`): `single`, everything on that one redis-server, and `cluster`, game
data on a REAL three-master Redis Cluster (`clusterkit`, started once per session when a test
needs it) with the queues on the single server (database 4 for `app`, 3 for the cluster's
worker). The modules of `ON_BOTH` run on both; every other test on `single` only.
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
from redis.cluster import RedisCluster

from service.access.app_keys import AppKeys
from service.app import create_app
from service.core import shards
from testkit import clusterkit
from testkit.svc_helpers import GUNICORN_SERVER

ROOT = Path(__file__).resolve().parents[2]
BOT_QUEUE = "duckpond-test-bots"
BULK_QUEUE = "duckpond-test-bulk"
QUEUE_DB = {0: 4, 1: 3, 2: 5}
"""On the cluster backend: the single server's database that holds the queues of what would
be database n on the single backend (game data is on the cluster)."""


@pytest.fixture(scope="session")
def cluster() -> Iterator[clusterkit.Cluster]:
    """A REAL three-master Redis Cluster for the session (no replicas: see test_failover)."""
    started = clusterkit.start(masters=3)
    yield started
    started.stop()


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


def _env(port: int, db: int, nodes: str = "") -> dict[str, str]:
    """Where a process's Redis is: database `db` of the single server, or with cluster `nodes`
    game data there and the queues on the single server's database QUEUE_DB[db]."""
    if not nodes:
        return {"REDIS_URL": f"redis://127.0.0.1:{port}/{db}"}
    return {"REDIS_URL": f"redis://127.0.0.1:{port}/{QUEUE_DB[db]}", "REDIS_CLUSTER_NODES": nodes}


def _settings(port: int, db: int, nodes: str = "") -> dict[str, Any]:
    return {
        **_env(port, db, nodes),
        "BOT_QUEUE": BOT_QUEUE,
        "BULK_QUEUE": BULK_QUEUE,
        "FINISHED_GAME_TTL": 3600,
        "MAX_BODY_BYTES": 16 * 1024,
        "TESTING": True,
        "APP_KEYS": "off",  # tests that need keys turn them on (access/test_app_keys.py)
    }


@pytest.fixture()
def backend(request: pytest.FixtureRequest) -> str:
    """`single` or `cluster` (parametrized by `pytest_generate_tests`)."""
    return str(getattr(request, "param", "single"))


@pytest.fixture()
def nodes(backend: str, request: pytest.FixtureRequest) -> str:
    """The cluster's nodes on the cluster backend (starting the cluster), else ""."""
    if backend != "cluster":
        return ""
    return str(request.getfixturevalue("cluster").nodes)


def flush_cluster(nodes: str) -> None:
    """Empty every master of the cluster."""
    client = shards.data_client({"REDIS_CLUSTER_NODES": nodes})
    try:
        client.flushdb(target_nodes=RedisCluster.PRIMARIES)  # type: ignore[union-attr]
    finally:
        client.close()


@pytest.fixture()
def r(redis_port: int, nodes: str) -> Iterator[Any]:
    """A raw client on the test database (game data: the cluster on that backend), flushed
    before each test, with the queues' database."""
    if not nodes:
        client: Any = redis.Redis(port=redis_port, db=0)
        client.flushdb()
    else:
        flush_cluster(nodes)
        redis.Redis(port=redis_port, db=QUEUE_DB[0]).flushdb()
        client = shards.data_client({"REDIS_CLUSTER_NODES": nodes})
    yield client
    client.close()


@pytest.fixture()
def settings(redis_port: int, nodes: str) -> dict[str, Any]:
    """The test app's settings on this backend (database 0's role)."""
    return _settings(redis_port, 0, nodes)


@pytest.fixture()
def app(settings: dict[str, Any], r: redis.Redis) -> Flask:
    return create_app(settings)


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture()
def make_app(settings: dict[str, Any], r: redis.Redis) -> Callable[..., Flask]:
    """Apps on the (flushed) test database with some settings changed: make_app(WAIT_SLOTS=1)."""
    return lambda **overrides: create_app({**settings, **overrides})


def start_worker(
    redis_port: int, db: int, pool: str, nodes: str = "", *args: str, **env: str
) -> subprocess.Popen[bytes]:
    """A real `python -m service.worker --pool <pool>` on database `db` (or the cluster)."""
    full = dict(os.environ)
    full.update(
        {  # a literal, not keywords: `env` may override the queues
            **_env(redis_port, db, nodes),
            "BOT_QUEUE": BOT_QUEUE,
            "BULK_QUEUE": BULK_QUEUE,
            "LOG_LEVEL": "WARNING",
            # No anchor keeper unless a test asks (tests/service/matches/test_keeper.py): the
            # other tests see the ladders their own matches make, empty before them.
            "ANCHOR_KEEPER": "off",
            **env,
        }
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.worker", "--pool", pool, *args],
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
def spawn_worker(redis_port: int, nodes: str) -> Iterator[Callable[..., subprocess.Popen[bytes]]]:
    """Start real workers of a test's own (database, pool, settings) on the test's backend
    (on the cluster: game data there, queues on the database's stand-in); stopped after the
    test."""
    started: list[subprocess.Popen[bytes]] = []

    def spawn(db: int, pool: str, **env: str) -> subprocess.Popen[bytes]:
        started.append(start_worker(redis_port, db, pool, nodes, **env))
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


@pytest.fixture(scope="session")
def cluster_worker(
    redis_port: int, cluster: clusterkit.Cluster
) -> Iterator[subprocess.Popen[bytes]]:
    """The same two pools with game data on the cluster, the queues on database 3. Without a
    watchdog: it would sweep the games of every cluster test (one keyspace), where database 1
    keeps the single backend's worker to its own games; without the arena's pairer, whose
    lease would be a key in every cluster test's keyspace."""
    live = start_worker(redis_port, 1, "live", cluster.nodes, "--no-watchdog", "--no-arena")
    bulk = start_worker(redis_port, 1, "bulk", cluster.nodes, "--no-watchdog", "--no-arena")
    yield live
    stop_worker(live)
    stop_worker(bulk)


@pytest.fixture()
def bot_app(redis_port: int, nodes: str, request: pytest.FixtureRequest) -> Flask:
    """An app on the worker's database; game keys and queued jobs of earlier tests removed."""
    if nodes:
        request.getfixturevalue("cluster_worker")
        flush_cluster(nodes)
    else:
        request.getfixturevalue("worker")
    client = redis.Redis(port=redis_port, db=QUEUE_DB[1] if nodes else 1)
    for key in client.scan_iter("dp:*"):
        client.delete(key)
    client.close()
    return create_app(_settings(redis_port, 1, nodes))


@pytest.fixture()
def bot_client(bot_app: Flask) -> FlaskClient:
    return bot_app.test_client()


@contextmanager
def gunicorn(
    redis_port: int, db: int, nodes: str = "", log: Path | None = None, **env: str
) -> Iterator[int]:
    """`gunicorn service.wsgi:app` (as scripts/serve runs it) on a free loopback port, on Redis
    database `db` (or the cluster); yields the port once it accepts connections. With `log`,
    the server's and the app's log lines go to that file."""
    with gunicorn_process(redis_port, db, nodes, log, **env) as (port, _):
        yield port


@contextmanager
def gunicorn_process(
    redis_port: int, db: int, nodes: str = "", log: Path | None = None, **env: str
) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """`gunicorn` with its process, for tests that signal it; stopped (SIGTERM) at the end."""
    port = _free_port()
    environ = {
        **os.environ,
        **_env(redis_port, db, nodes),
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
def serve_api(redis_port: int, nodes: str, r: redis.Redis) -> Callable[..., Any]:
    """Start gunicorn on the (flushed) test database with settings: `with serve_api(**env) as
    (port, process):`."""
    return lambda **env: gunicorn_process(redis_port, 0, nodes, **env)


@pytest.fixture()
def served(redis_port: int, nodes: str, r: redis.Redis) -> Iterator[int]:
    """The API under a real gunicorn on the (flushed) test database; no worker."""
    with gunicorn(redis_port, 0, nodes, MAX_BODY_BYTES="16384") as port:
        yield port


@pytest.fixture()
def served_with_bots(redis_port: int, nodes: str, bot_app: Flask) -> Iterator[int]:
    """The API under a real gunicorn on the worker's database: bots play (`bot_app` clears the
    keys of earlier tests and starts the session's worker)."""
    with gunicorn(redis_port, 1, nodes) as port:
        yield port


@pytest.fixture()
def served_with_keys(redis_port: int, nodes: str, bot_app: Flask) -> Iterator[tuple[int, str]]:
    """`served_with_bots` as a deployment runs it, app keys required: yields the port and an
    app key issued for the test (the quickstart's, the generated client's)."""
    from service.access.app_keys import AppKeys

    # App keys live on the queues' Redis (the single server's database, on either backend).
    with redis.Redis(port=redis_port, db=QUEUE_DB[1] if nodes else 1) as client:
        key = AppKeys(client).issue("tests").key
    with gunicorn(redis_port, 1, nodes, APP_KEYS="required") as port:
        yield port, key


@pytest.fixture()
def keys(redis_port: int, nodes: str) -> Iterator[AppKeys]:
    """App keys on the queues' Redis (the single server's database, on either backend)."""
    client = redis.Redis(port=redis_port, db=QUEUE_DB[0] if nodes else 0)
    yield AppKeys(client)
    client.close()

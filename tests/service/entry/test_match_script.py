"""`scripts/match` against the service: it sends its app key, and retries a creation whose
outcome is unknown with the same Idempotency-Key (issue 13). A real gunicorn and real workers
play the match; the retry is shown against a scripted server that answers 503 first."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
import redis
from flask import Flask
from testkit.service_fixtures import gunicorn

from service.access.app_keys import AppKeys

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "match"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "DUCKPOND_APP_KEY": ""}
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True, text=True, timeout=120, env=env, cwd=ROOT,
    )  # fmt: skip


def test_the_script_plays_a_match_on_the_service_with_its_app_key(
    bot_app: Flask, redis_port: int
) -> None:
    key = AppKeys(redis.Redis(port=redis_port, db=1)).issue("script").key
    with gunicorn(redis_port, 1, APP_KEYS="required") as port:
        url = f"http://127.0.0.1:{port}"
        args = ["--url", url, "--game", "ducksoup", "--bots", "random,heuristic", "--games", "2",
                "--seed", "script", "--option", "target=60", "--json"]  # fmt: skip
        played = run(*args, "--app-key", key)
        refused = run(*args, "--app-key", "dpk_nobody_x")
    assert played.returncode == 0, played.stderr
    match = json.loads(played.stdout)
    assert match["status"] == "done" and match["progress"]["done"] == 2
    assert {b["bot"] for b in match["results"]["bots"]} == {"random", "heuristic"}
    assert refused.returncode != 0 and "bad_app_key" in refused.stderr


class Scripted(BaseHTTPRequestHandler):
    """A server whose first creation answers 503 (the outcome unknown), the second 202."""

    posts: ClassVar[list[dict[str, str]]] = []

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        Scripted.posts.append(dict(self.headers))
        if len(Scripted.posts) == 1:
            self._send(503, {"errors": {"reason": "redis_unavailable"}}, {"Retry-After": "0"})
        else:
            self._send(202, {"id": "m1", "status": "queued"}, {"Location": "/api/v1/matches/m1"})

    def do_GET(self) -> None:
        done = {"id": "m1", "status": "done", "progress": {"done": 1, "failed": 0, "total": 1}}
        self._send(200, done, {})

    def _send(self, status: int, body: dict[str, Any], headers: dict[str, str]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        for name, value in {**headers, "Content-Type": "application/json"}.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture()
def scripted() -> Iterator[str]:
    Scripted.posts = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Scripted)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_a_creation_answered_503_is_sent_again_with_the_same_key(scripted: str) -> None:
    loader = importlib.machinery.SourceFileLoader("match_script", str(SCRIPT))
    spec = importlib.util.spec_from_loader("match_script", loader)
    assert spec is not None
    script = importlib.util.module_from_spec(spec)
    loader.exec_module(script)
    answer, headers = script.created(f"{scripted}/api/v1/matches", {"game": "x"}, "dpk_k")
    assert answer["id"] == "m1" and headers["Location"] == "/api/v1/matches/m1"
    first, second = Scripted.posts
    assert first["Idempotency-Key"] == second["Idempotency-Key"]
    assert first["Idempotency-Key"].startswith("match-")
    assert first["Authorization"] == second["Authorization"] == "Bearer dpk_k"

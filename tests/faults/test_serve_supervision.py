"""`scripts/serve`, the README's run command, restarts the part that dies and says so, rather
than stopping the whole stack (issue 13): a worker, the API and redis-server each killed with
SIGKILL, and after each the service still plays a bot turn."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from faultkit import free_port

ROOT = Path(__file__).resolve().parents[2]


class Serve:
    """A running `scripts/serve` whose output is collected line by line."""

    def __init__(self, tmp: Path) -> None:
        self.port, self.redis_port = free_port(), free_port()
        env = {**os.environ, "LOG_LEVEL": "WARNING", "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            ["bash", "scripts/serve", "--port", str(self.port), "--redis-port",
             str(self.redis_port), "--data-dir", str(tmp / "redis"), "--workers", "1",
             "--no-access-log"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            start_new_session=True, text=True,
        )  # fmt: skip
        self.lines: list[str] = []
        self.key = ""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_line(self, pattern: str, timeout: float = 60.0, start: int = 0) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines[start:]:
                if found := re.search(pattern, line):
                    return found
            assert self.proc.poll() is None, "scripts/serve exited:\n" + "\n".join(self.lines)
            time.sleep(0.1)
        raise AssertionError(f"no line {pattern!r} within {timeout} s:\n" + "\n".join(self.lines))

    def part_pid(self, pattern: str) -> int:
        """The pid of serve's child whose command line matches (each part runs under setsid)."""
        out = subprocess.run(
            ["pgrep", "-P", str(self.proc.pid), "-f", pattern],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        pids = [int(p) for p in out.stdout.split()]
        assert len(pids) == 1, (pattern, pids, self.lines)
        return pids[0]

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data else {}
        if data and self.key:
            headers["Authorization"] = f"Bearer {self.key}"  # the development app key
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", data=data, method=method, headers=headers
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")
        except OSError:
            return 0, None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


@pytest.fixture()
def serve(tmp_path: Path) -> Iterator[Serve]:
    running = Serve(tmp_path)
    try:
        running.wait_line(r"duckpond is running", timeout=120)
        running.key = running.wait_line(r"App key\s+(dpk_\S+)").group(1)
        yield running
    finally:
        running.stop()


def _until(predicate: Any, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := predicate():
            return value
        time.sleep(0.2)
    raise AssertionError("timed out")


def _a_bot_turn_is_played(serve: Serve) -> None:
    """A table with a human and three bots: the live worker plays seat 1's turn."""
    status, created = serve.call(
        "POST", "/api/v1/games", {"game": "doubleduck", "seats": [{}] + [{"bot": "random"}] * 3}
    )
    assert status == 201, created
    gid = created["id"]
    _until(lambda: serve.call("GET", f"/api/v1/games/{gid}")[1]["version"] >= 1, timeout=40)


@pytest.mark.parametrize(
    ("part", "pattern"),
    [
        ("worker-live", r"service\.worker --pool live"),
        ("api", r"gunicorn"),
        ("redis", r"redis-server"),
    ],
)
def test_a_killed_part_is_restarted_and_the_service_plays_on(
    serve: Serve, part: str, pattern: str
) -> None:
    _a_bot_turn_is_played(serve)
    pid = serve.part_pid(pattern)
    mark = len(serve.lines)
    os.kill(pid, signal.SIGKILL)
    said = serve.wait_line(rf"\[serve\] {part} \(pid {pid}\) exited .*restarting", start=mark)
    assert said
    new = int(serve.wait_line(rf"\[serve\] {part} restarted \(pid (\d+)\)", start=mark).group(1))
    assert new != pid
    # The rest of the stack was not stopped, and the service works again.
    assert serve.proc.poll() is None
    _until(lambda: serve.call("GET", "/livez")[0] == 200, timeout=60)
    _until(lambda: serve.call("GET", "/readyz")[0] == 200, timeout=60)
    _a_bot_turn_is_played(serve)

"""The fault suite's processes: a REAL redis-server that a test may kill, restart, stop
(SIGSTOP) or fill up, and REAL worker processes (`python -m service.worker`) that it may kill -9,
with the short recovery timeouts of FAST (set by environment variables, as in production).

The redis-server runs as `scripts/serve` runs it: append-only file, `appendfsync everysec`,
`noeviction`.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import redis

ROOT = Path(__file__).resolve().parents[2]
STALE = 0.5
INTERVAL = 0.1
FAST = {
    "BOT_WATCHDOG_STALE_SECONDS": str(STALE),
    "BOT_WATCHDOG_INTERVAL": str(INTERVAL),
    "BOT_WATCHDOG_MAX_ATTEMPTS": "50",
    "CREATE_RESERVATION_SECONDS": "1",
    "LOG_LEVEL": "WARNING",
    # The test's own client saturates both cores: a niced bulk pool would measure CPU
    # priority (by design, live tables first), not recovery.
    "BULK_NICE": "0",
    "ANCHOR_KEEPER": "off",  # the faults' own matches only (service.matches.keeper)
}
RECOVERY_BOUND = STALE + INTERVAL
"""A lost turn is enqueued again this long after it became due (docs/reliability.md)."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    """One redis-server on a fixed port and folder, so it can be killed and started again."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        server = shutil.which("redis-server")
        if server is None:
            pytest.fail("redis-server is not installed (scripts/test installs it)")
        self.proc = subprocess.Popen(
            [
                server,
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--dir", str(self.folder),
                "--save", "",
                "--appendonly", "yes",
                "--appendfsync", "everysec",
                "--maxmemory-policy", "noeviction",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        client = redis.Redis(port=self.port)
        for _ in range(200):
            try:
                client.ping()
                return
            except redis.RedisError:
                time.sleep(0.025)
        pytest.fail("redis-server did not start")

    def kill(self) -> None:
        """SIGKILL: the process dies at once (its AOF holds what it had written)."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def signal(self, sig: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.terminate()
            self.proc.wait(timeout=10)


class Workers:
    """Real worker processes of both pools; `kill` is a kill -9, `start` their supervisor's."""

    def __init__(self, server: RedisServer, logs: Path) -> None:
        self.server = server
        self.logs = logs
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.since: dict[str, float] = {}
        self.started = 0

    def start(self, pool: str, name: str = "", **env: str) -> subprocess.Popen[bytes]:
        """Start (or start again) the process `name` (default: the pool's own) of `pool`."""
        full = dict(os.environ, REDIS_URL=self.server.url, **FAST, **env)
        self.started += 1
        name = name or pool
        with (self.logs / f"{name}-{self.started}.log").open("wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-m", "service.worker", "--pool", pool],
                cwd=ROOT,
                env=full,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.procs[name] = proc
        self.since[name] = time.monotonic()
        return proc

    def age(self, pool: str) -> float:
        """Seconds since this pool's current process started."""
        return time.monotonic() - self.since[pool]

    def kill(self, pool: str) -> None:
        proc = self.procs[pool]
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()

    def alive(self) -> dict[str, bool]:
        return {pool: proc.poll() is None for pool, proc in self.procs.items()}

    def log(self) -> str:
        return "\n".join(p.read_text(errors="replace") for p in sorted(self.logs.glob("*.log")))

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


class Watched:
    """A process (stdout and stderr as text through one pipe) whose output is collected line
    by line, for a test to wait for a line."""

    def __init__(self, args: list[str], **popen: Any) -> None:
        self.proc = subprocess.Popen(
            args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            start_new_session=True, **popen,
        )  # fmt: skip
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def log(self) -> str:
        return "\n".join(self.lines[-150:])

    def wait_line(self, pattern: str, timeout: float = 60.0, start: int = 0) -> re.Match[str]:
        """The first line from `start` on that matches; fails if the process ends first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ended = self.proc.poll() is not None
            if ended:  # its last lines may still be in the pipe: read them all first
                self.reader.join(timeout=5)
            for line in self.lines[start:]:
                if found := re.search(pattern, line):
                    return found
            assert not ended, f"{self.proc.args!r} exited:\n" + self.log()
            time.sleep(0.01)
        raise AssertionError(f"no line {pattern!r} within {timeout} s:\n" + self.log())


def settings(server: RedisServer, **overrides: Any) -> dict[str, Any]:
    return {
        "REDIS_URL": server.url,
        "FINISHED_GAME_TTL": 3600,
        "CREATE_RESERVATION_SECONDS": 1,
        "TESTING": True,
        **overrides,
    }

#!/usr/bin/env python3
"""Record the compatibility suite's exchanges (tests/compat/exchanges/*.json) from the code as it
is: each request of `tests/testkit/compat_scenarios.py` sent in-process to the app on a
throw-away redis-server, and the shape of each answer stored (status, reason, content type,
headers that matter, fields and their JSON types; no ids, tokens or times).

    .venv/bin/python scripts/record_compat.py            # all groups
    .venv/bin/python scripts/record_compat.py --group games

Record only from a released contract: tests/compat/test_replay.py replays these against the
code in CI and fails on an answer a client of the recording could no longer read. Re-record
when a release adds exchanges, or when the spec's major version moves (CHANGELOG.md).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("APP_KEYS", "off")

import redis  # noqa: E402
from testkit import compat  # noqa: E402
from testkit.compat_scenarios import GROUPS  # noqa: E402
from testkit.service_fixtures import _settings  # noqa: E402


def redis_server() -> tuple[subprocess.Popen[bytes], int, str]:
    """A private redis-server, as the test fixtures start one."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    tmp = tempfile.mkdtemp(prefix="dp-compat-")
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", tmp,
         "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    return proc, port, tmp


def record(group: str, port: int) -> dict[str, object]:
    """One group's exchanges with their answers, on a flushed database."""
    r = redis.Redis(port=port)
    r.flushall()
    run = compat.Run(compat.clients(_settings(port, 0)))
    compat.issue_keys(r)(run)
    exchanges = []
    for exchange in GROUPS[group]():
        exchange["answer"] = compat.answer_of(run.send(exchange))
        exchanges.append(exchange)
    spec = json.loads(compat.SPEC.read_text(encoding="utf-8"))
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    return {"spec_version": spec["info"]["version"], "recorded_at": commit,
            "exchanges": exchanges}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--group", choices=sorted(GROUPS), action="append")
    args = parser.parse_args()
    proc, port, tmp = redis_server()
    try:
        compat.EXCHANGES.mkdir(parents=True, exist_ok=True)
        for group in args.group or sorted(GROUPS):
            data = record(group, port)
            path = compat.EXCHANGES / f"{group}.json"
            path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({len(data['exchanges'])} exchanges)")  # type: ignore[arg-type]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

"""What the strict body reader (`service/http/json_in.py`) costs: its own time per body against a
plain `orjson.loads`, and the CPU of whole requests (a move the rules refuse, a creation) with
the reader and with `orjson.loads` in its place, interleaved in one process on one
redis-server (started here, on a free loopback port); minimum over rounds, against noise.

    .venv/bin/python scripts/bench/bodies.py
    .venv/bin/python scripts/bench/bodies.py --smoke    # a few rounds (CI)

The last line printed is the figures as JSON (`{"figures": {...}}`, microseconds and ms).
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

# The repository first: this folder's engine.py would stand in for the engine package.
sys.path[0] = str(Path(__file__).resolve().parents[2])

import orjson  # noqa: E402
import redis  # noqa: E402

from service.app import create_app  # noqa: E402
from service.http import edges  # noqa: E402
from service.http.json_in import read_body  # noqa: E402

BODIES = {
    "move": b'{"move":{"type":"play","card":"ZZ"},"expected_version":0}',
    "create": b'{"game":"doubleduck","seats":[{},{},{"bot":"random"},{"bot":"heuristic"}],'
    b'"options":{"max_deals":2}}',
    "deal": orjson.dumps({"deal": {"cards": ["4H"] * 52 + ["5S"] * 52}}),
}


def reader_alone(rounds: int, number: int) -> dict[str, float]:
    """Microseconds per body of each reader, minimum over `rounds` of `number` reads."""
    figures = {}
    for name, body in BODIES.items():
        times: dict[str, list[float]] = {"orjson": [], "read_body": []}
        for _ in range(rounds):
            times["orjson"].append(timeit.timeit(lambda b=body: orjson.loads(b), number=number))
            times["read_body"].append(timeit.timeit(lambda b=body: read_body(b), number=number))
        plain, strict = (min(times[k]) / number * 1e6 for k in ("orjson", "read_body"))
        print(f"{name:6s} {len(body):4d} B  orjson.loads {plain:6.2f} us  "
              f"read_body {strict:6.2f} us  (+{strict - plain:.2f} us)")  # fmt: skip
        figures |= {f"{name}_orjson_us": round(plain, 2), f"{name}_read_body_us": round(strict, 2)}
    return figures


def requests(url: str, rounds: int, number: int) -> dict[str, float]:
    """CPU ms per request of each kind, with each reader: minimum over `rounds` of `number`."""
    app = create_app({"REDIS_URL": url, "BOT_QUEUE": "bench-b", "BULK_QUEUE": "bench-bulk",
                      "LOG_LEVEL": "WARNING", "APP_KEYS": "off"})  # fmt: skip
    client = app.test_client()
    game = client.post("/api/v1/games", json={"game": "ducksoup", "seats": [{}, {}]}).json
    assert game is not None
    to_act = next(
        s["token"]
        for s in game["seats"]
        if client.get(f"/api/v1/games/{game['id']}",
                      headers={"Authorization": f"Bearer {s['token']}"}).json["view"]["legal_moves"]
    )  # fmt: skip
    json_type = {"Content-Type": "application/json"}
    calls: dict[str, Callable[[], Any]] = {
        "move": lambda: client.post(f"/api/v1/games/{game['id']}/moves", data=BODIES["move"],
                                    headers={**json_type, "Authorization": f"Bearer {to_act}"}),
        "create": lambda: client.post("/api/v1/games", data=BODIES["create"], headers=json_type),
    }  # fmt: skip
    figures = {}
    for name, call in calls.items():
        cpu: dict[str, list[float]] = {"before": [], "after": []}
        for _ in range(rounds):
            for label, reader in (("before", orjson.loads), ("after", read_body)):
                edges.read_body = reader  # type: ignore[assignment]
                start = time.process_time()
                for _ in range(number):
                    call()
                cpu[label].append((time.process_time() - start) / number)
        edges.read_body = read_body
        before, after = min(cpu["before"]) * 1e3, min(cpu["after"]) * 1e3
        print(f"{name:6s} request CPU: orjson.loads {before:.3f} ms  read_body {after:.3f} ms  "
              f"ratio {after / before:.3f}")  # fmt: skip
        figures |= {f"{name}_request_orjson_ms": round(before, 3),
                    f"{name}_request_read_body_ms": round(after, 3)}  # fmt: skip
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="a few rounds (CI)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop redis-server on the way out
    figures = reader_alone(*((3, 50) if args.smoke else (40, 500)))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    folder = tempfile.mkdtemp(prefix="bench-bodies-")
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", folder,
         "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(100):
            try:
                redis.Redis(port=port).ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        figures |= requests(f"redis://127.0.0.1:{port}/0", *((1, 10) if args.smoke else (8, 200)))
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps({"figures": figures}))


if __name__ == "__main__":
    main()

"""What the rate limits cost a request: the same requests through two apps on one Redis, one
with the limits on and one with them off (everything else of the app identical), in
interleaved rounds, in-process (Flask's test client, so no server or network is measured).

    .venv/bin/python scripts/bench/rate_limits.py --cpu      # CPU time (its own redis-server)
    .venv/bin/python scripts/bench/rate_limits.py            # wall time
    .venv/bin/python scripts/bench/rate_limits.py --redis-port 20152 --cpu   # a running Redis
    .venv/bin/python scripts/bench/rate_limits.py --smoke    # 2 rounds of 40 requests (CI)
    .venv/bin/python scripts/bench/rate_limits.py --lockout  # a locked-out address's views

A turn is what a seat's client does per move: the public view, its own view, its move.
`--lockout` instead times a view from an address locked out by refused credentials, per kind
of credential (made up, token-shaped forgeries repeated or each new, a valid seat token), next
to a token-shaped forgery from an address that is not locked out (its 401). Without
`--redis-port` it starts its own redis-server (`scripts/bench/api.py`'s harness: loopback, a
free port, a temporary folder) and stops it at the end. The last line printed is the figures
as JSON (`{"figures": {...}}`, ms).
"""

from __future__ import annotations

import argparse
import json
import logging
import secrets
import shutil
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]
sys.path[0] = str(ROOT)  # not scripts/bench, whose engine.py would shadow the package
sys.path.append(str(ROOT / "scripts" / "bench"))  # for api.py's harness, after the packages
from api import Service  # noqa: E402

from service.app import create_app  # noqa: E402

CREATE = {"game": "doubleduck", "seats": [{}] * 4, "seed": "bench"}


def game(client: FlaskClient) -> tuple[str, dict[int, str]]:
    body: Any = client.post("/api/v1/games", json=CREATE).json
    return body["id"], {s["seat"]: s["token"] for s in body["seats"]}


def run(app: Flask, n: int, clock: Callable[[], float]) -> tuple[float, float]:
    client = app.test_client()
    started = clock()
    for _ in range(n):
        client.get("/livez")
    livez = (clock() - started) / n
    gid, tokens = game(client)
    started, moves = clock(), 0
    for _ in range(n // 4):
        public: Any = client.get(f"/api/v1/games/{gid}").json
        if public["status"] != "playing":
            gid, tokens = game(client)
            continue
        seat = public["view"]["to_act"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        view: Any = client.get(f"/api/v1/games/{gid}", headers=auth).json
        move = {"move": view["view"]["legal_moves"][0], "expected_version": view["version"]}
        client.post(f"/api/v1/games/{gid}/moves", json=move, headers=auth)
        moves += 1
    return livez, (clock() - started) / max(moves, 1)


LOCKOUT_KINDS = ("made up", "forged, repeated", "forged, each new", "valid seat token")


def lockout(
    base: dict[str, Any], n: int, rounds: int, clock: Callable[[], float]
) -> dict[str, float]:
    """The cost of a view per credential kind, from a locked-out address (`--lockout`): the
    medians, ms, keyed `lockout_<kind>_ms`."""
    # An hour's window: the lockout outlasts the run (a minute's could end in the middle).
    locked = create_app({**base, "RATE_LIMIT_AUTH_FAILURES": "10 per hour"})
    free = create_app({**base, "RATE_LIMIT_AUTH_FAILURES": "1000000 per hour"})
    logging.getLogger("duckpond").setLevel("WARNING")
    client, other = locked.test_client(), free.test_client()
    gid, tokens = game(client)
    url = f"/api/v1/games/{gid}"
    for i in range(10):
        client.get(url, headers={"Authorization": f"Bearer {gid}.guess{i}"})
    credentials: dict[str, Callable[[int], str]] = {
        "made up": lambda i: f"{gid}.guess{i}",
        "forged, repeated": lambda i: f"{gid}.{'A' * 32}",
        "forged, each new": lambda i: f"{gid}.{secrets.token_urlsafe(24)}",
        "valid seat token": lambda i: tokens[0],
    }
    times: dict[str, list[float]] = {kind: [] for kind in [*LOCKOUT_KINDS, "not locked out"]}
    statuses: dict[str, set[int]] = {kind: set() for kind in times}
    for _ in range(rounds):
        for kind in times:
            make = credentials.get(kind, credentials["forged, each new"])
            by = other if kind == "not locked out" else client
            heads = [{"Authorization": f"Bearer {make(i)}"} for i in range(n)]
            started = clock()
            for head in heads:
                statuses[kind].add(by.get(url, headers=head).status_code)
            times[kind].append((clock() - started) / n)
    figures: dict[str, float] = {}
    for kind, spent in times.items():
        codes = "/".join(str(c) for c in sorted(statuses[kind]))
        name = "lockout_" + kind.replace(",", "").replace(" ", "_") + "_ms"
        figures[name] = statistics.median(spent) * 1e3
        print(f"{kind:>18}: {figures[name]:.3f} ms a view ({codes})")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--redis-port", type=int, help="a running Redis (default: its own)")
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall time")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--lockout", action="store_true", help="a locked-out address's views")
    parser.add_argument("--smoke", action="store_true", help="2 rounds of 40 requests (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.rounds, args.requests = 2, 40
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop its redis-server too
    workdir = Path(tempfile.mkdtemp(prefix="dp-bench-limits-"))
    own = Service(workdir, 1, 1)
    try:
        if args.redis_port is None:
            own.start_redis()
        port = args.redis_port or own.redis_port
        figures = measure(args, f"redis://127.0.0.1:{port}/5")
    finally:
        own.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    print(json.dumps({"figures": figures}))


def measure(args: argparse.Namespace, url: str) -> dict[str, float]:
    """Interleaved rounds of both apps; prints the medians and returns them (ms)."""
    clock = time.process_time if args.cpu else time.perf_counter
    base = {"REDIS_URL": url, "APP_KEYS": "off"}
    if args.lockout:
        limit = {"RATE_LIMIT_PER_ADDRESS": "1000000 per minute"}
        return lockout({**base, **limit}, args.requests, args.rounds, clock)
    apps = {
        "on": create_app({**base, "RATE_LIMIT_PER_ADDRESS": "1000000 per minute"}),
        "off": create_app({**base, "RATE_LIMITS_ENABLED": False}),
    }
    logging.getLogger("duckpond").setLevel("WARNING")
    results: dict[str, list[tuple[float, float]]] = {"on": [], "off": []}
    for i in range(args.rounds):
        for name in ("on", "off") if i % 2 == 0 else ("off", "on"):
            results[name].append(run(apps[name], args.requests, clock))
    med = {k: [statistics.median(r[j] for r in v) for j in (0, 1)] for k, v in results.items()}
    kind = "CPU" if args.cpu else "wall"
    for name, (livez, turn) in med.items():
        print(f"limits {name}: /livez {livez * 1e3:.3f} ms, a turn {turn * 1e3:.3f} ms ({kind})")
    livez, turn = (med["on"][j] / med["off"][j] for j in (0, 1))
    print(f"on/off: /livez {livez:.2f}x, turn {turn:.2f}x")
    return {
        f"{name}_{what}_ms": round(value * 1e3, 3)
        for name, values in med.items()
        for what, value in zip(("livez", "turn"), values, strict=True)
    }


if __name__ == "__main__":
    main()

"""Turn clocks at scale (issue 26): `--tables` timed tables whose players never move, so every
turn times out and the `on_timeout` bot plays it. How late is each timeout's move after its
deadline, and what do the clocks cost the watchdog?

Its own redis-server on a free port (AOF everysec, noeviction; `api.py`'s harness), ONE
watchdog process (`python -m service.watchdog`, so its CPU is its own) and ONE live worker
(`python -m service.worker --no-watchdog`); the tables are created in this process through
the API (Flask's test client): Duck Soup, two human seats, `turn_seconds` = `--turn-seconds`,
`away_after` 100 (no seat goes away: every turn stays a timed one).

1. idle: the watchdog alone for `--idle-seconds` after its first sweep, no game: its CPU
   share (its sweeps' floor).
2. run: the worker starts, then the tables are created evenly over `--spread-seconds` (one
   turn by default: tables open at different moments, so about `tables / turn_seconds`
   timeouts fall due each second; `--spread-seconds 0` makes them all fall due at once, a
   burst the worker takes seconds to play), and for `--seconds` from the first creation on
   every timeout is played. Then every game's `turn_timed_out` events give each timeout's
   lateness: `at` (the server's time when the bot's move was made, just before its commit)
   minus `deadline`. The watchdog's CPU share over the run, less the idle one, is the
   clocks' cost.

    .venv/bin/python scripts/bench/clocks.py                  # 1,000 tables, 10 s turns, 60 s
    .venv/bin/python scripts/bench/clocks.py --tables 2000 --turn-seconds 20
    .venv/bin/python scripts/bench/clocks.py --smoke          # 50 tables, 1 s turns (CI)

The last line printed is the figures as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.append(str(Path(__file__).parent))  # after the repository: bench/engine.py is no engine

import redis  # noqa: E402
from api import Service, pct  # noqa: E402  (this folder's API bench: its service harness)

from service.app import create_app  # noqa: E402
from service.core.config import from_env  # noqa: E402
from service.storage.keys import WORKERS_KEY  # noqa: E402


def sleep_alive(svc: Service, until: float) -> None:
    """Sleep until `until` (monotonic), checking every second that every part is alive."""
    while time.monotonic() < until:
        svc.check_alive()
        time.sleep(min(1.0, max(0.0, until - time.monotonic())))


def cpu_since(svc: Service, before: dict[str, float], started: float) -> dict[str, float]:
    """Each part's CPU since `before` was read at `started`: (seconds, % of one core)."""
    now, wall = svc.cpu_by_part(), time.monotonic() - started
    return {part: now[part] - before.get(part, 0.0) for part in now} | {
        f"{part}_pct": 100 * (now[part] - before.get(part, 0.0)) / wall for part in now
    }


def create_tables(svc: Service, n: int, turn_seconds: int, spread: float) -> tuple[Any, list[str]]:
    """`n` timed Duck Soup tables of two humans through the API, evenly over `spread`
    seconds; (the app's layers, their ids)."""
    app = create_app({**from_env(svc.env), "RATE_LIMITS_ENABLED": False})
    client = app.test_client()
    body = {
        "game": "ducksoup",
        "seats": [{}, {}],
        "options": {"turn_seconds": turn_seconds, "away_after": 100},
    }
    gids = []
    start = time.monotonic()
    for i in range(n):
        pause = start + spread * i / n - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        response = client.post("/api/v1/games", json=body)
        if response.status_code != 201:
            svc.fail(f"creation answered {response.status_code}: {response.get_data(as_text=True)}")
        gids.append(response.json["id"])
    return app.extensions["duckpond"], gids


def lateness(layers: Any, gids: list[str]) -> list[int]:
    """Every timeout's lateness in ms: when its bot moved less its deadline."""
    late = []
    for gid in gids:
        for event in layers.store.events(gid, 0):
            if event["type"] == "turn_timed_out":
                late.append(int(event["data"]["at"]) - int(event["data"]["deadline"]))
    return late


def overdue(layers: Any, slack_ms: int = 1000) -> int:
    """Timed turns more than `slack_ms` past their deadline and still unplayed, now."""
    now = layers.tables.clock.now_ms()
    timers = layers.store.all_timers().values()
    due = layers.store.all_due().values()
    return sum(1 for at in [*timers, *due] if at < now - slack_ms)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--turn-seconds", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60.0, help="the run, after creation")
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument(
        "--spread-seconds", type=float, default=None, help="create over (default: one turn)"
    )
    parser.add_argument("--smoke", action="store_true", help="50 tables, 1 s turns, 4 s (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.tables, args.turn_seconds, args.seconds, args.idle_seconds = 50, 1, 4.0, 1.0
    spread = float(args.turn_seconds if args.spread_seconds is None else args.spread_seconds)

    with tempfile.TemporaryDirectory(prefix="dp-bench-clocks-") as tmp:
        svc = Service(Path(tmp), workers=1, threads=1)
        svc.env["BOT_QUEUE"] = "duckpond-bench-clocks"
        try:
            svc.start_redis()
            svc._spawn("watchdog", [sys.executable, "-m", "service.watchdog"])
            beats = redis.Redis(port=svc.redis_port)
            svc._wait(lambda: beats.zcard(WORKERS_KEY) > 0, "the watchdog's first sweep")
            svc._spawn("worker", [sys.executable, "-m", "service.worker", "--no-watchdog"])
            svc._wait(lambda: beats.zcard(WORKERS_KEY) > 1, "the worker's first beat")
            before, started = svc.cpu_by_part(), time.monotonic()
            sleep_alive(svc, started + args.idle_seconds)
            idle = cpu_since(svc, before, started)["watchdog_pct"]
            before, started = svc.cpu_by_part(), time.monotonic()
            layers, gids = create_tables(svc, args.tables, args.turn_seconds, spread)
            sleep_alive(svc, started + args.seconds)
            used = cpu_since(svc, before, started)
            busy, worker_cpu = used["watchdog_pct"], used["worker"]
            late = lateness(layers, gids)
            left = overdue(layers)
        finally:
            svc.stop()
    if not late:
        raise SystemExit("bench: no timeout was played")
    figures = {
        "tables": len(gids),
        "turn_seconds": args.turn_seconds,
        "run_seconds": args.seconds,
        "spread_seconds": spread,
        "timeouts": len(late),
        "worker_cpu_ms_per_timeout": round(1000 * worker_cpu / len(late), 2),
        "late_p50_ms": pct([v / 1000 for v in late], 50),  # pct takes seconds
        "late_p99_ms": pct([v / 1000 for v in late], 99),
        "late_max_ms": max(late),
        "overdue_at_end": left,
        "watchdog_idle_cpu_pct": round(idle, 2),
        "watchdog_cpu_pct": round(busy, 2),
        "clocks_cpu_pct": round(busy - idle, 2),
        "cpus": os.cpu_count() or 0,
    }
    print(
        f"{len(gids)} timed tables ({args.turn_seconds} s turns) for {args.seconds:.0f} s: "
        f"{len(late)} timeouts, late p50 {figures['late_p50_ms']:.0f} ms, "
        f"p99 {figures['late_p99_ms']:.0f} ms, max {figures['late_max_ms']} ms; "
        f"{left} overdue at the end"
    )
    print(
        f"watchdog CPU: {busy:.2f} % of a core with the clocks, {idle:.2f} % idle: "
        f"the clocks cost {busy - idle:.2f} %"
    )
    print(json.dumps({"figures": figures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

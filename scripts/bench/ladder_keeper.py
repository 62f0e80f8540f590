"""A ladder that is never empty (issue 34): how soon after a fresh start does every game's
ladder list the built-in anchors, played by the anchor keeper alone, and what does that cost
the live tables' bot replies meanwhile?

Its own redis-server (a temporary folder), the RQ workers of the live and bulk pools and the
API under gunicorn, as scripts/serve runs them (`outside.py`'s harness), on an empty Redis:

1. idle: `--tables` live Doubleduck tables (seat 0 a human who thinks `--think-ms` a move,
   three heuristic bots), played for `--seconds` with the bulk worker's keeper off; each bot
   reply timed from the human's move to its commit (`pools.py`'s `latency`, its client in
   this process);
2. the keeper: the bulk worker is started again with the keeper on (its settings as
   deployed: four anchors, one match game in flight, nice 10), and the live tables are played
   on in `--chunk`-second stretches; after each stretch every game's ladder is read over HTTP
   (`GET /api/v1/ladder/<game>`, through gunicorn). It stops once all four list every anchor
   (or after `--timeout`). The fill times are as seen at those reads (a chunk's resolution).

Targets (issue 34): all four ladders within 15 minutes on 2 cores; the reply p99 during the
fill within 50 ms of the idle one.

    .venv/bin/python scripts/bench/ladder_keeper.py
    .venv/bin/python scripts/bench/ladder_keeper.py --smoke   # two cheap anchors, one round

The last line printed is the figures as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import redis  # noqa: E402
from outside import Stack, _cpu_tree  # noqa: E402  (this folder's outside bench: its stack)
from pools import latency, pct  # noqa: E402  (this folder's pools bench: bot reply latency)
from rq import Worker  # noqa: E402

from engine import GAMES  # noqa: E402
from service.app import create_app  # noqa: E402
from service.matches.ratings import ANCHORS, ladder_name  # noqa: E402
from service.storage.keys import keeper_key  # noqa: E402

CHEAP = ("random", "heuristic")


def ladder(port: int, game: str) -> set[str]:
    """The bots on a game's ladder, over HTTP (public: no key)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/ladder/{game}", timeout=10) as f:
        return {entry["bot"] for entry in json.load(f)["entries"]}


def wait_workers(r: redis.Redis, count: int, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while Worker.count(connection=r) < count:
        if time.monotonic() > deadline:
            sys.exit(f"fewer than {count} workers registered within {seconds:.0f} s")
        time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=16, help="live tables")
    parser.add_argument("--seconds", type=float, default=30.0, help="the idle phase")
    parser.add_argument("--chunk", type=float, default=10.0, help="seconds between ladder reads")
    parser.add_argument("--think-ms", type=float, default=1000, help="a human's time per move")
    parser.add_argument("--timeout", type=float, default=1800.0, help="give up after (s)")
    parser.add_argument("--smoke", action="store_true", help="two cheap anchors, one round (CI)")
    args = parser.parse_args()
    keeper = {"ANCHOR_KEEPER": "on"}
    anchors: tuple[str, ...] = ANCHORS
    if args.smoke:
        args.tables, args.seconds, args.chunk, args.think_ms = 2, 2.0, 2.0, 100
        args.timeout = 180.0
        anchors = CHEAP
        keeper |= {"ANCHOR_KEEPER_BOTS": ",".join(CHEAP), "ANCHOR_KEEPER_ROUNDS": "1",
                   "ANCHOR_KEEPER_INTERVAL": "0.5"}  # fmt: skip
    names = {ladder_name(b) for b in anchors}
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the servers too
    stack = Stack(1, env={"ANCHOR_KEEPER": "off"})
    try:
        url = f"redis://127.0.0.1:{stack.redis_port}/0"
        settings = {"REDIS_URL": url, "TESTING": True, "LOG_LEVEL": "WARNING", "APP_KEYS": "off"}
        client = create_app(settings).test_client()
        r = redis.Redis(port=stack.redis_port)
        wait_workers(r, 2)
        think = args.think_ms / 1000
        idle = latency(client, r, args.tables, args.seconds, think)
        print(f"idle: bot reply p50 {pct(idle, 50):.1f} ms, p99 {pct(idle, 99):.1f} ms "
              f"over {len(idle)} replies", flush=True)  # fmt: skip

        old = stack.procs[2]  # redis, live, bulk, api: the bulk worker, started again
        old.send_signal(signal.SIGTERM)
        old.wait(timeout=30)
        env = {"REDIS_URL": url, "LOG_LEVEL": "WARNING", "APP_KEYS": "required", **keeper}
        started = time.monotonic()
        stack._spawn([sys.executable, "-m", "service.worker", "--pool", "bulk"], env)
        bulk = stack.procs[-1]
        busy: list[float] = []
        filled: dict[str, float] = {}
        cpu = 0.0
        while len(filled) < len(GAMES) and time.monotonic() - started < args.timeout:
            busy += latency(client, r, args.tables, args.chunk, think)
            cpu = _cpu_tree(bulk.pid)
            for game in sorted(set(GAMES) - set(filled)):
                if names <= ladder(stack.port, game):
                    filled[game] = time.monotonic() - started
                    print(f"{game}: all {len(names)} anchors listed at {filled[game]:.0f} s "
                          f"(bulk worker CPU {cpu:.0f} s)", flush=True)  # fmt: skip
        made = {k.decode(): int(v) for k, v in r.hgetall(keeper_key("next")).items()}
        everything = max(filled.values()) if len(filled) == len(GAMES) else float("nan")
        diff = pct(busy, 99) - pct(idle, 99)
        print(f"all four ladders: {everything:.0f} s (target: 900); keeper match games made "
              f"{sum(made.values())} {made}")  # fmt: skip
        print(
            f"during the fill: bot reply p50 {pct(busy, 50):.1f} ms, p99 {pct(busy, 99):.1f} "
            f"ms over {len(busy)} replies; p99 difference {diff:+.1f} ms (target: within 50)"
        )
        figures: dict[str, Any] = {
            **{f"fill_s_{game}": round(s, 1) for game, s in sorted(filled.items())},
            "fill_s_all": round(everything, 1),
            "keeper_match_games": sum(made.values()),
            "bulk_cpu_s": round(cpu, 1),
            "replies_idle": len(idle),
            "reply_p99_ms_idle": round(pct(idle, 99), 1),
            "replies_busy": len(busy),
            "reply_p99_ms_busy": round(pct(busy, 99), 1),
            "p99_diff_ms": round(diff, 1),
        }
        print(json.dumps({"figures": figures}))
    finally:
        stack.close()


if __name__ == "__main__":
    main()

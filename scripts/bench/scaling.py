"""The measured inputs of docs/scaling.md: server CPU per move, Redis CPU per move, and Redis
memory per live and per finished game, on one Redis and on a three-master Redis Cluster.

Why: the capacity plan is arithmetic on these four numbers; each is measured here, not guessed.
It starts its own servers on loopback ports of 20500..20599 (a redis-server with AOF
`appendfsync everysec`, as in production, and a cluster of three masters, as the tests start
it: `tests/service/clusterkit.py`) and stops them at the end. The API runs in this process
(Flask's test client: routing, JSON, token check, the compare-and-set; no WSGI server, whose
own cost per request is in docs/benchmarks.md).

Each round plays `--games` Doubleduck games of four human seats at once, with the default four
deals (`auto_deal` on), one move per game in turn, each move a random legal one chosen by a
local copy of the engine (so no request but the move itself is timed), naming its
`expected_version`. Memory is read (`used_memory`, summed over the masters) before the games,
when the first game ends (live games late in their last deal: an upper bound for a live table)
and at the end (finished games, their keys kept as for `FINISHED_GAME_TTL`). Redis CPU is
`used_cpu_user + used_cpu_sys` over the moves, less the servers' idle CPU (measured for 3 s
before: a cluster's nodes gossip and run their cron even when idle). Memory also as the
`MEMORY USAGE` of each game's keys, free of the servers' own overhead. Rounds
alternate between the backends (single, cluster, single, ...), so load from other processes
on the machine hits both alike; the medians and their ratio are printed.

    .venv/bin/python scripts/bench/scaling.py                 # 2 rounds x 20 games each
    .venv/bin/python scripts/bench/scaling.py --games 40 --rounds 3
    .venv/bin/python scripts/bench/scaling.py --smoke        # 2 games, one round each (CI)

The last line printed is the medians as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from testkit import clusterkit  # noqa: E402

from engine.record import start as start_game  # noqa: E402
from service.app import create_app  # noqa: E402
from service.storage.keys import game_keys  # noqa: E402

API = "/api/v1/games"


@dataclass
class Round:
    backend: str
    moves: int
    server_ms_per_move: float
    redis_ms_per_move: float
    """Redis CPU over the moves, less what the idle servers burn in as long (cluster cron)."""
    redis_idle_ms_per_s: float
    live_kb: float
    finished_kb: float
    live_keys_kb: float
    """`MEMORY USAGE` of a live game's own keys (no allocator or server overhead)."""
    finished_keys_kb: float


@contextmanager
def single() -> Iterator[tuple[dict[str, Any], list[redis.Redis]]]:
    (port,) = clusterkit._ports(1)
    folder = Path(tempfile.mkdtemp(prefix="dp-bench-scaling-"))
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
         "--save", "", "--appendonly", "yes", "--appendfsync", "everysec",
         "--maxmemory-policy", "noeviction"],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        clusterkit._wait_ping(port)
        yield {"REDIS_URL": f"redis://127.0.0.1:{port}/0"}, [redis.Redis(port=port)]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def cluster(queues: str) -> Iterator[tuple[dict[str, Any], list[redis.Redis]]]:
    started = clusterkit.start(masters=3, aof=True)
    try:
        settings = {"REDIS_URL": queues, "REDIS_CLUSTER_NODES": started.nodes}
        yield settings, [redis.Redis(port=p) for p in started.ports]
    finally:
        started.stop()


def used_memory(nodes: list[redis.Redis]) -> int:
    return sum(int(n.info("memory")["used_memory"]) for n in nodes)


def redis_cpu(nodes: list[redis.Redis]) -> float:
    total = 0.0
    for node in nodes:
        cpu = node.info("cpu")
        total += float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"])
    return total


IDLE_SECONDS = 3.0


def keys_kb(client: Any, gids: list[str]) -> float:
    """Mean `MEMORY USAGE` of these games' keys, in KB."""
    total = sum(int(client.memory_usage(k, samples=0) or 0) for g in gids for k in game_keys(g))
    return total / len(gids) / 1024


def play_round(backend: str, settings: dict[str, Any], nodes: list[redis.Redis], games: int,
               rng: random.Random, idle_seconds: float = IDLE_SECONDS) -> Round:  # fmt: skip
    app = create_app({**settings, "BOT_QUEUE": "bench-bots", "BULK_QUEUE": "bench-bulk",
                      "LOG_LEVEL": "WARNING", "FINISHED_GAME_TTL": 3600,
                      "APP_KEYS": "off"})  # fmt: skip
    client = app.test_client()
    base = used_memory(nodes)
    tables = []
    for n in range(games):
        seed = f"scaling-{backend}-{n}-{rng.random()}"
        body = {"game": "doubleduck", "seats": [{}] * 4, "seed": seed,
                "options": {"auto_deal": True}}  # fmt: skip
        created = client.post(API, json=body)
        assert created.status_code == 201, created.json
        data = created.json
        tokens = {s["seat"]: s["token"] for s in data["seats"]}
        game, _ = start_game("doubleduck", 4, seed=seed, options={})
        tables.append((data["id"], tokens, game, [0]))
    server = 0.0
    moves = 0
    live_kb = live_keys = 0.0
    late = False
    idle_before = redis_cpu(nodes)
    time.sleep(idle_seconds)
    idle = (redis_cpu(nodes) - idle_before) / idle_seconds  # CPU seconds per second, idle
    data = app.extensions["duckpond"].redis
    redis_before = redis_cpu(nodes)
    started = time.monotonic()
    playing = list(tables)
    while playing:
        for table in list(playing):
            gid, tokens, game, version = table
            if not game.to_act():
                playing.remove(table)
                continue
            seat = min(game.to_act())
            move = rng.choice(game.legal_moves(seat))
            headers = {"Authorization": f"Bearer {tokens[seat]}"}
            body = {"move": move.to_json(), "expected_version": version[0]}
            start = time.process_time()
            answer = client.post(f"{API}/{gid}/moves", json=body, headers=headers)
            server += time.process_time() - start
            assert answer.status_code == 200, answer.json
            game.apply(seat, move)
            if game.deal_pending():  # auto_deal: the server dealt the next deal, in that move
                game.next_deal(None)
            version[0] = answer.json["version"]
            moves += 1
        if not late and len(playing) < games:  # the first game ended: the others are late
            late = True
            live_kb = (used_memory(nodes) - base) / games / 1024
            live_keys = keys_kb(data, [t[0] for t in playing])
    cpu = redis_cpu(nodes) - redis_before - idle * (time.monotonic() - started)
    finished_kb = (used_memory(nodes) - base) / games / 1024
    finished_keys = keys_kb(data, [t[0] for t in tables])
    return Round(backend, moves, server / moves * 1000, cpu / moves * 1000, idle * 1000,
                 live_kb, finished_kb, live_keys, finished_keys)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per round (default 20)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per backend (default 2)")
    parser.add_argument("--seed", default="scaling")
    parser.add_argument("--smoke", action="store_true", help="2 games, one round each (CI)")
    args = parser.parse_args()
    idle = IDLE_SECONDS
    if args.smoke:
        args.games, args.rounds, idle = 2, 1, 1.0
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the servers too
    rng = random.Random(args.seed)
    rounds: list[Round] = []
    with single() as (queue_settings, _):
        for n in range(args.rounds * 2):
            backend = ("single", "cluster")[n % 2]
            if backend == "single":
                with single() as (settings, nodes):
                    rounds.append(play_round(backend, settings, nodes, args.games, rng, idle))
            else:
                with cluster(queue_settings["REDIS_URL"]) as (settings, nodes):
                    rounds.append(play_round(backend, settings, nodes, args.games, rng, idle))
            r = rounds[-1]
            print(f"{r.backend:8} {r.moves} moves: server {r.server_ms_per_move:.2f} ms/move, "
                  f"redis {r.redis_ms_per_move:.3f} ms/move (idle {r.redis_idle_ms_per_s:.1f}"
                  f" ms/s), used_memory live {r.live_kb:.1f} / finished {r.finished_kb:.1f}"
                  f" KB/game, keys live {r.live_keys_kb:.1f} / finished"
                  f" {r.finished_keys_kb:.1f} KB/game", flush=True)  # fmt: skip
    print("\nmedians (cluster / single):")
    figures = {}
    for name in ("server_ms_per_move", "redis_ms_per_move", "redis_idle_ms_per_s", "live_kb",
                 "finished_kb", "live_keys_kb", "finished_keys_kb"):  # fmt: skip
        one = statistics.median(getattr(r, name) for r in rounds if r.backend == "single")
        many = statistics.median(getattr(r, name) for r in rounds if r.backend == "cluster")
        print(f"  {name:20} single {one:8.3f}  cluster {many:8.3f}  ratio {many / one:.2f}")
        figures |= {f"single_{name}": round(one, 3), f"cluster_{name}": round(many, 3)}
    print(json.dumps({"figures": figures}))


if __name__ == "__main__":
    main()

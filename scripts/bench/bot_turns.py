"""Bot-turn benchmark: the CPU one bot turn costs a worker, playing bot-only games.

Why: every bot move of a live table is an RQ job in a worker process; what one costs bounds how
many bot moves a worker plays per second. This creates `--games` bot-only Doubleduck games (one
deal, heuristic bots, `auto_deal` on) on its own redis-server, with no worker running, then
starts ONE `python -m service.worker --burst` (fork per job, or `--simple` for RQ's
SimpleWorker) and lets it play every turn until the queue is empty. The worker's CPU, its forked
job processes included (getrusage of the reaped children), is divided by the moves made; the
CPU of a worker that starts on an empty queue and exits is subtracted first.

`--use-case` measures instead the use case alone, in one process: each turn is played by calling
the bot-turn use case directly (decide, commit, enqueue the next turn), with no worker and no
job around it, so only the service's own part of a bot turn is timed (thread CPU).

`--tree` runs another checkout (with its own `.venv`) the same way, so a before/after pair is
measured in one run, interleaved:

    .venv/bin/python scripts/bench/bot_turns.py --tree ../old-checkout --tree . --rounds 3
    .venv/bin/python scripts/bench/bot_turns.py --smoke      # one game, one round (CI)

The last line printed is the figures of the first checkout as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from api import Service  # noqa: E402  (this folder's API bench: its service harness)

CREATE = """
import sys
from service.app import create_app
settings = {"REDIS_URL": sys.argv[1], "BOT_QUEUE": "bench-bots", "BULK_QUEUE": "bench-bulk",
            "APP_KEYS": "off"}
client = create_app(settings).test_client()
for n in range(int(sys.argv[2])):
    body = {"game": "doubleduck", "seats": [{"bot": "heuristic"}] * 4, "seed": f"bench-{n}",
            "options": {"max_deals": 1}}
    assert client.post("/api/v1/games", json=body).status_code == 201
"""


USE_CASE = """
import sys, time
import redis
from service.app import create_app
from service.storage.keys import game_key
url, games = sys.argv[1], int(sys.argv[2])
app = create_app(
    {"REDIS_URL": url, "BOT_QUEUE": "bench-bots", "LOG_LEVEL": "WARNING", "APP_KEYS": "off"}
)
layers = app.extensions["duckpond"]
use_cases = getattr(layers, "tables", layers)  # `Games` before issue 11
client, raw = app.test_client(), redis.Redis.from_url(url)
live = []
for n in range(games):
    body = {"game": "doubleduck", "seats": [{"bot": "heuristic"}] * 4, "seed": f"bench-{n}",
            "options": {"max_deals": 1}}
    live.append(client.post("/api/v1/games", json=body).json["id"])
cpu, moves = 0.0, 0
while live:
    for gid in list(live):
        version, status, to_act = raw.hmget(game_key(gid), "version", "status", "to_act")
        if status != b"playing":
            live.remove(gid)
            continue
        start = time.thread_time()
        assert use_cases.bot_turn(gid, int(to_act.split()[0]), int(version)) == "moved"
        cpu += time.thread_time() - start
        moves += 1
print(cpu, moves)
"""


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_worker(python: Path, tree: Path, env: dict[str, str], simple: bool) -> float:
    """CPU seconds of one burst worker (and every process it forked) from start to exit."""
    before = children_cpu()
    args = [str(python), "-m", "service.worker", "--burst", *(["--simple"] if simple else [])]
    if has_pools(python, tree):  # bot-only games' turns are the bulk pool's (issue 13)
        args += ["--pool", "bulk"]
    subprocess.run(args, cwd=tree, env=env, check=True, stdout=subprocess.DEVNULL)
    return children_cpu() - before


def has_pools(python: Path, tree: Path) -> bool:
    """Whether this checkout's worker has pools (`--pool`), else one worker for every queue."""
    out = subprocess.run(
        [str(python), "-m", "service.worker", "--help"], cwd=tree, capture_output=True, text=True
    )
    return "--pool" in out.stdout


def moves_made(port: int) -> int:
    import redis

    client = redis.Redis(port=port)
    total = 0
    for key in client.scan_iter("dp:*:game"):
        version, status = client.hmget(key, "version", "status")
        assert status == b"over", f"a game did not finish: {key!r} {status!r}"
        total += int(version or 0)
    client.close()
    return total


def measure(tree: Path, games: int, simple: bool, use_case: bool) -> tuple[float, int, float]:
    """(CPU per bot turn in ms, moves, bot moves per second of wall time) for one checkout."""
    python = Path(sys.executable) if tree == ROOT else tree / ".venv" / "bin" / "python"
    workdir = Path(tempfile.mkdtemp(prefix="dp-bench-bots-"))
    server = Service(workdir, 1, 1)  # only its redis-server (AOF everysec, noeviction)
    try:
        server.start_redis()
        port = server.redis_port
        url = f"redis://127.0.0.1:{port}/0"
        env = {
            **os.environ,
            "REDIS_URL": url,
            "BOT_QUEUE": "bench-bots",
            "BULK_QUEUE": "bench-bulk",
            "BULK_NICE": "0",
            "LOG_LEVEL": "WARNING",
        }
        env.pop("PYTHONPATH", None)
        if use_case:
            out = subprocess.run(
                [str(python), "-c", USE_CASE, url, str(games)],
                cwd=tree, env=env, check=True, capture_output=True, text=True,
            ).stdout.split()  # fmt: skip
            cpu, moves = float(out[0]), int(out[1])
            return cpu / moves * 1000, moves, 0.0
        idle = run_worker(python, tree, env, simple)  # start-up and exit on an empty queue
        subprocess.run([str(python), "-c", CREATE, url, str(games)], cwd=tree, env=env, check=True)
        start = time.perf_counter()
        cpu = run_worker(python, tree, env, simple) - idle
        wall = time.perf_counter() - start
        moves = moves_made(port)
        return cpu / moves * 1000, moves, moves / wall
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tree", action="append", type=Path, help="a checkout to measure (default: this one)"
    )
    parser.add_argument("--games", type=int, default=12, help="bot-only one-deal games")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (median)")
    parser.add_argument("--simple", action="store_true", help="RQ SimpleWorker (no fork)")
    parser.add_argument(
        "--use-case", action="store_true", help="time the bot-turn use case alone (no worker)"
    )
    parser.add_argument("--smoke", action="store_true", help="one game, one round (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.rounds = 1, 1
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop its redis-server too
    trees = [t.resolve() for t in args.tree or [ROOT]]
    results: dict[Path, list[tuple[float, int, float]]] = {t: [] for t in trees}
    for _ in range(args.rounds):
        for tree in trees:
            results[tree].append(measure(tree, args.games, args.simple, args.use_case))
    mode = "one SimpleWorker" if args.simple else "each checkout's default worker"
    mode = "use case alone, no worker" if args.use_case else mode
    print(f"### Bot turns ({time.strftime('%Y-%m-%d')}): {mode}, heuristic bots")
    print()
    print(f"`{' '.join(['python', *sys.argv])}`: {args.games} bot-only one-deal Doubleduck games")
    print(f"per round, {args.rounds} interleaved rounds, median (range).")
    print()
    print("| checkout | moves | CPU per bot turn | bot moves per second |")
    print("| --- | ---: | ---: | ---: |")
    for tree, runs in results.items():
        cpu = [r[0] for r in runs]
        rate = [r[2] for r in runs]
        rates = f"{statistics.median(rate):,.0f} ({min(rate):,.0f}-{max(rate):,.0f})"
        print(
            f"| `{tree.name}` | {runs[0][1]:,} | {statistics.median(cpu):.2f} ms "
            f"({min(cpu):.2f}-{max(cpu):.2f}) | {'-' if args.use_case else rates} |"
        )
    first = results[trees[0]]
    figures = {
        "moves": first[0][1],
        "cpu_ms_per_turn": round(statistics.median(r[0] for r in first), 3),
        **({} if args.use_case else {"moves_per_s": round(statistics.median(r[2] for r in first))}),
    }
    print(json.dumps({"figures": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

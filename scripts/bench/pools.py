"""Worker pools under load (issue 13): live tables' bot reply latency with and without a large
match running, and how many heuristic bot moves one worker process plays per second.

Why: a match game, or a batch of bot-only games, used to run on the worker that also plays the
live tables' bot turns, and each job forked. Now the live pool serves only live tables, the
bulk pool (nice 10) the rest, and jobs run without a fork. This measures both claims.

Its own redis-server on a free port (AOF everysec, noeviction) in a temporary folder, REAL
worker processes (`python -m service.worker --pool ...`), and the API in this process (Flask's
test client: no HTTP server, so the figures are of the workers, not of gunicorn):

1. throughput: `--games` bot-only heuristic Doubleduck games created with no worker running,
   then ONE bulk worker (not niced) plays them; moves per second over `--seconds`.
2. latency: `--tables` live tables (seat 0 human, three heuristic bots) played round-robin by
   one client, each human thinking `--think-ms` per move; for each human move, the time until
   the first bot's reply is committed (Redis polled every 2 ms). Once alone, once while a
   `--match-games` heuristic match runs on the bulk pool. One live and one bulk worker.

    .venv/bin/python scripts/bench/pools.py
    .venv/bin/python scripts/bench/pools.py --tables 32 --match-games 2000 --seconds 20
    .venv/bin/python scripts/bench/pools.py --smoke      # 2 s phases, a few games (CI)

The last line printed is the figures as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import redis  # noqa: E402
from rq import Worker  # noqa: E402

from service.app import create_app  # noqa: E402
from service.storage.keys import game_key  # noqa: E402

API = "/api/v1"
HEURISTIC = {"bot": "heuristic"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stack:
    """redis-server and worker processes, all stopped at the end."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="dp-pools-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.procs: list[subprocess.Popen[bytes]] = []
        server = shutil.which("redis-server") or "redis-server"
        argv = [server, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.dir),
                "--save", "", "--appendonly", "yes", "--appendfsync", "everysec",
                "--maxmemory-policy", "noeviction"]  # fmt: skip
        self.procs.append(subprocess.Popen(argv, stdout=subprocess.DEVNULL))
        r = redis.Redis(port=self.port)
        for _ in range(100):
            try:
                r.ping()
                break
            except redis.RedisError:
                time.sleep(0.05)

    def worker(self, pool: str, **env: str) -> subprocess.Popen[bytes]:
        full = dict(os.environ, REDIS_URL=self.url, LOG_LEVEL="WARNING", **env)
        proc = subprocess.Popen(
            [sys.executable, "-m", "service.worker", "--pool", pool],
            cwd=ROOT,
            env=full,
            start_new_session=True,
        )
        self.procs.append(proc)
        return proc

    def wait_workers(self, count: int, seconds: float = 60.0) -> None:
        """Until `count` RQ workers have registered (a loaded host may take seconds to start
        one), so no phase times a worker's start-up."""
        r = redis.Redis(port=self.port)
        deadline = time.monotonic() + seconds
        while Worker.count(connection=r) < count:
            if time.monotonic() > deadline:
                sys.exit(f"fewer than {count} workers registered within {seconds:.0f} s")
            time.sleep(0.05)

    def stop(self, proc: subprocess.Popen[bytes]) -> None:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def close(self) -> None:
        for proc in reversed(self.procs):
            self.stop(proc)
        shutil.rmtree(self.dir, ignore_errors=True)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else 0.0


def throughput(stack: Stack, client: Any, games: int, seconds: float, chain_ms: int = 20) -> float:
    """Heuristic bot moves per second of ONE bulk worker (BULK_NICE=0: alone on the CPU),
    its jobs chaining bot turns for `chain_ms` (0: one turn a job, as before chaining).
    Timed from its first move (its start-up is no part of the figure) for `seconds`, or
    until every game is over if that comes first."""
    r = redis.Redis(port=stack.port)
    gids = []
    for i in range(games):
        body = {"game": "doubleduck", "seats": [HEURISTIC] * 4, "seed": f"t{i}",
                "options": {"max_deals": 4}}  # fmt: skip
        gids.append(client.post(f"{API}/games", json=body).json["id"])

    def total() -> tuple[int, bool]:
        """(moves made in all games, whether every game is over)."""
        with r.pipeline(transaction=False) as pipe:
            for gid in gids:
                pipe.hmget(game_key(gid), "version", "status")
            heads = pipe.execute()
        return sum(int(v) for v, _ in heads), all(s == b"over" for _, s in heads)

    worker = stack.worker("bulk", BULK_NICE="0", BOT_CHAIN_MS=str(chain_ms))
    deadline = time.monotonic() + 60
    while (first := total()[0]) == 0:
        if worker.poll() is not None or time.monotonic() > deadline:
            sys.exit(f"the bulk worker made no move (exit status {worker.poll()})")
        time.sleep(0.01)
    t0 = time.monotonic()
    moved, done = first, False
    while not done and time.monotonic() < t0 + seconds:
        time.sleep(0.02)
        moved, done = total()
    elapsed = time.monotonic() - t0
    stack.stop(worker)
    return (moved - first) / elapsed


def latency(client: Any, r: redis.Redis, tables: int, seconds: float, think: float) -> list[float]:
    """ms from each human move's answer to the first bot reply's commit, over live tables
    whose human thinks `think` seconds per move (humans do; an instant one would measure the
    live pool's saturation, not its latency)."""
    games = []
    for i in range(tables):
        options = {"max_deals": 4, "auto_deal": True}
        seats = [{}, HEURISTIC, HEURISTIC, HEURISTIC]
        body = {"game": "doubleduck", "seats": seats, "seed": f"l{i}", "options": options}
        created = client.post(f"{API}/games", json=body).json
        games.append((created["id"], created["seats"][0]["token"]))
    out: list[float] = []
    waiting: dict[str, tuple[int, float]] = {}
    thinking: dict[str, float] = {}  # table -> when its human may move next

    def poll() -> list[tuple[str, str, Any, Any]]:
        """Every table's head; the replies that came are timed at once."""
        with r.pipeline(transaction=False) as pipe:
            for gid, _ in games:
                pipe.hmget(game_key(gid), "version", "to_act", "status")
            heads = pipe.execute()
        now = time.monotonic()
        ready = []
        for (gid, token), (version, to_act, status) in zip(games, heads, strict=True):
            if gid in waiting:
                if int(version) > waiting[gid][0]:
                    out.append((now - waiting[gid][1]) * 1000)
                    del waiting[gid]
                continue
            mine = status != b"over" and b"0" in (to_act or b"").split()
            if mine and thinking.setdefault(gid, now + think) <= now:
                ready.append((gid, token, version, to_act))
        return ready

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for gid, token, _, _ in poll():
            auth = {"Authorization": f"Bearer {token}"}
            view = client.get(f"{API}/games/{gid}", headers=auth).json
            move = view["view"]["legal_moves"][0]
            resp = client.post(
                f"{API}/games/{gid}/moves",
                json={"move": move, "expected_version": view["version"]},
                headers=auth,
            )
            thinking.pop(gid, None)
            if resp.status_code == 200 and resp.json["status"] != "over":
                waiting[resp.json["id"]] = (resp.json["version"], time.monotonic())
            poll()  # time the replies between two human moves, not once per round
        time.sleep(0.002)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=64, help="bot-only games (throughput)")
    parser.add_argument("--tables", type=int, default=32, help="live tables (latency)")
    parser.add_argument("--match-games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--think-ms", type=float, default=1000, help="a human's time per move")
    parser.add_argument(
        "--throughput-only", action="store_true",
        help="only the throughput, with and without chained bot turns, interleaved x3",
    )  # fmt: skip
    parser.add_argument("--smoke", action="store_true", help="2 s phases, a few games (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.tables, args.match_games, args.seconds = 8, 2, 8, 2.0
        args.think_ms = 100
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the servers too
    stack = Stack()
    try:
        app = create_app(
            {"REDIS_URL": stack.url, "TESTING": True, "LOG_LEVEL": "WARNING", "APP_KEYS": "off"}
        )
        client = app.test_client()
        r = redis.Redis(port=stack.port)
        if args.throughput_only:
            rates: dict[int, list[float]] = {0: [], 20: []}
            for _ in range(3):
                for chain_ms in rates:
                    rate = throughput(stack, client, args.games, args.seconds, chain_ms)
                    rates[chain_ms].append(rate)
                    r.flushdb()
            for chain_ms, values in rates.items():
                runs = ", ".join(f"{v:.0f}" for v in values)
                print(f"one worker, BOT_CHAIN_MS={chain_ms}: median {sorted(values)[1]:.0f} "
                      f"heuristic bot moves/s ({runs})")  # fmt: skip
            ratio = sorted(rates[20])[1] / sorted(rates[0])[1]
            print(f"ratio chained / one turn a job: {ratio:.2f}")
            print(json.dumps({"figures": {"unchained_moves_per_s": round(sorted(rates[0])[1]),
                                          "chained_moves_per_s": round(sorted(rates[20])[1]),
                                          "ratio": round(ratio, 2)}}))  # fmt: skip
            return
        rate = throughput(stack, client, args.games, args.seconds)
        print(f"one worker (no fork): {rate:.0f} heuristic bot moves/s")
        r.flushdb()
        stack.worker("live")
        stack.worker("bulk")
        stack.wait_workers(2)
        alone = latency(client, r, args.tables, args.seconds, args.think_ms / 1000)
        spec = {
            "game": "doubleduck",
            "bots": ["heuristic", "random", "heuristic", "random"],
            "games": args.match_games,
            "seed": "bench",
            "options": {"max_deals": 1},
        }
        match = client.post(f"{API}/matches", json=spec).json
        time.sleep(1.0)
        busy = latency(client, r, args.tables, args.seconds, args.think_ms / 1000)
        done = client.get(f"{API}/matches/{match['id']}").json["progress"]["done"]
        for name, values in (("no match", alone), ("match running", busy)):
            print(
                f"{args.tables} live tables, {name}: bot reply p50 {pct(values, 50):.1f} ms, "
                f"p99 {pct(values, 99):.1f} ms over {len(values)} replies"
            )
        print(f"match games finished meanwhile: {done}")
        print(f"p99 difference: {pct(busy, 99) - pct(alone, 99):+.1f} ms (target: within 50)")
        figures = {
            "worker_moves_per_s": round(rate),
            "replies_alone": len(alone),
            "reply_p50_ms_alone": round(pct(alone, 50), 1),
            "reply_p99_ms_alone": round(pct(alone, 99), 1),
            "replies_busy": len(busy),
            "reply_p50_ms_busy": round(pct(busy, 50), 1),
            "reply_p99_ms_busy": round(pct(busy, 99), 1),
            "match_games_done": done,
        }
        print(json.dumps({"figures": figures}))
    finally:
        stack.close()


if __name__ == "__main__":
    main()

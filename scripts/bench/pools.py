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

With `--throughput-only`, each phase also measures, over the same window, the worker process's
CPU (/proc) and Redis's commands (INFO commandstats, less the benchmark's own polling; commands
that scripts run count each) per bot move: with `BOT_CHAIN_MS=0` a move is one RQ job, so the
figures `one_turn_jobs_per_s`, `worker_cpu_ms_per_job` and `redis_commands_per_job` are those
of a bot turn played as its own job (issue 33). The worker's watchdog thread is included: its
sweeps cost a fixed amount a second, so per job they weigh more at lower rates.

`--throughput-only` also measures, in this process and the same run, the floors of a one-turn
job (`floors`): an EMPTY bot-turn job (its body a no-op) on the service's worker and on RQ's own
SimpleWorker, and the job's body alone without RQ (each turn a first move, as a job plays it).
A one-turn job cannot cost less than the empty job plus the body.

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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import redis  # noqa: E402
from rq import Queue, SimpleWorker, Worker  # noqa: E402
from rq.job import Job  # noqa: E402
from rq.serializers import JSONSerializer  # noqa: E402

import service.jobs  # noqa: E402
from service.app import create_app  # noqa: E402
from service.storage.keys import BOT_TURN_JOB, game_key  # noqa: E402
from service.tables.bot_turns import job_id, job_options  # noqa: E402
from service.worker import TurnWorker, unsubscribe  # noqa: E402

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
        full = {**os.environ, "REDIS_URL": self.url, "LOG_LEVEL": "WARNING",
                "ANCHOR_KEEPER": "off", **env}  # fmt: skip
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


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far, threads included (its watchdog's too)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def command_calls(r: redis.Redis) -> dict[str, int]:
    """Redis's calls per command so far (INFO commandstats)."""
    stats = r.info("commandstats")
    return {name.removeprefix("cmdstat_"): int(v["calls"]) for name, v in stats.items()}


@dataclass
class Rate:
    """One throughput phase: bot moves per second of the worker, its CPU per move and the
    Redis commands per move (those of this benchmark's own polling taken out)."""

    moves_per_s: float
    cpu_ms_per_move: float
    commands_per_move: float
    by_command: dict[str, float]


def throughput(stack: Stack, client: Any, games: int, seconds: float, chain_ms: int = 20) -> Rate:
    """Heuristic bot moves per second of ONE bulk worker (BULK_NICE=0: alone on the CPU),
    its jobs chaining bot turns for `chain_ms` (0: one turn a job, as before chaining).
    Timed from its first move (its start-up is no part of the figure) for `seconds`, or
    until every game is over if that comes first. Over the same window: the worker
    process's CPU (/proc) and Redis's commands (INFO commandstats, less this function's
    own HMGETs and INFOs), per move."""
    r = redis.Redis(port=stack.port)
    gids = []
    for i in range(games):
        body = {"game": "doubleduck", "seats": [HEURISTIC] * 4, "seed": f"t{i}",
                "options": {"max_deals": 4}}  # fmt: skip
        gids.append(client.post(f"{API}/games", json=body).json["id"])
    polls = 0

    def total() -> tuple[int, bool]:
        """(moves made in all games, whether every game is over)."""
        nonlocal polls
        polls += 1
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
    calls0, cpu0, polls = command_calls(r), cpu_seconds(worker.pid), 0
    t0 = time.monotonic()
    moved, done = first, False
    while not done and time.monotonic() < t0 + seconds:
        time.sleep(0.02)
        moved, done = total()
    elapsed = time.monotonic() - t0
    cpu, calls = cpu_seconds(worker.pid) - cpu0, command_calls(r)
    stack.stop(worker)
    moves = max(moved - first, 1)
    diff = {name: n - calls0.get(name, 0) for name, n in calls.items()}
    diff["hmget"] = diff.get("hmget", 0) - polls * len(gids)
    diff["info"] = diff.get("info", 0) - 1
    by_command = {name: n / moves for name, n in sorted(diff.items(), key=lambda kv: -kv[1]) if n}
    return Rate(
        moves_per_s=(moved - first) / elapsed,
        cpu_ms_per_move=cpu * 1000 / moves,
        commands_per_move=sum(by_command.values()),
        by_command=by_command,
    )


class StockWorker(SimpleWorker):
    """RQ's own SimpleWorker, with only the service's bounded unsubscribe (a burst of RQ's may
    otherwise wait 60 s to end: `service.worker.unsubscribe`)."""

    def unsubscribe(self) -> None:
        unsubscribe(self)


def empty_job_cpu_ms(r: redis.Redis, worker_class: type[SimpleWorker], jobs: int) -> float:
    """CPU (this process) per bot-turn job whose body is a no-op, `jobs` of them run in a
    burst by `worker_class`, less an empty burst (the worker's start and end)."""
    queue = Queue("floor", connection=r, serializer=JSONSerializer)
    body = service.jobs.bot_turn
    service.jobs.bot_turn = lambda gid, seat, version: "empty"  # RQ's path and nothing else
    try:
        spent = []
        for count in (0, jobs):
            datas = [
                Queue.prepare_data(
                    BOT_TURN_JOB, args=(f"floor{i}", 0, 0), **job_options(job_id(f"floor{i}", 0, 0))
                )
                for i in range(count)
            ]
            if datas:
                queue.enqueue_many(datas)
            worker = worker_class([queue], connection=r, serializer=JSONSerializer)
            t0 = time.process_time()
            worker.work(burst=True, logging_level="WARNING")
            spent.append(time.process_time() - t0)
    finally:
        service.jobs.bot_turn = body
    return (spent[1] - spent[0]) * 1000 / jobs


def body_cpu_ms(client: Any, app: Any, r: redis.Redis, games: int, moves: int) -> float:
    """CPU (this process) per bot turn played by the job's body alone (`Tables.bot_turn`, no
    chaining), without RQ: `games` heuristic Doubleduck games, each turn a first move as in a
    job (this process caches the games it wrote, as a worker does). The turns' jobs, queued
    by each move's own write, are read back between the timed turns."""
    layers = app.extensions["duckpond"]
    queue = layers.bulk_queue
    for i in range(games):
        body = {"game": "doubleduck", "seats": [HEURISTIC] * 4, "seed": f"b{i}",
                "options": {"max_deals": 4}}  # fmt: skip
        client.post(f"{API}/games", json=body)
    spent, played = 0.0, 0
    while played < moves:
        ids = queue.get_job_ids()
        if not ids:
            break
        turns = [job.args for job in Job.fetch_many(ids, connection=r, serializer=JSONSerializer)
                 if job is not None]  # fmt: skip
        queue.empty()  # type: ignore[no-untyped-call]
        t0 = time.process_time()
        for gid, seat, version in turns:
            layers.tables.bot_turn(gid, seat, version, chain_seconds=0.0)
        spent += time.process_time() - t0
        played += len(turns)
    return spent * 1000 / max(played, 1)


def floors(client: Any, app: Any, r: redis.Redis, jobs: int) -> dict[str, float]:
    """The floors of a one-turn job, in this process (the module docstring)."""
    figures = {
        "empty_job_cpu_ms": empty_job_cpu_ms(r, TurnWorker, jobs),
        "empty_job_rq_stock_cpu_ms": empty_job_cpu_ms(r, StockWorker, jobs),
        "body_cpu_ms": body_cpu_ms(client, app, r, max(jobs // 100, 2), jobs),
    }
    r.flushdb()
    return {name: round(value, 3) for name, value in figures.items()}


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
            rates: dict[int, list[Rate]] = {0: [], 20: []}
            for _ in range(3):
                for chain_ms in rates:
                    rates[chain_ms].append(
                        throughput(stack, client, args.games, args.seconds, chain_ms)
                    )
                    r.flushdb()
            median: dict[int, Rate] = {}
            for chain_ms, phases in rates.items():
                runs = ", ".join(f"{v.moves_per_s:.0f}" for v in phases)
                median[chain_ms] = mid = sorted(phases, key=lambda v: v.moves_per_s)[1]
                cpu = sorted(v.cpu_ms_per_move for v in phases)[1]
                commands = sorted(v.commands_per_move for v in phases)[1]
                print(f"one worker, BOT_CHAIN_MS={chain_ms}: median {mid.moves_per_s:.0f} "
                      f"heuristic bot moves/s ({runs}); worker CPU {cpu:.3f} ms and "
                      f"{commands:.1f} Redis commands per move (medians)")  # fmt: skip
            one = median[0]
            top = ", ".join(f"{name} {n:.2f}" for name, n in list(one.by_command.items())[:16])
            print(f"Redis commands per one-turn job (the median run), by kind: {top}")
            ratio = median[20].moves_per_s / one.moves_per_s
            print(f"ratio chained / one turn a job: {ratio:.2f}")
            figures = {
                "unchained_moves_per_s": round(one.moves_per_s),
                "chained_moves_per_s": round(median[20].moves_per_s),
                "ratio": round(ratio, 2),
                "one_turn_jobs_per_s": round(one.moves_per_s),
                "worker_cpu_ms_per_job": round(sorted(v.cpu_ms_per_move for v in rates[0])[1], 3),
                "redis_commands_per_job": round(
                    sorted(v.commands_per_move for v in rates[0])[1], 1
                ),
                "worker_cpu_ms_per_chained_move": round(
                    sorted(v.cpu_ms_per_move for v in rates[20])[1], 3
                ),
            }
            floor = floors(client, app, r, 200 if args.smoke else 3000)
            print(f"floors, in this process: an empty bot-turn job {floor['empty_job_cpu_ms']} ms "
                  f"(RQ's own SimpleWorker {floor['empty_job_rq_stock_cpu_ms']} ms), the job's "
                  f"body without RQ {floor['body_cpu_ms']} ms: a one-turn job costs at least "
                  f"{floor['empty_job_cpu_ms'] + floor['body_cpu_ms']:.3f} ms")  # fmt: skip
            figures.update(floor)
            print(json.dumps({"figures": figures}))
            return
        rate = throughput(stack, client, args.games, args.seconds).moves_per_s
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

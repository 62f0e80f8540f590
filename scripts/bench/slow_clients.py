"""Slow-client benchmark: idle partial bodies and thousands of waiting requests against the
API server setup of scripts/serve (gunicorn, gevent workers), next to the former one (gthread,
2 workers x 64 threads), in the same run.

Why: a server whose requests each hold a thread is stalled by as many idle connections as it
has threads, and bounds waiting requests (`?wait=`) by its threads. This measures, for each
setup, on loopback only, bounded in count and time:

- /livez and move rates (and p99) with no other load, then with `--idle` connections holding a
  creation's partial body (headers and one byte of a promised 200): a client timeout of
  `--timeout` seconds marks a stalled request;
- with `--waiters` spectator waits (`?wait=30&after_version=...`) held on ONE API process (a
  one-worker server of the same kind), the move rate next to the same server's without them,
  how many requests were still waiting at the end (the others were answered early: refused
  or, formerly, a 200 that did not wait) and how long one move took to answer them all.

The setups run one after the other in each round (`--rounds`, alternating which goes first), so
a drift in the host's load weighs on both. Each starts its own redis-server and RQ worker in a
temporary folder (`scripts/bench/api.py`'s `Service`); everything is stopped at the end.

    .venv/bin/python scripts/bench/slow_clients.py                  # 500 idle, 2,000 waiters
    .venv/bin/python scripts/bench/slow_clients.py --seconds 5 --idle 200 --waiters 500
    .venv/bin/python scripts/bench/slow_clients.py --smoke    # gevent only, 1 s phases (CI)

The last line printed is the figures as JSON (`{"figures": {...}}`, of the last round).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import select
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import api
from api import HOST, Http, Tally, pct

SETUPS = {
    "gthread": ["--worker-class", "gthread", "--threads", "64"],
    "gevent": ["--worker-class", "gevent", "--worker-connections", "10000"],
}
"""gunicorn's worker models: the former scripts/serve (WAIT_SLOTS 48) and today's."""
WAIT_SLOTS = {"gthread": 48, "gevent": 4096}


class Server(api.Service):
    """api.py's service (redis, one RQ worker, gunicorn) with a chosen worker model."""

    def __init__(self, workdir: Path, kind: str, workers: int) -> None:
        super().__init__(workdir, workers, threads=64)
        self.kind = kind
        self.env["WAIT_SLOTS"] = str(WAIT_SLOTS[kind])
        self.env["SPECTATOR_WAITS_PER_ADDRESS"] = "0"  # every waiter comes from 127.0.0.1

    def start(self) -> None:
        self.start_redis()
        self._spawn("worker", [sys.executable, "-m", "service.worker"])
        self._spawn(
            "gunicorn",
            [
                sys.executable, "-m", "gunicorn", *SETUPS[self.kind],
                "--workers", str(self.workers), "--bind", f"{HOST}:{self.port}",
                "--keep-alive", "30", "--backlog", "4096", *self._gunicorn_extra(), self.app,
            ],
        )  # fmt: skip
        self._wait(lambda: api._http_ok(self.port, "/livez"), "the API (/livez)")


# --- client processes --------------------------------------------------------------------


def load(
    port: int,
    kind: str,
    threads: int,
    seconds: float,
    timeout: float,
    seed: str,
    ready: mp.Queue[int],
    start: mp.Queue[float],
    out: mp.Queue[Tally],
) -> None:
    """Client process: `threads` connections hammering /livez (`kind` "livez") or playing
    whole four-seat games, a GET of the seat to act before each move ("moves"), for `seconds`
    from the instant the parent sends once every client process is up (a loaded host may take
    seconds to start one). A request slower than `timeout` ends its thread (a stall)."""
    tally = Tally()
    lock = threading.Lock()
    ready.put(os.getpid())
    start_at = start.get()
    api._sleep_until(start_at)
    deadline = start_at + seconds

    def loop(i: int) -> None:
        http, mine = Http(port), Tally()
        http.conn.timeout = timeout
        rng = random.Random(f"{seed}-{i}")
        try:
            n = 0
            while time.time() < deadline:
                if kind == "livez":
                    status, _, dt = http.call("GET", "/livez")
                    if status != 200:
                        raise RuntimeError(f"/livez -> {status}")
                    mine.add("livez", dt)
                else:
                    api._play_one(http, rng, f"slow-{seed}-{i}-{n}", 4, deadline, mine)
                    n += 1
        except Exception as exc:  # a stalled or refused request ends this thread's run
            mine.errors.append(f"{kind}: {type(exc).__name__}: {exc}")
        with lock:
            tally.merge(mine)

    api._run_threads(loop, threads, indexed=True)
    tally.end = time.time()
    out.put(tally)


@dataclass
class Rate:
    """One phase's figures: requests per second, p99 ms, stalled threads."""

    per_s: float
    p99: float
    count: int
    errors: list[str] = field(default_factory=list)


def measure(port: int, kind: str, args: argparse.Namespace, seed: str) -> Rate:
    ctx = mp.get_context("spawn")
    ready: mp.Queue[int] = ctx.Queue()
    start: mp.Queue[float] = ctx.Queue()
    out: mp.Queue[Tally] = ctx.Queue()
    shares = api.split(args.threads, args.procs)
    procs = [
        ctx.Process(
            target=load,
            args=(port, kind, n, args.seconds, args.timeout, f"{seed}-{p}", ready, start, out),
        )
        for p, n in enumerate(shares)
    ]
    tally = Tally()
    try:
        for proc in procs:
            proc.start()
        for _ in procs:
            ready.get(timeout=120)
        start_at = time.time() + 0.2
        for _ in procs:
            start.put(start_at)
        for _ in procs:
            tally.merge(out.get(timeout=args.seconds + 120))
    finally:
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
            proc.join()
    key = "livez" if kind == "livez" else "move"
    lat = tally.lat.get(key, [])
    return Rate(len(lat) / args.seconds, pct(lat, 99), len(lat), tally.errors)


# --- idle connections and waiters (held by this process) -----------------------------------


@contextmanager
def partial_bodies(port: int, count: int) -> Iterator[int]:
    """`count` connections that sent a creation's headers and one byte of its body; yields
    how many the server accepted."""
    with ExitStack() as stack:
        opened = 0
        for _ in range(count):
            try:
                s = stack.enter_context(socket.create_connection((HOST, port), timeout=5))
                s.sendall(
                    b"POST /api/v1/games HTTP/1.1\r\nHost: b\r\nContent-Type: application/json"
                    b"\r\nContent-Length: 200\r\n\r\n{"
                )
                opened += 1
            except OSError:
                break
        time.sleep(1.0)  # let the server take them in
        yield opened


def new_game(port: int) -> tuple[str, list[str], int]:
    http = Http(port)
    status, body, _ = http.call(
        "POST", f"{api.API}/games", {"game": "doubleduck", "seats": [{}, {}, {}, {}]}
    )
    assert status == 201, body
    return body["id"], [s["token"] for s in body["seats"]], body["view"]["to_act"][0]


@dataclass
class Waits:
    waiting: int
    early: int
    wake_seconds: float
    ok: int
    moves: Rate
    alone: Rate


def waiters_phase(port: int, args: argparse.Namespace, seed: str) -> Waits:
    """The move rate alone, then with `args.waiters` spectator waits held; then one move
    wakes them all."""
    alone = measure(port, "moves", args, f"{seed}-alone")
    gid, tokens, first = new_game(port)
    path = f"{api.API}/games/{gid}?wait=30&after_version=0"
    with ExitStack() as stack:
        socks = []
        for _ in range(args.waiters):
            try:
                s = stack.enter_context(socket.create_connection((HOST, port), timeout=10))
            except OSError:
                break
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: b\r\n\r\n".encode())
            socks.append(s)
        time.sleep(2.0)
        moves = measure(port, "moves", args, f"{seed}-waiters")
        still = [s for s in socks if not _readable(s)]
        early, waiting = len(socks) - len(still), len(still)
        http = Http(port)
        http.conn.timeout = args.timeout
        start = time.monotonic()
        try:
            _, view, _ = http.call("GET", f"{api.API}/games/{gid}", token=tokens[first])
            move = view["view"]["legal_moves"][0]
            start = time.monotonic()
            http.call("POST", f"{api.API}/games/{gid}/moves", {"move": move}, tokens[first])
        except OSError:  # the server takes no new connection: the move itself is stalled
            return Waits(waiting, early, -1.0, 0, moves, alone)
        ok, pending = 0, still
        deadline = start + 30
        while pending and time.monotonic() < deadline:
            left = []
            for s in pending:
                if _readable(s):
                    ok += s.recv(16).startswith(b"HTTP/1.1 200")
                else:
                    left.append(s)
            pending = left
            if pending:
                time.sleep(0.01)
        wake = time.monotonic() - start
    return Waits(waiting, early, wake, ok, moves, alone)


def _readable(s: socket.socket) -> bool:
    poller = select.poll()
    poller.register(s, select.POLLIN)
    return bool(poller.poll(0))


# --- the run ---------------------------------------------------------------------------------


def run_setup(
    kind: str, args: argparse.Namespace, rnd: int, out: dict[str, list[str]]
) -> dict[str, float]:
    """One setup's two servers and phases: its table rows go to `out`; returns its figures."""
    workdir = Path(tempfile.mkdtemp(prefix=f"duckpond-slow-{kind}-"))
    server = Server(workdir, kind, args.workers)
    rows = out.setdefault(kind, [])
    try:
        server.start()
        seed = f"{kind}-{rnd}"
        livez = measure(server.port, "livez", args, seed)
        moves = measure(server.port, "moves", args, seed)
        with partial_bodies(server.port, args.idle) as opened:
            livez_idle = measure(server.port, "livez", args, seed + "-idle")
            moves_idle = measure(server.port, "moves", args, seed + "-idle")
        server.check_alive()
        rows.append(
            f"| {kind} | {rnd} | {livez.per_s:,.0f} | {livez.p99:.1f} | {moves.per_s:,.0f} | "
            f"{moves.p99:.1f} | {opened} | {livez_idle.per_s:,.0f} ({ratio(livez_idle, livez)}) | "
            f"{livez_idle.p99:.1f} | {moves_idle.per_s:,.0f} ({ratio(moves_idle, moves)}) | "
            f"{moves_idle.p99:.1f} | {stalls(livez_idle, moves_idle)} |"
        )
        figures = {
            "livez_per_s": round(livez.per_s, 1),
            "moves_per_s": round(moves.per_s, 1),
            "idle_opened": opened,
            "livez_per_s_idle": round(livez_idle.per_s, 1),
            "moves_per_s_idle": round(moves_idle.per_s, 1),
            "stalled": len(livez_idle.errors) + len(moves_idle.errors),
        }
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    workdir = Path(tempfile.mkdtemp(prefix=f"duckpond-waits-{kind}-"))
    server = Server(workdir, kind, 1)
    try:
        server.start()
        w = waiters_phase(server.port, args, f"{kind}-{rnd}-w")
        server.check_alive()
        out.setdefault(kind + "-waits", []).append(
            f"| {kind}, 1 worker | {rnd} | {args.waiters:,} | {w.waiting:,} | {w.early:,} | "
            f"{w.alone.per_s:,.0f} | {w.moves.per_s:,.0f} ({ratio(w.moves, w.alone)}) | "
            f"{w.moves.p99:.1f} | {woken(w)} | {stalls(w.moves)} |"
        )
        figures |= {
            "waits_held": w.waiting,
            "moves_per_s_alone": round(w.alone.per_s, 1),
            "moves_per_s_with_waits": round(w.moves.per_s, 1),
            "waits_answered_by_one_move": w.ok,
            "wake_seconds": round(w.wake_seconds, 3),
        }
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    return {f"{kind}_{name}": value for name, value in figures.items()}


def woken(w: Waits) -> str:
    if w.wake_seconds < 0:
        return "none: the move got no answer within the client timeout"
    return f"{w.ok:,} in {w.wake_seconds:.2f} s"


def ratio(a: Rate, b: Rate) -> str:
    return f"{a.per_s / b.per_s:.2f}x" if b.per_s else "-"


def stalls(*rates: Rate) -> str:
    """The stalled clients of these phases, counted; the other errors are printed (stderr)."""
    errors = [e for r in rates for e in r.errors]
    timeouts = sum("timed out" in e or "Timeout" in e for e in errors)
    for other in sorted({e for e in errors if "timed out" not in e and "Timeout" not in e})[:3]:
        print(f"error: {other}", file=sys.stderr)
    return f"{timeouts} timed out, {len(errors) - timeouts} other"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=500, help="idle partial-body connections")
    parser.add_argument("--waiters", type=int, default=2000, help="waits held on one process")
    parser.add_argument("--seconds", type=float, default=8.0, help="length of each phase")
    parser.add_argument("--threads", type=int, default=8, help="client connections per phase")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (idle phase)")
    parser.add_argument("--timeout", type=float, default=2.0, help="client timeout: a stall")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of both setups")
    parser.add_argument("--setup", choices=list(SETUPS), action="append", help="only these")
    parser.add_argument(
        "--smoke", action="store_true", help="gevent only, 1 s phases, 20 idle and waiters (CI)"
    )
    args = parser.parse_args()
    if args.smoke:
        args.setup, args.seconds, args.idle, args.waiters = ["gevent"], 1.0, 20, 20
        args.threads, args.procs, args.rounds = 2, 1, 1
    if not (1 <= args.idle <= 5000 and 1 <= args.waiters <= 5000 and args.seconds <= 60):
        parser.error("bounded: --idle and --waiters 1-5000, --seconds <= 60")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    load_before = os.getloadavg()[0]
    out: dict[str, list[str]] = {}
    figures: dict[str, float] = {}
    kinds = args.setup or list(SETUPS)
    for rnd in range(1, args.rounds + 1):
        for kind in kinds if rnd % 2 else kinds[::-1]:
            figures |= run_setup(kind, args, rnd, out)
    load_after = os.getloadavg()[0]
    command = "python scripts/bench/slow_clients.py " + " ".join(sys.argv[1:])
    print(f"### Slow clients ({time.strftime('%Y-%m-%d')})\n")
    print(
        f"`{command.strip()}`: {os.cpu_count()} cores, load average {load_before:.1f} before, "
        f"{load_after:.1f} after (other work on the host); {args.threads} client connections "
        f"in {args.procs} processes per phase of {args.seconds:g} s; a request slower than "
        f"{args.timeout:g} s counts as stalled and ends its client.\n"
    )
    print(
        f"| setup ({args.workers} workers) | round | livez/s | p99 ms | moves/s | p99 ms | "
        "idle | livez/s idle | p99 ms | moves/s idle | p99 ms | stalled clients |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for kind in kinds:
        print("\n".join(out.get(kind, [])))
    print(
        "\n| setup | round | waits sent | still waiting | answered early | moves/s alone | "
        "moves/s with the waits | p99 ms | answered after one move | stalled clients |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    for kind in kinds:
        print("\n".join(out.get(kind + "-waits", [])))
    print(json.dumps({"figures": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

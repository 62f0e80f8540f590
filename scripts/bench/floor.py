"""Floor benchmark: what a request of this stack costs when it does (almost) nothing.

Why: `scripts/bench/api.py` compares moves per second with `/livez` requests per second. This
measures, in the same service set-up (gunicorn, gevent workers as deployed unless `--server
gthread`; its own redis-server), requests that do
only part of what a move must do: one Lua script call; a read of a game and one script call;
a seat's view. Their rates against `/livez` bound what any move can reach on this stack: a move
does at least a read (or a cached copy) and a compare-and-set, plus the rules and its answer.
Each request is hammered for `--seconds` by 16 keep-alive connections in 2 client processes,
in two interleaved rounds; the server and client CPU per request are read from /proc.

    .venv/bin/python scripts/bench/floor.py
    .venv/bin/python scripts/bench/floor.py --smoke      # one round of 0.5 s each (CI)

The last line printed is the figures as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

from api import API, Http, Service, split

Result = tuple[int, float]  # requests, client CPU seconds
KEYS = ("livez", "script", "read_and_script", "view")
"""The names of the four requests' figures in the JSON line, in the order they run."""


def hammer(
    port: int,
    path: str,
    token: str | None,
    threads: int,
    start_at: float,
    seconds: float,
    out: mp.Queue[Result],
) -> None:
    """Client process: GET `path` in a loop from `threads` keep-alive connections."""
    count = [0]
    lock = threading.Lock()
    time.sleep(max(0.0, start_at - time.time()))
    cpu = time.process_time()
    deadline = start_at + seconds

    def loop() -> None:
        http, n = Http(port), 0
        while time.time() < deadline:
            status, body, _ = http.call("GET", path, token=token)
            if status != 200:
                raise SystemExit(f"{path} -> HTTP {status}: {body}")
            n += 1
        with lock:
            count[0] += n

    workers = [threading.Thread(target=loop) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    out.put((count[0], time.process_time() - cpu))


def measure(
    service: Service, path: str, token: str | None, seconds: float
) -> tuple[int, float, float]:
    """(requests, server CPU seconds, client CPU seconds) of `seconds` of load on `path`."""
    ctx = mp.get_context("spawn")
    out: mp.Queue[Result] = ctx.Queue()
    start_at = time.time() + 1.0
    cpu = service.cpu_seconds()
    procs = [
        ctx.Process(target=hammer, args=(service.port, path, token, n, start_at, seconds, out))
        for n in split(16, 2)
    ]
    for p in procs:
        p.start()
    results = [out.get() for _ in procs]
    for p in procs:
        p.join()
    return sum(r[0] for r in results), service.cpu_seconds() - cpu, sum(r[1] for r in results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="load per request and round")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds")
    parser.add_argument(
        "--server",
        choices=("gevent", "gthread"),
        default="gevent",
        help="gunicorn worker class: gevent as deployed and as api.py runs by default",
    )
    parser.add_argument("--smoke", action="store_true", help="one round of 0.5 s each (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.rounds = 0.5, 1
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the service too
    workdir = Path(tempfile.mkdtemp(prefix="duckpond-floor-"))
    service = Service(workdir, 2, 64, app="floor_app:app", server=args.server)
    try:
        service.start()
        http = Http(service.port)
        body = {"game": "doubleduck", "seats": [{}] * 4, "seed": "floor"}
        status, created, _ = http.call("POST", f"{API}/games", body)
        if status != 201:
            raise SystemExit(f"create -> HTTP {status}: {created}")
        http.conn.close()  # or gunicorn's graceful stop waits for this idle keep-alive
        gid = created["id"]
        token = created["seats"][created["view"]["to_act"][0]]["token"]
        cases = [
            ("`GET /livez`", "/livez", None),
            ("one Lua script call", "/floor/script", None),
            ("read a game + one script call", f"/floor/read-and-script?game={gid}", None),
            ("`GET /api/v1/games/{id}` (a seat's view)", f"{API}/games/{gid}", token),
        ]
        totals = {name: [0, 0.0, 0.0] for name, _, _ in cases}
        for _ in range(args.rounds):
            for name, path, tok in cases:
                n, server, client = measure(service, path, tok, args.seconds)
                totals[name][0] += n
                totals[name][1] += server
                totals[name][2] += client
    finally:
        service.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    seconds = args.seconds * args.rounds
    livez = totals[cases[0][0]][0] / seconds
    print(f"### Floor benchmark ({time.strftime('%Y-%m-%d')})\n")
    print(
        f"`python scripts/bench/floor.py {' '.join(sys.argv[1:])}`".replace(" `", "`")
        + f": {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores; gunicorn {args.server}, 2 workers; 16 keep-alive "
        f"connections in 2 processes, {args.rounds} interleaved rounds of {args.seconds:g} s "
        "each.\n"
    )
    print("| request | per second | ÷ livez | server CPU | client CPU |")
    print("| --- | ---: | ---: | ---: | ---: |")
    figures = {}
    for (name, (n, server, client)), key in zip(totals.items(), KEYS, strict=True):
        rate = n / seconds
        print(
            f"| {name} | {rate:,.0f} | {rate / livez:.2f} | {server / n * 1000:.2f} ms | "
            f"{client / n * 1000:.2f} ms |"
        )
        figures |= {
            f"{key}_per_s": round(rate, 1),
            f"{key}_server_cpu_ms": round(server / n * 1000, 3),
        }
    print(json.dumps({"figures": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

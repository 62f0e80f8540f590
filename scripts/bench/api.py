"""API benchmark: whole Doubleduck games over HTTP, next to a trivial endpoint of the same app.

Why: the engine benchmark (`scripts/bench/engine.py`) tells how fast the rules are; this tells what
a move costs through the whole stack (gunicorn, Flask, token check, Redis compare-and-set) and how
that compares with the cheapest request the same server can answer (`GET /livez`). The ratio
moves/s / livez req/s is the figure to watch (target >= 0.4): it depends far less on the machine
than either rate alone. On a shared host, rates also swing with other load; the server CPU time
per request (read from /proc for every process of the service) barely does, so it is printed too.

It starts everything itself, on loopback only, in a temporary folder: its own redis-server on a
free port (append-only file on, noeviction, as in production), one RQ worker, and gunicorn
(gevent as scripts/serve runs it, or `--server gthread`, the former setup). Load comes from
separate client processes (stdlib `http.client`, one keep-alive connection per thread), so
the clients do not share the server's GIL. They first hammer `/livez` for half of
`--livez-seconds`, then play complete games, `--concurrency` at a time, each move chosen at
random from the `legal_moves` of the seat to act, then hammer `/livez` again.

Two ways to play a game. By default, as players at four devices: four seat clients, each with
its own connection and only its own token, each request its move with `?wait=30` (answered at
its next turn) or, before its first turn, its view with `?wait=30`: one request per move, no
polling, `auto_deal` on. With `--poll`, as session 1 measured: one client holds the four tokens,
GETs the view of the seat to act, then POSTs the move (the GET is skipped only when the previous
move's answer, the mover's own view, shows it to act again); the host deals each next deal.
Bounded by `--games` and `--max-seconds`. Everything it started is stopped at the end, also on
Ctrl-C or an error. `scripts/bench/floor.py` measures what the cheapest requests cost.

    .venv/bin/python scripts/bench/api.py                # 16 concurrent full games
    .venv/bin/python scripts/bench/api.py --poll         # one client per game, GET + POST
    .venv/bin/python scripts/bench/api.py --games 32 --deals 1 --livez-seconds 5
    .venv/bin/python scripts/bench/api.py --app-key      # games of an app key (its feed too)
    .venv/bin/python scripts/bench/api.py --smoke        # 2 one-deal games, 1 s of /livez (CI)
    .venv/bin/python scripts/bench/api.py --in-process --smoke

The last line printed is the figures as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import multiprocessing as mp
import os
import platform
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
API = "/api/v1"
APP_KEY_ENV = "DUCKPOND_BENCH_APP_KEY"
"""With `--app-key`: the key the client processes create their games with (inherited)."""


# --- the service under test ------------------------------------------------------------------


def free_port() -> int:
    """A port nobody listens on right now (the kernel's choice), so runs never collide."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Service:
    """redis-server, one RQ worker and gunicorn, each in its own session so that all of a
    part's processes (gunicorn workers, RQ work horses) can be stopped together."""

    def __init__(
        self,
        workdir: Path,
        workers: int,
        threads: int,
        app: str = "service.wsgi:app",
        server: str = "gthread",
    ) -> None:
        self.app = app
        self.server = server
        self.workdir = workdir
        self.workers = workers
        self.threads = threads
        self.redis_port = free_port()
        self.port = free_port()
        self.procs: list[tuple[str, subprocess.Popen[bytes]]] = []
        self.env = dict(os.environ)
        self.env["REDIS_URL"] = f"redis://{HOST}:{self.redis_port}/0"
        self.env["APP_KEYS"] = "off"  # benches measure the game path; keys have their own
        # Every bench client is one address (loopback): the per-address flood guard (60,000 a
        # minute) would refuse a fast run's later phases. The limiter still counts each request.
        self.env["RATE_LIMIT_PER_ADDRESS"] = "1000000000 per minute"
        self.env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(ROOT), str(Path(__file__).parent), self.env.get("PYTHONPATH", "")) if p
        )
        self.env["LOG_LEVEL"] = "WARNING"
        if server == "gthread":  # a waiting request holds a thread: leave a quarter free
            self.env["WAIT_SLOTS"] = str(max(1, threads * 3 // 4))

    def _spawn(self, name: str, argv: list[str]) -> None:
        log = open(self.workdir / f"{name}.log", "wb")  # noqa: SIM115 (lives as long as the child)
        proc = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        self.procs.append((name, proc))

    def start(self) -> None:
        """Start the three parts and wait until redis answers PING and the API answers /livez."""
        self.start_redis()
        self._spawn("worker", [sys.executable, "-m", "service.worker"])
        self._spawn(
            "gunicorn",
            [
                sys.executable, "-m", "gunicorn",
                *self.server_args(),
                "--workers", str(self.workers),
                "--bind", f"{HOST}:{self.port}",
                "--keep-alive", "30", "--backlog", "512",
                *self._gunicorn_extra(),
                self.app,
            ],
        )  # fmt: skip
        self._wait(lambda: _http_ok(self.port, "/livez"), "the API (/livez)")

    def start_redis(self) -> None:
        """Only the redis-server part (also all that `--in-process` needs)."""
        redis_server = shutil.which("redis-server")
        if redis_server is None:
            sys.exit("redis-server not found: scripts/serve installs it (as root), or apt-get it")
        data = self.workdir / "redis"
        data.mkdir()
        self._spawn(
            "redis",
            [
                redis_server,
                "--bind", HOST, "--port", str(self.redis_port), "--dir", str(data),
                "--appendonly", "yes", "--appendfsync", "everysec",
                "--maxmemory-policy", "noeviction", "--save", "",
            ],
        )  # fmt: skip
        self._wait(lambda: _redis_ping(self.redis_port), "redis-server")

    def server_args(self) -> list[str]:
        """gunicorn's worker model: gevent (scripts/serve) or gthread (the former setup)."""
        if self.server == "gevent":
            return ["--worker-class", "gevent", "--worker-connections", "10000"]
        return ["--worker-class", "gthread", "--threads", str(self.threads)]

    @staticmethod
    def _gunicorn_extra() -> list[str]:
        """gunicorn 27+ opens a control socket in ~/.gunicorn shared by all instances: not ours."""
        out = subprocess.run(
            [sys.executable, "-m", "gunicorn", "--help"], capture_output=True, text=True
        )
        return ["--no-control-socket"] if "--no-control-socket" in out.stdout else []

    def _wait(self, ready: Any, what: str, seconds: float = 30.0) -> None:
        deadline = time.monotonic() + seconds
        while not ready():
            for name, proc in self.procs:
                if proc.poll() is not None:
                    self.fail(f"{name} exited with status {proc.returncode} while starting")
            if time.monotonic() > deadline:
                self.fail(f"{what} did not come up within {seconds:.0f} s")
            time.sleep(0.1)

    def fail(self, message: str) -> None:
        """Show the tail of every log, then stop (the caller's finally stops the processes)."""
        for name, _ in self.procs:
            text = (self.workdir / f"{name}.log").read_text(errors="replace").splitlines()
            print(f"--- {name}.log (last 25 lines)", file=sys.stderr)
            print("\n".join(text[-25:]), file=sys.stderr)
        raise SystemExit(f"bench: {message}")

    def cpu_seconds(self) -> float:
        """CPU time (user + system, reaped children included) of every process of our parts,
        found by session id: a cost per request that other load on the host barely changes."""
        return sum(self.cpu_by_part().values())

    def cpu_by_part(self) -> dict[str, float]:
        """`cpu_seconds` per part (redis, worker, gunicorn), to tell where a request's CPU goes."""
        sessions = {proc.pid: name for name, proc in self.procs}
        tick = os.sysconf("SC_CLK_TCK")
        total = dict.fromkeys(sessions.values(), 0)
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (comm) "
            part = sessions.get(int(fields[3]))  # field 6, the session id
            if part is not None:
                total[part] += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
        return {name: ticks / tick for name, ticks in total.items()}

    def check_alive(self) -> None:
        for name, proc in self.procs:
            if proc.poll() is not None:
                self.fail(f"{name} died during the run (status {proc.returncode})")

    def stop(self) -> None:
        """SIGTERM in reverse start order, then SIGKILL whatever is left of each session."""
        for _name, proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
                with suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=15)
            with suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        self.procs.clear()


def _redis_ping(port: int) -> bool:
    try:
        with socket.create_connection((HOST, port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _http_ok(port: int, path: str) -> bool:
    try:
        conn = http.client.HTTPConnection(HOST, port, timeout=2)
        conn.request("GET", path)
        ok = conn.getresponse().status == 200
        conn.close()
        return ok
    except OSError:
        return False


# --- the clients -----------------------------------------------------------------------------


class Http:
    """One keep-alive connection; reconnects once if the server closed it between requests."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any, float]:
        """(status, decoded JSON or None, seconds) of one request."""
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in (1, 2):
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body=data, headers=headers)
                resp = self.conn.getresponse()
                raw = resp.read()
            except (http.client.RemoteDisconnected, ConnectionError, http.client.BadStatusLine):
                self.conn.close()
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
                if attempt == 2:
                    raise
                continue
            elapsed = time.perf_counter() - start
            try:
                payload = json.loads(raw) if raw else None
            except ValueError:
                payload = None
            return resp.status, payload, elapsed
        raise AssertionError("unreachable")


@dataclass
class Tally:
    """What one client process measured; merged by the parent."""

    lat: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    stale: int = 0
    skipped: int = 0
    """Views not fetched: the move's answer (the mover's view) showed the mover to act again."""
    rewaits: int = 0
    """Seat clients answered without their turn (wait time over, or no free wait slot)."""
    games: int = 0
    moves: int = 0
    end: float = 0.0
    """Wall-clock time (time.time) when the last thread finished."""
    cpu: float = 0.0
    """CPU seconds of the client processes while they ran their load (they share the cores)."""

    def add(self, key: str, seconds: float) -> None:
        self.lat.setdefault(key, []).append(seconds)

    def merge(self, other: Tally) -> None:
        for key, values in other.lat.items():
            self.lat.setdefault(key, []).extend(values)
        self.errors += other.errors
        self.stale += other.stale
        self.skipped += other.skipped
        self.rewaits += other.rewaits
        self.games += other.games
        self.moves += other.moves
        self.end = max(self.end, other.end)
        self.cpu += other.cpu


def _sleep_until(start_at: float) -> None:
    """All client processes start their clocks at the same wall-clock instant, after the
    interpreter start-up, so that start-up is not counted in any rate."""
    time.sleep(max(0.0, start_at - time.time()))


def hammer_livez(
    port: int, threads: int, start_at: float, seconds: float, out: mp.Queue[Tally]
) -> None:
    """Client process: GET /livez in a loop from `threads` keep-alive connections."""
    tally = Tally()
    lock = threading.Lock()
    _sleep_until(start_at)
    cpu = time.process_time()
    deadline = start_at + seconds

    def loop() -> None:
        http, lats, errs = Http(port), [], []
        while time.time() < deadline:
            status, _, dt = http.call("GET", "/livez")
            if status == 200:
                lats.append(dt)
            else:
                errs.append(f"/livez -> {status}")
        with lock:
            tally.lat.setdefault("livez", []).extend(lats)
            tally.errors += errs[:5]

    _run_threads(loop, threads)
    tally.end = time.time()
    tally.cpu = time.process_time() - cpu
    out.put(tally)


def play_games(
    port: int,
    threads: int,
    start_at: float,
    games: range,
    deals: int,
    seconds: float,
    seed: int,
    poll: bool,
    out: mp.Queue[Tally],
) -> None:
    """Client process: `threads` tables, each playing whole games one after another, until
    the games numbered `games` are all started or the time is up. A table is four seat
    clients that wait for their turns (`_play_seats`), or with `poll` one client that reads
    the view of the seat to act before each move (`_play_one`)."""
    tally = Tally()
    lock = threading.Lock()
    counter = iter(games)
    _sleep_until(start_at)
    cpu = time.process_time()
    deadline = start_at + seconds

    def loop(worker: int) -> None:
        http = Http(port)
        seats = [Http(port) for _ in range(4)]
        rng = random.Random(f"{seed}-{games.start}-{worker}")
        mine = Tally()
        while time.time() < deadline:
            with lock:
                n = next(counter, None)
            if n is None:
                break
            try:
                if poll:
                    done = _play_one(http, rng, f"bench-{seed}-{n}", deals, deadline, mine)
                else:
                    done = _play_seats(http, seats, rng, f"bench-{seed}-{n}", deals, deadline, mine)
                if done:
                    mine.games += 1
            except Exception as exc:  # a broken game must not hide the others' figures
                mine.errors.append(f"game {n}: {type(exc).__name__}: {exc}")
        with lock:
            tally.merge(mine)

    _run_threads(loop, threads, indexed=True)
    tally.end = time.time()
    tally.cpu = time.process_time() - cpu
    out.put(tally)


def _run_threads(target: Any, n: int, indexed: bool = False) -> None:
    threads = [
        threading.Thread(target=target, args=(i,) if indexed else (), daemon=True) for i in range(n)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def _expect(status: int, payload: Any, ok: int, what: str) -> Any:
    if status != ok:
        raise RuntimeError(f"{what} -> HTTP {status}: {json.dumps(payload)[:300]}")
    return payload


def _play_one(
    http: Http, rng: random.Random, seed: str, deals: int, deadline: float, t: Tally
) -> bool:
    """Play one game to its end (True) or until the deadline (False): each turn, GET the view
    of the seat to act, POST one of its `legal_moves` with the version it saw. A scored deal
    is followed by `POST .../deal` with the host token.

    As a real client does, it learns from a move's answer (the mover's new view) whom to ask
    next, and when that answer shows the mover to act again (it won the trick and leads), it
    plays from that view without a GET: it holds the same hand, legal moves and version."""
    body = {
        "game": "doubleduck",
        "seats": [{}, {}, {}, {}],
        "seed": seed,
        "options": {"max_deals": deals},
    }
    status, created, dt = http.call("POST", f"{API}/games", body, os.environ.get(APP_KEY_ENV))
    created = _expect(status, created, 201, "create game")
    t.add("create", dt)
    gid = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    host = created["host_token"]
    seat = _first(created["view"].get("to_act"), 0)
    known: Any = None  # the seat's view from its own move's answer, when still current
    while time.time() < deadline:
        if known is not None:
            game, known = known, None
            t.skipped += 1
        else:
            status, game, dt = http.call("GET", f"{API}/games/{gid}", token=tokens[seat])
            game = _expect(status, game, 200, "view")
            t.add("view", dt)
        if game["status"] == "over":
            return True
        if game["status"] == "deal_pending":
            status, dealt, dt = http.call(
                "POST", f"{API}/games/{gid}/deal", {"expected_version": game["version"]}, host
            )
            if status == 409 and _reason(dealt) == "stale_version":
                t.stale += 1
                continue
            dealt = _expect(status, dealt, 200, "deal")
            t.add("deal", dt)
            seat = _first(dealt["view"].get("to_act"), seat)
            continue
        to_act = game["view"].get("to_act") or []
        if seat not in to_act:
            if not to_act:
                raise RuntimeError(f"status {game['status']!r} but nobody to act: {game}")
            seat = to_act[0]
            continue
        legal = game["view"].get("legal_moves") or []
        if not legal:
            raise RuntimeError(f"seat {seat} is to act but has no legal_moves: {game['view']}")
        move = rng.choice(legal)
        status, moved, dt = http.call(
            "POST",
            f"{API}/games/{gid}/moves",
            {"move": move, "expected_version": game["version"]},
            tokens[seat],
        )
        if status == 409 and _reason(moved) == "stale_version":
            t.stale += 1
            continue
        moved = _expect(status, moved, 200, f"move {move}")
        t.add("move", dt)
        t.moves += 1
        mover, seat = seat, _first(moved["view"].get("to_act"), seat)
        if seat == mover and moved["status"] == "playing" and moved["view"].get("legal_moves"):
            known = moved
    return False


WAIT = 30  # seconds a seat client lets the server hold its request until its turn


def _play_seats(
    http: Http,
    seats: list[Http],
    rng: random.Random,
    seed: str,
    deals: int,
    deadline: float,
    t: Tally,
) -> bool:
    """Play one game (True) with four seat clients, each on its own connection and thread,
    as four players at four devices would: each holds only its own token, and each request
    is either its move with `?wait=` (answered at its next turn, with what the others played
    meanwhile) or, before its first turn, a view with `?wait=`. So one request per move and
    no polling. Deals are automatic (`auto_deal`), in the change that ends a deal.

    Latency ("move"): from a move's POST until the client whose turn comes next holds its
    answer, i.e. what a player waits between a move and the next player's chance to act."""
    options = {"max_deals": deals, "auto_deal": True}
    body = {"game": "doubleduck", "seats": [{}, {}, {}, {}], "seed": seed, "options": options}
    status, created, dt = http.call("POST", f"{API}/games", body, os.environ.get(APP_KEY_ENV))
    created = _expect(status, created, 201, "create game")
    t.add("create", dt)
    gid = created["id"]
    posted = [0.0]  # when the last move was sent (shared by the four seat threads)
    lock = threading.Lock()
    results: list[Tally] = []

    def seat_loop(seat: int) -> None:
        mine, conn = Tally(), seats[seat]
        token = created["seats"][seat]["token"]
        seat_rng = random.Random(f"{seed}-{seat}-{rng.random()}")
        game: Any = None
        try:
            while time.time() < deadline:
                if game is None:
                    path = f"{API}/games/{gid}?wait={WAIT}"
                    status, game, _ = conn.call("GET", path, token=token)
                    game = _expect(status, game, 200, "view")
                    mine.rewaits += 1
                if game["status"] == "over":
                    mine.games += 1
                    return
                view = game["view"]
                if game["status"] != "playing" or seat not in (view.get("to_act") or []):
                    game = None  # woken without a turn (wait over, or no free slot): wait again
                    continue
                with lock:
                    if posted[0]:
                        mine.add("move", time.perf_counter() - posted[0])
                move = seat_rng.choice(view["legal_moves"])
                with lock:
                    posted[0] = time.perf_counter()
                status, game, _ = conn.call(
                    "POST",
                    f"{API}/games/{gid}/moves?wait={WAIT}",
                    {"move": move, "expected_version": game["version"]},
                    token,
                )
                if status == 409 and _reason(game) == "stale_version":
                    mine.stale += 1
                    game = None
                    continue
                game = _expect(status, game, 200, f"move {move}")
                mine.moves += 1
        except Exception as exc:
            mine.errors.append(f"seat {seat}: {type(exc).__name__}: {exc}")
        finally:
            with lock:
                results.append(mine)

    _run_threads(seat_loop, 4, indexed=True)
    finished = sum(r.games for r in results)
    for r in results:
        r.games = 0
        t.merge(r)
    t.rewaits -= 4  # the first view of each seat is not a re-wait
    return finished == 4


def _first(seats: Any, default: int) -> int:
    """The first seat of a `to_act` list, else `default` (nobody to act: dealing or over)."""
    return int(seats[0]) if isinstance(seats, list) and seats else default


def _reason(payload: Any) -> str | None:
    if isinstance(payload, dict):
        errors = payload.get("errors")
        if isinstance(errors, dict):
            return errors.get("reason")
    return None


# --- running and reporting -------------------------------------------------------------------


def run_clients(target: Any, jobs: list[tuple[Any, ...]]) -> tuple[Tally, float]:
    """Run `target(*job, queue)` in one process per job, all starting their clocks together;
    (merged tally, wall seconds from that start to the last thread's end)."""
    ctx = mp.get_context("spawn")
    out: mp.Queue[Tally] = ctx.Queue()
    workers = [ctx.Process(target=target, args=(*job, out)) for job in jobs]
    try:
        # The clients start with SIGINT ignored: a Ctrl-C (sent to the terminal's whole group)
        # reaches only this process, which terminates them below and reports.
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            for w in workers:
                w.start()
        finally:
            signal.signal(signal.SIGINT, previous)
        total = Tally()
        for _ in workers:
            total.merge(out.get())
    finally:
        for w in workers:
            if w.is_alive():
                w.terminate()
            w.join()
    return total, total.end


def split(n: int, parts: int) -> list[int]:
    """`n` as `parts` near-equal shares, larger first."""
    return [n // parts + (1 if i < n % parts else 0) for i in range(parts)]


def pct(values: list[float], q: float) -> float:
    """Nearest-rank percentile in milliseconds (0 for no data)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[k] * 1000


def _redis_version() -> str:
    try:
        out = subprocess.run(["redis-server", "--version"], capture_output=True, text=True)
        return out.stdout.split()[2].removeprefix("v=")
    except (OSError, IndexError):
        return "?"


def play_in_process(
    call: Callable[..., Any], games: int, seed: int, prefix: str, before: Callable[[int], None]
) -> None:
    """One-deal Doubleduck games through `call(kind, method, path, body=None, token="")`:
    each turn `/livez`, the seat's view, then a seeded random one of its `legal_moves`
    (`before(n)` runs before game n). Shared by `--in-process` and `calls.py`."""
    rng = random.Random(seed)
    for n in range(games):
        before(n)
        body = {"game": "doubleduck", "seats": [{}] * 4, "seed": f"{prefix}-{seed}-{n}"}
        created = call("create", "POST", f"{API}/games", {**body, "options": {"max_deals": 1}})
        gid, tokens = created["id"], [s["token"] for s in created["seats"]]
        seat = _first(created["view"].get("to_act"), 0)
        while True:
            call("livez", "GET", "/livez")
            game = call("view", "GET", f"{API}/games/{gid}", token=tokens[seat])
            if game["status"] != "playing":
                break
            move = rng.choice(game["view"]["legal_moves"])
            path = f"{API}/games/{gid}/moves"
            body = {"move": move, "expected_version": game["version"]}
            moved = call("move", "POST", path, body, tokens[seat])
            seat = _first(moved["view"].get("to_act"), seat)


def in_process(redis_url: str, games: int, seed: int) -> tuple[list[str], dict[str, float]]:
    """CPU time of the Flask app alone (no gunicorn, no HTTP client) per request, from the
    calling thread's CPU clock: what a request costs in our code and its libraries, steady
    even on a busy host. Same game loop as the HTTP clients (GET the view, POST a move)."""
    # Only this mode imports the app (from this checkout) and werkzeug.
    from werkzeug.test import EnvironBuilder

    sys.path.insert(0, str(ROOT))
    from service.app import create_app
    from service.core import heap

    app = create_app({"REDIS_URL": redis_url, "LOG_LEVEL": "WARNING", "APP_KEYS": "off"})
    heap.freeze()  # as the deployed entry point does (service.wsgi)
    cpu: dict[str, float] = {"livez": 0.0, "view": 0.0, "move": 0.0}
    count = dict.fromkeys(cpu, 0)

    def call(kind: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        environ = EnvironBuilder(path=path, method=method, json=body, headers=headers)
        env = environ.get_environ()
        env["wsgi.input"] = io.BytesIO(env["wsgi.input"].read())
        start = time.thread_time()
        chunks = app.wsgi_app(env, lambda status, headers, exc_info=None: None)
        data = b"".join(chunks)
        getattr(chunks, "close", lambda: None)()
        if kind in cpu:
            cpu[kind] += time.thread_time() - start
            count[kind] += 1
        return json.loads(data)

    def warmed(n: int) -> None:
        if n == 1:  # game 0 warms up: its figures are dropped
            cpu.update(dict.fromkeys(cpu, 0.0))
            count.update(dict.fromkeys(count, 0))

    play_in_process(call, games + 1, seed, "inproc", warmed)
    per = {kind: cpu[kind] / max(count[kind], 1) * 1e6 for kind in cpu}
    figures = {f"{kind}_cpu_us": round(us) for kind, us in per.items()} | {"moves": count["move"]}
    lines = [
        f"### API in-process CPU ({time.strftime('%Y-%m-%d')}): Flask app only, thread CPU",
        "",
        f"{games} one-deal Doubleduck games, {count['move']:,} moves; "
        f"{platform.python_implementation()} {platform.python_version()}.",
        "",
        "| request | count | CPU per request |",
        "| --- | ---: | ---: |",
        *(
            f"| {kind} | {count[kind]:,} | {per[kind]:,.0f} us |"
            for kind in ("move", "view", "livez")
        ),
    ]
    return lines, figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", type=int, default=16, help="concurrent clients (games)")
    parser.add_argument("--games", type=int, default=16, help="games to play in all")
    parser.add_argument("--deals", type=int, default=4, help="max_deals of each game (1-4)")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=64, help="gthread's threads per worker")
    parser.add_argument(
        "--server", choices=("gevent", "gthread"), default="gevent", help="gunicorn worker class"
    )
    parser.add_argument(
        "--poll",
        action="store_true",
        help="one client per game, GET of the seat's view before each move (no waiting)",
    )
    parser.add_argument(
        "--livez-seconds", type=float, default=10.0, help="/livez time, half before the games"
    )
    parser.add_argument("--max-seconds", type=float, default=180.0, help="cap on the game phase")
    parser.add_argument("--seed", type=int, default=1, help="seeds the games and the choices")
    parser.add_argument(
        "--app-key",
        action="store_true",
        help="create the games with an app key (keys required), so every move also feeds the "
        "key's feed: its outbox entry and relay (service/streams/feed.py)",
    )
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="instead: CPU per request of the Flask app alone (its own redis, no gunicorn)",
    )
    parser.add_argument(
        "--smoke", action="store_true", help="2 one-deal games, 1 s of /livez, 1 process (CI)"
    )
    args = parser.parse_args()
    if args.smoke:
        args.games, args.concurrency, args.deals, args.procs = 2, 2, 1, 1
        args.livez_seconds, args.max_seconds = 1.0, 60.0
    if not (1 <= args.deals <= 4 and args.concurrency >= 1 and args.procs >= 1):
        parser.error("need 1 <= --deals <= 4, --concurrency >= 1, --procs >= 1")
    procs = min(args.procs, args.concurrency)

    # Ctrl-C or SIGTERM: unwind through the finally below, which stops everything.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    workdir = Path(tempfile.mkdtemp(prefix="duckpond-bench-"))
    service = Service(workdir, args.workers, args.threads, server=args.server)
    if args.in_process:
        try:
            service.start_redis()
            lines, figures = in_process(service.env["REDIS_URL"], args.games, args.seed)
            print("\n".join(lines))
        finally:
            service.stop()
            shutil.rmtree(workdir, ignore_errors=True)
        print(json.dumps({"figures": figures}))
        return 0
    if args.app_key:
        service.env["APP_KEYS"] = "required"
    try:
        service.start()
        if args.app_key:  # issued by the operators' command (this folder shadows `engine`)
            issue = [sys.executable, "-m", "service.app_keys", "issue", "--name", "bench"]
            issue += ["--quiet", "--live-games", "1000000", "--creations-per-minute", "1000000"]
            os.environ[APP_KEY_ENV] = subprocess.run(
                issue, cwd=ROOT, env=service.env, check=True, capture_output=True, text=True
            ).stdout.strip()
        threads = split(args.concurrency, procs)

        def livez_phase() -> tuple[Tally, float, float]:
            start_at = time.time() + 1.0  # time for the client processes to start
            jobs = [(service.port, n, start_at, args.livez_seconds / 2) for n in threads]
            cpu = service.cpu_seconds()
            tally, end = run_clients(hammer_livez, jobs)
            return tally, end - start_at, service.cpu_seconds() - cpu

        # /livez half before and half after the games, so that a drift in the machine's load
        # (other work on a shared host) weighs on both sides of the ratio alike.
        load = os.getloadavg()[0]
        livez, livez_wall, livez_cpu = livez_phase()
        service.check_alive()
        # Games go to the processes in proportion to their threads, numbered 0..games-1.
        shares = split(args.games, procs)
        firsts = [sum(shares[:i]) for i in range(len(shares))]
        start_at = time.time() + 1.0
        parts = service.cpu_by_part()
        cpu = sum(parts.values())
        games, end = run_clients(
            play_games,
            [
                (
                    service.port,
                    n,
                    start_at,
                    range(f, f + g),
                    args.deals,
                    args.max_seconds,
                    args.seed,
                    args.poll,
                )
                for n, f, g in zip(threads, firsts, shares, strict=False)
                if g
            ],
        )
        games_wall = end - start_at
        parts = {k: v - parts[k] for k, v in service.cpu_by_part().items()}
        games_cpu = service.cpu_seconds() - cpu
        service.check_alive()
        livez2, livez_wall2, livez_cpu2 = livez_phase()
        livez.merge(livez2)
        livez_wall += livez_wall2
        livez_cpu += livez_cpu2
        load = max(load, os.getloadavg()[0])
        service.check_alive()
    except KeyboardInterrupt:
        print("bench: interrupted; stopping what it started", file=sys.stderr)
        return 130
    finally:
        service.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    livez_n = len(livez.lat.get("livez", []))
    livez_rps = livez_n / livez_wall
    moves_ps = games.moves / games_wall
    ratio = moves_ps / livez_rps if livez_rps else 0.0
    api_rps = sum(len(v) for v in games.lat.values()) / games_wall
    move_cpu = games_cpu / games.moves * 1000 if games.moves else 0.0
    livez_cpu_ms = livez_cpu / livez_n * 1000 if livez_n else 0.0
    cores = os.cpu_count() or 1
    command = "python scripts/bench/api.py " + " ".join(sys.argv[1:])
    server = (
        f"gevent {args.workers} workers"
        if args.server == "gevent"
        else f"gthread {args.workers} workers x {args.threads} threads"
    )
    move_row = (
        "`POST /api/v1/games/{id}/moves`"
        if args.poll
        else "`POST /api/v1/games/{id}/moves?wait=30` (latency: to the next seat's answer)"
    )
    rows = [
        (move_row, games.lat.get("move", []), moves_ps),
        *([("`GET /api/v1/games/{id}` (view)", games.lat.get("view", []), None)] * args.poll),
        ("`GET /livez`", livez.lat.get("livez", []), livez_rps),
    ]
    mode = (
        "one client per game, GET of the view of the seat to act before each move"
        if args.poll
        else "four seat clients per game, each on its own connection, one request per move "
        "(`?wait=30`), auto_deal"
    )
    lines = [
        f"### API benchmark ({time.strftime('%Y-%m-%d')})",
        "",
        f"`{command.strip()}`: {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, redis-server {_redis_version()} (AOF everysec); "
        f"gunicorn {server}; {args.concurrency} concurrent clients "
        f"in {procs} processes, keep-alive, loopback; {mode}.",
        "",
        "| request | count | per second | p50 ms | p99 ms |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, lat, rate in rows:
        per_s = f"{rate:,.0f}" if rate is not None else f"{len(lat) / games_wall:,.0f}"
        lines.append(
            f"| {name} | {len(lat):,} | {per_s} | {pct(lat, 50):.1f} | {pct(lat, 99):.1f} |"
        )
    lines += [
        "",
        f"- **moves/s / livez req/s = {ratio:.2f}** (target >= 0.4); "
        f"all game requests (view + move + create + deal): {api_rps:,.0f}/s "
        f"= {api_rps / livez_rps if livez_rps else 0:.2f} x livez",
        f"- server CPU (gunicorn, worker and redis): **{move_cpu:.2f} ms per move** (its GET view "
        f"and its share of creates and deals included), {livez_cpu_ms:.2f} ms per /livez: "
        f"CPU ratio = {livez_cpu_ms / move_cpu if move_cpu else 0:.2f}; CPU-bound ceiling on "
        f"{cores} cores ~ {cores * 1000 / move_cpu if move_cpu else 0:,.0f} moves/s; per move: "
        + ", ".join(
            f"{name} {cpu / games.moves * 1000 if games.moves else 0:.2f} ms"
            for name, cpu in parts.items()
        ),
        f"- games finished: {games.games}/{args.games} ({args.deals} deals each), "
        f"{games.moves:,} moves in {games_wall:.1f} s; /livez {livez_wall:.1f} s (half before, "
        "half after); "
        f"stale-version retries: {games.stale}; errors: {len(games.errors) + len(livez.errors)}; "
        f"host load average {load:.1f} (clients and server share the {cores} cores)",
        f"- client CPU (the load processes, on the same cores): "
        f"{games.cpu / games.moves * 1000 if games.moves else 0:.2f} ms per move (with its "
        f"view), {livez.cpu / livez_n * 1000 if livez_n else 0:.2f} ms per /livez; "
        + (
            f"views skipped because the move's answer already showed the mover to act again: "
            f"{games.skipped:,}"
            if args.poll
            else f"answers without the seat's turn (wait over or no free slot): {games.rewaits:,}"
        ),
    ]
    print("\n".join(lines))
    for err in (games.errors + livez.errors)[:10]:
        print(f"error: {err}", file=sys.stderr)
    figures = {
        "moves": games.moves,
        "moves_per_s": round(moves_ps, 1),
        "livez_per_s": round(livez_rps, 1),
        "ratio": round(ratio, 3),
        "server_cpu_ms_per_move": round(move_cpu, 3),
        "server_cpu_ms_per_livez": round(livez_cpu_ms, 3),
        "move_p50_ms": round(pct(games.lat.get("move", []), 50), 2),
    }
    print(json.dumps({"figures": figures}))
    return 1 if games.errors or livez.errors or games.games < args.games else 0


if __name__ == "__main__":
    sys.exit(main())

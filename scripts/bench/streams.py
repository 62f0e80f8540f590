"""Stream benchmark (issue 24): idle per-game streams held by one API process, live delivery to
seat and spectator streams, and an app key's feed, on gunicorn's gevent worker as deployed.

Why: a stream is only worth having if thousands of them cost an API process little while
idle, and if an event reaches every stream that may see it soon after its commit, for little
CPU (each event is decoded and framed once per process and shared, `service.streams.streams`). One
mode per run:

- `--idle N`: one gunicorn gevent worker holds N idle game streams (a tenth of the games'
  seats and spectators: four seat streams and six spectator streams per game); the worker's
  RSS before and after, per stream, and its CPU per second while they get only keep-alives
  (`STREAM_KEEPALIVE_SECONDS`, 15 as deployed), over `--seconds`: `idle_cpu_percent` is the
  worker's total (issue 33's target: under 2% of a core with 5,000), next to the same
  worker's CPU with no stream open (its own floor: gunicorn's loop, the change listener),
  measured first over up to 10 s; their difference is what the streams cost. Keep-alives
  come from one ticker per process (`service.streams.ticker`).
- `--sigterm N`: N idle streams open on one gunicorn (as `--idle`), then SIGTERM to its
  master: the seconds until every client has read its `closing` frame (the last event it
  passed as `resume_after`, checked against its snapshot's id) and until the master process
  is gone (issue 33's target: both within 2 s with 5,000).
- `--delivery`: `--tables` live tables with four seat streams and one spectator stream each,
  moves at `--rate` per second: p99 from a move's 200 to the moment each stream's client
  reads the move's first event, and the worker's CPU per delivered event.
- `--feed G`: one app key's feed while G of its games are played at `--rate` moves/s: every
  turn delivered (counted against the moves' answers), p99 from the move's 200 to its `turn`.

Moves are committed by a separate driver process through the service's own app in-process
(the same use case a POST runs: `create_app` and its WSGI callable, as `api.py --in-process`
does), so the API worker's CPU is the streams' and the listener's only, and the commit time
is the move's 200 there. Stream clients are separate processes holding raw sockets under a
selector (NDJSON, `Accept: application/x-ndjson`). Clocks: one host, `time.time()`.
Everything it starts (redis-server, one RQ worker, gunicorn with one gevent worker, from
`api.py`'s `Service`) is stopped at the end, also on Ctrl-C or SIGTERM.

    .venv/bin/python scripts/bench/streams.py --idle 5000 --seconds 30
    .venv/bin/python scripts/bench/streams.py --sigterm 5000
    .venv/bin/python scripts/bench/streams.py --delivery --tables 250 --rate 300
    .venv/bin/python scripts/bench/streams.py --feed 500 --rate 300
    .venv/bin/python scripts/bench/streams.py --smoke    # all four, tiny, seconds (CI)

The last line printed is the figures as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing as mp
import os
import resource
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import api
from api import API, HOST, ROOT, pct

NDJSON = "application/x-ndjson"
BATCH = 200
"""Streams a client opens before it waits for their snapshots (the listen backlog is 512)."""


# --- the service ------------------------------------------------------------------------------


class Server(api.Service):
    """api.py's service with one gevent worker and the stream bounds out of reach (every
    client is 127.0.0.1)."""

    def __init__(self, workdir: Path, keepalive: float, app_keys: bool) -> None:
        super().__init__(workdir, workers=1, threads=1, server="gevent")
        self.env |= {
            "STREAM_SLOTS": "100000",
            "STREAMS_PER_ADDRESS": "0",
            "STREAMS_PER_APP_KEY": "0",
            "STREAM_KEEPALIVE_SECONDS": str(keepalive),
            "FEEDS_PER_APP_KEY": "64",
        }
        if app_keys:
            self.env["APP_KEYS"] = "required"

    def worker_pid(self) -> int:
        """The gunicorn worker: the child of the master (the session leader)."""
        master = next(p.pid for name, p in self.procs if name == "gunicorn")
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat[stat.rindex(")") + 2 :].split()[1]) == master:
                    return int(entry.name)
        raise SystemExit("bench: no gunicorn worker found")

    def issue_key(self) -> str:
        argv = [sys.executable, "-m", "service.app_keys", "issue", "--name", "bench", "--quiet"]
        argv += ["--live-games", "1000000", "--creations-per-minute", "1000000"]
        out = subprocess.run(argv, cwd=ROOT, env=self.env, check=True, capture_output=True)
        return out.stdout.decode().strip()


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid: int) -> float:
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_percent(pid: int, seconds: float) -> float:
    """The process's CPU over the next `seconds`, in percent of one core."""
    cpu0, t0 = cpu_s(pid), time.monotonic()
    time.sleep(seconds)
    return (cpu_s(pid) - cpu0) / (time.monotonic() - t0) * 100


# --- the app in-process (games and moves) ------------------------------------------------------


class App:
    """The service's WSGI app in this process, called without HTTP (`api.py --in-process`)."""

    def __init__(self, redis_url: str, app_keys: bool) -> None:
        sys.path.insert(0, str(ROOT))
        from service.app import create_app

        mode = "required" if app_keys else "off"
        self.app = create_app({"REDIS_URL": redis_url, "LOG_LEVEL": "WARNING", "APP_KEYS": mode})

    def call(self, method: str, path: str, body: Any = None, token: str = "") -> Any:
        from werkzeug.test import EnvironBuilder

        headers = {"Authorization": f"Bearer {token}"} if token else {}
        env = EnvironBuilder(path=path, method=method, json=body, headers=headers).get_environ()
        env["wsgi.input"] = io.BytesIO(env["wsgi.input"].read())
        status: list[str] = []
        chunks = self.app.wsgi_app(env, lambda s, h, exc_info=None: status.append(s))
        data = b"".join(chunks)
        getattr(chunks, "close", lambda: None)()
        if not status[0].startswith("2"):
            raise SystemExit(f"bench: {method} {path}: {status[0]} {data[:300]!r}")
        return json.loads(data)

    def create(self, n: int, key: str = "") -> tuple[str, list[str]]:
        options = {"max_deals": 4, "auto_deal": True}
        body = {"game": "doubleduck", "seats": [{}] * 4, "seed": f"s{n}", "options": options}
        created = self.call("POST", f"{API}/games", body, key)
        return created["id"], [s["token"] for s in created["seats"]]


def drive(
    redis_url: str,
    app_keys: bool,
    games: list[tuple[str, list[str]]],
    rate: float,
    seconds: float,
    start_at: float,
    out: Connection,
) -> None:
    """Moves at `rate` per second over `games`, round robin, from `start_at` for `seconds`;
    sends back each move's (game index, version after it, time of its 200, still playing)."""
    app = App(redis_url, app_keys)
    seats = [0] * len(games)
    done: list[tuple[int, int, float, bool]] = []
    time.sleep(max(start_at - time.time(), 0))
    t0, i = time.time(), 0
    while time.time() < t0 + seconds:
        wait = t0 + i / rate - time.time()
        if wait > 0:
            time.sleep(wait)
        g = i % len(games)
        i += 1
        gid, tokens = games[g]
        view = app.call("GET", f"{API}/games/{gid}", token=tokens[seats[g]])
        if view["status"] != "playing":
            continue
        to_act = view["view"].get("to_act") or []
        if seats[g] not in to_act:
            seats[g] = to_act[0] if to_act else seats[g]
            view = app.call("GET", f"{API}/games/{gid}", token=tokens[seats[g]])
        body = {"move": view["view"]["legal_moves"][0], "expected_version": view["version"]}
        moved = app.call("POST", f"{API}/games/{gid}/moves", body, tokens[seats[g]])
        done.append((g, moved["version"], time.time(), moved["status"] == "playing"))
        nxt = moved["view"].get("to_act") or [seats[g]]
        seats[g] = nxt[0]
    out.send(done)


# --- the stream clients ------------------------------------------------------------------------


class Stream:
    """One stream's socket and what it read: the HTTP head, then chunked NDJSON lines."""

    __slots__ = ("body", "buf", "first", "g", "head", "lines", "raw", "sock")

    def __init__(self, sock: socket.socket, g: int) -> None:
        self.sock, self.g = sock, g
        self.raw = b""
        self.head = False
        self.body = b""
        self.lines = 0
        self.first: str | None = None
        """The id of the stream's first frame (its snapshot's)."""

    def feed(self, data: bytes) -> list[bytes]:
        """The complete lines (keep-alives included) that `data` completes."""
        self.raw += data
        if not self.head:
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return []
            if not self.raw.startswith(b"HTTP/1.1 200"):
                raise SystemExit(f"bench: a stream was refused: {self.raw[:200]!r}")
            self.head, self.raw = True, self.raw[end + 4 :]
        while True:  # chunked transfer coding
            eol = self.raw.find(b"\r\n")
            if eol < 0:
                break
            size = int(self.raw[:eol], 16)
            if len(self.raw) < eol + 2 + size + 2:
                break
            self.body += self.raw[eol + 2 : eol + 2 + size]
            self.raw = self.raw[eol + 2 + size + 2 :]
        *lines, self.body = self.body.split(b"\n")
        self.lines += len(lines)
        return lines


def read_streams(
    port: int, paths: list[tuple[int, str, str]], record: str, ctl: Connection
) -> None:
    """Open a stream for each (game index, path, bearer), `BATCH` at a time, each waited for
    until its first line; tell `ctl` how many are open, then read until `ctl` says stop, and
    send back what was recorded: for `record` "events", (game index, version, time) of the
    first event of each version per stream; for "turns", (game id, version, time) of each
    `turn`; for "closing", (snapshot id, resume_after, time) of each `closing` frame; always
    the count of lines read."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    sel = selectors.DefaultSelector()
    sel.register(ctl, selectors.EVENT_READ, None)
    seen: list[tuple[Any, int, float]] = []
    last: dict[int, int] = {}
    streams: list[Stream] = []
    pending = 0

    def pump(timeout: float) -> bool:
        nonlocal pending
        for k, _ in sel.select(timeout):
            s = k.data
            if s is None:
                return False
            data = s.sock.recv(65536)
            now = time.time()
            if not data:
                sel.unregister(s.sock)
                continue
            was = s.lines
            for line in s.feed(data):
                if not line or record == "none":
                    continue
                framed = json.loads(line)
                if s.first is None:
                    s.first = framed.get("id")
                if record == "closing":
                    if framed.get("event") == "closing":
                        resume = framed["data"]["resume_after"]
                        seen.append((s.first, resume, now))
                    continue
                item = framed["data"]
                if record == "events" and "version" in item and "type" in item:
                    if last.get(id(s)) != item["version"]:
                        last[id(s)] = item["version"]
                        seen.append((s.g, item["version"], now))
                elif record == "turns" and item.get("type") == "turn":
                    seen.append((item["game_id"], item["version"], now))
            if was == 0 and s.lines > 0:
                pending -= 1
        return True

    for first in range(0, len(paths), BATCH):
        for g, path, token in paths[first : first + BATCH]:
            sock = socket.create_connection((HOST, port), timeout=30)
            auth = f"Authorization: Bearer {token}\r\n" if token else ""
            head = f"GET {path} HTTP/1.1\r\nHost: b\r\nAccept: {NDJSON}\r\n{auth}\r\n"
            sock.sendall(head.encode())
            sock.setblocking(False)
            s = Stream(sock, g)
            streams.append(s)
            sel.register(sock, selectors.EVENT_READ, s)
            pending += 1
        deadline = time.monotonic() + 60
        while pending > 0 and time.monotonic() < deadline:
            pump(1.0)
    ctl.send(sum(s.lines > 0 for s in streams))
    while pump(5.0):
        pass
    ctl.recv()
    ctl.send((seen, sum(s.lines for s in streams)))
    for s in streams:
        s.sock.close()


class Readers:
    """Stream client processes over `parts` shares of the paths."""

    def __init__(self, port: int, paths: list[tuple[int, str, str]], record: str, parts: int):
        self.ctls: list[Connection] = []
        self.procs: list[Any] = []
        ctx = mp.get_context("fork")
        for i in range(parts):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(
                target=read_streams, args=(port, paths[i::parts], record, theirs), daemon=True
            )
            proc.start()
            self.ctls.append(mine)
            self.procs.append(proc)

    def opened(self) -> int:
        return sum(c.recv() for c in self.ctls)

    def stop(self) -> tuple[list[Any], int]:
        for c in self.ctls:
            c.send("stop")
        seen, lines = [], 0
        for c in self.ctls:
            s, n = c.recv()
            seen += s
            lines += n
        for p in self.procs:
            p.join(10)
        return seen, lines


def moves(
    redis_url: str,
    app_keys: bool,
    games: list[tuple[str, list[str]]],
    rate: float,
    seconds: float,
) -> list[tuple[int, int, float, bool]]:
    """The driver process's moves (see `drive`)."""
    ctx = mp.get_context("spawn")  # a fresh process: the app in it owns its connections
    mine, theirs = ctx.Pipe()
    proc = ctx.Process(
        target=drive,
        args=(redis_url, app_keys, games, rate, seconds, time.time() + 2.0, theirs),
        daemon=True,  # ended with this process, on an error or SIGTERM too
    )
    proc.start()
    done: list[tuple[int, int, float, bool]] = mine.recv()
    proc.join(10)
    return done


# --- the modes ---------------------------------------------------------------------------------


def stream_paths(server: Server, count: int) -> list[tuple[int, str, str]]:
    """`count` streams of games made for them, ten a game: its seats' and six spectators'."""
    app = App(server.env["REDIS_URL"], False)
    paths = []
    for g, (gid, tokens) in enumerate(app.create(n) for n in range(max(count // 10, 1))):
        paths += [(g, f"{API}/games/{gid}/stream", t) for t in tokens]
        paths += [(g, f"{API}/games/{gid}/stream", "")] * 6
    return paths[:count]


def idle(server: Server, args: argparse.Namespace) -> dict[str, float]:
    paths = stream_paths(server, args.idle)
    pid = server.worker_pid()
    warm = Readers(server.port, paths[:10], "none", 1)  # imports and first-use caches
    warm.opened()
    warm.stop()
    time.sleep(0.5)
    before = rss_kb(pid)
    empty = cpu_percent(pid, min(args.seconds, 10.0))  # the worker's own floor, no stream
    readers = Readers(server.port, paths, "none", 1)
    opened = readers.opened()
    time.sleep(1.0)
    after = rss_kb(pid)
    held = cpu_percent(pid, args.seconds)
    _, lines = readers.stop()
    server.check_alive()
    return {
        "idle_streams": opened,
        "idle_rss_before_mb": round(before / 1024, 1),
        "idle_rss_after_mb": round(after / 1024, 1),
        "idle_kb_per_stream": round((after - before) / max(opened, 1), 2),
        "idle_cpu_percent": round(held, 3),
        "idle_cpu_percent_no_stream": round(empty, 3),
        "idle_cpu_percent_of_streams": round(held - empty, 3),
        "idle_lines_read": lines,
        "idle_seconds": args.seconds,
        "keepalive_s": args.keepalive,
    }


def sigterm(server: Server, args: argparse.Namespace) -> dict[str, float]:
    paths = stream_paths(server, args.sigterm)
    readers = Readers(server.port, paths, "closing", args.clients)
    opened = readers.opened()
    time.sleep(1.0)
    master = next(p for name, p in server.procs if name == "gunicorn")
    signalled = time.time()
    master.send_signal(signal.SIGTERM)
    master.wait(timeout=60)
    gone = time.time() - signalled
    time.sleep(0.5)  # the clients' last reads
    seen, _ = readers.stop()
    last = max((t for _, _, t in seen), default=signalled) - signalled
    return {
        "sigterm_streams": opened,
        "sigterm_closing_frames": len(seen),
        "sigterm_resume_points_right": sum(first == str(resume) for first, resume, _ in seen),
        "sigterm_last_closing_frame_s": round(last, 3),
        "sigterm_process_gone_s": round(gone, 3),
    }


def latencies(
    done: list[tuple[int, int, float, bool]], seen: list[tuple[Any, int, float]], keyed: Any
) -> tuple[list[float], int]:
    """Seconds from each move's 200 to each read of its version (`api.pct` takes seconds); and
    how many reads matched a move. The driver takes a move's time when its call returned,
    after the commit and the mover's view, so a read can come a fraction of a ms before."""
    at = {(keyed(g), v): t for g, v, t, _ in done}
    lat = [t - at[(g, v)] for g, v, t in seen if (g, v) in at]
    return lat, len(lat)


def delivery(server: Server, args: argparse.Namespace) -> dict[str, float]:
    app = App(server.env["REDIS_URL"], False)
    games = [app.create(n) for n in range(args.tables)]
    paths = []
    for g, (gid, tokens) in enumerate(games):
        paths += [(g, f"{API}/games/{gid}/stream", t) for t in [*tokens, ""]]
    pid = server.worker_pid()
    readers = Readers(server.port, paths, "events", args.clients)
    opened = readers.opened()
    cpu0 = cpu_s(pid)
    done = moves(server.env["REDIS_URL"], False, games, args.rate, args.seconds)
    time.sleep(1.0)  # the last events' way to the clients
    cpu = cpu_s(pid) - cpu0
    seen, _ = readers.stop()
    server.check_alive()
    lat, matched = latencies(done, seen, lambda g: g)
    span = (done[-1][2] - done[0][2]) if len(done) > 1 else 1.0
    return {
        "delivery_streams": opened,
        "delivery_moves": len(done),
        "delivery_moves_per_s": round(len(done) / max(span, 1e-9), 1),
        "delivery_events_read": matched,
        "delivery_p50_ms": round(pct(lat, 50), 2),
        "delivery_p99_ms": round(pct(lat, 99), 2),
        "delivery_worker_cpu_s": round(cpu, 2),
        "delivery_cpu_ms_per_event": round(cpu / max(matched, 1) * 1000, 4),
    }


def feed(server: Server, args: argparse.Namespace) -> dict[str, float]:
    key = server.issue_key()
    app = App(server.env["REDIS_URL"], True)
    games = [app.create(n, key) for n in range(args.feed)]
    readers = Readers(server.port, [(0, f"{API}/feed", key)], "turns", 1)
    opened = readers.opened()
    done = moves(server.env["REDIS_URL"], True, games, args.rate, args.seconds)
    time.sleep(2.0)
    seen, _ = readers.stop()
    server.check_alive()
    turns = {(games[g][0], v) for g, v, _, playing in done if playing}
    got = {(g, v) for g, v, _ in seen}
    lat, _ = latencies(done, seen, lambda g: games[g][0])
    return {
        "feed_streams": opened,
        "feed_games": len(games),
        "feed_moves": len(done),
        "feed_turns_expected": len(turns),
        "feed_turns_delivered": len(turns & got),
        "feed_turns_missing": len(turns - got),
        "feed_p50_ms": round(pct(lat, 50), 2),
        "feed_p99_ms": round(pct(lat, 99), 2),
    }


def run(mode: str, args: argparse.Namespace) -> dict[str, float]:
    workdir = Path(tempfile.mkdtemp(prefix=f"duckpond-streams-{mode}-"))
    server = Server(workdir, args.keepalive, app_keys=mode == "feed")
    try:
        server.start()
        modes = {"idle": idle, "delivery": delivery, "feed": feed, "sigterm": sigterm}
        return modes[mode](server, args)
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, nargs="?", const=5000, help="idle streams held")
    parser.add_argument("--delivery", action="store_true", help="live tables' streams")
    parser.add_argument("--feed", type=int, nargs="?", const=500, help="games of the key")
    parser.add_argument("--sigterm", type=int, nargs="?", const=5000, help="streams at SIGTERM")
    parser.add_argument("--tables", type=int, default=250, help="live tables (--delivery)")
    parser.add_argument("--rate", type=float, default=300.0, help="moves per second")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the measure")
    parser.add_argument("--keepalive", type=float, default=15.0, help="STREAM_KEEPALIVE_SECONDS")
    parser.add_argument("--clients", type=int, default=2, help="stream client processes")
    parser.add_argument("--smoke", action="store_true", help="all four modes, tiny (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.idle, args.delivery, args.feed, args.sigterm = 40, True, 6, 40
        args.tables, args.rate, args.seconds, args.keepalive = 4, 20.0, 2.0, 0.1
        args.clients = 1
    modes = [m for m in ("idle", "delivery", "feed", "sigterm") if getattr(args, m)]
    if not modes:
        parser.error("choose --idle [N], --delivery, --feed [G] or --sigterm [N] (or --smoke)")
    streams = max(args.idle or 0, args.sigterm or 0)
    if not (args.seconds <= 120 and streams <= 10000 and args.rate <= 2000):
        parser.error("bounded: --seconds <= 120, --idle and --sigterm <= 10000, --rate <= 2000")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # gunicorn inherits it
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    load_before = os.getloadavg()[0]
    figures: dict[str, float] = {}
    for mode in modes:
        figures |= run(mode, args)
    figures["load_before"] = round(load_before, 1)
    figures["load_after"] = round(os.getloadavg()[0], 1)
    command = "python scripts/bench/streams.py " + " ".join(sys.argv[1:])
    print(f"### Streams ({time.strftime('%Y-%m-%d %H:%M')} UTC): `{command.strip()}`\n")
    print(
        f"{os.cpu_count()} cores, load average {load_before:.1f} before, "
        f"{figures['load_after']:.1f} after; keep-alive {args.keepalive:g} s.\n"
    )
    print("| figure | value |\n| --- | ---: |")
    for name, value in figures.items():
        print(f"| {name} | {value} |")
    print(json.dumps({"figures": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Outside bots (issue 25): is a bot played through the kit as strong as the same bot played
inside the service, and how fast is a match of it?

The service's own heuristic is registered as an outside bot (`kit-heuristic`) and played by
the kit (`duckpond_kit`, in this process: threads, one per seat in play) with
`duckpond_kit.examples.heuristic`, the same policy, its randomness seeded from the view. Two
duplicate matches of the same seed and size, each once in-process (built-in bots only: the RQ
workers play whole games through the engine) and once outside (real service games, 16 at
once, the kit's seats through the HTTP move API):

1. against the server's heuristic: the outside match's paired difference (kit-heuristic
   minus heuristic, deal score) must have a 95% interval that includes 0: the outside path
   neither leaks cards nor handicaps; and the match games per second of both, in one run
   (target: outside >= 0.3x in-process);
2. against random: the outside heuristic-minus-random margin must lie within the
   in-process margin's interval and vice versa (the intervals overlap).

First the floor: the cheapest requests a kit seat can make, `GET /livez` and a seat's plain
view, `--floor-requests` each through the kit's own HTTP client, and their CPU in all parts.
With `--plain`, then the kit's seats at `--concurrency` plain live tables (the kit's seat
against the server's heuristic: no match, no bound seat, no clock), for what the outside
match's own machinery adds to a move. Each phase reports every part's CPU per kit move (the
kit, the API, each worker and Redis, from /proc) and Redis's commands per kit move (`INFO
commandstats`). Next to each ratio it prints the ratio's ceiling on this machine's cores: the
most it could be with every core the service's and the kit's, at today's CPU per kit move (all
parts), and if a kit move cost no more than one floor request.

Its own redis-server (a temporary folder), the RQ workers of the live and bulk pools and the
API under gunicorn (gevent, `--workers` processes) as scripts/serve runs them, app keys
required (an issued key); the kit and the service share this machine's cores.

    .venv/bin/python scripts/bench/outside.py                       # 200 games of Duck Soup
    .venv/bin/python scripts/bench/outside.py --against heuristic   # phase 1 only
    .venv/bin/python scripts/bench/outside.py --against heuristic --plain  # and plain tables
    .venv/bin/python scripts/bench/outside.py --smoke               # 4 games each (CI)

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
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import redis  # noqa: E402
from duckpond_kit import Kit  # noqa: E402
from duckpond_kit.examples import heuristic  # noqa: E402

from service.access.app_keys import AppKeys  # noqa: E402

OUTSIDE = "kit-heuristic"
GUNICORN = ("--worker-class", "gevent", "--worker-connections", "4096")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stack:
    """redis-server, the live and bulk workers and gunicorn, stopped at the end."""

    def __init__(self, web_workers: int, env: dict[str, str] | None = None) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="dp-outside-"))
        self.redis_port, self.port = free_port(), free_port()
        while self.port == self.redis_port:  # each port is free when asked, not reserved
            self.port = free_port()
        self.procs: list[subprocess.Popen[bytes]] = []
        server = shutil.which("redis-server") or "redis-server"
        self._spawn([server, "--port", str(self.redis_port), "--bind", "127.0.0.1",
                     "--dir", str(self.dir), "--save", "", "--appendonly", "no",
                     "--maxmemory-policy", "noeviction"])  # fmt: skip
        self.redis = redis.Redis(port=self.redis_port)
        for _ in range(200):
            try:
                self.redis.ping()
                break
            except redis.RedisError:
                time.sleep(0.05)
        env = {"REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0", "LOG_LEVEL": "WARNING",
               "APP_KEYS": "required", "ANCHOR_KEEPER": "off", **(env or {})}  # fmt: skip
        for pool in ("live", "bulk"):
            self._spawn([sys.executable, "-m", "service.worker", "--pool", pool], env)
        self._spawn([sys.executable, "-m", "gunicorn", *GUNICORN, "--workers", str(web_workers),
                     "--bind", f"127.0.0.1:{self.port}", "service.wsgi:app"], env)  # fmt: skip
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.1)
        sys.exit("gunicorn did not start")

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far of redis, the workers and the API (its processes and their
        children: gunicorn's workers), from /proc."""
        names = ("redis", "worker_live", "worker_bulk", "api")
        return {name: _cpu_tree(proc.pid) for name, proc in zip(names, self.procs, strict=True)}

    def commands(self) -> dict[str, int]:
        """Redis commands run so far, by command (`INFO commandstats`; scripts count once,
        as EVALSHA, and the commands they run inside too)."""
        stats = self.redis.info("commandstats")
        return {name.removeprefix("cmdstat_"): int(v["calls"]) for name, v in stats.items()}

    def _spawn(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        full = {**os.environ, **(env or {})}
        self.procs.append(
            subprocess.Popen(argv, cwd=ROOT, env=full, stdout=subprocess.DEVNULL,
                             start_new_session=True)
        )  # fmt: skip

    def close(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def _cpu_tree(pid: int) -> float:
    """CPU seconds (user + system) of a process and its live children, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total = (int(fields[11]) + int(fields[12])) / tick
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return total
    return total + sum(_cpu_tree(int(child)) for child in children)


def comparison(match: dict[str, Any], first: str, second: str) -> dict[str, Any]:
    """The match's paired deal-score difference first - second (its sign fixed)."""
    for entry in match["results"]["comparisons"]:
        if entry["bots"] == [first, second]:
            return dict(entry["deal_score_diff"])
        if entry["bots"] == [second, first]:
            diff = entry["deal_score_diff"]
            low, high = diff["ci95"]
            return {**diff, "mean": -diff["mean"], "ci95": [-high, -low]}
    raise KeyError((first, second))


def in_process(kit: Kit, opponent: str, args: argparse.Namespace) -> tuple[dict[str, Any], float]:
    """The built-in match, played by the workers' jobs; (match, seconds)."""
    started = time.monotonic()
    created = kit.create_match(
        args.game, ["heuristic", opponent], args.games, seed=args.seed, options=args.options
    )
    done = kit.wait_match(created["id"], poll=0.1, timeout=args.timeout)
    return done, time.monotonic() - started


def outside(
    kit: Kit, stack: Stack, opponent: str, args: argparse.Namespace
) -> tuple[dict[str, Any], float, dict[str, float]]:
    """The same match with the kit playing `OUTSIDE`; (match, seconds, the kit's figures and
    each part's CPU ms per kit move)."""
    runner = kit.runner({OUTSIDE: heuristic}).start()
    try:
        runner.wait_for(lambda: runner.feed.connects > 0, timeout=30)
        requests = kit.retrier.stats["requests"]
        calls = stack.commands()
        cpu, parts, started = time.process_time(), stack.cpu(), time.monotonic()
        created = kit.create_match(
            args.game, [OUTSIDE, opponent], args.games, seed=args.seed, options=args.options,
            concurrency=args.concurrency, move_seconds=args.move_seconds,
        )  # fmt: skip
        # The feed's `match_finished` wakes the wait at once: a slow poll spares the key's
        # rate limit (600 requests a minute by default).
        done = kit.wait_match(created["id"], poll=2.0, timeout=args.timeout, runner=runner)
        seconds, cpu = time.monotonic() - started, time.process_time() - cpu
        spent = {k: v - parts[k] for k, v in stack.cpu().items()}
        calls = {k: v - calls.get(k, 0) for k, v in stack.commands().items()}
    finally:
        runner.stop()
    moves = runner.stats["moves"]
    requests = kit.retrier.stats["requests"] - requests
    per_move = max(moves, 1)
    kit_figures = {
        "moves": moves,
        "cpu_ms_per_move": 1000 * cpu / per_move,
        "moves_per_s": moves / seconds,
        "refused": runner.stats["refused"],
        "requests_per_move": requests / per_move,
        "feed_entries_per_move": runner.stats["feed_entries"] / per_move,
    }
    for part, used in spent.items():
        kit_figures[f"{part}_cpu_ms_per_move"] = 1000 * used / per_move
    kit_figures["redis_commands_per_move"] = sum(calls.values()) / per_move
    kit_figures["redis_commands_per_move_by_command"] = {
        name: round(n / per_move, 2) for name, n in sorted(calls.items(), key=lambda c: -c[1])
        if n >= per_move / 20
    }  # fmt: skip
    return done, seconds, kit_figures


def plain(kit: Kit, stack: Stack, args: argparse.Namespace) -> dict[str, float]:
    """The kit's seats at plain live tables, for comparison: `--concurrency` games of the
    kit's seat against the server's heuristic, no match, no binding, no clock; the kit's
    figures and each part's CPU ms per kit move."""
    seats = kit_seat_and_bots(args.game)
    games = [
        kit.request("POST", "/api/v1/games", {"game": args.game, "seats": seats,
                                              "seed": f"{args.seed}:{i}", "options": args.options})
        for i in range(args.concurrency)
    ]  # fmt: skip
    runner = kit.runner({OUTSIDE: heuristic})
    cpu, parts, started = time.process_time(), stack.cpu(), time.monotonic()
    runner.take([{"game_id": g["id"], "seat": 0, "bot": OUTSIDE, "token": g["seats"][0]["token"]}
                 for g in games])  # fmt: skip
    runner.wait_for(lambda: runner.stats["seats_done"] == len(games), timeout=args.timeout)
    seconds, cpu = time.monotonic() - started, time.process_time() - cpu
    moves = max(runner.stats["moves"], 1)
    out = {"moves": runner.stats["moves"], "moves_per_s": moves / seconds,
           "kit_cpu_ms_per_move": 1000 * cpu / moves}  # fmt: skip
    for part, used in stack.cpu().items():
        out[f"{part}_cpu_ms_per_move"] = 1000 * (used - parts[part]) / moves
    return out


def floor(kit: Kit, stack: Stack, args: argparse.Namespace) -> dict[str, float]:
    """The cheapest requests a kit seat can make, through the kit's own HTTP client from
    `--concurrency` threads: `GET /livez` (no Redis) and a seat's plain view of a live table
    (a read of the game and its view, in the fast lane); each one's CPU in every part (the
    kit's process, the API, the workers, Redis) per request. An outside move needs at least
    one such request, so each bounds what any kit move can cost."""
    body = {"game": args.game, "seats": kit_seat_and_bots(args.game),
            "seed": f"{args.seed}:floor", "options": args.options}  # fmt: skip
    game = kit.request("POST", "/api/v1/games", body)
    seat = {"Authorization": f"Bearer {game['seats'][0]['token']}"}
    out: dict[str, float] = {}
    # Both with the seat's token: the kit's client sends its app key by default, whose rate
    # limit (600 a minute) the floor would spend.
    requests = [("livez", "/livez", seat), ("view", f"/api/v1/games/{game['id']}", seat)]
    for name, path, headers in requests:
        each = max(1, args.floor_requests // args.concurrency)
        statuses: Counter[int] = Counter()
        threads = [
            threading.Thread(target=hammer, args=(kit, path, headers, each, statuses))
            for _ in range(args.concurrency)
        ]
        cpu, parts, started = time.process_time(), stack.cpu(), time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds, cpu = time.monotonic() - started, time.process_time() - cpu
        if set(statuses) != {200}:
            sys.exit(f"floor {name}: answers {dict(statuses)}, not all 200")
        n = each * args.concurrency
        spent = {part: used - parts[part] for part, used in stack.cpu().items()}
        out[f"{name}_per_s"] = n / seconds
        out[f"{name}_kit_cpu_ms"] = 1000 * cpu / n
        out[f"{name}_service_cpu_ms"] = 1000 * sum(spent.values()) / n
        out[f"{name}_cpu_ms"] = out[f"{name}_kit_cpu_ms"] + out[f"{name}_service_cpu_ms"]
    return out


KINDS = ("rq", "game", "feed", "polling", "keys", "match", "other")
"""What a Redis command serves, by its key (`kind_of`)."""


def kind_of(command: str, lua: bool) -> str | None:
    """The kind of one MONITOR line's command, by its key; None for a keyless command
    (MULTI, EXEC, TIME...: counted with its neighbour's kind)."""
    words = command.split(maxsplit=2)
    name, key = words[0].upper(), words[1] if len(words) > 1 else ""
    if name in ("EVALSHA", "EVAL"):  # the script's own line; its commands follow, as lua
        key = command.split(maxsplit=4)[3] if len(words) > 2 and len(command.split()) > 3 else ""
    if not key.startswith(("rq:", "dp:")):
        return None
    if key.startswith("rq:"):
        return "rq"
    if key.startswith("dp:appkey:"):
        return "keys"
    polled = (":clocks", ":bots:due", ":outbox", "dp:workers")
    if (
        not lua
        and name in ("ZRANGE", "ZCARD", "XRANGE", "ZRANGEBYSCORE", "ZREMRANGEBYSCORE")
        and (key.endswith(polled) or key == "dp:workers")
    ):
        return "polling"
    if ":appkey:" in key or key.endswith((":outbox", ":feednews")):
        return "feed"
    if key.endswith((":match", ":results", ":games", ":seats")):
        return "match"
    if key.endswith((":game", ":events", ":actions", ":idem", ":bots:due", ":bots:attempts",
                     ":clocks", ":changes")):  # fmt: skip
        return "game"
    return "other"


def commands_by_kind(kit: Kit, stack: Stack, args: argparse.Namespace) -> dict[str, float]:
    """Redis commands per kit move by kind, from MONITOR over a short outside match against
    the heuristic (`--commands` games): RQ's (enqueue, the worker's bookkeeping), the game's
    (reads and compare-and-sets, inside their scripts), the feed's (relay, reads), the
    watchdogs' polling, the app keys' records, the match's. A keyless command (MULTI, EXEC,
    TIME in a script) counts with the command before it on the same connection. MONITOR
    slows Redis: this phase measures counts, never CPU."""
    lines: list[dict[str, Any]] = []
    stop = threading.Event()

    def monitor() -> None:
        with redis.Redis(port=stack.redis_port).monitor() as m:
            for line in m.listen():
                if stop.is_set():
                    return
                lines.append(line)

    runner = kit.runner({OUTSIDE: heuristic}).start()
    try:
        runner.wait_for(lambda: runner.feed.connects > 0, timeout=30)
        watcher = threading.Thread(target=monitor, daemon=True)
        watcher.start()
        started = time.monotonic()  # the monitor's window, for the polling's rate
        time.sleep(0.5)
        moves = runner.stats["moves"]
        created = kit.create_match(
            args.game, [OUTSIDE, "heuristic"], args.commands, seed=f"{args.seed}:commands",
            options=args.options, concurrency=args.concurrency, move_seconds=args.move_seconds,
        )  # fmt: skip
        kit.wait_match(created["id"], poll=2.0, timeout=args.timeout, runner=runner)
        moves, seconds = runner.stats["moves"] - moves, time.monotonic() - started
        stop.set()
        stack.redis.ping()  # one more line ends the listener
        watcher.join(timeout=10)
    finally:
        runner.stop()
    counts: Counter[str] = Counter()
    last: dict[str, str] = {}
    for line in lines:
        lua = line.get("client_type") == "lua"
        who = "lua" if lua else f"{line.get('client_address')}:{line.get('client_port')}"
        kind = kind_of(str(line["command"]), lua) or last.get(who, "other")
        last[who] = kind
        counts[kind] += 1
    per = max(moves, 1)
    out = {f"{kind}_per_move": counts[kind] / per for kind in KINDS}
    out["all_per_move"] = sum(counts.values()) / per
    # The watchdogs poll by the clock, whatever the moves: per second too, and the moves'
    # own commands without them.
    out["polling_per_s"] = counts["polling"] / seconds
    out["without_polling_per_move"] = out["all_per_move"] - out["polling_per_move"]
    out["moves"] = moves
    return out


def hammer(
    kit: Kit, path: str, headers: dict[str, str], times: int, statuses: Counter[int]
) -> None:
    """GET `path` `times` times through the kit's client; count the statuses."""
    for _ in range(times):
        statuses[kit.http.get(path, headers=headers).status_code] += 1


def kit_seat_and_bots(game: str) -> list[dict[str, str]]:
    """A table's seats: seat 0 a human (the kit's), the others the server's heuristic."""
    bots = {"ducksoup": 1, "duck": 2}.get(game, 3)
    return [{}, *[{"bot": "heuristic"}] * bots]


def ceiling(cpu_ms_per_move: float, moves_per_game: float, in_process_games_per_s: float) -> float:
    """The outside ÷ in-process ratio a run could reach at most if every kit move cost
    `cpu_ms_per_move` of CPU in all and the service and kit had this machine's every core to
    themselves (the in-process rate as measured)."""
    cores = os.cpu_count() or 1
    return 1000 * cores / (cpu_ms_per_move * moves_per_game) / in_process_games_per_s


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ducksoup")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", default="outside-bench")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument(
        "--move-seconds", type=int, default=60, help="the outside seats' clock: no move times out"
    )
    parser.add_argument("--against", choices=["heuristic", "random", "both"], default="both")
    parser.add_argument("--web-workers", type=int, default=2, help="gunicorn processes")
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument(
        "--plain", action="store_true", help="also the kit at plain live tables, no match"
    )
    parser.add_argument(
        "--floor-requests", type=int, default=2000, help="requests of each floor measurement"
    )
    parser.add_argument(
        "--commands", type=int, default=0,
        help="games of a short match under MONITOR: Redis commands per kit move by kind",
    )  # fmt: skip
    parser.add_argument("--smoke", action="store_true", help="4 games each (CI)")
    args = parser.parse_args(argv)
    args.options = {"target": 1} if args.game == "ducksoup" else {"max_deals": 1}
    if args.game == "duck":
        args.options = {}
    if args.smoke:
        args.games, args.floor_requests, args.commands = 4, 64, 2
    opponents = ["heuristic", "random"] if args.against == "both" else [args.against]

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the stack on a CI timeout
    stack = Stack(args.web_workers)
    figures: dict[str, Any] = {"games": args.games, "concurrency": args.concurrency}
    try:
        key = AppKeys(stack.redis).issue("outside-bench", live_games=1000).key
        with Kit(f"http://127.0.0.1:{stack.port}", key) as kit:
            kit.register(OUTSIDE, [args.game], "the service's heuristic, played by the kit")
            floors = floor(kit, stack, args)
            figures.update({f"floor_{k}": v for k, v in floors.items()})
            if args.plain or args.smoke:
                figures.update({f"plain_{k}": v for k, v in plain(kit, stack, args).items()})
            if args.commands:
                kinds = commands_by_kind(kit, stack, args)
                figures.update({f"commands_{k}": v for k, v in kinds.items()})
                print(
                    "Redis commands per kit move, by kind (MONITOR): "
                    + ", ".join(f"{k} {v:.1f}" for k, v in kinds.items() if k != "moves"),
                    file=sys.stderr,
                )
            for opponent in opponents:
                inside, inside_s = in_process(kit, opponent, args)
                out, out_s, kit_figures = outside(kit, stack, opponent, args)
                pre = f"vs_{opponent}_"
                ours = next(b for b in out["results"]["bots"] if b["bot"] == OUTSIDE)
                figures[f"{pre}in_process_games_per_s"] = args.games / inside_s
                figures[f"{pre}outside_games_per_s"] = args.games / out_s
                figures[f"{pre}ratio"] = inside_s / out_s
                figures[f"{pre}timeouts"] = ours["timeouts"]
                figures.update({f"{pre}kit_{k}": v for k, v in kit_figures.items()})
                # The ratio's ceilings on this machine's cores: at today's CPU a kit move (all
                # parts), and if a kit move cost only the floor's cheapest request.
                per_game = kit_figures["moves"] / args.games
                today = kit_figures["cpu_ms_per_move"] + sum(
                    v for k, v in kit_figures.items() if k.endswith("_cpu_ms_per_move")
                    and k != "cpu_ms_per_move"
                )  # fmt: skip
                figures[f"{pre}kit_moves_per_game"] = per_game
                figures[f"{pre}cpu_ms_per_kit_move"] = today
                rate = args.games / inside_s
                figures[f"{pre}ceiling_at_todays_cpu"] = ceiling(today, per_game, rate)
                for name in ("livez", "view"):
                    cost = floors[f"{name}_cpu_ms"]
                    figures[f"{pre}ceiling_at_floor_{name}"] = ceiling(cost, per_game, rate)
                outside_diff = comparison(out, OUTSIDE, opponent)
                figures[f"{pre}outside_diff"] = outside_diff
                if opponent == "heuristic":
                    low, high = outside_diff["ci95"] or (None, None)
                    figures[f"{pre}ci_includes_0"] = low is not None and low <= 0 <= high
                else:
                    inside_diff = comparison(inside, "heuristic", opponent)
                    figures[f"{pre}in_process_diff"] = inside_diff
                    a, b = inside_diff["ci95"] or (None, None), outside_diff["ci95"] or (None, None)
                    figures[f"{pre}intervals_overlap"] = (
                        None not in (*a, *b) and a[0] <= b[1] and b[0] <= a[1]
                    )
                print(f"vs {opponent}: in-process {args.games / inside_s:.2f} games/s, "
                      f"outside {args.games / out_s:.2f} games/s (x{inside_s / out_s:.2f}), "
                      f"kit {kit_figures['cpu_ms_per_move']:.2f} ms CPU a move; "
                      f"outside diff {outside_diff['mean']:+.2f} {outside_diff['ci95']}",
                      file=sys.stderr)  # fmt: skip
                at = {
                    k: figures[f"{pre}ceiling_at_{k}"]
                    for k in ("todays_cpu", "floor_view", "floor_livez")
                }
                print(f"  its ceiling on {os.cpu_count()} cores: x{at['todays_cpu']:.3f} at "
                      f"today's {today:.2f} ms CPU a kit move (all parts); x{at['floor_view']:.2f} "
                      f"if a move cost one plain view ({floors['view_cpu_ms']:.2f} ms), "
                      f"x{at['floor_livez']:.2f} one /livez ({floors['livez_cpu_ms']:.2f} ms)",
                      file=sys.stderr)  # fmt: skip
    finally:
        stack.close()
    figures["kit_429s"] = kit.retrier.stats["429"]  # none, or a wait measured a rate limit
    print(json.dumps({"figures": figures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

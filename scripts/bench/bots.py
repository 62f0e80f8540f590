"""Bot reply latency: from a human's accepted move to the bot's answer being visible.

Why: a human playing against bots waits for each bot turn to go through the whole path: the
move's compare-and-set records the due turn, the API enqueues its RQ job, a worker takes it,
reloads the game, asks the policy and submits the move through the same use case as a human.
This measures that wait as a client sees it, next to the policy's own think time, so the
overhead of the path (target: p50 under 50 ms plus think time) is the difference.

It reuses `scripts/bench/api.py`'s service harness: its own redis-server on a free port in a
temporary folder (AOF everysec), gunicorn (gevent as deployed, or `--server gthread`, the
setup of the earlier figures) and here `--rq-workers` RQ workers
(`python -m service.worker`, no fork per job as deployed; `--fork` for RQ's forking worker),
all on loopback, all stopped at the end, also on Ctrl-C. With `--think`, as `scripts/serve`
deploys: the bots with levels have their own queue (`THINK_QUEUE`), the first worker serves
the live queue and the others the think queue. One client plays seat 0 of Doubleduck
games against three bots (`auto_deal` off: the client deals with the host token, so each change
is one action and a record's action index is the version a bot played at), whole games, until
`--moves` human moves are made. After each human
move whose answer says a bot is to act, it polls `GET .../events?after=N` every `--poll-ms`
until an event of the next version appears: the latency is from the move's 200 to that answer.
Think time comes from replaying each finished game's record through the same policy here, with
the same view and seeded generator as the worker had.

    .venv/bin/python scripts/bench/bots.py                       # 300 moves vs 3 heuristic bots
    .venv/bin/python scripts/bench/bots.py --bot random --rq-workers 1 --moves 500
    .venv/bin/python scripts/bench/bots.py --bot search:strong --moves 60   # 200 ms think
    .venv/bin/python scripts/bench/bots.py --bot search:strong --moves 60 --think
    .venv/bin/python scripts/bench/bots.py --smoke      # one one-deal game, one worker (CI)

The last line printed is the figures as JSON (`{"figures": {...}}`, ms).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# The repository first: this file's own folder (on the path already, for `api`) holds a
# `bots.py` too, this very script, which must not shadow the `bots` package.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from api import API, Http, Service, _redis_version, pct  # the harness of the API benchmark

from bots import decide, parse_bot, turn_rng
from engine.record import act, create

HUMAN = 0


class BotService(Service):
    """api.py's service with `rq_workers` RQ workers instead of one (with `think`: one live
    worker, the others on the think queue)."""

    def __init__(
        self,
        workdir: Path,
        workers: int,
        threads: int,
        rq_workers: int,
        fork: bool,
        think: bool,
        server: str,
    ) -> None:
        super().__init__(workdir, workers, threads, server=server)
        self.rq_workers = rq_workers
        self.fork = fork
        self.think = think
        if think:
            self.env["THINK_QUEUE"] = "think"

    def _spawn(self, name: str, argv: list[str]) -> None:
        if name == "worker" and self.fork:
            argv = [*argv, "--fork"]
        super()._spawn(name, argv)
        if name == "worker":  # the harness starts one; add the others next to it
            others = [*argv, "--pool", "think"] if self.think else argv
            for i in range(2, self.rq_workers + 1):
                super()._spawn(f"worker{i}", others)


class Tally:
    def __init__(self) -> None:
        self.reply: list[float] = []  # seconds from the move's 200 to the bot's move visible
        self.polls: list[int] = []  # event reads per reply
        self.move: list[float] = []  # the human move's own request time
        self.think: list[float] = []  # the policy's time per bot move (replayed)
        self.moves = 0
        self.games = 0


def _ok(status: int, payload: Any, what: str) -> Any:
    if status != 200 and status != 201:
        raise SystemExit(f"bench: {what} -> HTTP {status}: {str(payload)[:300]}")
    return payload


def play_game(http: Http, bot: str, seed: str, poll: float, t: Tally, deals: int) -> None:
    """One whole game: seat 0 plays a random legal move whenever it is to act; the host token
    deals each next deal; replies of the bots are timed."""
    rng = random.Random(seed)
    name, level = parse_bot(bot)
    seat = {"bot": name, "level": level} if level else {"bot": name}
    body = {"game": "doubleduck", "seats": [{}, *[seat] * 3], "seed": seed,
            "options": {"auto_deal": False, "max_deals": deals}}  # fmt: skip
    created = _ok(*http.call("POST", f"{API}/games", body)[:2], "create")
    gid, host = created["id"], created["host_token"]
    token = created["seats"][HUMAN]["token"]
    events = f"{API}/games/{gid}/events"
    while True:
        game = _ok(*http.call("GET", f"{API}/games/{gid}", token=token)[:2], "view")
        if game["status"] == "over":
            break
        if game["status"] == "deal_pending":
            _ok(*http.call("POST", f"{API}/games/{gid}/deal", {}, host)[:2], "deal")
            continue
        if game["view"]["to_act"] != [HUMAN]:
            time.sleep(poll)
            continue
        move = rng.choice(game["view"]["legal_moves"])
        sent = {"move": move, "expected_version": game["version"]}
        status, moved, took = http.call("POST", f"{API}/games/{gid}/moves", sent, token)
        done = time.perf_counter()
        moved = _ok(status, moved, "move")
        t.move.append(took)
        t.moves += 1
        to_act = moved["view"]["to_act"]
        if not to_act or HUMAN in to_act:
            continue  # the human leads again, or the deal/game ended: no bot reply to time
        after = max(e["n"] for e in moved["events"])
        version = moved["version"]
        polls = 0
        while True:
            polls += 1
            _, seen, _ = http.call("GET", f"{events}?after={after}", token=token)
            if any(e["version"] > version for e in seen["events"]):
                t.reply.append(time.perf_counter() - done)
                t.polls.append(polls)
                break
            time.sleep(poll)
    record = _ok(*http.call("GET", f"{API}/games/{gid}/record")[:2], "record")["record"]
    t.think += think_times(record, bot, seed)
    t.games += 1


def think_times(record: dict[str, Any], bot: str, seed: str) -> list[float]:
    """The policy's time for each bot move of a finished game, replayed with the same view and
    generator the worker had (so the same choice, which is checked; a bot at a level thinks
    against the clock, so its choice may differ and is not). Without auto_deal every change is
    one action, so an action's index is the version the bot played at."""
    name, level = parse_bot(bot)
    game = create(
        record["game"],
        record["seat_count"],
        seed=seed,
        options=record["options"],
        deal=record["deal"],
    )
    out = []
    for version, action in enumerate(record["actions"]):
        seat = action.get("seat")
        if seat is not None and seat != HUMAN:
            start = time.perf_counter()
            choice = decide(name, game, seat, turn_rng(name, seed, version, seat), level=level)
            out.append(time.perf_counter() - start)
            if choice is None or (level is None and choice.to_json() != action["move"]):
                raise SystemExit(f"bench: replay diverged at version {version}")
        act(game, action, events=False)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="human moves, whole games")
    parser.add_argument(
        "--bot", default="heuristic", help="heuristic, random, or a bot at a level: search:strong"
    )
    parser.add_argument("--rq-workers", type=int, default=2, help="RQ worker processes")
    parser.add_argument("--fork", action="store_true", help="RQ's forking worker (a fork a job)")
    parser.add_argument(
        "--think", action="store_true", help="a think queue and pool for bots with levels"
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=8, help="gthread's threads per worker")
    parser.add_argument(
        "--server", choices=("gevent", "gthread"), default="gevent", help="gunicorn worker class"
    )
    parser.add_argument("--deals", type=int, default=4, help="max_deals of each game")
    parser.add_argument("--poll-ms", type=float, default=1.0, help="pause between event reads")
    parser.add_argument("--smoke", action="store_true", help="one one-deal game (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.moves, args.rq_workers, args.deals = 5, 1, 1
    if args.moves < 1 or args.rq_workers < 1 or (args.think and args.rq_workers < 2):
        parser.error("need --moves >= 1 and --rq-workers >= 1 (2 with --think)")

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    workdir = Path(tempfile.mkdtemp(prefix="duckpond-bench-bots-"))
    service = BotService(
        workdir, args.workers, args.threads, args.rq_workers, args.fork, args.think, args.server
    )
    tally = Tally()
    started = time.perf_counter()
    try:
        service.start()
        time.sleep(0.5)  # the RQ workers register and block on the queue
        http = Http(service.port)
        while tally.moves < args.moves:
            seed = f"bench-{tally.games}"
            play_game(http, args.bot, seed, args.poll_ms / 1000, tally, args.deals)
            service.check_alive()
        wall = time.perf_counter() - started
        http.conn.close()  # or gunicorn's graceful stop waits for this idle keep-alive
    except KeyboardInterrupt:
        print("bench: interrupted; stopping what it started", file=sys.stderr)
        return 130
    finally:
        service.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    reply, think = tally.reply, tally.think
    overhead = pct(reply, 50) - pct(think, 50)
    kind = "forking Worker(s)" if args.fork else "SimpleWorker(s)"
    if args.think:
        kind += f" (1 live, {args.rq_workers - 1} think)"
    command = "python scripts/bench/bots.py " + " ".join(sys.argv[1:])
    server = f"{args.server} {args.workers} workers" + (
        f" x {args.threads} threads" if args.server == "gthread" else ""
    )
    lines = [
        f"### Bot reply latency ({time.strftime('%Y-%m-%d')})",
        "",
        f"`{command.strip()}`: {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, redis-server {_redis_version()} (AOF everysec); gunicorn "
        f"{server}; {args.rq_workers} RQ {kind}; one client, "
        f"keep-alive, loopback; human seat 0 vs 3 `{args.bot}` bots, events polled every "
        f"{args.poll_ms:g} ms.",
        "",
        "| measure | count | p50 ms | p99 ms | max ms |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, values in (
        ("human move `POST .../moves` (its own request)", tally.move),
        ("**move's 200 -> bot's move visible** in `GET .../events`", reply),
        (f"bot think time (`{args.bot}` policy, replayed)", think),
    ):
        top = max(values) * 1000 if values else 0.0
        lines.append(
            f"| {name} | {len(values):,} | {pct(values, 50):.2f} | {pct(values, 99):.2f} "
            f"| {top:.2f} |"
        )
    polls = sorted(tally.polls)
    lines += [
        "",
        f"- reply p50 minus think p50: **{overhead:.1f} ms** of path overhead (target < 50 ms); "
        f"event reads per reply: median {polls[len(polls) // 2] if polls else 0}",
        f"- {tally.moves} human moves in {tally.games} whole games "
        f"({len(think)} bot moves), {wall:.1f} s",
    ]
    print("\n".join(lines))
    figures = {
        "human_moves": tally.moves,
        "replies": len(reply),
        "reply_p50_ms": round(pct(reply, 50), 2),
        "reply_p99_ms": round(pct(reply, 99), 2),
        "think_p50_ms": round(pct(think, 50), 3),
        "move_p50_ms": round(pct(tally.move, 50), 2),
    }
    print(json.dumps({"figures": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

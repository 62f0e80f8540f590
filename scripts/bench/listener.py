"""The shard listener's CPU per message (issue 33): what one API process spends hearing one
game change or feed news on its pub/sub connection (`service.streams.listener`), before any
subscriber does anything with it.

Every API process hears every change of every game (the waits and game streams) and every
feed's news, so this cost is paid once per message per process, whoever waits. A child
process runs the tree's `Listener` on the 64 bucket channels (under gevent's monkey patching,
as gunicorn runs it, and with plain threads) with a subscriber that only counts; another
process publishes `--messages` messages of a game change's size across the channels; the
listening process's CPU time over the run, divided by the messages heard, is the figure.
With `--before TREE` the same runs for another checkout (its own `service` package, this
script's venv), alternating rounds, so the two are compared in one sitting.

    .venv/bin/python scripts/bench/listener.py
    .venv/bin/python scripts/bench/listener.py --before /path/to/older/checkout
    .venv/bin/python scripts/bench/listener.py --smoke      # 2,000 messages, one round (CI)

The last line printed is the figures as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from api import ROOT, Service

CHILD = """
import os, subprocess, sys, threading, time
if os.environ["MODE"] == "gevent":
    from gevent import monkey
    monkey.patch_all()
import redis
from service.core.shards import all_tags
from service.streams.listener import Listener

port, count = int(os.environ["PORT"]), int(os.environ["COUNT"])
heard, done, ready = [0], threading.Event(), threading.Event()

def on_message(message):
    heard[0] += 1
    if heard[0] >= count:
        done.set()

channels = [f"dp:{{{t}}}:listener-bench" for t in all_tags()]
listener = Listener(redis.Redis(port=port))
listener.subscribe(channels, on_message, ready.set)
listener.start()
ready.wait(10)
time.sleep(0.3)  # every channel's confirmation read
publisher = (
    "import redis, sys, time\\n"
    f"r = redis.Redis(port={port}); chans = {channels!r}\\n"
    f"for i in range({count}):\\n"
    "    r.execute_command('SPUBLISH', chans[i % len(chans)], sys.argv[1].encode())\\n"
    "    if i % 200 == 199: time.sleep(0.002)\\n"
)
# A change's message: the head line and its news (a state and an event), about 300 bytes.
message = "gid12345678 17 playing 1\\n3\\n" + '{"state": "' + "x" * 220 + '"}\\n{"type": "play"}'
cpu = time.process_time()
subprocess.run([sys.executable, "-c", publisher, message], check=True)
done.wait(60)
cpu = time.process_time() - cpu
listener.close()
print(cpu * 1e6 / max(heard[0], 1), heard[0])
"""


def measure(tree: Path, mode: str, port: int, count: int) -> float:
    """Microseconds of the listening process's CPU per message heard, for one tree."""
    env = {**os.environ, "PYTHONPATH": str(tree), "MODE": mode, "PORT": str(port),
           "COUNT": str(count)}  # fmt: skip
    out = subprocess.run(
        [sys.executable, "-c", CHILD], env=env, cwd=tree, capture_output=True, text=True
    )
    if out.returncode != 0:
        sys.exit(f"the listening child failed ({tree}, {mode}):\n{out.stderr[-2000:]}")
    per, heard = out.stdout.split()
    if int(heard) < count:
        sys.exit(f"the listener heard {heard} of {count} messages ({tree}, {mode})")
    return float(per)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=30_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", type=Path, help="another checkout, measured alongside")
    parser.add_argument("--smoke", action="store_true", help="2,000 messages, one round (CI)")
    args = parser.parse_args()
    count, rounds = (2_000, 1) if args.smoke else (args.messages, args.rounds)
    trees = {"": ROOT} | ({"before_": args.before.resolve()} if args.before else {})
    results: dict[str, list[float]] = {}
    service = Service(Path(tempfile.mkdtemp(prefix="dp-bench-listener-")), 1, 1)
    try:
        service.start_redis()
        for n in range(rounds):
            for prefix, tree in trees.items():
                for mode in ("gevent", "threads"):
                    per = measure(tree, mode, service.redis_port, count)
                    results.setdefault(f"{prefix}listener_us_per_message_{mode}", []).append(per)
                    print(f"round {n + 1} {tree} {mode}: {per:.1f} us a message", flush=True)
    finally:
        service.stop()
    figures: dict[str, float | int] = {
        k: round(statistics.median(v), 2) for k, v in results.items()
    }
    figures["messages"] = count
    print(json.dumps({"figures": figures}))


if __name__ == "__main__":
    main()

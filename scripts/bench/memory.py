"""Redis memory per finished game: what one finished game of each kind keeps while its record
lives (`FINISHED_GAME_TTL`), events included.

Why: a finished game stays in Redis for days, so its size sets how many games a Redis of a
given `maxmemory` holds (docs/operations.md). This starts its own redis-server (loopback, a
free port, no persistence), plays `--games` bot-only games of each game to the end
through the service's own use cases (creation through the API's test client, every turn
through the bot-turn use case the workers run, in this process: no worker, no HTTP server),
then sums `MEMORY USAGE` of every key of each game: the keys `service.storage.keys.game_keys` names
(`dp:{<bucket tag>}:<id>:game`, `...:events`, `...:actions`, `...:idem`), the layout the store
writes. It stops with an error when a game has no key there, or a key of the game that
`game_keys` does not name, so it cannot measure a layout the store no longer uses; and when a
game it measures as compacted is not in the finished form (the `finished` field of its hash).

Each game is measured twice, interleaved in one run: compacted (what the service does when a
game ends: `service.storage.archive` stores it as what determines it, seed, options, actions and
a digest, in one field of its hash) and unpacked (the same game with compaction switched off: its
state and its event and action lists, as a live game keeps them), so the ratio is of one machine
at one moment. The figures keep their names: `<game>_packed_kib` is the compacted form.
Beside the sizes, the thread CPU time of the compaction (`<game>_compact_ms`: the replay that
builds and checks the blob, and its script) and of a cold read of the finished game
(`<game>_cold_read_ms`: its replay from the blob, with this process's cache emptied).

    .venv/bin/python scripts/bench/memory.py --games 20
    .venv/bin/python scripts/bench/memory.py --smoke     # one game of each kind (CI)

The last line printed is the figures as JSON (`{"figures": {...}}`, KiB and ms), for
tests/bench/test_bench_smoke.py.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import redis

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from api import free_port  # noqa: E402  (this folder's API bench)

from service.app import create_app  # noqa: E402
from service.storage.archive import FINISHED_FIELD  # noqa: E402
from service.storage.keys import events_key, game_key, game_keys  # noqa: E402

SETUPS: dict[str, tuple[list[dict[str, str]], dict[str, Any]]] = {
    "doubleduck": ([{"bot": "heuristic"}] * 4, {}),
    "ducksoup": ([{"bot": "heuristic"}] * 2, {}),
    "duck": ([{"bot": "heuristic"}] * 4, {}),
    "doppelkopf": ([{"bot": "heuristic"}] * 4, {}),
}
"""Each game at its default options (a whole game: Doubleduck 4 deals, Doppelkopf 8, Duck 5)."""


def start_redis(port: int, folder: str) -> subprocess.Popen[bytes]:
    server = shutil.which("redis-server")
    if server is None:
        sys.exit("redis-server not found: scripts/serve installs it (as root), or apt-get it")
    proc = subprocess.Popen(
        [server, "--port", str(port), "--bind", "127.0.0.1", "--dir", folder, "--save", "",
         "--appendonly", "no", "--maxmemory-policy", "noeviction"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            return proc
        except redis.ConnectionError:
            time.sleep(0.05)
    proc.kill()
    sys.exit(f"redis-server did not start on port {port}")


def play(app: Any, name: str, seed: str, packed: bool, spent: list[float] | None = None) -> str:
    """One bot-only game of `name`, created and played to the end; returns its id. `spent`
    gets the thread CPU seconds its compaction took (the replay that builds and checks the
    blob, and the script), when it is compacted."""
    layers = app.extensions["duckpond"]
    tables, store = layers.tables, layers.store
    seats, options = SETUPS[name]
    body = {"game": name, "seats": seats, "seed": seed, "options": options}
    created = app.test_client().post("/api/v1/games", json=body)
    assert created.status_code == 201, created.json
    gid = str(created.json["id"])
    compact = store.compact
    if not packed:
        store.compact = lambda gid, version: False
    elif spent is not None:

        def timed(gid: str, version: int) -> bool:
            start = time.thread_time()
            try:
                return bool(compact(gid, version))
            finally:
                spent.append(time.thread_time() - start)

        store.compact = timed
    try:
        for _ in range(100_000):
            stored = store.load(gid)
            if stored.status == "over":
                break
            for seat in stored.to_act or ():
                tables.bot_turn(gid, seat, stored.version)
        else:
            raise AssertionError(f"{name} {seed} did not end")
    finally:
        store.compact = compact
    return gid


def rebuild_seconds(app: Any, gid: str) -> float:
    """Thread CPU seconds of reading a finished game that no process holds: its replay from
    the blob, checked against the digest (the process's cache of rebuilt games emptied)."""
    layers = app.extensions["duckpond"]
    layers.store.archive.forget()
    start = time.thread_time()
    layers.store.load(gid)
    return time.thread_time() - start


def usage(client: redis.Redis, gid: str, packed: bool) -> tuple[int, int]:
    """(bytes of every key of the game, bytes of its event list or 0 once packed). Exits when
    the store's layout and `game_keys` disagree: no game hash where it names one, or a `dp:`
    key holding the game's id that it does not name (RQ's jobs of its bot turns are no part
    of a finished game: they expire with their results); or when a game played `packed` is
    not in the finished form."""
    named = game_keys(gid)
    if packed and not client.hexists(game_key(gid), FINISHED_FIELD):
        sys.exit(f"memory.py: game {gid} ended but is not in the finished form "
                 f"({FINISHED_FIELD.decode()!r} of {game_key(gid)})")  # fmt: skip
    held = {k.decode() for k in client.scan_iter(f"dp:*{gid}*")}
    if game_key(gid) not in held:
        sys.exit(f"memory.py: no key {game_key(gid)} for game {gid} (found: {sorted(held)})")
    if stray := held - set(named):
        sys.exit(f"memory.py: keys of game {gid} that service.storage.keys.game_keys does "
                 f"not name: {sorted(stray)}")  # fmt: skip
    total = sum(client.memory_usage(k, samples=0) or 0 for k in named if k in held)
    return total, client.memory_usage(events_key(gid), samples=0) or 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games of each kind (default 10)")
    parser.add_argument("--port", type=int, default=0, help="redis-server port (a free one)")
    parser.add_argument("--game", action="append", choices=sorted(SETUPS), help="only these")
    parser.add_argument("--smoke", action="store_true", help="one game of each kind (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.games = 1
    figures: dict[str, float] = {}
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop redis-server on the way out
    folder = tempfile.mkdtemp(prefix="dp-memory-")
    port = args.port or free_port()
    proc = start_redis(port, folder)
    try:
        url = f"redis://127.0.0.1:{port}/0"
        settings = {"REDIS_URL": url, "BOT_QUEUE": "bench-bots", "BULK_QUEUE": "bench-bulk",
                    "LOG_LEVEL": "WARNING", "APP_KEYS": "off"}  # fmt: skip
        app = create_app(settings)
        client = redis.Redis.from_url(url)
        version = client.info("server")["redis_version"]
        print(f"redis-server {version}, {args.games} finished games of each kind, bot-only "
              "(heuristic), default options; MEMORY USAGE of every key of a game\n")  # fmt: skip
        print("| game | compacted: mean (min-max) | unpacked: mean (min-max) | its events "
              "| ratio | compaction CPU | cold read CPU |")  # fmt: skip
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for name in args.game or SETUPS:
            packed: list[int] = []
            unpacked: list[int] = []
            events: list[int] = []
            compacting: list[float] = []
            reading: list[float] = []
            for n in range(args.games):
                seed = f"memory-{name}-{n}"
                gid = play(app, name, seed, packed=True, spent=compacting)
                packed.append(usage(client, gid, True)[0])
                reading.append(rebuild_seconds(app, gid))
                total, log = usage(client, play(app, name, seed, packed=False), False)
                unpacked.append(total)
                events.append(log)
                client.flushdb()

            def kib(values: list[int]) -> str:
                return (f"{statistics.mean(values) / 1024:.1f} KiB "
                        f"({min(values) / 1024:.1f}-{max(values) / 1024:.1f})")  # fmt: skip

            share = statistics.mean(events) / statistics.mean(unpacked)
            ratio = statistics.mean(packed) / statistics.mean(unpacked)
            compact_ms = 1000 * statistics.mean(compacting)
            read_ms = 1000 * statistics.mean(reading)
            print(f"| {name} | {kib(packed)} | {kib(unpacked)} | {share:.0%} of unpacked "
                  f"| {ratio:.2f}x | {compact_ms:.2f} ms | {read_ms:.2f} ms |")  # fmt: skip
            figures[f"{name}_compact_ms"] = round(compact_ms, 2)
            figures[f"{name}_cold_read_ms"] = round(read_ms, 2)
            figures[f"{name}_packed_kib"] = round(statistics.mean(packed) / 1024, 1)
            figures[f"{name}_unpacked_kib"] = round(statistics.mean(unpacked) / 1024, 1)
        print(json.dumps({"figures": figures}))
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

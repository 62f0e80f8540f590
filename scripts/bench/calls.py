"""Python calls per request, counted: what a move, a view and `/livez` run, deterministically.

Why: CPU time per request moves with whatever else the host runs (the in-process rows of
`api.py` swing 10% between rounds on a shared VM), so a refactor that must cost "no more than
before" is hard to judge by time alone. cProfile counts every Python call a request makes;
over the same seeded games that count hardly moves between runs (by half a call in a thousand:
a cache hit or a retry that timing decides), so two checkouts compare closely: same count, same
work. It does not see C time (orjson, hiredis, Redis itself), which
a change of the Python code does not move either.

It plays one-deal Doubleduck games in-process (the Flask app of `--tree`, its own
redis-server on a free loopback port), each move chosen by a seeded random from the seat's
`legal_moves`, and counts the calls of each request under the profiler.

    .venv/bin/python scripts/bench/calls.py                      # this checkout, 4 games
    .venv/bin/python scripts/bench/calls.py --tree ../before     # another checkout, same venv
    .venv/bin/python scripts/bench/calls.py --smoke              # 1 game (CI)

The last line printed is the figures as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from api import Service, play_in_process

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("livez", "view", "move")


def count_calls(tree: Path, redis_url: str, games: int, seed: int) -> dict[str, float]:
    """Calls per request of each kind, over `games` seeded games (the tree's own app)."""
    sys.path.insert(0, str(tree))
    from werkzeug.test import EnvironBuilder

    from service.app import create_app

    app = create_app({"REDIS_URL": redis_url, "LOG_LEVEL": "WARNING", "APP_KEYS": "off"})
    profiles = {kind: cProfile.Profile() for kind in KINDS}
    done = dict.fromkeys(KINDS, 0)

    def call(kind: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        env = EnvironBuilder(path=path, method=method, json=body, headers=headers).get_environ()
        env["wsgi.input"] = io.BytesIO(env["wsgi.input"].read())
        run: Callable[[], bytes] = lambda: _answer(app, env)  # noqa: E731
        if kind not in profiles:
            return json.loads(run())
        data = profiles[kind].runcall(run)
        done[kind] += 1
        return json.loads(data)

    play_in_process(call, games, seed, "calls", lambda n: None)
    return {
        f"{kind}_calls": round(pstats.Stats(profiles[kind]).total_calls / max(done[kind], 1), 1)
        for kind in KINDS
    } | {"moves": done["move"]}


def _answer(app: Any, env: dict[str, Any]) -> bytes:
    chunks = app.wsgi_app(env, lambda status, headers, exc_info=None: None)
    data = b"".join(chunks)
    getattr(chunks, "close", lambda: None)()
    return data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to count")
    parser.add_argument("--games", type=int, default=4, help="one-deal Doubleduck games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="one game (CI)")
    args = parser.parse_args()
    games = 1 if args.smoke else args.games
    workdir = Path(tempfile.mkdtemp(prefix="duckpond-calls-"))
    service = Service(workdir, 1, 1)
    try:
        service.start_redis()
        figures = count_calls(args.tree.resolve(), service.env["REDIS_URL"], games, args.seed)
    finally:
        service.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"calls per request in {args.tree.resolve()} ({games} games, {figures['moves']} moves):")
    for kind in KINDS:
        print(f"  {kind:6} {figures[f'{kind}_calls']:,.1f}")
    print(json.dumps({"figures": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

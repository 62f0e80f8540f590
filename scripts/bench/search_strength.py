"""Search-bot strength by duplicate deals, on both cores: search against the heuristic, against
itself at another budget, or against plain PIMC, with the CPU time each search decision took.

    .venv/bin/python scripts/bench/search_strength.py --game doubleduck --worlds 32 --games 200
    .venv/bin/python scripts/bench/search_strength.py --game ducksoup --worlds 64 \\
        --against search --other-worlds 16           # more budget against less
    .venv/bin/python scripts/bench/search_strength.py --game doppelkopf --worlds 16 \\
        --against pimc --other-worlds 40             # plain PIMC (random rollouts, no prior)

The bots play untimed at the given worlds per decision (results reproduce); the time each
decision took is measured as CPU time inside the search, so an equal-budget comparison picks
the worlds that make the two bots' mean ms per decision equal. Games are played by
`bots/match.py` (`play_match_game`, `summarize`), sharded over `--jobs` processes: the same
numbers as one process. Seating and options per game: `SETUPS`. `--smoke` (CI): two
duplicate Doubleduck deals at 16 worlds against the heuristic, in one process. The last line
printed is the figures as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import bots
from bots import search
from bots.match import MatchSpec, check, play_match_game, summarize, table
from bots.rollouts import ROLLOUTS

SETUPS: dict[str, tuple[tuple[int, ...], dict[str, object]]] = {
    "doubleduck": ((0, 1, 0, 1), {"max_deals": 1, "target": 100_000}),
    "ducksoup": ((0, 1), {"target": 1}),
    "doppelkopf": ((0, 1, 1, 1), {"max_deals": 1}),
    "duck": ((0, 1, 1), {}),
}
"""Per game: which seats the bot under test (0) and its opponent (1) hold, and the options
that make one match game short (Duck: three seats, five rounds)."""

SPENT: dict[str, list[float]] = {}
"""Per bot label, in this process: [CPU seconds in search, decisions]."""


def timed_policy(
    label: str, game: str, worlds: int, rollout: bool, prior: bool, top: int | None = None
) -> Any:
    """A search policy that notes the CPU time of each decision under `label`."""

    def choose(view: dict, legal: list, rng: random.Random, budget_ms: float = math.inf) -> dict:
        start = time.process_time()
        move = search.search(
            view,
            legal,
            rng,
            worlds=worlds,
            think_ms=None,
            policy=ROLLOUTS[game] if rollout else None,
            fallback=bots.HEURISTICS[game],
            prior=prior,
            top=top,
        )
        spent = SPENT.setdefault(label, [0.0, 0])
        spent[0] += time.process_time() - start
        spent[1] += len(legal) > 1
        return move

    return choose


def register(
    label: str, game: str, worlds: int, rollout: bool, prior: bool, top: int | None = None
) -> None:
    bots.BOTS[label] = bots.Bot(
        label, label, "bench", {game: timed_policy(label, game, worlds, rollout, prior, top)}
    )


def play(args: tuple[MatchSpec, int]) -> tuple[dict, dict[str, list[float]]]:
    SPENT.clear()
    record = play_match_game(*args)
    return record, {k: list(v) for k, v in SPENT.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(SETUPS), help="required but with --smoke")
    parser.add_argument(
        "--worlds", type=int, help="worlds per decision (required but with --smoke)"
    )
    parser.add_argument("--against", default="heuristic", choices=["heuristic", "search", "pimc"])
    parser.add_argument("--other-worlds", type=int, default=0, help="the opponent's worlds")
    parser.add_argument("--games", type=int, default=200, help="duplicate deals (match games)")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--seed", default="search-strength")
    parser.add_argument(
        "--report-every",
        type=int,
        default=0,
        help="also print the results so far after every N finished games (a run cut short "
        "by time still reports the games it played)",
    )
    parser.add_argument("--top", type=int, help="override TOP_MOVES of the game (every bot)")
    parser.add_argument(
        "--other-top", type=int, help="the opponent's candidates (with --against search)"
    )
    parser.add_argument("--prior-z", type=float, help="override PRIOR_Z (every bot)")
    parser.add_argument("--smoke", action="store_true", help="2 Doubleduck deals, 16 worlds (CI)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.game, args.worlds = args.game or "doubleduck", args.worlds or 16
        args.games, args.jobs = 2, 1
    if args.game is None or args.worlds is None:
        parser.error("--game and --worlds are required (or --smoke)")
    if args.top is not None:
        search.TOP_MOVES[args.game] = args.top
    if args.prior_z is not None:
        search.PRIOR_Z = args.prior_z
    me = f"search{args.worlds}"
    register(me, args.game, args.worlds, rollout=True, prior=True)
    other = "heuristic"
    if args.against == "search":
        other = f"search{args.other_worlds}"
        if args.other_top:
            other += f"top{args.other_top}"
        register(other, args.game, args.other_worlds, True, True, args.other_top)
    elif args.against == "pimc":
        other = f"pimc{args.other_worlds}"
        register(other, args.game, args.other_worlds, rollout=False, prior=False)
    seating, options = SETUPS[args.game]
    lineup = tuple((me, other)[k] for k in seating)
    spec = MatchSpec(args.game, lineup, args.games, args.seed, options)
    check(spec)
    start = time.perf_counter()
    records = []
    spent: dict[str, list[float]] = {}
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for record, used in pool.imap_unordered(play, [(spec, i) for i in range(spec.games)]):
            records.append(record)
            for label, (cpu, n) in used.items():
                total = spent.setdefault(label, [0.0, 0])
                total[0] += cpu
                total[1] += n
            print(f"\r{len(records)}/{spec.games}", end="", file=sys.stderr, flush=True)
            if args.report_every and len(records) % args.report_every == 0:
                report(args, spec, lineup, records, spent, start)
    print(file=sys.stderr)
    report(args, spec, lineup, records, spent, start)
    cpu, decisions = spent.get(me, [0.0, 0])
    (diff,) = summarize(spec.bots, records)["comparisons"]
    figures = {
        "ms_per_decision": round(1000 * cpu / max(decisions, 1), 2),
        "decisions": decisions,
        "difference": round(diff["deal_score_diff"]["mean"], 3),
        "half_width": round(diff["deal_score_diff"]["half_width"], 3),
    }
    print(json.dumps({"figures": figures}))
    return 0


def report(
    args: argparse.Namespace,
    spec: MatchSpec,
    lineup: tuple[str, ...],
    records: list[dict],
    spent: dict[str, list[float]],
    start: float,
) -> None:
    summary = summarize(spec.bots, records)
    print(
        f"{args.game}: {','.join(lineup)}, {len(records)} of {spec.games} duplicate games, "
        f"seed {spec.seed!r}, options {spec.options}, {time.perf_counter() - start:.0f} s wall "
        f"on {args.jobs} processes"
    )
    for label, (cpu, n) in sorted(spent.items()):
        print(f"- {label}: {1000 * cpu / max(n, 1):.1f} ms CPU per decision ({int(n)} decisions)")
    print()
    print(table(summary), flush=True)


if __name__ == "__main__":
    raise SystemExit(main())

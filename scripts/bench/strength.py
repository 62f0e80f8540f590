"""Bot strength by duplicate deals: a game's heuristic versus random, not a timed test.

Why duplicate: a deal's cards swing a side's score far more than the play does, so each deal is
played twice with the sides swapped (heuristic,random,heuristic,random, then the other way
round) and each bot is compared with itself on the same cards. The figures come from
`bots/match.py`, the same code the service's match jobs run.

    .venv/bin/python scripts/bench/strength.py               # 1,000 games = 1,000 duplicate deals
    .venv/bin/python scripts/bench/strength.py --games 2000 --seed other
    .venv/bin/python scripts/bench/strength.py --game ducksoup   # any game with a heuristic
    .venv/bin/python scripts/bench/strength.py --smoke           # 20 duplicate deals (CI)

Doubleduck: each game is one deal (`max_deals=1`, `target` out of reach so no deal ends a game
early) dealt twice. Other games use the seating and options of `SETUPS` below: one heuristic
against random players, rotated through every seat.

Reported: each bot's mean score per deal (Doubleduck: a side's score, counted once per deal
here, not once per seat), and the mean per-deal difference heuristic - random with its 95%
interval (normal approximation, 1.96 * s / sqrt(n) over the n duplicate deals). Target: the
heuristic ahead by a margin whose interval excludes zero (the exit status says whether it
was met, except with `--smoke`). The last line printed is the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bots.match import MatchSpec, check, play_match_game, summarize

SETUPS: dict[str, tuple[tuple[str, ...], dict[str, object]]] = {
    "doubleduck": (
        ("heuristic", "random", "heuristic", "random"),
        {"max_deals": 1, "target": 100_000},
    ),
    "ducksoup": (("heuristic", "random"), {"target": 1}),
    "doppelkopf": (("heuristic", "random", "random", "random"), {"max_deals": 1}),
    "duck": (("heuristic", "random", "random", "random"), {}),
}
"""Per game: the bots by seat and the options that make one match game short."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="duplicate deals (>= 1000)")
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--game", default="doubleduck", choices=sorted(SETUPS))
    parser.add_argument("--smoke", action="store_true", help="20 duplicate deals (CI)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.games = 20
    bots, options = SETUPS[args.game]
    spec = MatchSpec(args.game, bots, args.games, args.seed, options)
    check(spec)
    start = time.perf_counter()
    records = []
    for i in range(spec.games):
        records.append(play_match_game(spec, i))
        if (i + 1) % 100 == 0 or i + 1 == spec.games:
            print(f"\r{i + 1}/{spec.games} duplicate deals", end="", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    print(file=sys.stderr)
    summary = summarize(spec.bots, records)
    heuristic, random_ = summary["bots"]
    (diff,) = summary["comparisons"]
    d = diff["deal_score_diff"]
    plays = sum(len(r["rotations"]) for r in records)
    won = sum(
        rot["bots"][w] == "heuristic"
        for r in records
        for rot in r["rotations"]
        for w in rot["winners"][:1]
    )
    tied = sum(not rot["winners"] for r in records for rot in r["rotations"])

    def row(label: str, e: dict[str, float]) -> str:
        lo, hi = e["ci95"]
        return f"| {label} | {e['mean']:.1f} | ± {e['half_width']:.1f} | [{lo:.1f}, {hi:.1f}] |"

    print(
        "\n".join(
            [
                f"{spec.game}, heuristic vs random: {spec.games} duplicate games "
                f"({plays} games played, seats rotated), seed {spec.seed!r}, "
                f"{elapsed:.1f} s on Python {platform.python_version()}",
                "",
                "| mean score per deal | mean | 95% half-width | 95% interval |",
                "| --- | ---: | ---: | ---: |",
                row("heuristic", heuristic["deal_score"]),
                row("random", random_["deal_score"]),
                row("difference heuristic - random (paired)", d),
                "",
                f"Games won by the heuristic: {won} of {plays} ({tied} without a winner). "
                "Intervals: normal approximation, mean ± 1.96·s/√n over the duplicate deals.",
                f"Target (interval of the difference excludes zero): "
                f"{'met' if d['ci95'][0] > 0 else 'NOT met'}.",
            ]
        )
    )
    figures = {
        "heuristic_per_deal": round(heuristic["deal_score"]["mean"], 3),
        "random_per_deal": round(random_["deal_score"]["mean"], 3),
        "difference": round(d["mean"], 3),
        "half_width": round(d["half_width"], 3),
        "deals_per_s": round(spec.games / elapsed, 1),
    }
    print(json.dumps({"figures": figures}))
    return 0 if d["ci95"][0] > 0 or args.smoke else 1


if __name__ == "__main__":
    raise SystemExit(main())

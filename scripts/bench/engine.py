"""Engine speed: Doubleduck card plays per second through the public protocol, the lean playout
path in deals per second, and (when open_spiel is installed) OpenSpiel's hearts in the same run.

Run: .venv/bin/python scripts/bench/engine.py [--seconds 5] [--cpu]   (`--smoke`: 0.2 s each, CI)
Targets: public-protocol plays/s >= 0.9 x hearts plays/s (issue 11; 0.3 in issue 2); lean >=
3,000 deals/s. The machine is shared: compare medians of interleaved runs, never one run.
The last line printed is the figures as JSON (`{"figures": {...}}`).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.doubleduck import Doubleduck

PLAYS_PER_DEAL = 104
HEARTS_PLAYS = 52


def timed(
    run_once: Callable[[], int], seconds: float, clock: Callable[[], float]
) -> tuple[int, int, float]:
    """Repeat `run_once` (which returns its count of units) for about `seconds` of `clock`."""
    units = reps = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        units += run_once()
        reps += 1
    return units, reps, elapsed


def protocol_deal(rng: random.Random, counter: list[int]) -> int:
    """One deal through the public protocol, as a client would: to_act, legal_moves, apply."""
    counter[0] += 1
    game = Doubleduck.new(seed=f"bench-{counter[0]}", options={"max_deals": 1})
    plays = 0
    while not game.is_over():
        (seat,) = game.to_act()
        game.apply(seat, rng.choice(game.legal_moves(seat)))
        plays += 1
    return plays


def hearts_game(game: object, rng: random.Random) -> int:
    """One OpenSpiel hearts game: chance nodes, passing and play, uniform random actions."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return HEARTS_PLAYS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time by this process's CPU seconds, not wall time: on a shared machine the turns "
        "other jobs take then count for neither side of the ratio",
    )
    parser.add_argument("--smoke", action="store_true", help="0.2 s per figure (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.seconds = 0.2
    clock = time.process_time if args.cpu else time.perf_counter
    rng = random.Random(7)

    counter = [0]
    plays, deals, elapsed = timed(lambda: protocol_deal(rng, counter), args.seconds, clock)
    ours = plays / elapsed
    print(
        f"- Doubleduck, public protocol: {ours:,.0f} card plays/s ({deals} deals, {elapsed:.1f} s)"
    )

    base = Doubleduck.new(seed="bench-lean", options={"max_deals": 1})
    lean, _, elapsed = timed(lambda: (base.clone().playout(rng), 1)[1], args.seconds, clock)
    lean_rate = lean / elapsed
    print(f"- Doubleduck, lean clone + playout: {lean_rate:,.0f} deals/s (target >= 3,000)")

    between = Doubleduck.new(seed="bench-deals", options={"target": 100_000})
    between.playout(rng)  # deal 1 played: the game now waits for deal 2

    def deal_and_play() -> int:
        game = between.clone()
        game.next_deal()
        game.playout(rng)
        return 1

    dealt, _, elapsed = timed(deal_and_play, args.seconds, clock)
    print(f"- Doubleduck, lean shuffle + deal + playout: {dealt / elapsed:,.0f} deals/s")
    figures = {
        "protocol_plays_per_s": round(ours),
        "lean_deals_per_s": round(lean_rate),
        "dealt_deals_per_s": round(dealt / elapsed),
    }
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("- OpenSpiel not installed: no hearts baseline (pip install open_spiel)")
    else:
        hearts = pyspiel.load_game("hearts")
        hplays, games, elapsed = timed(lambda: hearts_game(hearts, rng), args.seconds, clock)
        theirs = hplays / elapsed
        print(f"- OpenSpiel hearts (C++ via pybind11): {theirs:,.0f} card plays/s ({games} games)")
        print(f"- Ratio Doubleduck public protocol / hearts: {ours / theirs:.2f} (target >= 0.9)")
        figures |= {"hearts_plays_per_s": round(theirs), "ratio": round(ours / theirs, 2)}
    print(f"- Python {platform.python_version()} on {platform.machine()}, one process")
    print(json.dumps({"figures": figures}))


if __name__ == "__main__":
    main()

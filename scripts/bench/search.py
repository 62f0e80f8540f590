"""Search speed: sampled-world playouts per second on a Doubleduck mid-deal position, and
OpenSpiel's IS-MCTS simulations per second on a hearts mid-deal position, in the same run.

One iteration of either is one determinization (a world sampled from the seat's information)
and one random playout to the end of the deal: ours `Doubleduck.from_view(view, rng)` then
`playout(rng)` (and, as the search bot runs it, `policy_playout` with `bots.rollouts`);
OpenSpiel's IS-MCTS is its C++ `pyspiel.ISMCTSBot` with one random rollout per simulation
(and, if it runs, the Python `open_spiel.python.algorithms.ismcts`), timed over `step`.
Both positions are mid-deal: 40 of 104 Doubleduck plays, 20 of 52 hearts plays (passing done).
The batched figures play `--batch` sampled worlds at once with numpy (`engine.doubleduck_batch`:
`playouts`, and `candidate_scores` as the search bot calls it, six candidate moves a world in
batches of `bots.search.BATCH_ROWS` playouts); one iteration is still one sampled world played
out to the end of the deal.

Run: .venv/bin/python scripts/bench/search.py [--seconds 5]   (needs `pip install open_spiel`
in the venv for the baseline; it is not a project dependency). Times are this process's CPU
seconds: the machine is shared, and other jobs' turns must count for neither side.
Target: our sampled-world playouts/s >= OpenSpiel IS-MCTS simulations/s. `--smoke` (CI): 0.2 s
per figure, batches of 64, 50 IS-MCTS simulations a step. The last line printed is the
figures as JSON (`{"figures": {...}}`).
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

from bots.rollouts import QUACK_ODDS, ROLLOUTS
from bots.search import BATCH_ROWS, TOP_MOVES
from engine import doubleduck_batch
from engine.doubleduck import Doubleduck

CLOCK = time.process_time
SHARED = 12
"""Candidate moves per sampled world in the shared-world figure (a typical Doubleduck turn)."""


def timed(run_once: Callable[[], int], seconds: float) -> tuple[int, float]:
    """Repeat `run_once` (returning its count of iterations) for about `seconds` of CPU."""
    units = 0
    start = CLOCK()
    while (elapsed := CLOCK() - start) < seconds:
        units += run_once()
    return units, elapsed


def doubleduck_position() -> tuple[dict, random.Random]:
    game = Doubleduck.new(seed="bench-search", options={"max_deals": 1})
    rng = random.Random(11)
    while len(game.history) < 40:
        (seat,) = game.to_act()
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    (seat,) = game.to_act()
    return game.view(seat), rng


def hearts_position(pyspiel: object) -> tuple[object, object]:
    game = pyspiel.load_game("hearts")  # type: ignore[attr-defined]
    state = game.new_initial_state()
    rng = random.Random(5)
    plays = 0
    while plays < 20 or state.is_chance_node():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        if "Pass" not in state.action_to_string(state.legal_actions()[0]):
            plays += 1
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per figure")
    parser.add_argument("--sims", type=int, default=1000, help="IS-MCTS simulations per step")
    parser.add_argument("--batch", type=int, default=1024, help="worlds per batched playout")
    parser.add_argument("--smoke", action="store_true", help="seconds and sizes for CI")
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.batch, args.sims = 0.2, 64, 50
    figures: dict[str, float] = {}

    view, rng = doubleduck_position()

    def random_playout() -> int:
        Doubleduck.from_view(view, rng).playout(rng)
        return 1

    def policy_playout() -> int:
        Doubleduck.from_view(view, rng).policy_playout(ROLLOUTS["doubleduck"], rng)
        return 1

    def shared_world() -> int:
        # As the search bot runs: one world, every candidate move played out on a clone of it.
        world = Doubleduck.from_view(view, rng)
        for _ in range(SHARED):
            world.clone().playout(rng)
        return SHARED

    ours, elapsed = timed(random_playout, args.seconds)
    ours_rate = ours / elapsed
    print(
        f"- Doubleduck sampled world + random playout: {ours_rate:,.0f} /s "
        f"({ours} in {elapsed:.1f} s)"
    )
    shared, elapsed = timed(shared_world, args.seconds)
    print(
        f"- Doubleduck, one world per {SHARED} random playouts (as search): "
        f"{shared / elapsed:,.0f} /s"
    )
    pol, elapsed = timed(policy_playout, args.seconds)
    print(f"- Doubleduck sampled world + rollout policy: {pol / elapsed:,.0f} /s")
    figures |= {
        "random_playouts_per_s": round(ours_rate),
        "policy_playouts_per_s": round(pol / elapsed),
    }

    def batched(odds: float | None) -> Callable[[], int]:
        def run() -> int:
            doubleduck_batch.playouts(view, args.batch, rng, odds)
            return args.batch

        return run

    done, elapsed = timed(batched(None), args.seconds)
    batch_rate = done / elapsed
    print(f"- Doubleduck batched ({args.batch}) worlds + random playouts: {batch_rate:,.0f} /s")
    figures["batched_random_per_s"] = round(batch_rate)
    done, elapsed = timed(batched(QUACK_ODDS), args.seconds)
    print(f"- Doubleduck batched ({args.batch}) worlds + rollout policy: {done / elapsed:,.0f} /s")
    figures["batched_policy_per_s"] = round(done / elapsed)
    (seat,) = view["to_act"]
    game = Doubleduck.from_view(view, rng)
    moves = game.legal_moves(seat)[: TOP_MOVES["doubleduck"]]
    worlds = BATCH_ROWS // len(moves)

    def candidates() -> int:
        doubleduck_batch.candidate_scores(view, moves, worlds, rng, QUACK_ODDS)
        return worlds * len(moves)

    done, elapsed = timed(candidates, args.seconds)
    print(
        f"- Doubleduck batched as search ({worlds} worlds x {len(moves)} moves, rollout "
        f"policy): {done / elapsed:,.0f} /s"
    )
    figures["batched_as_search_per_s"] = round(done / elapsed)
    figures |= openspiel(args, ours_rate, batch_rate)
    print(f"- Python {platform.python_version()} on {platform.machine()}, one process, CPU time")
    print(json.dumps({"figures": figures}))


def openspiel(args: argparse.Namespace, ours_rate: float, batch_rate: float) -> dict[str, float]:
    """OpenSpiel's IS-MCTS on hearts, when it is installed; its figures."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("- OpenSpiel not installed: no IS-MCTS baseline (pip install open_spiel)")
        return {}
    game, state = hearts_position(pyspiel)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    bot = pyspiel.ISMCTSBot(
        7,
        evaluator,
        2.0,
        args.sims,
        -1,
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        False,
        False,
    )
    sims, elapsed = timed(lambda: (bot.step(state), args.sims)[1], args.seconds)
    cpp_rate = sims / elapsed
    print(f"- OpenSpiel hearts, C++ ISMCTSBot (random rollout): {cpp_rate:,.0f} simulations/s")
    try:
        from open_spiel.python.algorithms import ismcts, mcts

        py_bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1), 2.0, 200)
        py_sims, elapsed = timed(lambda: (py_bot.step(state), 200)[1], args.seconds)
        print(f"- OpenSpiel hearts, Python ISMCTSBot: {py_sims / elapsed:,.0f} simulations/s")
    except Exception as exc:
        print(f"- OpenSpiel Python ISMCTSBot did not run: {exc!r}")
    print(f"- Ratio ours (random playout) / C++ IS-MCTS: {ours_rate / cpp_rate:.2f} (target >= 1)")
    print(f"- Ratio ours batched (random playouts) / C++ IS-MCTS: {batch_rate / cpp_rate:.2f}")
    return {"ismcts_sims_per_s": round(cpp_rate), "batched_ratio": round(batch_rate / cpp_rate, 2)}


if __name__ == "__main__":
    main()

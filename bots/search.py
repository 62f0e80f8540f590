"""The search bot: information-set search by sampled worlds (PIMC), for every game.

How it decides, from its seat's view only:
1. Sample a world: a whole state consistent with the view (`Game.from_view`, uniform over
   the consistent worlds: hands, stock, parties).
2. On that world play each candidate move (`Game.step`), then finish the deal with the game's
   cheap rollout policy (`bots.rollouts`) for every seat; all candidates of one world share
   one rollout generator, so their difference is the move's, not the luck's (common random
   numbers).
3. Score the deal for the seat: its team's score minus the mean of the other teams'.
Repeat for `worlds` worlds (or until the think time is up, at least one world). The heuristic is
the prior: its move stands unless another beats it by PRIOR_Z standard errors of their paired
difference (without that, a few noisy worlds overturned good moves: at 4 worlds the search lost
456 points a Doubleduck deal to the heuristic). Where the heuristic can rank moves, only its
best TOP_MOVES are tried, and SEARCH_WHEN keeps search to where it was measured to pay.

Doubleduck plays steps 1-3 for many worlds at once (`engine.doubleduck_batch`: numpy arrays,
the same rules, the same random playout and rollout policy move for move, common random numbers
within a world): a world of six candidates costs a fraction of a scalar one, so its levels
sample several times the worlds in the same think time.

Why flat PIMC and not a tree (IS-MCTS): at the budgets a table can wait (25-200 ms) a
decision sees a few hundred to a few thousand rollouts; spread over a tree of 6-20 moves a
turn and four players, the nodes below the root get too few visits to beat the rollout policy's
own judgement, while playing every root move on the same world (same rollout seed) pairs their
differences. Measured (docs/benchmarks.md): at equal CPU this beats plain PIMC with random
rollouts by 125 points a Doubleduck deal; an IS-MCTS was not built to compare (a reading, not a
measurement).

Deterministic under an iteration budget (`timed=False`: the worlds count alone stops it, as
matches use it), anytime under a think-time budget (the service: the clock stops it too).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bots import doppelkopf_heuristic, doubleduck_heuristic, duck_heuristic, ducksoup_heuristic
from bots.rollouts import QUACK_ODDS, ROLLOUTS
from engine import GAMES, Game, Move, RolloutPolicy, doubleduck_batch
from engine.doubleduck import side_of
from engine.duck import INDEX, NUMBERS

JSON = dict[str, Any]
Heuristic = Callable[[JSON, list[JSON], random.Random, float], JSON]

PRIOR_Z = 1.0
"""How many standard errors a move must beat the heuristic's move by (see `search`)."""

TOP_MOVES: dict[str, int] = {"doubleduck": 6, "ducksoup": 3, "doppelkopf": 4, "duck": 6}
"""Doubleduck, Duck Soup and Doppelkopf: the moves the search tries, the heuristic's best by its
own score (a Doubleduck turn has up to ~20 with the calls); fewer moves, more worlds in the same
time.
Duck Soup's rollouts cost ~10x Doubleduck's, so it tries 3: at equal CPU, 3 moves x 24 worlds
measured +17 +- 12 a deal against the heuristic, 6 x 12 -6 +- 13 (40 deals each). Doppelkopf
tries 4 of up to 13 moves, an announcement among them when legal: with its rollouts (30% dearer
than the first rules) 34 worlds of 4 moves cost what 30 of every card did. Duck lists up to
~2,000 moves: it tries the heuristic's 6 best plays with their draws
(`duck_heuristic.best_moves`) and the duck when legal. Before, it tried the 24 plays that shed
the most value, and 10 worlds of those (28 ms a decision) beat the heuristic by only +0.28 +-
0.11 a round (1,000 deals); 10 worlds of the best 6 (10 ms) by +0.59 +- 0.34, 30 worlds of
them (26 ms) by +1.29 +- 0.35 (100 deals, the same ones)."""
RANKERS: dict[str, Callable[[JSON, list[JSON]], list[float]]] = {
    "doubleduck": doubleduck_heuristic.move_scores,
    "ducksoup": ducksoup_heuristic.move_values,
    "doppelkopf": doppelkopf_heuristic.move_scores,
}

SEARCH_WHEN: dict[str, Callable[[JSON], bool]] = {
    "ducksoup": lambda view: view["course"] == "duck",
}
"""Where search is worth its time (with the prior): Duck Soup's Soup course is open play (the
stock is empty, so the other hand is known) where the heuristic weighs points exactly and
solves the last tricks, and measured search there lost 49 points a deal to it."""


def _always(view: JSON) -> bool:
    return True


MAX_CANDIDATES = 24
"""Duck without the prior (plain PIMC, the baseline): of its up to ~2,000 moves (every order of
every play, every draw) search looks at the distinct plays laid highest card last, the most
value shed first."""


@dataclass(frozen=True, slots=True)
class Level:
    """A strength a client can pick: worlds per decision (calibrated per game to about
    `think_ms` on the development machine) and the think time that caps them when timed."""

    name: str
    think_ms: float
    worlds: Mapping[str, int]
    strength: str

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "think_ms": self.think_ms,
            "worlds": dict(self.worlds),
            "strength": self.strength,
        }


def search(
    view: JSON,
    legal: list[JSON],
    rng: random.Random,
    *,
    worlds: int,
    think_ms: float | None,
    policy: RolloutPolicy | None,
    fallback: Heuristic,
    prior: bool = True,
    top: int | None = None,
) -> JSON:
    """The candidate with the best mean score over sampled worlds (see the module doc).

    `policy` None plays rollouts with the game's own uniform random `playout`, and `prior`
    False drops the heuristic's head start: together, plain PIMC, the baseline this bot is
    measured against."""
    if len(legal) == 1:
        return legal[0]
    start = time.perf_counter()
    hint = fallback(view, legal, random.Random(rng.random()), 5.0)
    if prior and not SEARCH_WHEN.get(view["game"], _always)(view):
        return hint
    candidates = _candidates(view, legal, hint, prior, top)
    if hint not in candidates:
        candidates.append(hint)
    moves = [Move.from_json(m) for m in candidates]
    base = candidates.index(hint)
    if view["game"] == "doubleduck" and policy in (None, ROLLOUTS["doubleduck"]):
        rows = _doubleduck_values(view, moves, rng, worlds, think_ms, start, policy is not None)
    else:
        rows = _world_values(view, moves, rng, worlds, think_ms, start, policy)
    sums = [0.0] * len(candidates)  # of each move's score minus the heuristic move's, per world
    squares = [0.0] * len(candidates)
    for values in rows:
        for i, value in enumerate(values):
            diff = value - values[base]
            sums[i] += diff
            squares[i] += diff * diff
    done = len(rows)
    # The heuristic's move stands unless another beats it clearly: by PRIOR_Z standard errors
    # of the paired difference (the heuristic as the prior a few noisy worlds must overturn).
    best, best_bound = base, 0.0
    z = PRIOR_Z if prior else 0.0
    for i in range(len(candidates)):
        mean = sums[i] / done
        spread = math.sqrt(max(squares[i] / done - mean * mean, 0.0) / done)
        bound = mean - z * spread
        if bound > best_bound:
            best, best_bound = i, bound
    return candidates[best]


def _world_values(
    view: JSON,
    moves: list[Move],
    rng: random.Random,
    worlds: int,
    think_ms: float | None,
    start: float,
    policy: RolloutPolicy | None,
) -> list[list[float]]:
    """Per sampled world, each move's value for the seat: its team's score minus the mean of
    the other teams' (see the module doc), one world at a time through the engine."""
    cls: type[Game] = GAMES[view["game"]]
    seat = int(view["seat"])
    rows: list[list[float]] = []
    for _ in range(worlds):
        if rows and think_ms is not None and (time.perf_counter() - start) * 1000 >= think_ms:
            break
        world = cls.from_view(view, rng)
        team = next(i for i, members in enumerate(world.teams()) if seat in members)
        rollout_seed = rng.getrandbits(64)
        values = []
        for move in moves:
            game = world.clone()
            game.step(seat, move)
            if not game.to_act():
                score = game.deal_score()
            elif policy is None:
                score = game.playout(random.Random(rollout_seed))
            else:
                score = game.policy_playout(policy, random.Random(rollout_seed))
            others = [s for t, s in enumerate(score) if t != team]
            values.append(score[team] - (sum(others) / len(others) if others else 0.0))
        rows.append(values)
    return rows


BATCH_ROWS = 512
"""Doubleduck: playouts per batch (worlds x moves) of `engine.doubleduck_batch`. Smaller
batches pay numpy's fixed cost per card more often (at 64 playouts a batch ~0.4 ms a world of 6
moves, at 512 ~0.14 ms); timed, the think time is checked between batches and the last ones
are cut to the time left, so a decision overruns it by little (a 512-playout batch is ~10 ms)."""


def _doubleduck_values(
    view: JSON,
    moves: list[Move],
    rng: random.Random,
    worlds: int,
    think_ms: float | None,
    start: float,
    rollout: bool,
) -> list[list[float]]:
    """As `_world_values`, the worlds played out together in batches (`engine.doubleduck_batch`:
    each candidate on every world, common random numbers within a world), with the search's
    rollout policy or, not `rollout`, the engine's random playout."""
    team = side_of(int(view["seat"]))
    per_batch = max(1, BATCH_ROWS // len(moves))
    began = time.perf_counter()
    rows: list[list[float]] = []
    while len(rows) < worlds:
        count = min(per_batch, worlds - len(rows))
        if rows and think_ms is not None:
            now = time.perf_counter()
            left_ms = think_ms - (now - start) * 1000
            if left_ms <= 0:
                break
            # Timed, a batch is cut to what the time left holds at the pace so far.
            world_ms = (now - began) * 1000 / len(rows)
            count = min(count, max(1, int(left_ms / world_ms)))
        odds = QUACK_ODDS if rollout else None
        scores = doubleduck_batch.candidate_scores(view, moves, count, rng, odds)
        rows += (scores[:, :, team] - scores[:, :, 1 - team]).tolist()
    return rows


def _candidates(
    view: JSON, legal: list[JSON], hint: JSON, prior: bool, top: int | None = None
) -> list[JSON]:
    """The moves worth trying, with the prior: the heuristic's best `top` (default TOP_MOVES;
    Duck's moves other than plays always); without it in Duck see MAX_CANDIDATES, else every
    legal move."""
    game = view["game"]
    rank = RANKERS.get(game)
    top = top or TOP_MOVES.get(game) or len(legal)
    if game == "duck" and prior and top < len(legal):
        others = [m for m in legal if m["type"] != "play"]
        return others + duck_heuristic.best_moves(view, top)
    if prior and rank is not None and len(legal) > top:
        scores = rank(view, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])[:top]
        return [legal[i] for i in sorted(order)]
    if game != "duck" or len(legal) <= MAX_CANDIDATES:
        return legal

    def number(name: str) -> int:
        return INDEX[name] % NUMBERS

    seen: set[tuple[tuple[str, ...], str | None]] = set()
    plays = []
    for move in legal:
        if move["type"] != "play":
            continue
        laid = move["cards"]
        if [number(c) for c in laid] != sorted(number(c) for c in laid):
            continue  # the same play laid another way: the highest card last is kept
        key = (tuple(sorted(laid)), move.get("draw"))
        if key not in seen:
            seen.add(key)
            plays.append(move)
    plays.sort(key=lambda m: -sum(number(c) + 1 for c in m["cards"]))
    out = [m for m in legal if m["type"] != "play"] + plays[:MAX_CANDIDATES]
    if hint not in out:
        out.append(hint)
    return out


def policy_for(game: str, fallback: Heuristic) -> Callable[..., JSON]:
    """The search policy of one game, called by `bots.decide` with the level's budgets."""

    def choose(
        view: JSON,
        legal: list[JSON],
        rng: random.Random,
        budget_ms: float = math.inf,
        worlds: int = 64,
    ) -> JSON:
        think = None if math.isinf(budget_ms) else budget_ms
        return search(
            view,
            legal,
            rng,
            worlds=worlds,
            think_ms=think,
            policy=ROLLOUTS[game],
            fallback=fallback,
        )

    return choose

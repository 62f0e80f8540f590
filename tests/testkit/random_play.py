"""Random play through the public protocol, shared by the games' random and property tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.protocol import JSON, Game, Move

Choose = Callable[[list[Move], random.Random], Move]


def uniform(moves: list[Move], rng: random.Random) -> Move:
    return rng.choice(moves)


def random_actions(
    game: Game, rng: random.Random, steps: int, choose: Choose = uniform
) -> list[JSON]:
    """Play up to `steps` actions (a chosen legal move, or the next deal when one is pending)
    and return them as a record's actions, so a test can replay them."""
    actions: list[JSON] = []
    for _ in range(steps):
        if game.is_over():
            break
        if game.deal_pending():
            game.next_deal()
            actions.append({"deal": None})
            continue
        (seat,) = game.to_act()
        move = choose(game.legal_moves(seat), rng).to_json()
        game.apply(seat, move)
        actions.append({"seat": seat, "move": move})
    return actions


def without_disclosure(view: JSON) -> JSON:
    """A view without how its deal was made and its commitment: the commitment binds the very
    cards dealt, so two deals that differ only in unseen cards (or one shuffled and one dealt
    by hand) show the same table but never the same commitment (hiding, not equal:
    tests/engine/test_fairness.py)."""
    return {k: v for k, v in view.items() if k not in ("dealt_by", "deal_commitment")}

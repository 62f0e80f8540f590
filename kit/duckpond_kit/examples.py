"""Ready bots for `Kit.match`, `Runner` and `python -m duckpond_kit play --bot NAME=...`.

    --bot mybot=duckpond_kit.examples:heuristic     # the service's own heuristic, played outside
    --bot mybot=duckpond_kit.examples:random_move   # uniformly among the legal moves

A bot is `choose(view) -> move`: `view` is the seat's view as the service answers it (its
`legal_moves` among it), the move one of those. The randomness of these two comes from the
view itself (the seat, the deal, its hand and what was played), never from the clock or the
process: a match of them is reproducible from its seed, like the service's own matches.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

JSON = dict[str, Any]
HEURISTIC_BUDGET_MS = 50.0
"""The budget the service gives its own bots (`bots.DEFAULT_BUDGET_MS`)."""


def view_rng(view: JSON, salt: str = "") -> random.Random:
    """A generator seeded by what the seat knows now: the same view, the same choices."""
    known = [
        salt,
        view.get("game"),
        view.get("seat"),
        view.get("deal_no"),
        view.get("hand"),
        view.get("history"),
    ]
    digest = hashlib.sha256(json.dumps(known, sort_keys=True).encode()).hexdigest()
    return random.Random(digest)


def random_move(view: JSON) -> JSON:
    """A legal move, uniformly."""
    moves: list[JSON] = view["legal_moves"]
    return view_rng(view, "random").choice(moves)


def first_legal(view: JSON) -> JSON:
    """The first legal move the service lists: the smallest bot there is."""
    return dict(view["legal_moves"][0])


def heuristic(view: JSON) -> JSON:
    """The service's rule-based bot for the view's game (`bots.HEURISTICS`), run here. It
    needs the duckpond package itself (the service's checkout) next to the kit."""
    from bots import HEURISTICS  # the service's package: imported only by who plays it

    legal: list[JSON] = view["legal_moves"]
    policy = HEURISTICS[str(view["game"])]
    return policy(view, legal, view_rng(view, "heuristic"), HEURISTIC_BUDGET_MS)

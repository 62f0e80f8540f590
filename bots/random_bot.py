"""The random bot: a uniformly chosen legal move, for every game."""

from __future__ import annotations

import random
from typing import Any

JSON = dict[str, Any]


def choose(view: JSON, legal: list[JSON], rng: random.Random, budget_ms: float) -> JSON:
    """Any legal move, uniformly."""
    return legal[rng.randrange(len(legal))]

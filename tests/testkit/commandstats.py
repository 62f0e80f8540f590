"""A Redis server's command counts in tests (`INFO commandstats`, the commands inside scripts
included). The server counts every client's: the test setup's workers beat, sweep and take
jobs now and then, and their commands can only add to a count. So a count that came out high
is taken again, and the exact one stands (`least`); one too low fails at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def commands(r: Any) -> Counter[str]:
    """Calls per command since the server started."""
    stats = r.info("commandstats")
    return Counter({name.removeprefix("cmdstat_"): int(v["calls"]) for name, v in stats.items()})


def spent(r: Any, action: Callable[[], object]) -> Counter[str]:
    """The commands the server ran while `action` ran."""
    before = commands(r)
    action()
    return commands(r) - before


def least(measure: Callable[[int], T], exact: Callable[[T], bool], tries: int = 3) -> T:
    """`measure(attempt)` until `exact` holds of what it returns, at most `tries` times;
    `measure` asserts what no other client could cause (a count too low)."""
    seen = []
    for attempt in range(tries):
        got = measure(attempt)
        if exact(got):
            return got
        seen.append(got)
    raise AssertionError(seen)

"""The process's start-up heap, frozen so that garbage collections stop walking it.

Why: an API or worker process keeps a few hundred thousand objects for its whole life (Flask,
the schemas and the spec, the engine's shared moves, the bots' tables), and every full
collection walked them all. A move allocates enough containers to set collections off often:
measured in-process, a move spent about a quarter of its CPU in the collector (docs/
benchmarks.md, "The fast lane"). `gc.freeze()` moves every object alive at that point into a
permanent generation the collector skips; garbage made afterwards is collected as before, so
only what start-up built (and keeps anyway) is exempt.

The youngest generation's threshold goes up too. A served process keeps what it serves: the
game cache (`service.storage.cache`) holds a thousand decoded games, and every move adds one (a few
hundred containers) and drops the oldest. Those survivors were walked by every young and middle
collection they lived through, one every 700 allocations: about a tenth of a move's CPU in the
API processes (docs/benchmarks.md, "Garbage collection"). At 50,000 the collections are rare
and the garbage they find (cycles only: the rest is freed by reference counting) stays small.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 50_000
"""Net container allocations between two collections of the youngest generation (700 by
default); the older generations keep their default ratios."""


def freeze() -> None:
    """Call once the process has built everything it keeps (the app, the layers), before it
    serves: in each gunicorn worker (`service.wsgi`) and in an RQ worker (`service.worker`)."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)

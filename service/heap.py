"""The process's start-up heap, frozen so that garbage collections stop walking it.

Why: an API or worker process keeps a few hundred thousand objects for its whole life (Flask,
the schemas and the spec, the engine's shared moves, the bots' tables), and every full
collection walked them all. A move allocates enough containers to set collections off often:
measured in-process, a move spent about a quarter of its CPU in the collector (docs/
benchmarks.md, "The fast lane"). `gc.freeze()` moves every object alive at that point into a
permanent generation the collector skips; garbage made afterwards is collected as before, so
only what start-up built (and keeps anyway) is exempt.
"""

from __future__ import annotations

import gc


def freeze() -> None:
    """Call once the process has built everything it keeps (the app, the layers), before it
    serves: in each gunicorn worker (`service.wsgi`) and in an RQ worker (`service.worker`)."""
    gc.collect()
    gc.freeze()

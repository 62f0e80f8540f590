"""The served processes freeze their start-up heap and collect the young generation rarely
(`service.core.heap`): checked on the deployed entry point itself, in a fresh interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from service.core import heap

ROOT = Path(__file__).resolve().parents[3]


def test_the_wsgi_entry_point_freezes_its_heap_and_raises_the_young_threshold() -> None:
    probe = (
        "import gc, service.wsgi; "
        "print(gc.get_freeze_count(), *gc.get_threshold(), len(gc.get_objects()))"
    )
    env = dict(os.environ, REDIS_URL="redis://127.0.0.1:1/0", LOG_LEVEL="WARNING")
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
        check=True, timeout=60,
    )  # fmt: skip
    frozen, young, middle, old, tracked = (int(x) for x in out.stdout.split())
    assert young == heap.YOUNG_THRESHOLD
    assert (middle, old) == (10, 10)  # CPython's defaults, kept
    assert frozen > 50_000  # Flask, the schemas, the engine: start-up's objects, exempt
    assert tracked < frozen // 10  # what is left for the collector to walk is small

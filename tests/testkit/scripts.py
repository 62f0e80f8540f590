"""The repository's own scripts, loaded as modules by the tests that check what they make."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def openapi_script() -> ModuleType:
    """`scripts/openapi.py` (the spec, the web client's types, the kit's client)."""
    return _load("openapi_script", ROOT / "scripts/openapi.py")


def bench_script(name: str) -> ModuleType:
    """`scripts/bench/<name>.py`, for the tests of what a benchmark computes from its runs."""
    return _load(f"bench_{name}", ROOT / "scripts/bench" / f"{name}.py")

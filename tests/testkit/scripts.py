"""The repository's own scripts, loaded as modules by the tests that check what they make."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def openapi_script() -> ModuleType:
    """`scripts/openapi.py` (the spec, the web client's types, the kit's client)."""
    spec = importlib.util.spec_from_file_location("openapi_script", ROOT / "scripts/openapi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

"""The house's import rules that import-linter cannot see (its contracts are in pyproject.toml,
run by scripts/test): no import inside a function to get around a circle, and RQ job names
that name real job functions."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from service.storage import keys

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "bots", "service", "kit/duckpond_kit")
FIRST_PARTY = ("engine", "bots", "service", "duckpond_kit", "duckpond_client")

ALLOWED: dict[tuple[str, str], str] = {
    ("kit/duckpond_kit/examples.py", "bots"): "the kit installs without the service's "
    "packages; only an author who plays the built-in heuristic needs them beside it",
}
"""(file, imported module) -> why it is imported inside a function (no circle is a reason)."""


def function_level_imports(path: Path) -> list[tuple[int, str]]:
    """First-party imports inside a function body of `path`: (line, module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            found += [(node.lineno, n) for n in names if n.split(".")[0] in FIRST_PARTY]
    return found


def test_no_first_party_import_hides_inside_a_function() -> None:
    hidden = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        for line, module in function_level_imports(path)
        if (str(path.relative_to(ROOT)), module) not in ALLOWED
    ]
    assert hidden == [], "import at the top, or break the circle it avoids:\n" + "\n".join(hidden)


def test_the_scan_finds_an_import_inside_a_function(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import os\n\ndef f():\n    from service.core import codec\n    import os\n")
    assert function_level_imports(sample) == [(4, "service.core")]


def test_every_job_name_is_a_job_function() -> None:
    """Use cases enqueue `service.jobs` functions by name (`service.storage.keys`): each name
    must stay a real function, or queued jobs fail when a worker takes them."""
    names = [v for k, v in vars(keys).items() if k.endswith("_JOB")]
    assert len(names) == 5  # bot turn, match game, match step, tournament step, webhook
    for name in names:
        module, function = name.rsplit(".", 1)
        assert callable(getattr(importlib.import_module(module), function)), name

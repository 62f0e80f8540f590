"""Golden playthroughs: the committed transcripts in tests/golden/ must match a fresh run."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "run `.venv/bin/python scripts/golden.py`, check the diff and commit it"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_script", ROOT / "scripts" / "golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GOLDEN = load_script()


@pytest.mark.parametrize(("seed", "options"), GOLDEN.GAMES, ids=[str(g[0]) for g in GOLDEN.GAMES])
def test_golden_playthrough(seed: int, options: dict[str, int]) -> None:
    path = GOLDEN.path_for(seed)
    assert path.exists(), f"{path.name} is missing: {REGENERATE}"
    want = path.read_text(encoding="utf-8").splitlines()
    got = GOLDEN.transcript(seed, options)
    for number, (old, new) in enumerate(zip(want, got, strict=False), start=1):
        assert old == new, (
            f"{path.name} line {number} differs:\n  committed: {old}\n  now:       {new}\n"
            f"If the change is intended, {REGENERATE}."
        )
    assert len(want) == len(got), f"{path.name} has {len(want)} lines, now {len(got)}: {REGENERATE}"


def test_golden_files_are_modest() -> None:
    for seed, _ in GOLDEN.GAMES:
        assert GOLDEN.path_for(seed).stat().st_size < 300_000


def test_golden_games_play_to_the_end() -> None:
    """Each transcript ends with a finished game whose totals add up its deals."""
    for seed, _ in GOLDEN.GAMES:
        last = GOLDEN.path_for(seed).read_text(encoding="utf-8").splitlines()[-1]
        assert last.startswith("result ") and '"over":true' in last

"""Golden playthroughs: the committed transcripts in tests/golden/ must match a fresh run.

Every game in `engine.GAMES` has at least one, so a new game cannot arrive without its
transcripts, and any change to dealing, legal moves, tricks, scoring, events or views shows up as
a line-level diff that names the script to run.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engine import GAMES

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "run `.venv/bin/python scripts/golden.py`, check the diff and commit it"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_script", ROOT / "scripts" / "golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


GOLDEN = load_script()
PLAYS = GOLDEN.PLAYTHROUGHS


@pytest.mark.parametrize("play", PLAYS, ids=[p.stem for p in PLAYS])
def test_golden_playthrough(play: Any) -> None:
    path: Path = play.path
    assert path.exists(), f"{path.name} is missing: {REGENERATE}"
    want = path.read_text(encoding="utf-8").splitlines()
    got = GOLDEN.transcript(play)
    for number, (old, new) in enumerate(zip(want, got, strict=False), start=1):
        assert old == new, (
            f"{path.name} line {number} differs:\n  committed: {old}\n  now:       {new}\n"
            f"If the change is intended, {REGENERATE}."
        )
    assert len(want) == len(got), f"{path.name} has {len(want)} lines, now {len(got)}: {REGENERATE}"


def test_every_game_has_golden_playthroughs() -> None:
    """Two seeded games per registered game, each with a committed transcript."""
    for name in GAMES:
        plays = [p for p in PLAYS if p.game == name]
        assert len(plays) >= 2, f"{name} has {len(plays)} golden playthroughs in scripts/golden.py"
        for play in plays:
            assert play.path.exists(), f"{play.path.name} is missing: {REGENERATE}"
    assert {p.game for p in PLAYS} <= set(GAMES), "a playthrough names an unknown game"


def test_no_stray_transcripts() -> None:
    """A transcript no playthrough writes would never be checked again."""
    committed = {p.name for p in GOLDEN.GOLDEN.glob("*.txt")}
    assert committed <= {p.path.name for p in PLAYS}, f"stray transcripts: {REGENERATE}"


def test_golden_files_are_modest() -> None:
    for play in PLAYS:
        assert play.path.stat().st_size < GOLDEN.MAX_BYTES, f"{play.path.name} is too big"


def test_golden_games_play_to_the_end() -> None:
    """Each transcript ends with a finished game."""
    for play in PLAYS:
        last = play.path.read_text(encoding="utf-8").splitlines()[-1]
        assert last.startswith("result ") and '"over":true' in last, play.path.name

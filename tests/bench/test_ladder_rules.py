"""What `scripts/bench/ladder.py` computes from the anchors' records (docs/benchmarks.md, "The
anchors on the margins ladder"): checked on records whose answer is known by hand, so a figure
in the docs that came from them would be wrong if these broke. None of them plays a game."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from testkit.scripts import bench_script

from bots.match import MatchSpec
from service.matches.ratings import ANCHORS, anchor_jobs, rate_records

STRONG, FAST, HEURISTIC, WEAKEST = reversed(ANCHORS)
LEVEL = {WEAKEST: -30.0, HEURISTIC: 0.0, FAST: 4.0, STRONG: 7.0}
"""Each anchor's score a deal in the made-up Duck Soup games below."""


@pytest.fixture(scope="module")
def ladder() -> ModuleType:
    return bench_script("ladder")


def soup_game(index: int, a: str, b: str, a_score: float, b_score: float) -> dict[str, Any]:
    """A Duck Soup match game of one deal, both rotations, in which `a` scores `a_score` a deal
    and `b` scores `b_score` whichever seat it holds."""

    def rotation(bots: list[str], scores: list[float]) -> dict[str, Any]:
        top = max(scores)
        return {
            "bots": bots,
            "deal_scores": [scores],
            "game_points": [int(x == top) for x in scores],
            "winners": [seat for seat, x in enumerate(scores) if x == top],
        }

    return {
        "index": index,
        "rotations": [rotation([a, b], [a_score, b_score]), rotation([b, a], [b_score, a_score])],
    }


def save(path: Path, levels: dict[str, float], games: int, seed: str) -> None:
    """Every anchor match game of Duck Soup, made up from `levels` (with a little noise that
    cancels over pairs of games), as `--save` writes them."""
    with path.open("w") as out:
        for spec, index in anchor_jobs("ducksoup", games, seed):
            a, b = spec.bots
            wobble = 1.0 if index % 2 else -1.0
            record = soup_game(index, a, b, levels[a] + wobble, levels[b])
            out.write(json.dumps({"spec": spec.to_json(), "record": record}) + "\n")


def test_a_saved_record_is_reused_only_for_its_own_line_up(
    ladder: ModuleType, tmp_path: Path
) -> None:
    """A line-up that changed keeps its seed (the n-th line-up's): the old line-up's games must
    not be read back as the new one's."""
    old = MatchSpec("ducksoup", (STRONG, HEURISTIC), 2, "s:ducksoup:3", {"target": 1})
    new = MatchSpec("ducksoup", (STRONG, WEAKEST), 2, "s:ducksoup:3", {"target": 1})
    saved = tmp_path / "s.ducksoup.jsonl"
    record = soup_game(1, STRONG, HEURISTIC, 3, 1)
    saved.write_text(json.dumps({"spec": old.to_json(), "record": record}) + "\n")
    done = ladder.load(saved)
    assert done == {ladder.record_key(old, 1): record}
    assert ladder.record_key(new, 1) not in done
    assert ladder.load(tmp_path / "missing.jsonl") == {}


def test_steps_read_each_neighbour_pair_stronger_first(ladder: ModuleType) -> None:
    """Pairs are stored a before b by name; a step is the stronger's score less the weaker's,
    whichever name sorts first, and a pair that never met is (0, 0, 0)."""
    a, b = sorted((STRONG, FAST))
    sign = 1.0 if a == STRONG else -1.0
    pairs = {(a, b): (2, sign * 6.0, 20.0)}
    got = ladder.steps(pairs)
    assert [(s, w) for s, w, _ in got] == [(STRONG, FAST), (FAST, HEURISTIC), (HEURISTIC, WEAKEST)]
    assert got[0][2] == (2, 6.0, 20.0)
    assert got[1][2] == (0, 0.0, 0.0) and got[2][2] == (0, 0.0, 0.0)


def test_a_run_from_saved_records_rates_them_as_the_ladder_does(
    ladder: ModuleType, tmp_path: Path
) -> None:
    """Made-up games with the anchors' true levels apart: the run plays nothing, its ladder is
    the service's own fit of the same records, and the order holds; with strong's level below
    fast's it does not."""
    save(tmp_path / "s.ducksoup.jsonl", LEVEL, 4, "s")
    out = ladder.run("ducksoup", 4, "s", 1, tmp_path / "s.ducksoup.jsonl")
    records = [json.loads(x)["record"] for x in (tmp_path / "s.ducksoup.jsonl").open()]
    skills, spread = rate_records("ducksoup", records)
    assert out["match_games"] == len(anchor_jobs("ducksoup", 4, "s"))
    assert out["spread"] == pytest.approx(spread)
    assert {e["bot"]: e["mu"] for e in out["ladder"]} == pytest.approx(
        {bot: s.mu for bot, s in skills.items()}
    )
    assert out["holds"] is True
    assert [e["bot"] for e in out["ladder"]] == [STRONG, FAST, HEURISTIC, WEAKEST]
    step = dict(((s, w), sums) for s, w, sums in out["steps"])[(STRONG, FAST)]
    assert step[0] == 4 and step[1] / step[0] == pytest.approx(LEVEL[STRONG] - LEVEL[FAST])

    swapped = {**LEVEL, STRONG: 2.0}
    save(tmp_path / "t.ducksoup.jsonl", swapped, 4, "t")
    out = ladder.run("ducksoup", 4, "t", 1, tmp_path / "t.ducksoup.jsonl")
    assert out["holds"] is False
    assert [e["bot"] for e in out["ladder"]][:2] == [FAST, STRONG]

"""Pure tests of bots/match.py: duplicate rotations, seeds, seat scores, and the statistics on
small samples whose figures are worked out by hand in the comments."""

from __future__ import annotations

from typing import Any

import pytest

from bots import BOTS, Bot, match, random_bot
from bots.match import MatchError, MatchSpec, estimate, rotations, summarize
from engine import GAMES, SetupError

HRHR = ("heuristic", "random", "heuristic", "random")


# --- rotations and seeds ----------------------------------------------------------------------


def test_alternating_bots_give_the_deal_and_the_sides_swapped() -> None:
    assert rotations(HRHR) == [HRHR, ("random", "heuristic", "random", "heuristic")]


def test_rotation_r_moves_each_bot_r_seats_on() -> None:
    assert rotations("aabb") == [
        ("a", "a", "b", "b"),
        ("b", "a", "a", "b"),
        ("b", "b", "a", "a"),
        ("a", "b", "b", "a"),
    ]
    assert rotations(["x", "y"]) == [("x", "y"), ("y", "x")]
    assert rotations("aab") == [("a", "a", "b"), ("b", "a", "a"), ("a", "b", "a")]


def test_repeated_assignments_are_skipped() -> None:
    assert rotations(["random"] * 4) == [("random",) * 4]
    assert rotations("abab") == [tuple("abab"), tuple("baba")]


def test_every_rotation_of_a_game_uses_that_games_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[tuple[str, ...], str]] = []

    def fake(game: str, assignment: Any, seed: str, options: Any) -> dict[str, Any]:
        seen.append((tuple(assignment), seed))
        return {}

    monkeypatch.setattr(match, "play_rotation", fake)
    spec = MatchSpec("doubleduck", HRHR, 5, "s")
    record = match.play_match_game(spec, 3)
    assert record["seed"] == "s:3"
    assert seen == [(HRHR, "s:3"), (("random", "heuristic", "random", "heuristic"), "s:3")]


def test_the_same_seed_deals_the_same_cards() -> None:
    a = GAMES["doubleduck"].new(4, seed="s:3").to_dict()
    b = GAMES["doubleduck"].new(4, seed="s:3").to_dict()
    c = GAMES["doubleduck"].new(4, seed="s:4").to_dict()
    assert a["hands"] == b["hands"] and a["hands"] != c["hands"]


# --- playing ----------------------------------------------------------------------------------


def test_doubleduck_seats_score_for_their_side() -> None:
    game = GAMES["doubleduck"].new(4, seed="x")
    assert [match.score_index(game, s) for s in range(4)] == [0, 1, 0, 1]
    two = GAMES["ducksoup"].new(2, seed="x")
    assert [match.score_index(two, s) for s in range(2)] == [0, 1]


def test_a_rotation_records_per_seat_scores_that_add_up() -> None:
    rot = match.play_rotation("doubleduck", HRHR, "t:0", {"max_deals": 2, "target": 100_000})
    assert rot["bots"] == list(HRHR)
    assert len(rot["deal_scores"]) == 2
    for deal in rot["deal_scores"]:
        assert deal[0] == deal[2] and deal[1] == deal[3]  # partners share their side's score
    sums = [sum(d[s] for d in rot["deal_scores"]) for s in range(4)]
    assert rot["totals"] == sums
    assert rot["game_points"][0] == rot["game_points"][2]
    assert set(rot["winners"]) in ({0, 2}, {1, 3}, set())
    assert rot == match.play_rotation(
        "doubleduck", HRHR, "t:0", {"max_deals": 2, "target": 100_000}
    )


@pytest.mark.parametrize(
    ("game", "bots"), [("ducksoup", ("random", "random")), ("duck", ("random",) * 3)]
)
def test_per_seat_games_play_to_the_end(game: str, bots: tuple[str, ...]) -> None:
    records, summary = match.play_match(MatchSpec(game, bots, 2, "g"))
    for rot in records[0]["rotations"]:
        assert rot["totals"] == [sum(d[s] for d in rot["deal_scores"]) for s in range(len(bots))]
    assert summary["bots"][0]["seat_games"] == 2 * len(bots)


def test_a_match_is_reproducible_from_its_seed() -> None:
    spec = MatchSpec("doubleduck", HRHR, 3, "again", {"max_deals": 1})
    assert match.play_match(spec) == match.play_match(spec)
    other = MatchSpec("doubleduck", HRHR, 3, "other", {"max_deals": 1})
    assert match.play_match(other)[0] != match.play_match(spec)[0]


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        (MatchSpec("nope", ("random",), 1, "s"), "unknown_game"),
        (MatchSpec("doubleduck", ("random", "nobody", "random", "random"), 1, "s"), "unknown_bot"),
        (MatchSpec("ducksoup", ("dd-only", "random"), 1, "s"), "unknown_bot"),
        (MatchSpec("doubleduck", HRHR, 0, "s"), "validation_error"),
        (MatchSpec("doubleduck", HRHR, 10_001, "s"), "validation_error"),
    ],
)
def test_check_refuses_what_cannot_run(
    spec: MatchSpec, reason: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    only = Bot("dd-only", "Doubleduck only.", "none", {"doubleduck": random_bot.choose})
    monkeypatch.setitem(BOTS, only.name, only)
    with pytest.raises(MatchError) as info:
        match.check(spec)
    assert info.value.reason == reason


def test_check_lets_the_engine_refuse_seats_and_options() -> None:
    with pytest.raises(SetupError) as info:
        match.check(MatchSpec("doubleduck", ("random",) * 3, 1, "s"))
    assert info.value.reason == "invalid_seats"
    with pytest.raises(SetupError) as info:
        match.check(MatchSpec("doubleduck", HRHR, 1, "s", {"max_deals": 9}))
    assert info.value.reason == "invalid_options"


# --- statistics -------------------------------------------------------------------------------


def test_estimate_by_hand() -> None:
    # 1, 2, 3, 4: mean 2.5; s^2 = (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3, s = 1.290994;
    # half width = 1.96 * 1.290994 / sqrt(4) = 1.265174.
    e = estimate([1, 2, 3, 4])
    assert e.mean == 2.5 and e.n == 4
    assert e.half_width == pytest.approx(1.265174, abs=1e-6)
    assert e.to_json()["ci95"] == pytest.approx([2.5 - 1.265174, 2.5 + 1.265174], abs=1e-6)


def test_estimate_needs_two_values_for_an_interval() -> None:
    assert estimate([]).to_json() == {"mean": None, "ci95": None, "half_width": None, "n": 0}
    assert estimate([5]).to_json() == {"mean": 5, "ci95": None, "half_width": None, "n": 1}
    assert estimate([3, 3, 3]).half_width == 0


def rot(bots: str, deal_scores: list[list[int]], points: list[int], winners: list[int]) -> Any:
    return {"bots": list(bots), "deal_scores": deal_scores, "game_points": points,
            "winners": winners}  # fmt: skip


# Two games of a two-seat game between bots a and b, each dealt twice (seats swapped).
SAMPLE = [
    {
        "index": 0,
        "rotations": [
            rot("ab", [[10, 2], [4, 6]], [1, 0], [0]),
            rot("ba", [[3, 7], [5, 5]], [0, 1], [1]),
        ],
    },
    {
        "index": 1,
        "rotations": [
            rot("ab", [[0, 8], [2, 6]], [0, 1], [1]),
            rot("ba", [[6, 2], [4, 0]], [1, 0], [0]),
        ],
    },
]


def test_summary_by_hand() -> None:
    # a's deal scores: game 0: 10, 4, 7, 5 (mean 6.5); game 1: 0, 2, 2, 0 (mean 1).
    # b's: game 0: 2, 6, 3, 5 (mean 4); game 1: 8, 6, 6, 4 (mean 6).
    # a: mean 3.75, s = 5.5 / sqrt 2, half = 1.96 * s / sqrt 2 = 1.96 * 2.75 = 5.39.
    # b: mean 5, half = 1.96 * 1 = 1.96. a - b per game: 2.5, -5: mean -1.25, half 1.96*3.75.
    # game points: a 1, 0 -> 0.5 +- 0.98; b 0, 1 -> same; difference 1, -1 -> 0 +- 1.96.
    s = summarize(["a", "b"], reversed(SAMPLE))  # any order: records are sorted by index
    a, b = s["bots"]
    assert (a["bot"], a["seat_games"], a["seat_deals"], a["wins"]) == ("a", 4, 8, 2)
    assert (b["bot"], b["seat_games"], b["seat_deals"], b["wins"]) == ("b", 4, 8, 2)
    assert a["deal_score"]["mean"] == 3.75 and a["deal_score"]["n"] == 2
    assert a["deal_score"]["half_width"] == pytest.approx(5.39)
    assert b["deal_score"]["mean"] == 5 and b["deal_score"]["half_width"] == pytest.approx(1.96)
    assert a["game_points"]["mean"] == 0.5 and a["game_points"]["half_width"] == pytest.approx(0.98)
    (cmp,) = s["comparisons"]
    assert cmp["bots"] == ["a", "b"]
    assert cmp["deal_score_diff"]["mean"] == -1.25
    assert cmp["deal_score_diff"]["half_width"] == pytest.approx(1.96 * 3.75)
    assert cmp["game_points_diff"]["mean"] == 0
    assert cmp["game_points_diff"]["half_width"] == pytest.approx(1.96)
    assert s["games"] == 2 and "1.96" in s["method"]


def test_games_with_fewer_deals_count_per_deal() -> None:
    # Game 1 of SAMPLE cut to its first deal: a scored 0, 2 (2 deals), b 8, 6.
    short = [SAMPLE[0], {"index": 1, "rotations": [
        rot("ab", [[0, 8]], [0, 1], [1]), rot("ba", [[6, 2]], [1, 0], [0])]}]  # fmt: skip
    a = summarize(["a", "b"], short)["bots"][0]["deal_score"]
    # Per deal: (26 + 2) / (4 + 2) = 14/3. Residuals (S - mean*C) / mean(C), mean(C) = 3:
    # (26 - 56/3) / 3 = 22/9 and (2 - 28/3) / 3 = -22/9; s = sqrt(2 * (22/9)^2 / 1),
    # half = 1.96 * s / sqrt 2 = 1.96 * 22/9.
    assert a["mean"] == pytest.approx(14 / 3)
    assert a["half_width"] == pytest.approx(1.96 * 22 / 9)


def test_a_summary_of_nothing_has_no_figures() -> None:
    s = summarize(HRHR, [])
    assert [b["bot"] for b in s["bots"]] == ["heuristic", "random"]
    assert s["bots"][0]["deal_score"]["mean"] is None
    assert s["comparisons"][0]["deal_score_diff"]["ci95"] is None


def test_the_table_prints_intervals() -> None:
    text = match.table(summarize(["a", "b"], SAMPLE))
    assert "| a | 4 | 2 | 3.75 ± 5.39 | 0.50 ± 0.98 |" in text
    assert "a - b (paired)" in text

"""The other rules `scripts/bench/ladder.py` rates the anchors' records by (docs/benchmarks.md,
"Three more ways to order the anchors"): each checked on records whose answer is known by hand,
so a figure in the docs that came from them would be wrong if these broke."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from testkit.scripts import bench_script

from bots.match import MatchSpec
from service.matches.ratings import ANCHORS, anchor_lineups


@pytest.fixture(scope="module")
def ladder() -> ModuleType:
    return bench_script("ladder")


def soup_game(index: int, a: float, b: float) -> dict[str, Any]:
    """A Duck Soup match game of one deal, both rotations, in which `a-bot` scores `a` a deal
    and `b-bot` scores `b` (so a minus b is `a - b` whichever seat)."""
    return {
        "index": index,
        "rotations": [
            {"bots": ["a-bot", "b-bot"], "deal_scores": [[a, b]]},
            {"bots": ["b-bot", "a-bot"], "deal_scores": [[b, a]]},
        ],
    }


def test_ranks_follow_who_won_and_margins_by_how_much(ladder: ModuleType) -> None:
    """a wins 20 games by 2 points, b 10 by 10 (every third game): ranks put a first, margins
    b (a's mean difference is (40 - 100) / 30 = -2 a deal): the Duck Soup case of fast
    against strong."""
    records = [soup_game(i, 0, 10) if i % 3 == 2 else soup_game(i, 12, 10) for i in range(30)]
    ranks = ladder.by_ranks("ducksoup", records)
    assert ranks["a-bot"][0] > ranks["b-bot"][0]
    observations = ladder.differences("ducksoup", records)
    assert sorted(d for _, _, d in observations) == [-10.0] * 10 + [2.0] * 20
    margins = ladder.by_margins(observations)
    assert margins["b-bot"][0] > margins["a-bot"][0]
    online = ladder.by_margins_online(observations)
    assert online["b-bot"][0] > online["a-bot"][0]


def test_the_exact_fit_is_the_gaussian_posterior(ladder: ModuleType) -> None:
    """Two bots, n differences of mean D and spread 1 (so the prior is N(0, 3^2)): the
    posterior difference is 2 n D / (2 n + 1/9). Only differences are observed, so each
    bot's own sd keeps the prior's share of their common level (3 / sqrt 2) however many
    there are: the exact fit orders by the means."""
    for n, mean in ((2, 3.0), (20, 3.0), (400, -0.5)):
        observations = [("x", "y", mean + (1 if i % 2 else -1)) for i in range(n)]
        fit = ladder.by_margins(observations)
        assert fit["x"][0] - fit["y"][0] == pytest.approx(2 * n * mean / (2 * n + 1 / 9))
        assert fit["x"][0] == pytest.approx(-fit["y"][0])
    many = ladder.by_margins([("x", "y", (-1.0) ** i) for i in range(400)])
    assert many["x"][1] == pytest.approx(many["y"][1])
    assert many["x"][1] == pytest.approx(3 / 2**0.5, rel=0.01)


def test_the_exact_fit_reads_a_chain_through_its_links(ladder: ModuleType) -> None:
    """a - b = 2 and b - c = 1 measured, a and c never met: the fit puts a 3 above c."""
    observations = [("a", "b", 2 + (-1) ** i) for i in range(400)]
    observations += [("b", "c", 1 + (-1) ** i) for i in range(400)]
    fit = ladder.by_margins(observations)
    assert fit["a"][0] - fit["c"][0] == pytest.approx(3, abs=0.05)
    order, holds = ladder.standing(fit)
    assert order == ["a", "b", "c"] and holds is False  # not the anchors


def test_standing_orders_by_ordinal_and_checks_the_anchors(ladder: ModuleType) -> None:
    strongest, fast, heuristic, weakest = reversed(ANCHORS)
    fit = {strongest: (10.0, 0.5), fast: (9.0, 0.5), heuristic: (5.0, 0.1), weakest: (0.0, 0.1)}
    assert ladder.standing(fit) == ([strongest, fast, heuristic, weakest], True)
    fit[strongest] = (10.0, 2.0)  # ordinal 4: below fast's 7.5 and the heuristic's 4.7
    assert ladder.standing(fit) == ([fast, heuristic, strongest, weakest], False)


def test_pooling_joins_k_games_of_a_line_up_and_drops_a_short_group(ladder: ModuleType) -> None:
    spec = MatchSpec("ducksoup", ("a-bot", "b-bot"), 3, "s:ducksoup:0", {"target": 1})
    other = MatchSpec("ducksoup", ("a-bot", "b-bot"), 3, "s:ducksoup:1", {"target": 1})
    items = [(spec, soup_game(0, 1, 2)), (other, soup_game(0, 5, 6)), (spec, soup_game(1, 3, 4)),
             (spec, soup_game(2, 7, 8))]  # fmt: skip
    joined = ladder.pooled(items, 2)
    assert joined == [
        {
            "index": 0,
            "rotations": [
                {"bots": ["a-bot", "b-bot"], "deal_scores": [[1, 2], [3, 4]]},
                {"bots": ["b-bot", "a-bot"], "deal_scores": [[2, 1], [4, 3]]},
            ],
        }
    ]  # spec's third game and other's only one: groups short of 2


def test_random_apart_keeps_random_off_the_search_table(ladder: ModuleType) -> None:
    weakest, heuristic, fast, strong = ANCHORS
    assert ladder.lineups("duck", "random-apart") == [
        (heuristic, fast, strong),
        (weakest, heuristic, weakest, heuristic),
    ]
    assert ladder.lineups("doppelkopf", "random-apart") == [
        (heuristic, fast, strong, heuristic),
        (weakest, heuristic, weakest, heuristic),
    ]
    for game in ("doubleduck", "ducksoup"):
        assert ladder.lineups(game, "random-apart") == anchor_lineups(game)
    assert ladder.lineups("duck", "anchors") == anchor_lineups("duck")

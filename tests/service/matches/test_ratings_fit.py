"""The ladder's fit (`service.matches.ratings`): the spread, the least-squares posterior and how
firm it says a rating is, checked against closed forms worked out by hand and against a
reference written here from the model's definition (one least-squares row per sample and per
prior, solved by `numpy.linalg.lstsq`), never against the module's own matrices. Pure: no Redis.

The model (the module docstring): a sample d of a pair (a, b) is d ~ N(r_a - r_b, s^2); each
bot's prior is N(0, (3 s)^2); mu is a bot's posterior mean, sigma its posterior sd relative to
the ladder's average bot."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pytest

from service.matches.ratings import (
    PROVISIONAL_SPREADS,
    Skill,
    Sums,
    add_samples,
    entries,
    firmness,
    fit,
    provisional,
    rate_records,
    refit,
    spread,
)

JSON = dict[str, Any]
Sample = tuple[str, str, float]
"""One match game's paired difference: a's mean score per deal minus b's."""
NOW = 1_767_225_600_000


def soup(a: str, b: str, d: float, index: int = 0) -> JSON:
    """A Duck Soup match game, both rotations of one deal each, in which a's mean score per
    deal is `d` above b's (a scored 2 d in its first seat, every other seat-deal 0)."""
    return {
        "index": index,
        "seed": f"s:{index}",
        "rotations": [
            {"bots": [a, b], "deal_scores": [[2 * d, 0]]},
            {"bots": [b, a], "deal_scores": [[0, 0]]},
        ],
    }


def games_of(samples: Iterable[Sample]) -> list[JSON]:
    """One Duck Soup match game per sample, in order."""
    return [soup(a, b, d, i) for i, (a, b, d) in enumerate(samples)]


def pooled_spread(samples: Sequence[Sample]) -> float:
    """The spread from its definition, on the samples themselves (not their sums): squared
    deviations of each pair's samples around that pair's mean, plus one pseudo-sample at the
    raw mean square, over (samples - pairs + 1) degrees of freedom."""
    by_pair: dict[tuple[str, str], list[float]] = {}
    for a, b, d in samples:
        by_pair.setdefault((a, b), []).append(d)
    deviations = sum((d - sum(ds) / len(ds)) ** 2 for ds in by_pair.values() for d in ds)
    mean_square = sum(d * d for _, _, d in samples) / len(samples)
    return math.sqrt((deviations + mean_square) / (len(samples) - len(by_pair) + 1))


def posterior(bots: Iterable[str], samples: Sequence[Sample]) -> dict[str, tuple[float, float]]:
    """Each bot's (mu, sigma) by weighted least squares written from the model: a row per
    sample (r_a - r_b = d, sd s) and a row per bot (r_i = 0, sd 3 s), solved by lstsq; the
    covariance s^2 (A^T A)^-1 in s units, sigma that of r_i minus the average of all r."""
    s = pooled_spread(samples)
    names = sorted(set(bots) | {x for a, b, _ in samples for x in (a, b)})
    at = {bot: i for i, bot in enumerate(names)}
    rows: list[np.ndarray] = []
    targets: list[float] = []
    for a, b, d in samples:
        row = np.zeros(len(names))
        row[at[a]], row[at[b]] = 1.0 / s, -1.0 / s
        rows.append(row)
        targets.append(d / s)
    for i in range(len(names)):
        rows.append(np.eye(len(names))[i] / (3 * s))
        targets.append(0.0)
    design = np.array(rows)
    mean = np.linalg.lstsq(design, np.array(targets), rcond=None)[0]
    covariance = np.linalg.inv(design.T @ design)
    out = {}
    for bot, i in at.items():
        relative = np.eye(len(names))[i] - 1.0 / len(names)
        out[bot] = (float(mean[i]), math.sqrt(float(relative @ covariance @ relative)))
    return out


def sums_of(samples: Iterable[Sample]) -> dict[tuple[str, str], Sums]:
    """The pairs' sums as the ladder keeps them, through `add_samples` one game at a time."""
    pairs: dict[tuple[str, str], Sums] = {}
    for a, b, d in samples:
        pairs = add_samples(pairs, {(a, b): d})
    return pairs


def assert_close(got: dict[str, tuple[float, float]], want: dict[str, tuple[float, float]]) -> None:
    """The same bots with the same (mu, sigma), to rounding."""
    assert set(got) == set(want)
    for bot, (mu, sigma) in want.items():
        assert got[bot][0] == pytest.approx(mu, abs=1e-9), bot
        assert got[bot][1] == pytest.approx(sigma, rel=1e-9), bot


def assert_fits(skills: dict[str, Skill], want: dict[str, tuple[float, float]]) -> None:
    """Ratings whose (mu, sigma) are `want`'s."""
    assert_close({bot: (x.mu, x.sigma) for bot, x in skills.items()}, want)


# --- the spread -------------------------------------------------------------------------------


def test_the_spread_pools_each_pairs_deviations_with_one_sample_at_the_rms() -> None:
    """By hand: a-b differences 10 and 20 deviate 5 each from their mean 15 (50); a-c's one
    sample 6 deviates 0; the pseudo-sample is the raw mean square (100 + 400 + 36) / 3; three
    samples in two pairs leave 3 - 2 + 1 = 2 degrees of freedom."""
    pairs = {("a", "b"): (2, 30.0, 500.0), ("a", "c"): (1, 6.0, 36.0)}
    assert spread(pairs) == pytest.approx(math.sqrt((50 + 536 / 3) / 2))
    # One pair of two samples: (50 + 250) / 2.
    assert spread({("a", "b"): (2, 30.0, 500.0)}) == pytest.approx(math.sqrt(150))
    # One sample alone has a spread: its own size (the pseudo-sample), so a ladder of one game
    # can be fitted at all; a pair never sampled adds nothing; no sample, no spread.
    assert spread({("a", "b"): (1, -7.0, 49.0), ("c", "d"): (0, 0.0, 0.0)}) == pytest.approx(7)
    assert spread({}) == 0.0
    samples = [("a", "b", 1.5), ("a", "b", -4.0), ("b", "c", 2.0), ("a", "c", 9.0)]
    assert spread(sums_of(samples)) == pytest.approx(pooled_spread(samples))


def test_the_spread_does_not_take_a_pairs_own_gap_for_noise() -> None:
    """Two pairs each with a steady gap (always +10, always -30): only the pseudo-sample is
    spread, so a large but consistent margin reads as skill, not as luck."""
    steady = [("a", "b", 10.0)] * 5 + [("b", "c", -30.0)] * 5
    mean_square = (5 * 100 + 5 * 900) / 10
    assert spread(sums_of(steady)) == pytest.approx(math.sqrt(mean_square / (10 - 2 + 1)))


# --- the fit ----------------------------------------------------------------------------------


def test_two_bots_in_closed_form() -> None:
    """Two bots, n samples summing S. The precision (in 1/s^2) is I/9 + n [[1, -1], [-1, 1]]
    and the pull (S, -S): by symmetry mu_a = -mu_b = m with m (1/9 + 2 n) = S, so the gap
    mu_a - mu_b = S / (n + 1/18), the mean difference shrunk a little toward 0. The posterior
    variance of the gap is s^2 / (n + 1/18); a's offset from the average is half the gap, so
    sigma = s / sqrt(4 n + 2/9) for both."""
    diffs = [3.0, 5.0, 10.0]
    n, total = len(diffs), sum(diffs)
    skills, s = rate_records("ducksoup", games_of(("alpha", "beta", d) for d in diffs), NOW)
    # s by hand: deviations around 6 are -3, -1, 4 (26); the raw mean square 134 / 3.
    assert s == pytest.approx(math.sqrt((26 + 134 / 3) / (3 - 1 + 1)))
    mu = total / (2 * n + 1 / 9)
    sigma = s / math.sqrt(4 * n + 2 / 9)
    assert (skills["alpha"].mu, skills["beta"].mu) == pytest.approx((mu, -mu))
    assert skills["alpha"].sigma == pytest.approx(sigma) == skills["beta"].sigma
    assert skills["alpha"].mu - skills["beta"].mu == pytest.approx(total / (n + 1 / 18))
    assert all(x.games == 2 * n and x.last_played == NOW for x in skills.values())


def test_a_symmetric_chain_by_hand_and_any_chain_against_the_reference() -> None:
    """a beat b and b beat c, both by S over n games: a and c mirror each other, so mu_b = 0
    and a's row of the normal equations reads mu_a / 9 + n (mu_a - 0) = S."""
    n, gap = 4, 6.0
    samples = [("a", "b", gap + e) for e in (-1, 1, -2, 2)]
    samples += [("b", "c", gap + e) for e in (2, -2, 1, -1)]
    fitted, s = fit("abc", sums_of(samples))
    assert fitted["b"][0] == pytest.approx(0.0, abs=1e-12)
    assert fitted["a"][0] == pytest.approx(n * gap / (n + 1 / 9)) == -fitted["c"][0]
    assert fitted["a"][1] == pytest.approx(fitted["c"][1])
    assert fitted["b"][1] < fitted["a"][1]  # b met both: it is the best known
    assert s == pytest.approx(pooled_spread(samples))
    assert_close(fitted, posterior("abc", samples))
    # An uneven chain: a met b 6 times, b met c twice, c and d once; and a bot `e` on the
    # ladder that never played (its prior only).
    uneven = [("a", "b", d) for d in (4.0, -1.0, 7.5, 3.0, 0.5, 2.0)]
    uneven += [("b", "c", 12.0), ("b", "c", 8.0), ("c", "d", -3.0)]
    fitted, s = fit("abcde", sums_of(uneven))
    assert_close(fitted, posterior("abcde", uneven))
    assert fitted["e"][0] == pytest.approx(0.0, abs=1e-12)
    assert math.fsum(mu for mu, _ in fitted.values()) == pytest.approx(0.0, abs=1e-9)


def test_the_ladder_is_the_same_whatever_order_its_games_came_in() -> None:
    """Every game is fitted at once: the order of the games changes nothing (the chess rating
    lists' reason to fit), and the means add up to 0 (mu is above the average bot)."""
    samples = [
        ("alpha", "beta", 5.0), ("beta", "gamma", -2.0), ("alpha", "gamma", 1.0),
        ("alpha", "beta", 9.0), ("delta", "gamma", 4.0), ("beta", "delta", -6.5),
    ]  # fmt: skip
    forward, s1 = rate_records("ducksoup", games_of(samples))
    backward, s2 = rate_records("ducksoup", games_of(reversed(samples)))
    assert s1 == pytest.approx(s2)
    assert_fits(forward, {b: (x.mu, x.sigma) for b, x in backward.items()})
    assert_fits(forward, posterior([], samples))
    assert math.fsum(x.mu for x in forward.values()) == pytest.approx(0.0, abs=1e-9)


def test_sigma_shrinks_with_every_game_and_more_games_mean_a_smaller_sigma() -> None:
    diffs = [10.0, 20.0, 10.0, 20.0, 10.0, 20.0]
    sigmas, ratios = [], []
    for n in range(1, len(diffs) + 1):
        skills, s = rate_records("ducksoup", games_of(("a", "b", d) for d in diffs[:n]))
        sigmas.append(skills["a"].sigma)
        ratios.append(skills["a"].sigma / s)
        assert ratios[-1] == pytest.approx(1 / math.sqrt(4 * n + 2 / 9))  # the closed form
    assert sigmas == sorted(sigmas, reverse=True) and len(set(sigmas)) == len(sigmas)
    # A star round b: a met it 10 times, c twice: a is known better than c.
    star = [("a", "b", 3.0 + (i % 3)) for i in range(10)] + [("b", "c", 1.0), ("b", "c", 5.0)]
    skills, _ = rate_records("ducksoup", games_of(star))
    assert skills["a"].games == 20 and skills["c"].games == 4
    assert skills["a"].sigma < skills["c"].sigma


def test_bigger_margins_rank_higher_than_more_wins() -> None:
    """The reason for the fit: `steady` beats `mid` 8 times in 10 by 1 point a deal and loses
    twice by 1; `bold` beats it only 4 times in 10, by 10, and loses 6 times by 2. Counted in
    wins steady is ahead; on the same cards bold outscored mid by 2.8 a deal, steady by 0.6,
    and the ladder puts bold first."""
    steady = [("mid", "steady", -1.0)] * 8 + [("mid", "steady", 1.0)] * 2
    bold = [("bold", "mid", 10.0)] * 4 + [("bold", "mid", -2.0)] * 6
    samples = [x for pair in zip(steady, bold, strict=True) for x in pair]
    wins = {bot: 0 for bot in ("bold", "steady")}
    for a, b, d in samples:
        winner = a if d > 0 else b
        if winner in wins:
            wins[winner] += 1
    assert wins["steady"] > wins["bold"]  # the premise: steady wins more often
    skills, s = rate_records("ducksoup", games_of(samples))
    assert skills["bold"].mu > skills["steady"].mu > skills["mid"].mu
    assert skills["bold"].sigma == pytest.approx(skills["steady"].sigma)  # the same games
    assert skills["bold"].ordinal > skills["steady"].ordinal
    assert entries(skills.items(), s)[0]["bot"] == "bold"
    assert skills["bold"].mu - skills["steady"].mu == pytest.approx(
        posterior([], samples)["bold"][0] - posterior([], samples)["steady"][0]
    )


def test_a_new_bot_is_provisional_for_about_its_first_four_games() -> None:
    """A newcomer against twelve well-known bots: its skill's variance is about
    s^2 / (k + 1/9) after k games (k samples and the prior's 1/9), its offset from the average
    of 13 bots 12/13 of it; so sigma drops below half the spread between the third and the
    fourth game. Each game re-fits the whole ladder; the others stay firm."""
    anchors = [f"anchor{i:02d}" for i in range(12)]
    pairs: dict[tuple[str, str], Sums] = {}
    for i, j in itertools.combinations(range(12), 2):
        gap = 0.5 * (j - i)  # a ladder with a real order, 100 games a pair, sd 2
        pairs[(anchors[i], anchors[j])] = (100, 100 * gap, 100 * (gap * gap + 4.0))
    fitted, s = fit(anchors, pairs)
    skills = {bot: Skill(mu, sigma, 200, 1) for bot, (mu, sigma) in fitted.items()}
    flags = []
    for k in range(1, 8):
        game = soup("newbie", anchors[k % 12], 3.0 * (-1) ** k, k)
        pairs, skills, s = refit("ducksoup", game, pairs, skills, NOW + k)
        new = skills["newbie"]
        assert new.sigma / s == pytest.approx(12 / 13 / math.sqrt(k + 1 / 9), rel=0.03)
        assert new.games == 2 * k and new.last_played == NOW + k
        assert not any(provisional(skills[a], s) for a in anchors)
        flags.append(provisional(new, s))
    assert flags == [True, True, True, False, False, False, False]


def test_refit_moves_every_bot_but_counts_only_the_games_players() -> None:
    """A game of b and c: a did not play, so it keeps its games and last_played, but the fit
    learnt more about b, so a's mu and sigma are re-fitted (to the fit of all the samples)."""
    first = [("a", "b", 4.0), ("a", "b", 6.0)]
    pairs = sums_of(first)
    before, s0 = fit([], pairs)
    skills = {bot: Skill(mu, sigma, 4, 7) for bot, (mu, sigma) in before.items()}
    after_pairs, after, s = refit("ducksoup", soup("c", "b", -5.0), pairs, skills, NOW)
    assert after_pairs == sums_of([*first, ("b", "c", 5.0)])
    assert_fits(after, posterior([], [*first, ("b", "c", 5.0)]))
    assert s == pytest.approx(pooled_spread([*first, ("b", "c", 5.0)])) != s0
    assert (after["a"].games, after["a"].last_played) == (4, 7)
    assert (after["b"].games, after["b"].last_played) == (6, NOW)
    assert (after["c"].games, after["c"].last_played) == (2, NOW)
    assert after["a"].mu != pytest.approx(skills["a"].mu)
    assert after["a"].sigma != pytest.approx(skills["a"].sigma)
    # A game without samples (one bot in every seat) changes nothing at all.
    alone = {"index": 0, "rotations": [{"bots": ["a", "a"], "deal_scores": [[40, 10]]}]}
    assert refit("ducksoup", alone, after_pairs, after, NOW + 1) == (after_pairs, after, s)
    assert rate_records("ducksoup", [alone]) == ({}, 0.0)


# --- how firm a rating is ---------------------------------------------------------------------


def test_a_bot_not_on_the_ladder_is_average_and_unknown() -> None:
    new = Skill()
    assert (new.mu, new.sigma, new.games, new.last_played) == (0.0, math.inf, 0, None)
    assert new.ordinal == -math.inf  # below every rated bot
    assert provisional(new, 100.0)


def test_firmness_is_the_interval_the_ordinal_and_half_the_spread() -> None:
    skill = Skill(2.0, 1.5, 10, 1)
    got = firmness(skill, 3.0)
    assert got == {
        "ordinal": pytest.approx(2.0 - 4.5),
        "mu_low": pytest.approx(2.0 - 1.96 * 1.5, abs=1e-4),
        "mu_high": pytest.approx(2.0 + 1.96 * 1.5, abs=1e-4),
        "provisional": False,  # exactly half the spread: firm
    }
    assert PROVISIONAL_SPREADS == 0.5
    assert firmness(skill, 2.999)["provisional"] is True
    assert firmness(skill, 3.001)["provisional"] is False
    assert firmness(Skill(2.0, 1.5001, 10, 1), 3.0)["provisional"] is True
    assert firmness(skill, 0.0)["provisional"] is True  # a ladder without a spread: no firmness


def test_entries_go_by_ordinal_then_games_then_name() -> None:
    skills = {
        "sure": Skill(1.0, 0.2, 50, 1),  # ordinal 0.4
        "lucky": Skill(3.0, 1.5, 2, 1),  # ordinal -1.5: a better mu, less sure
        "b_tied": Skill(0.0, 0.0, 5, 1),
        "a_tied": Skill(0.0, 0.0, 5, 1),
        "c_more": Skill(0.0, 0.0, 9, 1),
    }
    got = entries(skills.items(), 1.0)
    assert [e["bot"] for e in got] == ["sure", "c_more", "a_tied", "b_tied", "lucky"]
    assert [e["provisional"] for e in got] == [False, False, False, False, True]
    assert got[0] == {"bot": "sure", "kind": "outside", **skills["sure"].to_json(),
                      **firmness(skills["sure"], 1.0)}  # fmt: skip

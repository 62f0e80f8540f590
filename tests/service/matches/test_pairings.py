"""Pairings of a tournament's rounds (`service.matches.pairings`): pure, no Redis."""

from __future__ import annotations

import itertools

from service.matches.pairings import round_robin, round_robin_rounds, swiss, swiss_default_rounds


def test_round_robin_meets_every_pair_once_with_a_bye_each_when_odd() -> None:
    for n in range(3, 12):
        entrants = [f"e{i}" for i in range(n)]
        met: list[frozenset[str]] = []
        byes: list[str] = []
        for number in range(1, round_robin_rounds(n) + 1):
            pairs = round_robin(entrants, number)
            seated = [p for pair in pairs for p in pair if p is not None]
            assert sorted(seated) == sorted(entrants)  # each entrant once a round
            met += [frozenset((a, b)) for a, b in pairs if b is not None]
            byes += [a for a, b in pairs if b is None]
        assert sorted(met, key=sorted) == sorted(
            (frozenset(c) for c in itertools.combinations(entrants, 2)), key=sorted
        )
        assert sorted(byes) == (sorted(entrants) if n % 2 else [])


def test_swiss_pairs_by_standing_without_repeats_and_gives_the_bye_to_the_lowest() -> None:
    ranked = [f"e{i}" for i in range(7)]
    first = swiss(ranked, set(), set())
    assert first == [("e0", "e1"), ("e2", "e3"), ("e4", "e5"), ("e6", None)]
    played = {frozenset(("e0", "e1")), frozenset(("e2", "e3")), frozenset(("e4", "e5"))}
    second = swiss(ranked, played, {"e6"})
    assert second[-1] == ("e5", None)  # e6 had its bye: the next lowest sits out
    assert all(frozenset(p) not in played for p in second if p[1] is not None)
    assert second[0] == ("e0", "e2")  # top down: the best-placed one not yet met


def test_swiss_backs_up_rather_than_repeat_and_repeats_only_when_it_must() -> None:
    # e0-e1 and e2-e3 met: greedy e0-e2 would leave e1-e3... fine; but with e1-e3 met too,
    # e0 must take e3 so that e1 can take e2.
    played = {frozenset(p) for p in (("e0", "e1"), ("e2", "e3"), ("e1", "e3"), ("e0", "e2"))}
    assert swiss(["e0", "e1", "e2", "e3"], played, set()) == [("e0", "e3"), ("e1", "e2")]
    every = {frozenset(c) for c in itertools.combinations(["a", "b", "c", "d"], 2)}
    assert swiss(["a", "b", "c", "d"], every, set()) == [("a", "b"), ("c", "d")]


def test_swiss_rounds_default_to_log2() -> None:
    assert [swiss_default_rounds(n) for n in (3, 4, 5, 8, 9, 32)] == [2, 2, 3, 3, 4, 5]

"""Who takes a trick, for every combination of calls, by table: directly and through `apply`."""

from __future__ import annotations

import pytest
from testkit.dd_scenario import (
    new_game,
    parse_plays,
    pinned_deal,
    play_duck_course,
    play_trick,
    quiet_duck,
    ref_winner,
    scripted_deal,
)

from engine import cards
from engine.doubleduck import DOUBLEDUCK, DUCK, NO_CALL, QUACK, SOUP, trick_winner

# (course, plays from the leader, index of the winning play, why). Checked by hand against
# RULES.md section 1 "Who takes the trick".
TABLE = [
    # no call: best card of the led suit
    ("duck", "7H, 5H, 9H, KH", 1, "lowest heart wins in Duck"),
    ("soup", "7H, 5H, 9H, KH", 3, "highest heart wins in Soup"),
    ("duck", "2H, KH, 3H, 5S", 0, "2 beats 3 and K in Duck"),
    ("soup", "2H, KH, 3H, 5S", 1, "K beats 3 and 2 in Soup"),
    ("duck", "2H, AH, 5S, 5D", 1, "ace is lowest, so best, in Duck"),
    ("soup", "KH, AH, 5S, 5D", 1, "ace is highest, so best, in Soup"),
    ("duck", "AH, KH, 2H, QH", 0, "a led ace holds in Duck"),
    ("soup", "2H, KH, AH, QH", 2, "ace over king in Soup"),
    # off-suit cards never win, whatever their rank
    ("duck", "KH, AS, AC, AD", 0, "off-suit aces lose to a led king in Duck"),
    ("soup", "2H, AS, AC, KD", 0, "off-suit aces lose to a led two in Soup"),
    ("duck", "9C, 2D, 2D, 2H", 0, "off-suit identical cards win nothing"),
    # identical best cards: the later one wins
    ("duck", "9H, AH, AH, 5D", 2, "second AH beats the first"),
    ("soup", "AS, AS, 3S, 2H", 1, "second AS beats the led one"),
    ("duck", "AH, AH, 5H, 2H", 1, "uncalled duplicate of the lead wins as an ordinary card"),
    ("soup", "KS, AS, 2S, AS", 3, "fourth-hand AS beats the second-hand AS"),
    ("duck", "5S, 5S, 7S, 9S", 1, "uncalled duplicate is best and later"),
    ("soup", "5S, 5S, 7S, 9S", 3, "in Soup the 9 beats both fives"),
    # one quack
    ("duck", "5S, 5D quack, 2S, AS", 1, "a quack beats better cards of the led suit"),
    ("soup", "5S, KS, AS, 5H quack", 3, "a fourth-hand quack takes it"),
    ("duck", "5S, 5S quack, 2S, AS", 1, "the exact duplicate may quack instead of doubleduck"),
    # two quacks: the last one wins
    ("soup", "5S, 5D quack, 5C quack-quack, AS", 2, "last quack wins"),
    ("duck", "5S, 5D quack, 5C quack-quack, 5H quack-quack-quack", 3, "third quack wins"),
    ("duck", "5S, 5D quack, 2S, 5C quack-quack", 3, "quacks need not be adjacent"),
    # quack and an uncalled card of the led rank: the uncalled card cancels nobody
    ("soup", "5S, 5D quack, 5C, 2S", 1, "uncalled 5C after the quack"),
    ("duck", "5S, 5C, 5D quack, KS", 2, "uncalled 5C before the quack"),
    ("duck", "5S, 5D quack, 5S, AS", 1, "uncalled duplicate after the quack cancels nobody"),
    # doubleduck alone
    ("duck", "5S, 9S, 5S doubleduck, 2S", 2, "doubleduck beats a better spade"),
    ("soup", "3C, 3C doubleduck, 8C, 6C", 1, "doubleduck beats higher clubs in Soup"),
    # doubleduck with quacks before and after
    ("soup", "5S, 5D quack, 5S doubleduck, 2S", 2, "doubleduck after a quack"),
    ("duck", "5S, 5S doubleduck, 5D quack-quack, 5C quack-quack-quack", 1, "quacks after"),
    ("soup", "5S, 5D quack, 5S doubleduck, 5C quack-quack-quack", 2, "quacks around it"),
    ("soup", "5S, KS, 5D quack, 5S doubleduck", 3, "RULES.md vector"),
]

CALLS = {None: NO_CALL, "doubleduck": DOUBLEDUCK}


def engine_plays(text: str) -> list[tuple[int, int, int]]:
    """The table row as `trick_winner` takes it: (seat, card, call) ints, seat 0 leading."""
    return [
        (seat, cards.INDEX[card], CALLS.get(call, QUACK))
        for seat, (card, call) in enumerate(parse_plays(text))
    ]


@pytest.mark.parametrize(("course", "plays", "winner", "why"), TABLE)
def test_trick_winner_table(course: str, plays: str, winner: int, why: str) -> None:
    assert trick_winner(engine_plays(plays), DUCK if course == "duck" else SOUP) == winner, why


@pytest.mark.parametrize(("course", "plays", "winner", "why"), TABLE)
def test_reference_agrees_with_table(course: str, plays: str, winner: int, why: str) -> None:
    """The tests' own reference (used by the random-game checks) passes the same table."""
    ref = [
        (s, card, None if call is None else call.split("-")[0])
        for s, (card, call) in enumerate(parse_plays(plays))
    ]
    assert ref_winner(ref, course) == winner, why


@pytest.mark.parametrize(("course", "plays", "winner", "why"), TABLE)
def test_trick_table_through_apply(course: str, plays: str, winner: int, why: str) -> None:
    """Same table played in a real deal: trick 1 for Duck, trick 14 for Soup, seat 0 leading."""
    pins = {seat: card for seat, (card, _call) in enumerate(parse_plays(plays))}
    if course == "duck":
        game = new_game(pinned_deal(pins), leader=0)
    else:
        duck = quiet_duck(" ".join(pins.values()))
        game = new_game(scripted_deal(duck, pins), leader=0)
        play_duck_course(game, duck)
    won = play_trick(game, plays)
    assert won["course"] == course
    assert won["winner"] == winner, why
    assert game.to_act() == frozenset({winner})

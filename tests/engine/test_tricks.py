"""The trick-taking core (`engine.tricks`) and what it shares with every game."""

from __future__ import annotations

import pytest

from engine import GAMES, Event, Reason, SetupError, cards
from engine.ducksoup import DUCK, SOUP, STRENGTH
from engine.protocol import top_teams
from engine.tricks import TrickGame

TRICK_GAMES = [name for name, cls in GAMES.items() if issubclass(cls, TrickGame)]


def test_the_three_trick_games_share_the_core() -> None:
    assert sorted(TRICK_GAMES) == ["doppelkopf", "doubleduck", "ducksoup"]


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_legal_moves_are_shared_values(name: str) -> None:
    """`legal_moves` hands out the same immutable moves every turn instead of building them."""
    game = GAMES[name].new(seed="shared")
    seat = min(game.to_act())
    first, again = game.legal_moves(seat), game.legal_moves(seat)
    assert first == again
    assert all(a is b for a, b in zip(first, again, strict=True))


def test_events_have_slots() -> None:
    """Two or three events a move: no per-instance dict."""
    assert not hasattr(Event("card_played", {"seat": 0}), "__dict__")


def test_strength_table_orders_both_courses() -> None:
    def order(course: int) -> str:
        return "".join(sorted(cards.RANKS, key=lambda r: -STRENGTH[course][cards.RANKS.index(r)]))

    assert order(DUCK) == "A23456789TJQK"  # lowest wins, the ace lowest of all
    assert order(SOUP) == "AKQJT98765432"  # highest wins, the ace highest


@pytest.mark.parametrize(
    ("totals", "teams", "winners"),
    [
        ([5, 3], [[0, 2], [1, 3]], (0, 2)),
        ([3, 5], [[0, 2], [1, 3]], (1, 3)),
        ([4, 4], [[0, 2], [1, 3]], ()),
        ([1, 7, 7, 2], [[0], [1], [2], [3]], (1, 2)),
        ([0, 0, 0, 0], [[0], [1], [2], [3]], ()),
    ],
)
def test_top_teams(totals: list[int], teams: list[list[int]], winners: tuple[int, ...]) -> None:
    assert top_teams(totals, teams) == winners


@pytest.mark.parametrize(
    ("name", "field", "value"),
    [
        ("doubleduck", "game_points", [5, 0]),  # not what the totals give before the end
        ("ducksoup", "game_points", [1, 0]),
        ("doppelkopf", "phase", "bidding"),
        ("doubleduck", "hands", [[], []]),
        ("ducksoup", "totals", [0, 0, 0]),
    ],
)
def test_saved_states_that_cannot_be_are_refused(name: str, field: str, value: object) -> None:
    data = GAMES[name].new(seed="saved").to_dict()
    GAMES[name].from_dict(data)
    with pytest.raises(SetupError) as info:
        GAMES[name].from_dict({**data, field: value})
    assert info.value.reason == Reason.INVALID_STATE

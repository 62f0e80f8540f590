"""Every check listed in RULES.md section 1, each played from an explicit deal."""

from __future__ import annotations

import pytest
from testkit.dd_scenario import (
    DUCK_266,
    SOUP_266,
    deal_266,
    new_game,
    pinned_deal,
    play,
    play_duck_course,
    play_trick,
    quiet_duck,
    scripted_deal,
    to_act,
)

# --- 14 x 19 = 266 ----------------------------------------------------------------------------


def test_14_times_19_is_266() -> None:
    """One deal played trick by trick: Duck stores 14, Soup 19, the deal scores the product."""
    game = new_game(deal_266(), leader=0)
    for t, (text, _) in enumerate(DUCK_266[:12], start=1):
        won = play_trick(game, text)
        assert (won["trick_no"], won["course"], won["winner"], won["side"], won["stored"]) == (
            t,
            "duck",
            0,
            0,
            1,
        )
    assert play_trick(game, DUCK_266[12][0])["stored"] == 2
    assert game.view(0)["stored"] == {"duck": [14, 0], "soup": [0, 0]}
    for text, stored in SOUP_266:
        won = play_trick(game, text)
        assert (won["course"], won["winner"], won["stored"]) == ("soup", 0, stored), text
    res = game.result()
    assert res.deals[0]["duck"] == [14, 0]
    assert res.deals[0]["soup"] == [19, 0]
    assert res.deals[0]["score"] == [266, 0]
    assert res.totals == (266, 0)


@pytest.mark.parametrize("course", ["duck", "soup"])
def test_c3_c3_c8_c6_doubleduck_wins_one_stored(course: str) -> None:
    """A doubleduck always wins, but an all-clubs trick stores only 1 card."""
    reserved = "3C 3C 8C 6C"
    if course == "duck":
        game = new_game(pinned_deal({0: "3C", 1: "3C", 2: "8C", 3: "6C"}))
    else:
        duck = quiet_duck(reserved)
        game = new_game(scripted_deal(duck, {0: "3C", 1: "3C", 2: "8C", 3: "6C"}))
        play_duck_course(game, duck)
    # Without the call, 3C-3C would still win for seat 1 in Duck (later identical best) and in
    # Soup 8C would win: the Soup run proves the doubleduck, not the rank order, takes it.
    won = play_trick(game, "3C, 3C doubleduck, 8C, 6C")
    assert (won["course"], won["winner"], won["stored"]) == (course, 1, 1)


@pytest.mark.parametrize("course", ["duck", "soup"])
@pytest.mark.parametrize(("fourth", "stored"), [("JD quack-quack-quack", 4), ("JS doubleduck", 3)])
def test_j_quack_example_both_branches(course: str, fourth: str, stored: int) -> None:
    """Lead JS, JH quack, JC quack-quack; seat 3 holds JD and JS and picks its call."""
    pins = {0: "JS", 1: "JH", 2: "JC", 3: "JD JS"}
    if course == "duck":
        game = new_game(pinned_deal(pins))
    else:
        duck = quiet_duck("JS JH JC JD JS")
        game = new_game(scripted_deal(duck, pins))
        play_duck_course(game, duck)
    won = play_trick(game, f"JS, JH quack, JC quack-quack, {fourth}")
    assert (won["course"], won["winner"], won["side"], won["stored"]) == (course, 3, 1, stored)
    assert won["plays"][3]["spoken"] == ("Quack-quack-quack" if stored == 4 else "Doubleduck!")
    assert game.view(None)["stored"][course] == [0, stored]


def test_legal_moves_list_each_call_as_its_own_move() -> None:
    """At the J example's fourth hand: JD plain or quack; JS plain, quack or doubleduck."""
    game = new_game(pinned_deal({0: "JS", 1: "JH", 2: "JC", 3: "JD JS 2C"}))
    for seat, card, call in [(0, "JS", None), (1, "JH", "quack"), (2, "JC", "quack-quack")]:
        play(game, seat, card, call)
    legal = game.legal_moves(3)
    calls = {(m.card, m.call) for m in legal if m.card in ("JD", "JS", "2C")}
    assert calls == {
        ("JD", None),
        ("JD", "quack"),
        ("JS", None),
        ("JS", "quack"),
        ("JS", "doubleduck"),
        ("2C", None),
    }
    assert all(m.call is None for m in legal if m.card[0] != "J")
    # The leader's moves never carry a call.
    game = new_game(pinned_deal({0: "JS JS"}))
    assert all(m.call is None for m in game.legal_moves(0))
    assert game.legal_moves(1) == []


# --- the seven trick vectors (seat 0 leads) ---------------------------------------------------

VECTORS = [
    ("duck", "9H, 4H, 9S quack, 2H", 2, 2),
    ("duck", "9H, 4H, 9S, 2H", 3, 2),
    ("duck", "9H, AH, AH, 5D", 2, 2),
    ("soup", "5S, KS, 5D quack, 5S doubleduck", 3, 2),
    ("soup", "5S, 5D quack, 5C quack-quack, AS", 2, 3),
    ("soup", "AS, AS, 3S, 2H", 1, 2),
    ("soup", "5S, 5D quack, 5C, 2S", 1, 3),
]


@pytest.mark.parametrize(("course", "plays", "winner", "stored"), VECTORS)
def test_trick_vector(course: str, plays: str, winner: int, stored: int) -> None:
    """The table of RULES.md, each row a trick of a real deal led by seat 0."""
    seat_cards = {seat: p.split()[0] for seat, p in enumerate(plays.split(", "))}
    if course == "duck":
        game = new_game(pinned_deal(seat_cards), leader=0)
    else:
        duck = quiet_duck(" ".join(seat_cards.values()))
        game = new_game(scripted_deal(duck, seat_cards), leader=0)
        play_duck_course(game, duck)
        assert game.tricks_done == 13 and not game.stock
    assert to_act(game) == 0
    pile_before = len(game.piles[winner % 2])
    won = play_trick(game, plays)
    assert (won["course"], won["winner"], won["side"], won["stored"]) == (
        course,
        winner,
        winner % 2,
        stored,
    )
    # The winner leads the next trick and its side holds the stored cards.
    assert to_act(game) == winner
    assert game.view(None)["stored"][course][winner % 2] == stored
    assert len(game.piles[winner % 2]) - pile_before == stored


def test_vector_seat_to_play_after_lead_is_left() -> None:
    """Play passes to the left: after seat 0 leads, only seat 1 may play."""
    game = new_game(pinned_deal({0: "9H", 1: "4H"}), leader=0)
    play(game, 0, "9H")
    assert game.to_act() == frozenset({1})

"""The Duck Soup heuristic (bots/ducksoup_heuristic.py): legal, view-only, deterministic, and
right in pinned situations whose best move is worked out by hand in each test's docstring.

Pinned positions are real engine states (`position` builds one from a saved state: the named
hands, trick and stock, every other card already played in earlier Duck tricks), and the bot is
always called with `game.view(seat)` and that view's `legal_moves`, as the service calls it.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from bots import BOTS, decide, ducksoup_heuristic
from bots.ducksoup_heuristic import choose
from engine import cards
from engine.ducksoup import Ducksoup
from engine.protocol import Move

JSON = dict[str, Any]


def position(
    hand0: str,
    hand1: str,
    *,
    leader: int = 0,
    trick: str = "",
    stock: str = "",
    my_duck_tricks: int | None = None,
) -> Ducksoup:
    """A game in play with these hands and trick; the stock (top first) decides the course.

    Every other card was played before in two-card Duck tricks, taken alternately (or the first
    `my_duck_tricks` by seat 0 and the rest by seat 1), which sets the Duck points (the Soup
    course's weights); all of them count as seen.
    """
    game = Ducksoup.new(seed="pinned", options={"target": 1})
    state = game.to_dict()
    hands = [hand0.split(), hand1.split()]
    played = trick.split()
    top = stock.split()
    used = [c for h in hands for c in h] + played + top
    assert len(set(used)) == len(used)
    rest = [c for c in cards.NAMES if c not in used]
    assert len(rest) % 2 == 0
    state.update(
        phase="play",
        hands=hands,
        stock=top,
        trick=played,
        leader=leader,
        tricks=[
            [taker, rest[2 * i : 2 * i + 2], taker, 0, "trick"]
            for i in range(len(rest) // 2)
            for taker in [i % 2 if my_duck_tricks is None else int(i >= my_duck_tricks)]
        ],
    )
    return Ducksoup.from_dict(state)


def pick(game: Ducksoup, seed: int = 0) -> JSON:
    """The bot's move for the seat to act, from that seat's view only."""
    (seat,) = game.to_act()
    view = game.view(seat)
    move = choose(view, view["legal_moves"], random.Random(seed), 5.0)
    assert move in view["legal_moves"]
    return move


def play(card: str) -> JSON:
    return {"type": "play", "card": card}


# --- contract: legal, view only, deterministic, fast ----------------------------------------


@pytest.mark.parametrize("other", ["heuristic", "random"])
def test_random_games_only_legal_moves(other: str) -> None:
    """Whole games through the engine, the bot in both seats (and against random): every move
    it returns is one of its view's legal moves, through `decide` as the service calls it."""
    for seed in range(30):
        game = Ducksoup.new(seed=f"legal:{other}:{seed}", options={"target": 1})
        bots = ("heuristic", other) if seed % 2 else (other, "heuristic")
        turn = 0
        while not game.is_over():
            if game.deal_pending():
                game.next_deal()
                continue
            (seat,) = game.to_act()
            view = game.view(seat)
            if bots[seat] == "heuristic":
                chosen = choose(copy.deepcopy(view), view["legal_moves"], random.Random(turn), 5.0)
                assert chosen in view["legal_moves"], (seed, turn, chosen)
            move = decide(bots[seat], game, seat, random.Random(turn))
            assert move is not None
            game.apply(seat, move)
            turn += 1


def test_registered_as_the_ducksoup_heuristic() -> None:
    assert BOTS["heuristic"].policies["ducksoup"] is ducksoup_heuristic.choose


def test_the_view_is_all_it_uses() -> None:
    """Two games that differ only in what seat 0 cannot see (which unseen cards the opponent
    holds and which are in the stock) get the same move: the bot reads nothing else. The view
    is left unchanged."""
    mine = "2C 5C 9D KD AH 3H 7H QH 4S 8S JS KS 6D"
    hidden = [c for c in cards.NAMES if c not in mine.split()]
    first = position(mine, " ".join(hidden[:13]), stock=" ".join(hidden[13:]))
    second = position(mine, " ".join(hidden[-13:]), stock=" ".join(hidden[:-13]))
    assert first.view(0) == second.view(0)
    for seed in range(5):
        view = first.view(0)
        before = copy.deepcopy(view)
        move = choose(view, view["legal_moves"], random.Random(seed), 5.0)
        assert view == before
        assert move == pick(second, seed)


def test_same_view_same_generator_same_move() -> None:
    game = Ducksoup.new(seed="det", options={"target": 1})
    for _ in range(20):
        (seat,) = game.to_act()
        view = game.view(seat)
        moves = {
            str(choose(copy.deepcopy(view), view["legal_moves"], random.Random(7), 5.0))
            for _ in range(3)
        }
        assert len(moves) == 1
        game.apply(seat, Move.from_json(pick(game)))


# --- taking tricks ------------------------------------------------------------------------------


def test_duck_leader_leads_the_card_nothing_can_beat_or_match() -> None:
    """Duck course: AC and the three other twos are played, so my 2C can be neither beaten
    (only the ace is lower) nor matched: a sure trick, 2 points when they answer off suit. Each
    of my other cards can be beaten by an unseen lower card of its suit or quacked."""
    mine = "2C 9D KD QH 8H JS TS 7S 6D 5H 4S QD JD"
    played = ["AC", "2D", "2H", "2S", "AD", "AH", "3C", "4C"]
    unseen = [c for c in cards.NAMES if c not in mine.split() and c not in played]
    game = position(mine, " ".join(unseen[:13]), leader=0, stock=" ".join(unseen[13:]))
    assert game.view(0)["course"] == "duck"
    assert pick(game) == play("2C")


def test_soup_follower_quacks_when_the_leader_cannot_hold_the_third() -> None:
    """Soup, 7S led; the leader's hand (all unseen cards) has no other 7, so matching with 7H
    takes the pair face up for 2 points, sure; beating with 8S would take only 1."""
    game = position("7H 8S 2C 3C 4C 5C", "3D 4D 5D 6D 9D", leader=1, trick="7S")
    assert game.view(0)["course"] == "soup"
    assert pick(game) == play("7H")


def test_duck_follower_quacks_when_the_other_cards_of_the_rank_are_gone() -> None:
    """Duck course, 9C led; the two other nines are already played, so the leader holds no
    third card: matching with 9H is a sure 2 points (face up), more than beating with 5C (1)."""
    mine = "9H 5C KS QS JS TS 8D 7D 6D QH JH TH 8H"
    stock = "AD 2D 3D 4D 5D AC 2C 3C 4C AS 2S 3S 4S 5S 6S 7S 8S AH"
    game = position(mine, "KC QC JC TC 8C 7C 6C 2H 3H 4H 5H 6H", leader=1, trick="9C", stock=stock)
    assert game.view(0)["course"] == "duck"
    assert {"9D", "9S"} <= {p["card"] for t in game.view(0)["tricks"] for p in t["plays"]}
    assert pick(game) == play("9H")


def test_soup_leader_avoids_leading_into_a_known_quack() -> None:
    """Soup, I lead from QS 5H; the opponent holds QD 9C. Leading QS lets them quack (no third
    queen here: they take 2) and then 9C beats nothing but takes 2 off 5H: -4. Leading 5H gives
    me 2 (9C or QD off suit) and at worst a quack on QS later: +2 -2. So 5H."""
    game = position("QS 5H", "QD 9C", leader=0)
    assert pick(game) == play("5H")


def test_soup_follower_beats_when_it_can_and_keeps_the_lead() -> None:
    """Soup, last two tricks: they lead KH and keep 2C; I hold AH 3S. AH takes KH (1 point), then
    I lead 3S and 2C is off suit (2 more). 3S would give them 2 and the lead, and 2C's trick
    (AH off suit, 2 more): +3 against -4."""
    game = position("AH 3S", "2C", leader=1, trick="KH")
    assert pick(game) == play("AH")


def test_soup_endgame_is_solved_not_guessed() -> None:
    """Soup, two tricks left: I hold KH 3S, they hold 3D KS. Leading 3S (keeping the master KH)
    loses: KS takes it (1) with the lead, and 3D then takes 2 off my KH: -3. Leading KH, their
    best is to quack with KS (2, I hold no other king), but then their 3D lead is matched by my
    3S on their last card, which takes the pair: 2 - 2 = 0. Only a search sees the last trick."""
    game = position("KH 3S", "3D KS", leader=0)
    assert pick(game) == play("KH")


def test_soup_follower_does_not_quack_into_a_known_third() -> None:
    """Soup: they lead 8S and keep 8C; I hold 8D 9H. Matching with 8D lets them play the third
    eight, and my 9H then gives them the second pair too (4 points). Throwing 9H gives them 2,
    and their last card 8C then meets my 8D, a quack on their last card: mine, 2. 0 against -4."""
    game = position("8D 9H", "8C", leader=1, trick="8S")
    assert pick(game) == play("9H")


def test_soup_follower_keeps_what_answers_their_next_leads() -> None:
    """Soup: they lead 7D and keep QC TD; I hold 8C TC 6S and no diamond, so they take 2 whatever
    I throw. Throwing 6S keeps two clubs: their QC lead then takes only a club (1), and their
    TD meets my TC on their last card (a quack, mine: 2): -2 -1 +2. Throwing a club leaves 6S,
    which one of their leads takes for 2: -2 at best, -5 for TC."""
    game = position("8C TC 6S", "QC TD", leader=1, trick="7D")
    assert pick(game) == play("6S")


def test_a_solve_past_its_node_budget_falls_back_to_one_trick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The exact search is bounded by a node count (deterministic, unlike a clock): past it
    the bot answers from the one-trick evaluation, which here keeps the master KH and leads
    3S, the move the search refutes."""
    game = position("KH 3S", "3D KS", leader=0)
    monkeypatch.setattr(ducksoup_heuristic, "SOLVE_NODES", 1)
    assert pick(game) == play("3S")


# --- the quack sequence -------------------------------------------------------------------------


def test_leader_plays_the_third_when_the_fourth_is_gone() -> None:
    """8C led, 8D matched; I hold 8H and 8S was played earlier: the follower cannot hold the
    fourth, so the third card takes both pairs (3 or 4 points) instead of conceding 2."""
    mine = "8H 2C KS QS JS TS 9D 7D 6D QH JH TH"
    stock = "AD 2D 3D 4D 5D AC 3C 4C 5C AS 2S 3S 4S 5S 6S 7S AH 9H"
    game = position(mine, "KC QC JC TC 9C 7C 6C 2H 3H 4H 5H 6H", trick="8C 8D", stock=stock)
    assert game.view(0)["choice_pending"]
    assert pick(game) == play("8H")


def test_soup_leader_concedes_when_the_follower_holds_the_fourth() -> None:
    """Soup: 8C led, 8D matched, I hold 8H but the follower's known hand has 8S: the third card
    would hand them all four (4 points), conceding gives 2."""
    game = position("8H 2C 3C", "8S 4D 5D", trick="8C 8D")
    assert game.view(0)["choice_pending"]
    assert pick(game) == {"type": "concede"}


def test_soup_leader_plays_the_third_when_the_follower_has_no_fourth() -> None:
    """The same, but the fourth eight is in my hand: the third card wins both pairs."""
    game = position("8H 8S 3C", "2C 4D 5D", trick="8C 8D")
    assert pick(game) in (play("8H"), play("8S"))


def test_soup_counting_decides_the_choice_with_long_hands() -> None:
    """As the two tests above, with hands too long to solve: the known hand decides alone."""
    holds_fourth = position("8H 2C 3C 4C 5C", "8S 4D 5D 6D 7D", trick="8C 8D")
    no_fourth = position("8H 8S 3C 4C 5C", "2C 4D 5D 6D 7D", trick="8C 8D")
    assert pick(holds_fourth) == {"type": "concede"}
    assert pick(no_fourth) in (play("8H"), play("8S"))


def test_follower_plays_the_fourth_card_for_duck_soup() -> None:
    """8C led, 8D matched, 8H third: holding 8S the follower takes all four (4 points)."""
    game = position("9H 2C 3C", "8S KD 5D", trick="8C 8D 8H", stock="AS 2S 3S")
    assert pick(game) == play("8S")


# --- the two courses ----------------------------------------------------------------------------


def test_duck_follower_that_cannot_win_keeps_its_soup_cards() -> None:
    """Late in the Duck course (2 cards left in the stock, so this hand is nearly the Soup
    hand), AC led: nothing beats it and I hold no ace, so the leader takes the trick whatever
    I play. I throw a low card (a three or four), never a king or queen kept for the Soup."""
    mine = "KS QS KD QD 3H 7S 9D TH JH JS 8D 6S 4D"
    others = [c for c in cards.NAMES if c not in mine.split() and c != "AC"]
    game = position(
        mine, " ".join(others[:12]), leader=1, trick="AC", stock=" ".join(others[12:14])
    )
    assert game.view(0)["stock_count"] == 2
    move = pick(game)
    assert move["card"][0] in "34"


def test_soup_weights_follow_the_duck_points() -> None:
    """Soup, they lead KH and keep 2S; I hold 2H TS. 2H (lower heart) gives them 1, then TS beats
    2S for my 1: 1 each. TS (off suit) gives them 2, then they lead 2S and my 2H matches it on
    their last card, so I take that pair: 2 each. The deal score is Duck x Soup: with more Duck
    points than theirs, 2 each is better for me; with fewer (here a few, or none at all), each
    Soup point of theirs costs more than mine brings, and 1 each is better."""
    rich = position("2H TS", "2S", leader=1, trick="KH", my_duck_tricks=24)
    poor = position("2H TS", "2S", leader=1, trick="KH", my_duck_tricks=0)
    few = position("2H TS", "2S", leader=1, trick="KH", my_duck_tricks=1)
    assert rich.view(0)["points"]["duck"][1] == 0
    assert poor.view(0)["points"]["duck"][0] == 0
    assert 0 < few.view(0)["points"]["duck"][0] < few.view(0)["points"]["duck"][1]
    assert pick(rich) == play("TS")
    assert pick(poor) == play("2H")
    assert pick(few) == play("2H")

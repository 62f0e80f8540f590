"""The Duck heuristic: always legal in real games, and the clear choices of pinned positions.

A position pins the cards that matter (the bot's hand, some pile tops, the other hand sizes);
the rest of the cards still in the game fill the other hands, piles and the draw pile in a
fixed shuffled order, and the engine checks that the 69 cards add up. The bot is called with
`game.view(seat)` and that view's legal moves, exactly as `bots.decide` calls it.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections import Counter
from collections.abc import Mapping

import pytest

from bots import HEURISTICS, duck_heuristic, random_bot
from engine.duck import DECK, INDEX, Duck
from engine.protocol import JSON


def position(
    seats: int,
    hand: str,
    *,
    sizes: Mapping[int, int] | None = None,
    tops: Mapping[int, str] | None = None,
    seat: int = 0,
    fill_seed: int = 0,
) -> Duck:
    """A round in play with `seat` to act holding `hand`; other seats hold `sizes` cards (7 if
    not given) and show `tops` (else one card from the rest); the rest is the draw pile."""
    game = Duck.new(seats, seed="pinned", options={"first_dealer": (seat - 1) % seats})
    if game.deal_pending():
        game.next_deal()
    pinned = [INDEX[c] for c in hand.split()]
    top_cards = {s: INDEX[c] for s, c in (tops or {}).items()}
    rest = Counter(DECK)
    rest.subtract(pinned)
    rest.subtract(top_cards.values())
    assert all(n >= 0 for n in rest.values()), "more copies pinned than the deck holds"
    pool = sorted(rest.elements())
    random.Random(fill_seed).shuffle(pool)
    hands = [
        pinned if s == seat else [pool.pop() for _ in range((sizes or {}).get(s, 7))]
        for s in range(seats)
    ]
    game.hands = hands
    game.piles = [[top_cards[s]] if s in top_cards else [pool.pop()] for s in range(seats)]
    game.stock = pool
    game.turn = seat
    Duck.from_dict(game.to_dict())  # the engine's own check that the position is whole
    return game


def choice(game: Duck, seed: int = 0) -> JSON:
    (seat,) = game.to_act()
    view = game.view(seat)
    move = duck_heuristic.choose(view, view["legal_moves"], random.Random(seed), 5.0)
    assert move in view["legal_moves"]
    assert move == duck_heuristic._decide(view)  # the rule's move, not the safety fallback
    return move


def play_game(seats: int, seed: int, bots: list[str]) -> int:
    """A whole game through the engine; every heuristic move must be one of the legal ones."""
    game = Duck.new(seats, seed=f"duck-heuristic:{seats}:{seed}")
    rng = random.Random(seed)
    moves = 0
    while not game.is_over():
        if game.deal_pending():
            game.next_deal()
            continue
        (seat,) = game.to_act()
        view = game.view(seat)
        legal = view["legal_moves"]
        if bots[seat] == "heuristic":
            move = duck_heuristic.choose(view, legal, rng, 5.0)
            assert move in legal, (move, view["hand"])
            # The rule's own move is legal: the fallback that keeps a broken rule legal is unused.
            assert len(legal) == 1 or duck_heuristic._decide(view) == move
        else:
            move = random_bot.choose(view, legal, rng, 5.0)
        game.apply(seat, move)
        moves += 1
    return moves


# --- always legal -----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_always_a_legal_move_in_all_seats(seats: int) -> None:
    for seed in range(25):
        assert play_game(seats, seed, ["heuristic"] * seats) > 0


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_always_a_legal_move_among_random_players(seats: int) -> None:
    for seed in range(25):
        bots = ["random"] * seats
        bots[seed % seats] = "heuristic"
        assert play_game(seats, seed, bots) > 0


def test_registered_as_the_duck_heuristic() -> None:
    assert HEURISTICS["duck"] is duck_heuristic.choose


# --- clear choices ----------------------------------------------------------------------------


def test_goes_out_when_it_can() -> None:
    # 21 is too much to duck; the three 7s are one set, so the whole hand goes at once.
    game = position(4, "Y7 B7 R7")
    move = choice(game)
    assert move["type"] == "play"
    assert sorted(move["cards"]) == ["B7", "R7", "Y7"]
    assert "draw" not in move


def test_goes_out_with_a_run() -> None:
    game = position(3, "R4 R5 R6 R7 R8", sizes={1: 2, 2: 2})
    move = choice(game)
    assert sorted(move["cards"]) == ["R4", "R5", "R6", "R7", "R8"]


def test_ducks_with_a_very_low_sum_when_the_others_hold_many_cards() -> None:
    game = position(4, "Y0 B1 R2", sizes={1: 7, 2: 6, 3: 7})
    assert choice(game) == {"type": "duck"}


def test_ducks_at_ten_when_every_other_hand_is_full() -> None:
    game = position(4, "Y2 B3 R5")
    assert choice(game) == {"type": "duck"}


def test_does_not_duck_at_ten_when_a_neighbour_holds_one_card() -> None:
    # The same hand as above, but one card in the left neighbour's hand is very likely lower.
    game = position(4, "Y2 B3 R5", sizes={1: 1})
    assert choice(game)["type"] == "play"


def test_prefers_a_set_of_high_cards_over_a_single_low_card() -> None:
    game = position(4, "Y7 B7 R7 Y1 B4 R0 Y5")
    move = choice(game)
    assert sorted(move["cards"]) == ["B7", "R7", "Y7"]


def test_draws_a_neighbours_top_that_completes_a_run() -> None:
    # After shedding the 8s, B5 makes B5 B6 B7 a run: better than the draw pile's average card,
    # though a 5 alone would not be. The right neighbour's R5 combines with nothing.
    game = position(4, "B6 B7 R8 Y8 Y1 R3 Y4", tops={1: "B5", 3: "R5"})
    move = choice(game)
    assert sorted(move["cards"]) == ["R8", "Y8"]
    assert move["draw"] == "left"


def test_takes_the_draw_pile_when_the_tops_are_high_and_useless() -> None:
    game = position(4, "B6 B7 R8 Y8 Y1 R3 Y4", tops={1: "Y6", 3: "R5"})
    assert choice(game)["draw"] == "stock"


def test_leaves_the_highest_card_of_a_run_on_top() -> None:
    # Only a run can go: it is laid ascending, so a neighbour may draw the 8, not the 6.
    game = position(4, "B6 B7 B8 Y1 R3 Y4 R0")
    move = choice(game)
    assert move["cards"] == ["B6", "B7", "B8"]


# --- only the view, determinism, speed --------------------------------------------------------


def test_uses_only_the_view_and_leaves_it_unchanged() -> None:
    # Two tables that differ only in cards the seat cannot see (other hands, the draw pile):
    # the views are equal, so the move is too, and the view is not changed by choosing.
    tops = {0: "R1", 1: "Y3", 2: "B2", 3: "R6"}
    one = position(4, "Y7 B7 R7 Y1 B4 R0 Y5", tops=tops, fill_seed=1)
    two = position(4, "Y7 B7 R7 Y1 B4 R0 Y5", tops=tops, fill_seed=2)
    assert one.hands[1:] != two.hands[1:] and one.stock != two.stock
    view = json.loads(json.dumps(one.view(0)))
    assert view == two.view(0)
    before = copy.deepcopy(view)
    move = duck_heuristic.choose(view, view["legal_moves"], random.Random(1), 5.0)
    assert view == before
    assert move == choice(two, seed=1) == choice(one, seed=7)


@pytest.mark.parametrize(
    ("hand", "listed"),
    [
        ("Y5 Y5 Y5 B5 B5 R5 R5", 1500),  # every order of every set of seven 5s: the longest list
        ("Y5 Y5 B5 B5 R5 R5 Y4", 800),  # a long list where every play and draw is weighed
    ],
)
def test_long_listings_take_under_five_ms(hand: str, listed: int) -> None:
    game = position(4, hand)
    view = game.view(0)
    legal = view["legal_moves"]
    assert len(legal) > listed
    best = float("inf")
    for _ in range(9):  # the best of several: a busy machine only ever adds time
        start = time.perf_counter()
        duck_heuristic.choose(view, legal, random.Random(0), 5.0)
        best = min(best, time.perf_counter() - start)
    assert best < 0.005

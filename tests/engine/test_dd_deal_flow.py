"""The dealer's steps: dealing, drawing, change of course, scoring, dealer rotation, game end."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from testkit.dd_scenario import (
    DUCK_266,
    SOUP_266,
    deal_266,
    new_game,
    pinned_deal,
    play_266,
    quiet_duck,
    scripted_deal,
    to_act,
)

from engine.doubleduck import DECK_NAMES, Doubleduck, game_points
from engine.protocol import JSON, Event, Move


def hands_of(game: Doubleduck) -> list[Counter[str]]:
    return [Counter(h) for h in game.to_dict()["hands"]]


def drawn(events: list[Event]) -> list[tuple[int, str, int | None]]:
    return [
        (e.data["seat"], e.data["card"], e.visible_to) for e in events if e.type == "card_drawn"
    ]


def test_draw_order_winner_first_then_clockwise() -> None:
    """Trick 1 is won by seat 2, trick 2 by seat 1; each draws the stock top in that order."""
    pins = {0: "9H QD", 1: "4H 3D", 2: "9S 8D", 3: "2H KD"}
    game = new_game(pinned_deal(pins, "KC QC JC TC 9C 8C 7C 6C"), leader=0)
    before = hands_of(game)
    events: list[Event] = []
    for seat, card, call in [(0, "9H", None), (1, "4H", None), (2, "9S", "quack"), (3, "2H", None)]:
        events = game.apply(seat, Move("play", card, call))
    assert drawn(events) == [(2, "KC", 2), (3, "QC", 3), (0, "JC", 0), (1, "TC", 1)]
    assert [e.data for e in events if e.type == "cards_drawn"] == [
        {"order": [2, 3, 0, 1], "stock_count": 48}
    ]
    after = hands_of(game)
    played = ["9H", "4H", "9S", "2H"]
    for seat, card in zip(range(4), ["JC", "TC", "KC", "QC"], strict=True):
        assert after[seat] == before[seat] - Counter([played[seat]]) + Counter([card])
    assert to_act(game) == 2
    # Trick 2, led by seat 2: in Duck the lowest diamond, seat 1's 3D, takes it.
    events = []
    for seat, card in [(2, "8D"), (3, "KD"), (0, "QD"), (1, "3D")]:
        events = game.apply(seat, Move("play", card))
    assert drawn(events) == [(1, "9C", 1), (2, "8C", 2), (3, "7C", 3), (0, "6C", 0)]
    assert len(game.to_dict()["stock"]) == 44


def test_draws_happen_only_after_the_trick_is_complete() -> None:
    game = new_game(pinned_deal({0: "9H", 1: "4H", 2: "9S"}), leader=0)
    for seat, card in [(0, "9H"), (1, "4H"), (2, "9S")]:
        assert drawn(game.apply(seat, Move("play", card))) == []
        assert len(game.stock) == 52
    assert [len(h) for h in game.hands] == [12, 12, 12, 13]


def test_duck_course_keeps_13_stock_empties_after_trick_13_soup_from_hand() -> None:
    """Scripted deal: the Soup hands are exactly what the stock delivered."""
    soup = {0: "AS AS KS", 1: "2C 2C", 2: "QH", 3: "JD JD"}
    duck = quiet_duck("AS AS KS 2C 2C QH JD JD")
    deal = scripted_deal(duck, soup)
    game = new_game(deal, leader=0)
    courses = []
    for t, (text, _winner) in enumerate(duck, start=1):
        assert [len(h) for h in game.hands] == [13] * 4
        assert len(game.to_dict()["stock"]) == 52 - 4 * (t - 1)
        events: list[Event] = []
        for card in text.split(", "):
            events += game.apply(to_act(game), Move("play", card))
        courses += [e for e in events if e.type == "course_changed"]
        assert len(drawn(events)) == 4
        assert (t == 13) == bool(courses)
    assert game.to_dict()["stock"] == []
    assert courses[0].data == {"course": "soup"}
    # The Soup hands: every card of the stock, dealt four at a time in the draw order.
    want = [Counter(deal.stock[s::4]) for s in range(4)]  # seat 0 won every trick
    assert hands_of(game) == want
    for s, text in soup.items():
        assert not Counter(text.split()) - want[s]
    # Soup tricks: no draws, hands shrink to 0.
    for t in range(13):
        assert [len(h) for h in game.hands] == [13 - t] * 4
        assert game.view(0)["course"] == "soup"
        events = []
        for _ in range(4):
            seat = to_act(game)
            events += game.apply(seat, game.legal_moves(seat)[0])
        assert drawn(events) == []
        assert not [e for e in events if e.type == "cards_drawn"]
    assert [len(h) for h in game.hands] == [0] * 4
    assert game.deal_pending() or game.is_over()


def test_shuffled_deal_is_dealt_one_at_a_time_from_the_dealers_left() -> None:
    """The seeded order goes card by card to dealer+1, dealer+2, ...; the rest is the stock."""
    for first_dealer in range(4):
        game = Doubleduck.new(seed="deal-order", options={"first_dealer": first_dealer})
        order_ints = list(range(104))
        game.deal_rng(1).shuffle(order_ints)
        order = [DECK_NAMES[i] for i in order_ints]
        want = [Counter() for _ in range(4)]
        for i in range(52):
            want[(first_dealer + 1 + i) % 4][order[i]] += 1
        assert hands_of(game) == want
        assert game.to_dict()["stock"] == order[52:]


def run_deal(game: Doubleduck, rng: random.Random) -> list[Event]:
    events: list[Event] = []
    while not game.deal_pending() and not game.is_over():
        seat = to_act(game)
        events += game.apply(seat, rng.choice(game.legal_moves(seat)))
    return events


@pytest.mark.parametrize("first_dealer", range(4))
def test_dealer_rotates_left_and_dealers_left_leads(first_dealer: int) -> None:
    rng = random.Random(first_dealer)
    options = {"first_dealer": first_dealer, "target": 100_000}  # always four deals
    game = Doubleduck.new(seed=f"rot{first_dealer}", options=options)
    for deal_no in range(1, 5):
        dealer = (first_dealer + deal_no - 1) % 4
        view = game.view(None)
        assert (view["deal_no"], view["dealer"], view["leader"]) == (
            deal_no,
            dealer,
            dealer + 1 & 3,
        )
        assert game.to_act() == frozenset({(dealer + 1) % 4})
        run_deal(game, rng)
        if deal_no < 4:
            events = game.next_deal()
            assert events[0].data == {
                "deal_no": deal_no + 1,
                "dealer": (dealer + 1) % 4,
                "leader": (dealer + 2) % 4,
                "dealt_by": "server_shuffle",
                "deal_commitment": game.commitments[-1]["deal_commitment"],
            }
            assert [e.visible_to for e in events[1:]] == [0, 1, 2, 3]
    assert game.is_over()
    assert [d["dealer"] for d in game.result().deals] == [(first_dealer + k) % 4 for k in range(4)]


def test_deal_266_scores_for_whichever_side_the_script_leader_sits() -> None:
    """Turned one seat, the same deal scores 266 for side 1 (seats 1 and 3)."""
    game = new_game(deal_266(1), leader=1)
    play_266(game)
    assert game.result().deals[0]["score"] == [0, 266]
    assert game.result().deals[0]["duck"] == [0, 14]
    assert game.result().deals[0]["soup"] == [0, 19]


def test_four_deals_of_266_alternating_sides_end_in_a_draw() -> None:
    """Four deals (max_deals), 532:532, nobody reached 1000: a draw, no game points."""
    game = new_game(deal_266(0), leader=0)
    for deal_no in range(1, 5):
        leader = (deal_no - 1) % 4  # first dealer 3: the leader moves left each deal
        assert to_act(game) == leader
        play_266(game)
        assert game.result().deals[-1]["score"] == ([266, 0] if leader % 2 == 0 else [0, 266])
        if deal_no < 4:
            assert game.deal_pending() and not game.is_over()
            game.next_deal(deal_266(deal_no % 4))
    res = game.result()
    assert res.over and game.is_over() and not game.deal_pending()
    assert res.totals == (532, 532)
    assert res.game_points == (0, 0)
    assert res.winners == ()


@pytest.mark.parametrize(
    ("leader", "target", "max_deals", "deals", "points"),
    [
        (0, 266, 4, 1, (5, 0)),  # reached on the first deal: 2 + 3 unplayed
        (1, 266, 4, 1, (0, 5)),
        (0, 266, 2, 1, (3, 0)),  # 2 + 1 unplayed
        (0, 266, 1, 1, (2, 0)),  # reached on the last deal
        (0, 267, 1, 1, (1, 0)),  # max deals, target not reached
        (0, 532, 4, 3, (3, 0)),  # side 0 at 266, 266, 532 after deal 3: 2 + 1 unplayed
        (1, 532, 4, 3, (0, 3)),
    ],
)
def test_game_end_by_target_or_max_deals(
    leader: int, target: int, max_deals: int, deals: int, points: tuple[int, int]
) -> None:
    game = new_game(deal_266(leader), leader=leader, target=target, max_deals=max_deals)
    for deal_no in range(1, deals + 1):
        assert not game.is_over()
        play_266(game)
        if deal_no < deals:
            game.next_deal(deal_266((leader + deal_no) % 4))
    res = game.result()
    assert res.over and len(res.deals) == deals
    assert res.game_points == points
    win = 0 if points[0] else 1
    assert res.winners == (win, win + 2)
    assert game.to_act() == frozenset()


def recorded_deal(seed: str) -> tuple[list[tuple[int, Move]], list[int]]:
    """One random deal: its moves and its score."""
    game = Doubleduck.new(seed=seed, options={"max_deals": 1})
    rng = random.Random(seed)
    moves: list[tuple[int, Move]] = []
    while not game.is_over():
        seat = to_act(game)
        move = rng.choice(game.legal_moves(seat))
        moves.append((seat, move))
        game.apply(seat, move)
    return moves, list(game.result().deals[0]["score"])


def replay_with(seed: str, moves: list[tuple[int, Move]], **options: int) -> Doubleduck:
    game = Doubleduck.new(seed=seed, options=options)
    for seat, move in moves:
        game.apply(seat, move)
    assert game.deal_pending() or game.is_over()
    return game


def two_sided_deal() -> tuple[str, list[tuple[int, Move]], list[int]]:
    """A seeded random deal in which both sides score and the scores differ."""
    for n in range(100):
        moves, score = recorded_deal(f"two-sided-{n}")
        if min(score) > 0 and score[0] != score[1]:
            return f"two-sided-{n}", moves, score
    raise AssertionError("no two-sided deal in 100 seeds")


def test_target_reached_by_both_sides_in_one_deal_gives_1_point() -> None:
    seed, moves, score = two_sided_deal()
    game = replay_with(seed, moves, target=min(score))
    hi = 0 if score[0] > score[1] else 1
    res = game.result()
    assert res.over and res.totals == tuple(score)
    assert res.game_points == tuple(1 if s == hi else 0 for s in (0, 1))
    assert res.winners == (hi, hi + 2)


def test_target_reached_by_the_winner_only_gives_2_plus_unplayed() -> None:
    seed, moves, score = two_sided_deal()
    hi = 0 if score[0] > score[1] else 1
    for max_deals, points in ((4, 5), (3, 4), (2, 3), (1, 2)):
        res = replay_with(seed, moves, target=max(score), max_deals=max_deals).result()
        assert res.over
        assert res.game_points[hi] == points and res.game_points[1 - hi] == 0
    # One point short of the target: the game goes on to the next deal.
    game = replay_with(seed, moves, target=max(score) + 1)
    assert game.deal_pending() and not game.is_over()
    assert game.result().game_points == (0, 0) and game.result().winners == ()


GAME_POINTS: list[tuple[list[int], int, int, list[int]]] = [
    # (totals, target, deals unplayed, game points) by RULES.md section 1 "Game"
    ([700, 300], 1000, 0, [1, 0]),  # four deals, nobody at the target
    ([300, 700], 1000, 0, [0, 1]),
    ([999, 998], 1000, 0, [1, 0]),
    ([1000, 999], 1000, 0, [2, 0]),  # reached exactly, on the last deal
    ([1000, 999], 1000, 1, [3, 0]),
    ([999, 1000], 1000, 2, [0, 4]),
    ([2704, 0], 1000, 3, [5, 0]),  # first deal alone: the maximum of 5
    ([2704, 0], 1000, 4, [5, 0]),  # never more than 5
    ([1500, 1000], 1000, 2, [1, 0]),  # both at the target: 1 to the higher
    ([1001, 1200], 1000, 3, [0, 1]),
    ([1000, 1000], 1000, 2, [0, 0]),  # equal totals: a draw
    ([532, 532], 1000, 0, [0, 0]),
    ([0, 0], 1000, 0, [0, 0]),
    ([266, 0], 266, 3, [5, 0]),  # a smaller target option works the same way
]


@pytest.mark.parametrize(("totals", "target", "unplayed", "points"), GAME_POINTS)
def test_game_points_table(
    totals: list[int], target: int, unplayed: int, points: list[int]
) -> None:
    assert game_points(totals, target, unplayed) == points


def test_game_over_events_and_result() -> None:
    game = new_game(deal_266(0), leader=0, target=266)
    events: list[Event] = []
    for text, _ in [*DUCK_266, *SOUP_266]:
        events = [
            e for card in text.split(", ") for e in game.apply(to_act(game), Move("play", card))
        ]
    scored = [e.data for e in events if e.type == "deal_scored"]
    over = [e.data for e in events if e.type == "game_over"]
    assert scored == [
        {
            "deal_no": 1,
            "dealer": 3,
            "duck": [14, 0],
            "soup": [19, 0],
            "score": [266, 0],
            "totals": [266, 0],
        }
    ]
    assert over == [{"totals": [266, 0], "game_points": [5, 0], "winners": [0, 2]}]
    view: JSON = game.view(0)
    assert (view["phase"], view["to_act"], view["legal_moves"]) == ("game_over", [], [])
    assert view["game_points"] == [5, 0] and view["winners"] == [0, 2]

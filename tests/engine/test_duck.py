"""Duck rules scenarios (RULES.md section 3): each test pins a round and plays it like a script.

Hands used below (sums in brackets):
DUCKER Y0 Y1 B1 R1 Y2 B2 R2 [9], TIE9 B0 R0 Y1 B1 R1 Y3 Y3 [9], LOWER B0 R0 Y1 B1 R1 Y2 Y2 [7],
HIGH Y7 B7 R7 Y6 B6 R6 Y5 [44], HIGH2 Y7 B7 R7 Y6 B6 R6 B5 [44], MID Y3 B3 R3 B4 R4 Y4 B2 [23].
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from test_duck_scenario import (
    FULL_DECK,
    banked_so_far,
    cards_of,
    duck,
    hand,
    new_game,
    next_round,
    one_event,
    pinned_deal,
    play,
    ref_round,
    refuse,
    state,
    to_act,
    tops,
    total,
    value,
)

from engine.duck import Duck
from engine.protocol import Deal, MoveError, Reason, SetupError

DUCKER = "Y0 Y1 B1 R1 Y2 B2 R2"
TIE9 = "B0 R0 Y1 B1 R1 Y3 Y3"
LOWER = "B0 R0 Y1 B1 R1 Y2 Y2"
HIGH = "Y7 B7 R7 Y6 B6 R6 Y5"
HIGH2 = "Y7 B7 R7 Y6 B6 R6 B5"
MID = "Y3 B3 R3 B4 R4 Y4 B2"


def test_hand_sums_are_as_the_docstring_says() -> None:
    sums = [total(cards_of(h)) for h in (DUCKER, TIE9, LOWER, HIGH, HIGH2, MID)]
    assert sums == [9, 9, 7, 44, 44, 23]


def round_over(events: list) -> dict:
    event = one_event(events, "deal_scored")
    assert event.visible_to is None, "the end of a round is public"
    return dict(event.data)


def check_against_reference(record: dict, red: tuple[int, ...] = (2, 2, 3, 3, 4)) -> None:
    """The engine's round record agrees with the reference scoring written in the helpers."""
    ref = ref_round(record["revealed"], record["seat"], record["end"], record["deal_no"], [*red])
    assert [value(c) if c else None for c in record["banked"]] == ref["banked"]
    assert record["discarded"] == ref["discarded"]
    assert record["score"] == ref["score"]


# --- ducking ------------------------------------------------------------------------------------


def test_correct_duck_green_lifebelt_ducker_banks_highest_highest_other_discards() -> None:
    game = new_game(3, pinned_deal(3, {0: DUCKER, 1: HIGH, 2: MID}))
    assert to_act(game) == 0
    record = round_over(duck(game, 0))
    assert record["end"] == "duck" and record["duck_verdict"] == "correct" and record["seat"] == 0
    assert record["lifebelt"] == {
        "seat": 0,
        "deal_no": 1,
        "value": 6,
        "side": "green",
        "points": 6,
    }
    # Highest number; among equal numbers the first colour in Y, B, R order.
    assert record["banked"] == ["Y2", None, "Y4"]
    assert record["discarded"] == [1]
    assert record["score"] == [6 + 2, 0, 4]
    assert record["sums"] == [9, 44, 23]
    assert [sorted(h) for h in record["revealed"]] == [
        sorted(cards_of(h)) for h in (DUCKER, HIGH, MID)
    ]
    check_against_reference(record)
    view = game.view(2)
    assert view["banked"] == [["Y2"], [], ["Y4"]]
    assert view["lifebelts"][0] == [{"deal_no": 1, "value": 6, "side": "green", "points": 6}]
    assert view["totals"] == [8, 0, 4]
    assert game.deal_pending() and game.to_act() == frozenset()


def test_duck_at_exactly_ten_is_allowed_and_eleven_is_refused() -> None:
    ten = "Y1 B1 R1 Y2 B2 R2 Y1"
    eleven = "Y1 B1 R1 Y2 B2 R2 Y2"
    assert (total(cards_of(ten)), total(cards_of(eleven))) == (10, 11)
    game = new_game(3, pinned_deal(3, {0: eleven, 1: HIGH, 2: MID}))
    assert {"type": "duck"} not in game.view(0)["legal_moves"]
    refuse(game, 0, {"type": "duck"}, Reason.ILLEGAL_MOVE, "10 or less")
    game = new_game(3, pinned_deal(3, {0: ten, 1: HIGH, 2: MID}))
    assert game.view(0)["legal_moves"][0] == {"type": "duck"}
    assert round_over(duck(game, 0))["duck_verdict"] == "correct"


def test_wrong_duck_by_a_tie_red_lifebelt_and_no_bank() -> None:
    game = new_game(3, pinned_deal(3, {0: DUCKER, 1: HIGH, 2: TIE9}))
    record = round_over(duck(game, 0))
    assert record["duck_verdict"] == "wrong"
    assert record["lifebelt"]["side"] == "red" and record["lifebelt"]["points"] == -2
    assert record["banked"] == [None, None, "Y3"]
    assert record["discarded"] == [1]
    assert record["score"] == [-2, 0, 3]
    check_against_reference(record)
    assert game.view(None)["totals"] == [-2, 0, 3]


def test_wrong_duck_by_a_lower_sum() -> None:
    game = new_game(4, pinned_deal(4, {1: DUCKER, 2: HIGH, 3: MID, 0: LOWER}), first=1)
    record = round_over(duck(game, 1))
    assert record["duck_verdict"] == "wrong" and record["lifebelt"]["points"] == -2
    assert record["banked"] == ["Y2", None, None, "Y4"]
    assert record["discarded"] == [2]
    check_against_reference(record)


def test_duck_on_a_later_turn_after_the_hand_got_low() -> None:
    low_after = "Y8 Y0 B0 R0 Y1 B1 R1"  # 11 with Y8, 3 once it is played
    game = new_game(3, pinned_deal(3, {0: low_after, 1: HIGH, 2: MID}, stock="R2"))
    refuse(game, 0, {"type": "duck"}, Reason.ILLEGAL_MOVE)
    play(game, 0, "Y8", "stock")
    play(game, 1, "Y5", "stock")
    play(game, 2, "B2", "stock")
    assert game.view(0)["hand_sum"] == 5
    record = round_over(duck(game, 0))
    assert record["duck_verdict"] == "correct" and record["banked"][0] == "R2"


def test_others_tied_for_highest_all_discard_after_a_duck() -> None:
    game = new_game(4, pinned_deal(4, {0: DUCKER, 1: HIGH, 2: HIGH2, 3: MID}))
    record = round_over(duck(game, 0))
    assert record["discarded"] == [1, 2]
    assert record["banked"] == ["Y2", None, None, "Y4"]
    check_against_reference(record)


def test_three_players_both_others_tied_both_discard() -> None:
    game = new_game(3, pinned_deal(3, {0: DUCKER, 1: HIGH, 2: HIGH2}))
    record = round_over(duck(game, 0))
    assert record["discarded"] == [1, 2] and record["banked"] == ["Y2", None, None]
    assert record["score"] == [8, 0, 0]


# --- going out ----------------------------------------------------------------------------------


def test_going_out_over_two_turns_green_lifebelt_and_no_draw() -> None:
    deal = pinned_deal(3, {0: "B2 B3 B4 B5 B6 R3 R3", 1: HIGH, 2: MID}, stock="Y3 Y8 B8")
    game = new_game(3, deal)
    play(game, 0, "B2 B3 B4 B5 B6", "stock")
    assert sorted(hand(game, 0)) == ["R3", "R3", "Y3"]
    play(game, 1, "Y5", "stock")
    play(game, 2, "B2", "stock")
    refuse(game, 0, {"type": "play", "cards": ["R3", "Y3", "R3"], "draw": "stock"},
           Reason.ILLEGAL_MOVE, "no draw")  # fmt: skip
    assert {"type": "play", "cards": ["R3", "Y3", "R3"]} in game.view(0)["legal_moves"]
    record = round_over(play(game, 0, "R3 Y3 R3"))
    assert record["end"] == "out" and record["seat"] == 0 and record["duck_verdict"] is None
    assert record["lifebelt"]["side"] == "green" and record["lifebelt"]["points"] == 6
    assert record["revealed"][0] == []
    assert record["sums"] == [0, 47, 29]
    assert record["discarded"] == [1] and record["banked"] == [None, None, "B8"]
    assert record["score"] == [6, 0, 8]
    check_against_reference(record)


def test_going_out_with_ties_for_the_highest_sum() -> None:
    deal = pinned_deal(4, {0: "Y1 Y2 Y3 Y4 Y5 Y6 Y7", 1: HIGH, 2: HIGH2, 3: MID})
    game = new_game(4, deal)
    record = round_over(play(game, 0, "Y7 Y6 Y5 Y4 Y3 Y2 Y1"))
    assert record["end"] == "out"
    assert record["discarded"] == [1, 2] and record["banked"] == [None, None, None, "Y4"]
    assert record["score"] == [6, 0, 0, 4]
    check_against_reference(record)


def test_all_hands_are_shown_at_the_end_of_a_round() -> None:
    deal = pinned_deal(5, {0: DUCKER})
    game = new_game(5, deal)
    events = duck(game, 0)
    record = round_over(events)
    assert [sorted(h) for h in record["revealed"]] == [sorted(h) for h in deal.hands]
    for seat in range(5):
        assert game.view(seat)["deals"][0]["revealed"] == record["revealed"]


# --- drawing ------------------------------------------------------------------------------------


def test_drawing_from_each_source() -> None:
    deal = pinned_deal(
        3,
        {0: "R5 Y7", 1: "B5 B7", 2: "Y5 R7"},
        {0: "Y8", 1: "B8", 2: "R8"},
        stock="Y0",
    )
    game = new_game(3, deal)
    count = game.view(None)["stock_count"]
    assert count == 69 - 3 * 8

    events = play(game, 0, "R5", "stock")
    private = one_event(events, "stock_card")
    assert private.visible_to == 0 and private.data == {"seat": 0, "card": "Y0"}
    public = one_event(events, "card_drawn")
    assert public.visible_to is None and "card" not in public.data
    assert public.data["source"] == "stock" and public.data["stock_count"] == count - 1
    assert "Y0" in hand(game, 0)
    assert game.view(None)["stock_count"] == count - 1
    for seat in (None, 1, 2):
        assert "Y0" not in json.dumps(game.view(seat))

    events = play(game, 1, "B5", "left")  # seat 1's left is seat 2
    drawn = one_event(events, "card_drawn")
    assert drawn.visible_to is None
    assert drawn.data == {
        "seat": 1,
        "source": "left",
        "from_seat": 2,
        "card": "R8",
        "top": None,
    }
    assert "R8" in hand(game, 1)
    assert game.view(None)["piles"][2] == {"top": None, "size": 0}

    events = play(game, 2, "Y5", "right")  # seat 2's right is seat 1, which just played B5
    assert one_event(events, "card_drawn").data["card"] == "B5"
    assert "B5" in hand(game, 2)
    assert tops(game) == ["R5", "B8", "Y5"]
    assert game.view(None)["stock_count"] == count - 1


def test_left_and_right_with_three_players_are_the_next_and_previous_seat() -> None:
    game = new_game(3, pinned_deal(3))
    for seat in range(3):
        view = game.view(seat)
        assert (view["left"], view["right"]) == ((seat + 1) % 3, (seat - 1) % 3)


def test_an_empty_neighbour_pile_cannot_be_chosen() -> None:
    game = new_game(3, pinned_deal(3, {1: "R5", 2: "B5"}, {0: "Y8"}), first=1)
    play(game, 1, "R5", "right")  # the dealer's face-up card: seat 0's pile is now empty
    assert "Y8" in hand(game, 1)
    refuse(game, 2, {"type": "play", "cards": ["B5"], "draw": "left"}, Reason.ILLEGAL_MOVE, "empty")
    draws = {m.get("draw") for m in game.view(2)["legal_moves"] if m["type"] == "play"}
    assert draws == {"stock", "right"}
    play(game, 2, "B5", "right")


def test_an_empty_draw_pile_cannot_be_chosen() -> None:
    game = new_game(5, pinned_deal(5))
    while game.view(None)["stock_count"]:
        seat = to_act(game)
        play(game, seat, hand(game, seat)[0], "stock")
    seat = to_act(game)
    card = hand(game, seat)[0]
    refuse(game, seat, {"type": "play", "cards": [card], "draw": "stock"}, Reason.ILLEGAL_MOVE)
    draws = {m.get("draw") for m in game.view(seat)["legal_moves"] if m["type"] == "play"}
    assert draws == {"left", "right"}
    play(game, seat, card, "left")
    assert game.view(None)["hand_sizes"][seat] == 7


def test_no_draw_when_every_source_is_empty() -> None:
    """Unreachable by play (the right neighbour has always just played), so the state is
    arranged: the draw pile and both neighbour piles go onto seat 0's own pile."""
    game = new_game(3, pinned_deal(3, {0: "Y5 B5"}))
    data = game.to_dict()
    data["piles"][0] = data["piles"][0] + data["piles"][1] + data["piles"][2] + data["stock"]
    data["piles"][1], data["piles"][2], data["stock"] = [], [], []
    game = Duck.from_dict(data)
    moves = game.view(0)["legal_moves"]
    assert moves and all("draw" not in m for m in moves)
    for source in ("stock", "left", "right"):
        refuse(game, 0, {"type": "play", "cards": ["Y5"], "draw": source}, Reason.ILLEGAL_MOVE)
    play(game, 0, "Y5 B5")
    assert game.view(None)["hand_sizes"][0] == 5


def test_a_draw_is_required_when_a_source_holds_a_card() -> None:
    game = new_game(3, pinned_deal(3, {0: "Y5"}))
    refuse(game, 0, {"type": "play", "cards": ["Y5"]}, Reason.ILLEGAL_MOVE, "must draw")


# --- sets and runs ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("held", "cards", "words"),
    [
        ("B2 B3 B5", "B2 B3 B5", "consecutive"),
        ("B2 B3 B3 B4", "B2 B3 B3 B4", "consecutive"),
        ("Y7 Y8 Y0", "Y7 Y8 Y0", "wrap"),
        ("Y8 Y0 Y1", "Y8 Y0 Y1", "wrap"),
        ("Y1 Y0 Y8", "Y1 Y0 Y8", "wrap"),
        ("B2 R3 B4", "B2 R3 B4", "one colour"),
        ("B2 B3 B4", "B3 B2 B4", "ascending or descending"),
        ("B2 B3", "B2 B3", "3 or more"),
        ("B2 R2 B3", "B2 R2 B3", "one colour"),
    ],
)
def test_bad_runs_are_refused(held: str, cards: str, words: str) -> None:
    game = new_game(3, pinned_deal(3, {0: held}))
    move = {"type": "play", "cards": cards_of(cards), "draw": "stock"}
    refuse(game, 0, move, Reason.ILLEGAL_MOVE, words)
    assert move not in game.view(0)["legal_moves"]


@pytest.mark.parametrize(
    ("held", "cards", "top"),
    [
        ("Y5 B5 R5", "R5 Y5 B5", "B5"),
        ("Y5 B5 R5", "B5 R5 Y5", "Y5"),
        ("Y5 Y5", "Y5 Y5", "Y5"),
        ("R0", "R0", "R0"),
        ("B2 B3 B4", "B2 B3 B4", "B4"),
        ("B2 B3 B4", "B4 B3 B2", "B2"),
        ("R0 R1 R2 R3 R4 R5 R6", "R0 R1 R2 R3 R4 R5 R6", "R6"),
        ("Y6 Y7 Y8", "Y8 Y7 Y6", "Y6"),
    ],
)
def test_sets_of_any_colours_and_runs_either_way_the_last_card_on_top(
    held: str, cards: str, top: str
) -> None:
    game = new_game(3, pinned_deal(3, {0: held}, {0: "B0"}))
    draw = None if len(cards_of(cards)) == 7 else "stock"
    play(game, 0, cards, draw)
    if game.deal_pending():
        return  # seven cards went out; the pile was gathered
    assert tops(game)[0] == top
    assert game.view(None)["piles"][0]["size"] == 1 + len(cards_of(cards))


def test_the_order_of_a_set_decides_what_shows_when_the_top_is_drawn() -> None:
    game = new_game(3, pinned_deal(3, {0: "R5 Y5 B5", 1: "Y1"}, {0: "B0"}))
    play(game, 0, "R5 Y5 B5", "stock")
    events = play(game, 1, "Y1", "right")
    assert one_event(events, "card_drawn").data["card"] == "B5"
    assert one_event(events, "card_drawn").data["top"] == "Y5"
    assert tops(game)[0] == "Y5"


# --- other refusals -----------------------------------------------------------------------------


def test_refusals_name_their_reason_and_change_nothing() -> None:
    game = new_game(3, pinned_deal(3, {0: "Y5 B5 R1", 1: "Y6"}))
    refuse(game, 1, {"type": "play", "cards": ["Y6"], "draw": "stock"}, Reason.NOT_YOUR_TURN)
    refuse(game, 7, {"type": "duck"}, Reason.NOT_YOUR_TURN)
    refuse(game, 0, {"type": "play", "cards": ["Y6"], "draw": "stock"}, Reason.CARD_NOT_IN_HAND)
    refuse(game, 0, {"type": "play", "cards": ["Y5", "Y5"], "draw": "stock"},
           Reason.CARD_NOT_IN_HAND, "Y5")  # fmt: skip
    for move in (
        {"type": "play"},
        {"type": "play", "cards": []},
        {"type": "play", "cards": ["Z9"], "draw": "stock"},
        {"type": "play", "cards": ["y5"], "draw": "stock"},
        {"type": "play", "cards": ["Y5"], "draw": "floor"},
        {"type": "play", "card": "Y5", "draw": "stock"},
        {"type": "play", "cards": ["Y5"], "draw": "stock", "call": "quack"},
        {"type": "duck", "cards": ["Y5"]},
        {"type": "duck", "draw": "stock"},
        {"type": "pass"},
        {"cards": ["Y5"]},
        {"type": "play", "cards": "Y5"},
        ["play"],
    ):
        refuse(game, 0, move, Reason.MALFORMED_MOVE)
    refuse(game, 0, {"type": "play", "cards": ["Y5", "R1"], "draw": "stock"}, Reason.ILLEGAL_MOVE)


def test_moves_between_rounds_and_after_the_game_are_refused() -> None:
    game = new_game(3, pinned_deal(3, {0: DUCKER}))
    with pytest.raises(MoveError) as info:
        game.next_deal()
    assert info.value.reason == Reason.NO_DEAL_PENDING
    duck(game, 0)
    refuse(game, 1, {"type": "duck"}, Reason.DEAL_PENDING)
    for _ in range(4):
        game.next_deal()
        while not game.deal_pending() and not game.is_over():
            seat = to_act(game)
            move = game.legal_moves(seat)[0]
            game.apply(seat, move)
    assert game.is_over() and game.result().over
    refuse(game, 0, {"type": "duck"}, Reason.GAME_OVER)
    with pytest.raises(MoveError) as info:
        game.next_deal()
    assert info.value.reason == Reason.GAME_OVER


# --- seats, rounds, deals -----------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("first_dealer", [0, 2])
def test_deal_sizes_and_the_dealer_moves_left_each_round(seats: int, first_dealer: int) -> None:
    import random

    game = Duck.new(seats, seed="rotation", options={"first_dealer": first_dealer})
    rng = random.Random(seats)
    for round_no in range(1, 6):
        view = game.view(None)
        dealer = (first_dealer + round_no - 1) % seats
        assert (view["deal_no"], view["dealer"], view["to_act"]) == (
            round_no,
            dealer,
            [(dealer + 1) % seats],
        )
        assert view["hand_sizes"] == [7] * seats
        assert [p["size"] for p in view["piles"]] == [1] * seats
        in_game = 69 - len(banked_so_far(game))
        assert view["stock_count"] == in_game - 8 * seats
        game.clone().playout(rng)  # a clone: the game itself is untouched
        assert game.view(None) == view
        game.playout(rng)
        assert len(game.result().deals) == round_no
        if round_no < 5:
            assert game.deal_pending()
            game.next_deal()
    assert game.is_over()


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_random_deal_of_round_one_is_exactly_the_deck(seats: int) -> None:
    data = Duck.new(seats, seed="deck").to_dict()
    everything = [c for h in data["hands"] for c in h] + [c for p in data["piles"] for c in p]
    assert Counter(everything + data["stock"]) == Counter(FULL_DECK)


def test_explicit_deals_are_checked() -> None:
    good = pinned_deal(3)
    face = dict(good.extra)
    cases = [
        Deal(good.hands[:2], good.stock, face),
        Deal((good.hands[0][:6], *good.hands[1:]), (good.hands[0][6], *good.stock), face),
        Deal(good.hands, good.stock),
        Deal(good.hands, good.stock, {"face_up": face["face_up"][:2]}),
        Deal(good.hands, good.stock, {**face, "towels": ("Y1",)}),
        Deal(good.hands, (*good.stock, "Y8"), face),
        Deal(good.hands, good.stock[:-1], face),
        Deal(good.hands, ("Q9", *good.stock[1:]), face),
    ]
    for deal in cases:
        with pytest.raises(SetupError) as info:
            new_game(3, deal)
        assert info.value.reason == Reason.INVALID_DEAL
    assert new_game(3, Deal.from_json(good.to_json())).view(None)["deal_no"] == 1


def test_explicit_deal_sets_hands_face_up_cards_and_stock_order() -> None:
    deal = pinned_deal(4, {2: "Y8 B8 R8"}, {3: "Y0"}, stock="B0 R0")
    game = new_game(4, deal)
    data = game.to_dict()
    assert data["hands"] == [list(h) for h in deal.hands]
    assert tops(game) == list(deal.extra["face_up"])
    assert data["stock"] == list(deal.stock)
    play(game, 0, hand(game, 0)[0], "stock")
    assert "B0" in hand(game, 0)


@pytest.mark.parametrize(
    ("seats", "options", "reason"),
    [
        (2, {}, Reason.INVALID_SEATS),
        (6, {}, Reason.INVALID_SEATS),
        (3, {"first_dealer": 3}, Reason.INVALID_OPTIONS),
        (3, {"first_dealer": -1}, Reason.INVALID_OPTIONS),
        (3, {"red_penalties": [1, 2, 3]}, Reason.INVALID_OPTIONS),
        (3, {"red_penalties": [1, 2, 3, 4, -5]}, Reason.INVALID_OPTIONS),
        (3, {"red_penalties": [1, 2, 3, 4, "5"]}, Reason.INVALID_OPTIONS),
        (3, {"red_penalties": 2}, Reason.INVALID_OPTIONS),
        (3, {"towels": 1}, Reason.INVALID_OPTIONS),
    ],
)
def test_bad_setups_are_refused(seats: int, options: dict, reason: Reason) -> None:
    with pytest.raises(SetupError) as info:
        Duck.new(seats, seed="x", options=options)
    assert info.value.reason == reason


def test_catalog_lists_the_options_with_defaults() -> None:
    cat = Duck.catalog()
    assert (cat["name"], cat["title"], cat["min_seats"], cat["max_seats"]) == ("duck", "Duck", 3, 5)
    defaults = {o["name"]: o["default"] for o in cat["options"]}
    assert defaults == {"first_dealer": 0, "red_penalties": [2, 2, 3, 3, 4]}


# --- the turn cap -------------------------------------------------------------------------------


def shuffle_cards_around(game: Duck, turns: int) -> None:
    """Each seat plays one card and draws back the card its right neighbour just played."""
    for _ in range(turns):
        seat = to_act(game)
        play(game, seat, hand(game, seat)[0], "right")


def test_the_300th_turn_ends_the_round_with_nothing_banked_and_no_lifebelt() -> None:
    game = new_game(3, pinned_deal(3))
    shuffle_cards_around(game, 299)
    assert not game.deal_pending() and game.view(None)["turns"] == 299
    seat = to_act(game)
    events = play(game, seat, hand(game, seat)[0], "right")
    record = round_over(events)
    assert record["end"] == "cap" and record["turns"] == 300
    assert record["lifebelt"] is None and record["seat"] is None
    assert record["banked"] == [None] * 3 and record["discarded"] == []
    assert record["score"] == [0, 0, 0]
    view = game.view(None)
    assert view["banked"] == [[], [], []] and view["lifebelts"] == [[], [], []]
    # The lifebelt belongs to its round: round 2 hands out the 7 (seat 1 plays first).
    next_round(game, hands={1: DUCKER, 2: HIGH, 0: MID})
    assert game.view(None)["lifebelt"] == 7
    assert round_over(duck(game, 1))["lifebelt"]["value"] == 7


def test_a_game_of_capped_rounds_is_a_tie_shared_by_all() -> None:
    game = new_game(4, pinned_deal(4))
    for round_no in range(1, 6):
        shuffle_cards_around(game, 300)
        assert game.result().deals[-1]["end"] == "cap"
        if round_no < 5:
            game.next_deal()
    result = game.result()
    assert result.over and result.totals == (0, 0, 0, 0)
    assert result.winners == (0, 1, 2, 3)


# --- lifebelts, penalties, banking across rounds --------------------------------------------------


def lowest(cards: list[str], k: int) -> list[str]:
    return sorted(cards, key=lambda c: (value(c), c))[:k]


@pytest.mark.parametrize("red", [[2, 2, 3, 3, 4], [1, 3, 5, 7, 9], [0, 0, 0, 0, 0]])
def test_lifebelts_6_to_10_by_round_and_red_penalties_from_the_option(red: list[int]) -> None:
    options = {} if red == [2, 2, 3, 3, 4] else {"red_penalties": red}
    correct = {1: False, 2: True, 3: False, 4: True, 5: False}
    game: Duck | None = None
    for round_no in range(1, 6):
        in_game = Counter(FULL_DECK)
        if game is not None:
            in_game.subtract(banked_so_far(game))
        pool = sorted(in_game.elements(), key=lambda c: (value(c), c))
        seats = 3
        first = (round_no - 1) % seats  # first dealer 2: round k starts at seat k - 1
        nxt = (first + 1) % seats
        if correct[round_no]:
            pins = {first: " ".join(pool[:7])}
        else:
            # The 14 lowest cards dealt in turn: the ducker's sum is the same or higher.
            pins = {nxt: " ".join(pool[0:14:2]), first: " ".join(pool[1:14:2])}
        assert total(cards_of(pins[first])) <= 10
        if game is None:
            game = new_game(seats, pinned_deal(seats, pins), first=0, **options)
        else:
            next_round(game, hands=pins)
        assert to_act(game) == first
        assert game.view(None)["lifebelt"] == 5 + round_no
        record = round_over(duck(game, first))
        assert record["duck_verdict"] == ("correct" if correct[round_no] else "wrong")
        want = 5 + round_no if correct[round_no] else -red[round_no - 1]
        assert record["lifebelt"]["value"] == 5 + round_no
        assert record["lifebelt"]["points"] == want
        check_against_reference(record, tuple(red))
    assert game is not None and game.is_over()
    belts = game.view(None)["lifebelts"]
    assert sorted(b["value"] for seat in belts for b in seat) == [6, 7, 8, 9, 10]
    result = game.result()
    for seat in range(3):
        banked = sum(value(c) for c in game.view(None)["banked"][seat])
        assert result.totals[seat] == banked + sum(b["points"] for b in belts[seat])
    best = max(result.totals)
    assert result.winners == tuple(s for s in range(3) if result.totals[s] == best)
    assert result.game_points == tuple(1 if s in result.winners else 0 for s in range(3))


def test_banked_cards_leave_the_game_for_good() -> None:
    mid8 = "Y3 B3 R3 B4 R4 Y4 Y8"  # banks its single Y8
    game = new_game(3, pinned_deal(3, {0: DUCKER, 1: HIGH, 2: mid8}))
    record = round_over(duck(game, 0))
    assert record["banked"] == ["Y2", None, "Y8"]
    full = pinned_deal(3)  # all 69 cards: the banked ones are back, so refused
    before = state(game)
    with pytest.raises(SetupError) as info:
        game.next_deal(full)
    assert info.value.reason == Reason.INVALID_DEAL and "banked" in info.value.message
    assert state(game) == before
    game.next_deal()
    data = game.to_dict()
    live = [c for h in data["hands"] for c in h] + [c for p in data["piles"] for c in p]
    live += data["stock"]
    assert len(live) == 67 and "Y8" not in live
    assert Counter(live) + Counter(["Y2", "Y8"]) == Counter(FULL_DECK)
    # An explicit round 2 is exactly the 67 cards still in the game.
    game2 = new_game(3, pinned_deal(3, {0: DUCKER, 1: HIGH, 2: mid8}))
    duck(game2, 0)
    next_round(game2, hands={1: "Y2 Y2"})
    assert game2.view(None)["stock_count"] == 67 - 24


def test_the_highest_total_wins_alone() -> None:
    game = new_game(3, pinned_deal(3, {0: DUCKER, 1: HIGH, 2: MID}))
    duck(game, 0)
    for _ in range(4):
        game.next_deal()
        shuffle_cards_around(game, 300)
    result = game.result()
    assert result.totals == (8, 0, 4) and result.winners == (0,)
    assert result.game_points == (1, 0, 0)
    over = game.result().deals[-1]
    assert over["deal_no"] == 5


# --- views --------------------------------------------------------------------------------------


def test_views_show_own_hand_pile_tops_and_sizes_only() -> None:
    faces = {0: "R8", 1: "Y8", 2: "B8"}
    game = new_game(3, pinned_deal(3, {0: "Y5 B5 R5", 1: HIGH, 2: MID}, faces), seed="s3cr3t")
    play(game, 0, "Y5 B5 R5", "stock")
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        text = json.dumps(view)
        assert "s3cr3t" not in text and '"hands"' not in text and '"stock":' not in text
        assert view["piles"][0] == {"top": "R5", "size": 4}
        assert "Y5" not in json.dumps(view["piles"]) and "R8" not in json.dumps(view["piles"])
        assert view["hand_sizes"] == [5, 7, 7]
        if seat is None:
            assert "hand" not in view and "legal_moves" not in view
        else:
            assert len(view["hand"]) == view["hand_sizes"][seat]
    assert sorted(game.view(1)["hand"]) == sorted(cards_of(HIGH))
    assert game.view(0)["legal_moves"] == []
    assert game.view(1)["legal_moves"]


def test_legal_moves_follow_the_rules_exactly() -> None:
    """Every play of every order of every sub-multiset of the hand, judged by a reference
    written here, matches the listed moves exactly (and each is accepted)."""
    from itertools import pairwise, permutations

    def ref_ok(seq: tuple[str, ...]) -> bool:
        nums = [value(c) for c in seq]
        if len(set(nums)) == 1:
            return True
        if len(seq) < 3 or len({c[0] for c in seq}) != 1:
            return False
        diffs = {b - a for a, b in pairwise(nums)}
        return diffs in ({1}, {-1})

    for held in ("B2 B3 B4 Y3 R3 B5 Y0", "Y4 Y4 B4 B4 R4 R4 Y4", "R0 R1 R2 R3 Y8 B8 R8"):
        game = new_game(3, pinned_deal(3, {0: held}))
        cards = cards_of(held)
        want: set[tuple[str, ...]] = set()
        for k in range(1, 8):
            for seq in permutations(cards, k):
                if ref_ok(seq):
                    want.add(seq)
        moves = game.legal_moves(0)
        plays = [m for m in moves if m.type == "play"]
        assert len({m.text() for m in moves}) == len(moves)
        got = {m.cards for m in plays}
        assert got == want
        for seq in want:
            draws = sorted(m.draw or "" for m in plays if m.cards == seq)
            assert draws == ([""] if len(seq) == 7 else ["left", "right", "stock"])
        assert (Counter(m.type for m in moves)["duck"] == 1) == (total(cards) <= 10)
        for m in moves[:: max(1, len(moves) // 40)]:
            trial = game.clone()
            trial.apply(0, m)

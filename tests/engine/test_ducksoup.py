"""Duck Soup rules, scenario by scenario (RULES.md section 2), from explicit deals.

A test pins only the cards that matter (`pinned_deal({0: "7H", 1: "7S"})`) or scripts whole
deals trick by trick (`scripted_deal([...])`); the helpers complete the deck deterministically.
Winners, points and draw order come from the scripts and from tables checked by hand against
RULES.md, never from the engine, so a broken rule shows up as a failed test.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from engine.ducksoup import Ducksoup
from engine.protocol import Deal, Event, Move, MoveError, Reason, SetupError

SUITS = "CDHS"
RANKS = "A23456789TJQK"
DECK = [r + s for s in SUITS for r in RANKS]
# Reference orders, written from RULES.md apart from the engine's tables (weakest first):
# Duck: lowest of the led suit wins, ace low; Soup: highest wins, ace high.
ORDER = {"duck": "KQJT98765432A", "soup": "23456789TJQKA"}


# --- helpers --------------------------------------------------------------------------------


def cards_of(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _rest(pinned: Sequence[str], fill_seed: int) -> list[str]:
    """The deck minus the pinned cards, in a fixed shuffled order."""
    count = Counter(pinned)
    assert all(n == 1 for n in count.values()), f"pinned twice: {count.most_common(2)}"
    assert set(pinned) <= set(DECK), f"no such cards: {set(pinned) - set(DECK)}"
    rest = [c for c in DECK if c not in count]
    random.Random(fill_seed).shuffle(rest)
    return rest


def pinned_deal(hands: dict[int, str] | None = None, stock: str = "", fill_seed: int = 0) -> Deal:
    """A full deal with the given cards in the given hands and on top of the stock (top first)."""
    pinned_hands = {s: cards_of(t) for s, t in (hands or {}).items()}
    top = cards_of(stock)
    rest = _rest([c for h in pinned_hands.values() for c in h] + top, fill_seed)
    out = []
    for seat in (0, 1):
        hand = pinned_hands.get(seat, [])
        while len(hand) < 13:
            hand.append(rest.pop())
        out.append(tuple(hand))
    return Deal(hands=tuple(out), stock=tuple(top + rest))


@dataclass
class Trick:
    words: list[str]  # cards in play order, and "concede" where the leader concedes
    taker: int
    points: int | None  # expected points, None when the script does not care
    course: str


@dataclass
class Script:
    deal: Deal
    leader: int
    tricks: list[Trick]
    done: int = 0  # tricks already played by `play_script`


def _plan(spec: str, course: str, pool: list[str]) -> tuple[str, str]:
    """Two cards from `pool` for a filler trick: `L2` the leader takes with two suits, `L1` the
    leader takes with one suit, `F1` the follower takes (one suit), `L` either leader take."""
    by_suit = {s: [c for c in pool if c[1] == s] for s in SUITS}
    suits = sorted((s for s in SUITS if by_suit[s]), key=lambda s: -len(by_suit[s]))
    if spec in ("L2", "L"):
        lead = by_suit[suits[0]][0]
        for s in suits[1:]:
            for c in by_suit[s]:
                if c[0] != lead[0]:  # another suit and another rank: it loses to the lead
                    return lead, c
        assert spec == "L", f"no L2 trick left in {pool}"
        spec = "L1"
    assert len(by_suit[suits[0]]) >= 2, f"no one-suit trick left in {pool}"
    a, b = by_suit[suits[0]][:2]
    strong, weak = (a, b) if ORDER[course].index(a[0]) > ORDER[course].index(b[0]) else (b, a)
    return (strong, weak) if spec == "L1" else (weak, strong)


def scripted_deal(
    items: Sequence[str | tuple[str, int, int | None]], *, leader: int = 0, fill_seed: int = 0
) -> Script:
    """The deal that makes a scripted deal possible, trick by trick.

    An item is a filler spec (see `_plan`) or (cards in play order with "concede" where the
    leader concedes, taker seat, expected points or None). Items run out into `L` fillers. The
    first 13 cards a seat plays are its hand; the rest reach it through the stock, stacked in
    the draw order of RULES.md: after each Duck trick, one at a time, alternately, the taker
    first, until each holds 13 or the stock is empty.
    """
    explicit = [c for it in items if isinstance(it, tuple) for c in cards_of(it[0])]
    pool = _rest([c for c in explicit if c != "concede"], fill_seed)
    plays: list[list[str]] = [[], []]
    draws: list[int] = []
    held, stock, lead = [13, 13], 26, leader
    tricks: list[Trick] = []
    queue = list(items)
    while held != [0, 0]:
        item = queue.pop(0) if queue else "L"
        course = "duck" if stock else "soup"
        if isinstance(item, str):
            first, second = _plan(item, course, pool)
            pool.remove(first)
            pool.remove(second)
            words = [first, second]
            taker = 1 - lead if item == "F1" else lead
            points = {"L2": 2, "L1": 1, "F1": 1}.get(item)
        else:
            words, taker, points = cards_of(item[0]), item[1], item[2]
        played = [w for w in words if w != "concede"]
        for i, card in enumerate(played):
            plays[(lead + i) % 2].append(card)
            held[(lead + i) % 2] -= 1
        assert min(held) >= 0, "a seat plays more cards than it holds"
        if stock:
            seat = taker
            while stock and min(held) < 13:
                if held[seat] < 13:
                    draws.append(seat)
                    held[seat] += 1
                    stock -= 1
                seat = 1 - seat
        tricks.append(Trick(words, taker, points, course))
        lead = taker
    assert not queue and not pool, "the script does not use exactly the 52 cards"
    nxt = [13, 13]
    stock_cards = []
    for seat in draws:
        stock_cards.append(plays[seat][nxt[seat]])
        nxt[seat] += 1
    hands = (tuple(plays[0][:13]), tuple(plays[1][:13]))
    return Script(Deal(hands=hands, stock=tuple(stock_cards)), leader, tricks)


def new_game(
    deal: Deal | None = None, *, leader: int = 0, seed: str = "t", **options: Any
) -> Ducksoup:
    """A game whose first trick `leader` leads: the other seat deals."""
    options.setdefault("first_dealer", 1 - leader)
    return Ducksoup.new(seed=seed, options=options, deal=deal)


def to_act(game: Ducksoup) -> int:
    (seat,) = game.to_act()
    return seat


def play(game: Ducksoup, card: str) -> list[Event]:
    """The seat to act plays `card` (or concedes), through the JSON shape a client sends."""
    move: dict[str, str] = (
        {"type": "concede"} if card == "concede" else {"type": "play", "card": card}
    )
    return game.apply(to_act(game), move)


def play_all(game: Ducksoup, words: str | Sequence[str]) -> list[Event]:
    events: list[Event] = []
    for word in cards_of(words) if isinstance(words, str) else words:
        events += play(game, word)
    return events


def won(events: list[Event]) -> dict[str, Any]:
    tricks = [e.data for e in events if e.type == "trick_won"]
    assert len(tricks) == 1, [e.type for e in events]
    return tricks[0]


def first(events: list[Event], kind: str) -> dict[str, Any]:
    return next(e.data for e in events if e.type == kind)


def last(events: list[Event], kind: str) -> dict[str, Any]:
    return first(events[::-1], kind)


def play_script(game: Ducksoup, script: Script, upto: int | None = None) -> list[Event]:
    """Play the script's next tricks up to `upto` (all by default), checking each taker,
    course and expected points."""
    events: list[Event] = []
    for trick in script.tricks[script.done : upto]:
        script.done += 1
        got = play_all(game, trick.words)
        data = won(got)
        assert data["winner"] == trick.taker, (trick, data)
        assert data["course"] == trick.course, (trick, data)
        if trick.points is not None:
            assert data["points"] == trick.points, (trick, data)
        events += got
    return events


def state(game: Ducksoup) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def refuse(game: Ducksoup, seat: int, move: Any, reason: Reason) -> None:
    """The move is refused with `reason` and nothing at all changes."""
    before = state(game)
    views = [game.view(s) for s in (0, 1, None)]
    with pytest.raises(MoveError) as info:
        game.apply(seat, move)
    assert info.value.reason == reason, info.value.message
    assert state(game) == before
    assert [game.view(s) for s in (0, 1, None)] == views


# The 35 example: seat 0 stores 5 in the Duck course and 7 in the Soup course.
# Duck, seat 0 leading: 2 + 2 + 1 to seat 0, then seat 1 takes one and leads and takes the other 9.
# Soup, seat 1 leading (it took the last Duck trick): seat 0 takes one (1), leads and takes three
# (6), then seat 1 takes one and leads and takes the other 8.
DUCK_5_19 = ["L2", "L2", "L1", "F1"] + ["L2"] * 9
SOUP_7_17 = ["F1", "L2", "L2", "L2", "F1"] + ["L2"] * 8
# The mirror Soup course: seat 1 (leading) takes 2 + 2 + 1, then seat 0 takes 1 + 9 x 2.
SOUP_19_5 = ["L2", "L2", "L1", "F1"] + ["L2"] * 9


# --- catalogue and options -----------------------------------------------------------------


def test_catalogue_names_two_seats_and_the_options() -> None:
    cat = Ducksoup.catalog()
    assert (cat["name"], cat["title"], cat["min_seats"], cat["max_seats"]) == (
        "ducksoup",
        "Duck Soup",
        2,
        2,
    )
    assert {o["name"]: o["default"] for o in cat["options"]} == {"first_dealer": 0, "target": 250}
    assert {"type": "concede"} in cat["moves"]
    assert Ducksoup.new(seed="s").options == {"first_dealer": 0, "target": 250}


@pytest.mark.parametrize(
    ("seats", "options", "reason"),
    [
        (3, {}, Reason.INVALID_SEATS),
        (1, {}, Reason.INVALID_SEATS),
        (2, {"first_dealer": 2}, Reason.INVALID_OPTIONS),
        (2, {"first_dealer": True}, Reason.INVALID_OPTIONS),
        (2, {"target": 0}, Reason.INVALID_OPTIONS),
        (2, {"target": "250"}, Reason.INVALID_OPTIONS),
        (2, {"max_deals": 4}, Reason.INVALID_OPTIONS),
    ],
)
def test_bad_setup_is_refused(seats: int, options: dict[str, Any], reason: Reason) -> None:
    with pytest.raises(SetupError) as info:
        Ducksoup.new(seats, seed="s", options=options)
    assert info.value.reason == reason


# --- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
def test_shuffled_deal_one_at_a_time_from_the_dealers_left(dealer: int) -> None:
    game = Ducksoup.new(seed="deal", options={"first_dealer": dealer})
    order = list(range(52))
    random.Random("ducksoup:deal:1").shuffle(order)
    names = [DECK[i] for i in order]
    data = game.to_dict()
    assert sorted(data["hands"][1 - dealer]) == sorted(names[0:26:2])
    assert sorted(data["hands"][dealer]) == sorted(names[1:26:2])
    assert data["stock"] == names[26:]  # top first
    assert game.dealer == dealer
    assert game.to_act() == frozenset({1 - dealer})  # the non-dealer leads
    assert [len(h) for h in game.hands] == [13, 13] and len(game.stock) == 26


def test_explicit_deal_hands_by_seat_and_stock_top_first() -> None:
    deal = pinned_deal({0: "7H", 1: "2C"}, stock="KS QS")
    game = new_game(deal, leader=1)
    assert game.view(0)["hand"] == sorted(deal.hands[0], key=DECK.index)
    assert game.view(1)["hand"] == sorted(deal.hands[1], key=DECK.index)
    assert game.to_dict()["stock"] == list(deal.stock)
    events = play_all(game, "2C 7H")  # another suit loses to the lead
    assert won(events)["winner"] == 1
    assert "KS" in game.view(1)["hand"] and "QS" in game.view(0)["hand"]


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda h, s: (h[:1], s), "one hand"),
        (lambda h, s: (h + h[:1], s), "three hands"),
        (lambda h, s: ((h[0][:12], h[1] + h[0][12:]), s), "12 + 14"),
        (lambda h, s: ((h[0], h[1][:12]), s[:] + h[1][12:]), "12 cards, stock 27"),
        (lambda h, s: (h, s[:25]), "stock 25"),
        (lambda h, s: (((*h[0][:12], h[1][0]), h[1]), s), "a card twice, one missing"),
        (lambda h, s: (((*h[0][:12], "1C"), h[1]), s), "no such card"),
        (lambda h, s: (((*h[0][:12], "B7"), h[1]), s), "a duck card"),
    ],
)
def test_invalid_explicit_deals(change: Any, why: str) -> None:
    deal = pinned_deal()
    hands, stock = change(deal.hands, deal.stock)
    with pytest.raises(SetupError) as info:
        Ducksoup.new(seed="s", deal=Deal(hands=hands, stock=stock))
    assert info.value.reason == Reason.INVALID_DEAL, why


def test_deal_with_an_extra_pile_is_refused() -> None:
    deal = pinned_deal()
    with pytest.raises(SetupError) as info:
        Ducksoup.new(seed="s", deal=Deal(deal.hands, deal.stock, {"waste": ("AC",)}))
    assert info.value.reason == Reason.INVALID_DEAL


def test_invalid_next_deal_changes_nothing_and_a_valid_one_follows() -> None:
    game = Ducksoup.new(seed="s", options={"target": 1000})
    game.playout(random.Random(1))
    assert game.deal_pending()
    before = state(game)
    bad = pinned_deal()
    with pytest.raises(SetupError) as info:
        game.next_deal(Deal(hands=bad.hands, stock=bad.stock[:-1]))
    assert info.value.reason == Reason.INVALID_DEAL
    assert state(game) == before
    game.next_deal(pinned_deal())
    assert game.deal_no == 2 and not game.deal_pending()


def test_dealer_alternates_and_the_non_dealer_always_leads() -> None:
    game = Ducksoup.new(seed="alt", options={"target": 1000})
    seen = []
    for _ in range(4):
        seen.append((game.dealer, to_act(game)))
        game.playout(random.Random(len(seen)))
        game.next_deal()
    assert seen == [(0, 1), (1, 0), (0, 1), (1, 0)]


# --- single tricks -------------------------------------------------------------------------

# (course, lead, follow, taker: 0 leader / 1 follower, points, why), checked by hand.
PLAIN = [
    ("duck", "7H", "5H", 1, 1, "the lower heart wins in Duck"),
    ("duck", "5H", "7H", 0, 1, "the led card is lower"),
    ("duck", "2H", "AH", 1, 1, "the ace is lowest, so best, in Duck"),
    ("duck", "AH", "KH", 0, 1, "a led ace holds in Duck"),
    ("duck", "KH", "QH", 1, 1, "Q is below K"),
    ("duck", "5H", "2S", 0, 2, "another suit loses, though lower"),
    ("duck", "KH", "AS", 0, 2, "an ace of another suit loses"),
    ("soup", "7H", "9H", 1, 1, "the higher heart wins in Soup"),
    ("soup", "9H", "7H", 0, 1, "the led card is higher"),
    ("soup", "KH", "AH", 1, 1, "the ace is highest in Soup"),
    ("soup", "AH", "KH", 0, 1, "a led ace holds in Soup"),
    ("soup", "2H", "3H", 1, 1, "3 is above 2"),
    ("soup", "2H", "AS", 0, 2, "another suit loses, even an ace"),
    ("soup", "TD", "JC", 0, 2, "another suit loses, though higher"),
]


@pytest.mark.parametrize(("course", "lead", "follow", "taker", "points", "why"), PLAIN)
def test_plain_tricks(
    course: str, lead: str, follow: str, taker: int, points: int, why: str
) -> None:
    duck = ["L2"] * 13 if course == "soup" else []  # seat 0 leads and takes the Duck course
    script = scripted_deal([*duck, (f"{lead} {follow}", taker, points)], leader=0)
    game = new_game(script.deal, leader=0)
    play_script(game, script, upto=len(duck))
    assert game.view(None)["course"] == course
    data = won(play_all(game, [lead, follow]))
    assert (data["winner"], data["points"], data["course"]) == (taker, points, course), why
    assert data["how"] == "trick"
    assert data["units"] == [{"cards": [lead, follow], "face_up": points == 2}]
    assert game.view(None)["points"][course][taker] == points
    assert to_act(game) == taker, "the taker leads the next trick"


def test_the_follower_may_play_any_card() -> None:
    game = new_game(pinned_deal({0: "7H", 1: "2C 3D 4S 5H"}), leader=0)
    play(game, "7H")
    moves = game.legal_moves(1)
    assert len(moves) == 13
    assert {m.card for m in moves} == set(game.view(1)["hand"])
    assert game.legal_moves(0) == []


def test_points_are_kept_per_course() -> None:
    script = scripted_deal(["L2"] * 13 + ["L1", "F1", "L2"], leader=0)
    game = new_game(script.deal, leader=0)
    play_script(game, script, upto=16)
    view = game.view(None)
    assert view["points"] == {"duck": [26, 0], "soup": [1, 1 + 2]}
    assert view["units"] == {"duck": [13, 0], "soup": [1, 2]}


# --- drawing -------------------------------------------------------------------------------


def test_after_a_duck_trick_the_taker_draws_first() -> None:
    deal = pinned_deal({0: "7H 2D", 1: "5H 9S"}, stock="AC 2C 3C 4C")
    game = new_game(deal, leader=0)
    events = play_all(game, "7H 5H")  # the follower takes
    assert first(events, "cards_drawn") == {"order": [1, 0], "counts": [1, 1], "stock_count": 24}
    drawn = [
        (e.data["seat"], e.data["card"], e.visible_to) for e in events if e.type == "card_drawn"
    ]
    assert drawn == [(1, "AC", 1), (0, "2C", 0)]
    assert game.view(None)["hand_sizes"] == [13, 13]
    events = play_all(game, "9S 2D")  # seat 1 leads and takes
    assert first(events, "cards_drawn")["order"] == [1, 0]
    assert "3C" in game.view(1)["hand"] and "4C" in game.view(0)["hand"]


def test_drawn_cards_are_private_and_the_count_public() -> None:
    game = new_game(pinned_deal({0: "7H", 1: "5H"}, stock="AC 2C"), leader=0)
    events = play_all(game, "7H 5H")
    for e in events:
        if e.type == "card_drawn":
            assert e.visible_to == e.data["seat"]
        else:
            assert e.visible_to is None
            assert "AC" not in json.dumps(e.data) and "2C" not in json.dumps(e.data)


def test_a_duck_trick_course_lasts_while_the_stock_has_cards() -> None:
    script = scripted_deal(["L2"] * 12 + ["F1"], leader=0)
    game = new_game(script.deal, leader=0)
    play_script(game, script, upto=12)
    assert game.view(None)["course"] == "duck" and game.view(None)["stock_count"] == 2
    events = play_script(game, script, upto=13)
    assert first(events, "course_changed") == {"course": "soup", "hand_size": 13, "leader": 1}
    view = game.view(None)
    assert (view["course"], view["stock_count"], view["hand_sizes"]) == ("soup", 0, [13, 13])
    assert to_act(game) == 1, "the winner of the last Duck trick leads the Soup course"
    assert view["trick_no"] == 14


# --- the quack sequence --------------------------------------------------------------------


def quack_game(leader_cards: str, follower_cards: str, stock: str = "AC 2C 3C 4C") -> Ducksoup:
    """Seat 0 leads the first Duck trick; the pinned cards lead with the first of each."""
    return new_game(pinned_deal({0: leader_cards, 1: follower_cards}, stock=stock), leader=0)


def test_a_matching_rank_asks_the_leader_to_choose() -> None:
    game = quack_game("7H 7D 7C", "7S")
    events = play_all(game, "7H 7S")
    assert first(events, "rank_matched") == {"seat": 0, "rank": "7"}
    assert not any(e.type == "trick_won" for e in events)
    assert to_act(game) == 0
    assert game.legal_moves(0) == [Move("concede"), Move("play", "7C"), Move("play", "7D")]
    assert game.legal_moves(1) == []
    assert game.view(1)["choice_pending"] and game.view(0)["choice_pending"]
    assert game.view(0)["trick"] == [{"seat": 0, "card": "7H"}, {"seat": 1, "card": "7S"}]


def test_the_choice_is_explicit_without_a_third_card() -> None:
    game = quack_game("7H", "7S 7D 7C")
    play_all(game, "7H 7S")
    assert to_act(game) == 0
    assert game.legal_moves(0) == [Move("concede")]


def test_concede_gives_the_follower_the_pair_face_up() -> None:
    game = quack_game("7H 7D", "7S")
    events = play_all(game, "7H 7S concede")
    assert first(events, "conceded") == {"seat": 0}
    data = won(events)
    assert (data["winner"], data["points"], data["how"]) == (1, 2, "conceded")
    assert data["units"] == [{"cards": ["7H", "7S"], "face_up": True}]
    assert first(events, "cards_drawn")["order"] == [1, 0]
    assert to_act(game) == 1
    assert game.view(None)["points"]["duck"] == [0, 2]


def test_duck_soup_gives_the_follower_all_four() -> None:
    game = quack_game("7H 7D", "7S 7C")
    events = play_all(game, "7H 7S 7D 7C")
    data = won(events)
    assert (data["winner"], data["points"], data["how"]) == (1, 4, "duck_soup")
    assert data["units"] == [
        {"cards": ["7H", "7S"], "face_up": True},
        {"cards": ["7D", "7C"], "face_up": True},
    ]
    assert game.view(None)["units"]["duck"] == [0, 2]
    # After a double trick each draws two, alternately, the taker first.
    assert first(events, "cards_drawn") == {
        "order": [1, 0, 1, 0],
        "counts": [2, 2],
        "stock_count": 22,
    }
    assert {"AC", "3C"} <= set(game.view(1)["hand"]) and {"2C", "4C"} <= set(game.view(0)["hand"])
    assert game.view(None)["hand_sizes"] == [13, 13]
    assert to_act(game) == 1


@pytest.mark.parametrize(
    ("fourth", "points", "second_face_up"),
    [("9D", 2 + 1, False), ("9C", 2 + 2, True), ("AH", 2 + 2, True)],
)
def test_leader_takes_both_when_the_fourth_card_does_not_match(
    fourth: str, points: int, second_face_up: bool
) -> None:
    game = quack_game("7H 7D", f"7S {fourth}")
    play_all(game, "7H 7S 7D")
    assert to_act(game) == 1
    assert len(game.legal_moves(1)) == 12, "the follower plays any card"
    events = play(game, fourth)
    data = won(events)
    assert (data["winner"], data["points"], data["how"]) == (0, points, "leader_takes_both")
    assert data["units"] == [
        {"cards": ["7H", "7S"], "face_up": True},
        {"cards": ["7D", fourth], "face_up": second_face_up},
    ]
    assert game.view(None)["points"]["duck"] == [points, 0]
    assert first(events, "cards_drawn")["order"] == [0, 1, 0, 1]
    assert to_act(game) == 0


def test_the_follower_may_keep_the_fourth_card() -> None:
    game = quack_game("7H 7D", "7S 7C 2D")
    data = won(play_all(game, "7H 7S 7D 2D"))
    assert (data["winner"], data["points"]) == (0, 2 + 1)
    assert "7C" in game.view(1)["hand"]


def test_a_quack_in_the_soup_course_scores_there() -> None:
    script = scripted_deal(["L2"] * 13 + [("7H 7S concede", 1, 2), ("8C 8D 8H 8S", 0, 4)])
    game = new_game(script.deal, leader=0)
    play_script(game, script, upto=15)
    assert game.view(None)["points"] == {"duck": [26, 0], "soup": [4, 2]}


def test_a_quack_on_the_leaders_last_card_gives_the_follower_the_pair() -> None:
    script = scripted_deal(["L2"] * 13 + ["L"] * 12 + [("7H 7S", 1, 2)], leader=0)
    game = new_game(script.deal, leader=0, target=1000)
    play_script(game, script, upto=25)
    events = play_all(game, "7H 7S")
    assert not any(e.type == "rank_matched" for e in events)
    data = won(events)
    assert (data["winner"], data["points"], data["how"]) == (1, 2, "no_card_left")
    assert first(events, "deal_scored")["soup"][1] == 2
    assert game.deal_pending()


def test_a_double_trick_on_the_last_two_stock_cards_makes_a_12_card_soup_course() -> None:
    script = scripted_deal(["L2"] * 12 + [("7H 7S 7D 9D", 0, 3)], leader=0)
    assert len(script.tricks) == 13 + 12
    game = new_game(script.deal, leader=0, target=1000)
    play_script(game, script, upto=12)
    assert game.view(None)["stock_count"] == 2
    events = play_script(game, script, upto=13)
    assert first(events, "cards_drawn") == {"order": [0, 1], "counts": [1, 1], "stock_count": 0}
    assert first(events, "course_changed")["hand_size"] == 12
    view = game.view(None)
    # Decided: a double trick scores in the course in which it was led.
    assert view["points"]["duck"] == [12 * 2 + 3, 0]
    assert view["units"]["duck"] == [14, 0]
    assert (view["course"], view["hand_sizes"]) == ("soup", [12, 12])
    events = play_script(game, script)
    scored = first(events, "deal_scored")
    assert scored["duck"] == [27, 0]
    assert sum(game.view(None)["units"]["soup"]) == 12


def test_a_double_trick_on_four_stock_cards_leaves_a_13_card_soup_course() -> None:
    script = scripted_deal(["L2"] * 11 + [("7H 7S 7D 7C", 1, 4)], leader=0)
    game = new_game(script.deal, leader=0)
    events = play_script(game, script, upto=12)
    assert last(events, "cards_drawn") == {
        "order": [1, 0, 1, 0],
        "counts": [2, 2],
        "stock_count": 0,
    }
    assert game.view(None)["hand_sizes"] == [13, 13]
    assert to_act(game) == 1


# --- scoring and the end of the game -------------------------------------------------------


def test_five_times_seven_is_thirty_five() -> None:
    script = scripted_deal(DUCK_5_19 + SOUP_7_17, leader=0)
    game = new_game(script.deal, leader=0, target=1000)
    events = play_script(game, script)
    scored = first(events, "deal_scored")
    assert (scored["duck"], scored["soup"]) == ([5, 19], [7, 17])
    assert scored["score"] == [35, 19 * 17]
    assert scored["totals"] == [35, 323]
    view = game.view(None)
    assert view["units"] == {"duck": [3, 10], "soup": [4, 9]}
    assert game.deal_pending() and not game.is_over()
    assert game.result().deals[0]["score"] == [35, 323]


def test_the_game_ends_after_a_deal_at_the_target() -> None:
    script = scripted_deal(DUCK_5_19 + SOUP_7_17, leader=0)
    game = new_game(script.deal, leader=0)  # target 250
    events = play_script(game, script)
    assert first(events, "game_over") == {
        "totals": [35, 323],
        "game_points": [0, 1],
        "winners": [1],
    }
    result = game.result()
    assert (result.over, result.totals, result.game_points, result.winners) == (
        True,
        (35, 323),
        (0, 1),
        (1,),
    )
    assert game.to_act() == frozenset() and not game.deal_pending()


def test_below_the_target_another_deal_follows() -> None:
    script = scripted_deal(DUCK_5_19 + SOUP_7_17, leader=0)
    game = new_game(script.deal, leader=0, target=324)
    play_script(game, script)
    assert game.deal_pending() and not game.is_over() and game.result().winners == ()
    game.next_deal()
    assert (game.deal_no, game.dealer, to_act(game)) == (2, 0, 1)


def test_when_both_reach_the_target_the_higher_total_wins() -> None:
    script = scripted_deal(DUCK_5_19 + SOUP_7_17, leader=0)
    game = new_game(script.deal, leader=0, target=30)
    play_script(game, script)
    assert game.result().winners == (1,)


def test_equal_totals_at_the_target_mean_another_deal() -> None:
    tie = scripted_deal(DUCK_5_19 + SOUP_19_5, leader=0)
    game = new_game(tie.deal, leader=0, target=50)
    events = play_script(game, tie)
    assert first(events, "deal_scored")["score"] == [95, 95]
    assert first(events, "tie_at_target") == {"totals": [95, 95]}
    assert not any(e.type == "game_over" for e in events)
    assert game.deal_pending() and not game.is_over()
    assert game.result().game_points == (0, 0) and game.result().winners == ()
    # Deal 2: seat 0 deals, so seat 1 leads and plays the 35-deal as seat 0 did.
    again = scripted_deal(DUCK_5_19 + SOUP_7_17, leader=1)
    game.next_deal(again.deal)
    assert to_act(game) == 1
    events = play_script(game, again)
    assert first(events, "deal_scored")["score"] == [323, 35]
    assert game.result().totals == (95 + 323, 95 + 35)
    assert game.result().winners == (0,) and game.result().game_points == (1, 0)


# --- refusals ------------------------------------------------------------------------------


def refusal_game(plays: str = "") -> Ducksoup:
    game = quack_game("7H 7D 5C", "7S 9D")
    play_all(game, plays)
    return game


REFUSALS = [
    # (plays so far, seat, move, reason)
    ("", 1, {"type": "play", "card": "9D"}, Reason.NOT_YOUR_TURN),
    ("", 2, {"type": "play", "card": "7H"}, Reason.NOT_YOUR_TURN),
    ("", -1, {"type": "play", "card": "7H"}, Reason.NOT_YOUR_TURN),
    ("", 0, {"type": "play", "card": "9D"}, Reason.CARD_NOT_IN_HAND),
    ("", 0, {"type": "concede"}, Reason.ILLEGAL_MOVE),
    ("", 0, {"type": "play", "card": "7H", "call": "quack"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "ZZ"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "7h"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": 7}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "7H", "cards": ["7H"]}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "7H", "draw": "stock"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "7H", "bogus": 1}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "pass"}, Reason.MALFORMED_MOVE),
    ("", 0, ["play", "7H"], Reason.MALFORMED_MOVE),
    ("7H", 0, {"type": "play", "card": "7D"}, Reason.NOT_YOUR_TURN),
    ("7H", 1, {"type": "concede"}, Reason.ILLEGAL_MOVE),
    ("7H 7S", 1, {"type": "play", "card": "9D"}, Reason.NOT_YOUR_TURN),
    ("7H 7S", 0, {"type": "play", "card": "5C"}, Reason.ILLEGAL_MOVE),
    ("7H 7S", 0, {"type": "play", "card": "7C"}, Reason.CARD_NOT_IN_HAND),
    ("7H 7S", 0, {"type": "concede", "card": "7D"}, Reason.MALFORMED_MOVE),
    ("7H 7S", 0, {"type": "concede", "call": "quack"}, Reason.MALFORMED_MOVE),
    ("7H 7S 7D", 1, {"type": "concede"}, Reason.ILLEGAL_MOVE),
    ("7H 7S 7D", 0, {"type": "play", "card": "5C"}, Reason.NOT_YOUR_TURN),
    ("7H 7S 7D", 1, {"type": "play", "card": "7H"}, Reason.CARD_NOT_IN_HAND),
]


@pytest.mark.parametrize(("plays", "seat", "move", "reason"), REFUSALS)
def test_refused_moves_change_nothing(plays: str, seat: int, move: Any, reason: Reason) -> None:
    refuse(refusal_game(plays), seat, move, reason)


def test_refusals_between_deals_and_after_the_end() -> None:
    script = scripted_deal(DUCK_5_19 + SOUP_7_17, leader=0)
    game = new_game(script.deal, leader=0, target=400)
    play_script(game, script, upto=25)
    with pytest.raises(MoveError) as info:
        game.next_deal()
    assert info.value.reason == Reason.NO_DEAL_PENDING
    play_script(game, script)
    assert game.deal_pending()
    hand = {"type": "play", "card": "AS"}
    refuse(game, 0, hand, Reason.DEAL_PENDING)
    refuse(game, 1, hand, Reason.DEAL_PENDING)
    rng = random.Random(0)
    while not game.is_over():
        if game.deal_pending():
            game.next_deal()
        game.playout(rng)
    refuse(game, 0, hand, Reason.GAME_OVER)
    before = state(game)
    with pytest.raises(MoveError) as info:
        game.next_deal()
    assert info.value.reason == Reason.GAME_OVER
    assert state(game) == before


# --- views, persistence, clone -------------------------------------------------------------


def test_views_show_own_hand_played_cards_and_counts_only() -> None:
    game = quack_game("7H 7D", "7S 9C")
    play_all(game, "7H 7S 7D")
    hands = [set(game.view(s)["hand"]) for s in (0, 1)]
    stock = set(game.to_dict()["stock"])
    for seat in (0, 1, None):
        view = game.view(seat)
        text = json.dumps(view)
        hidden = stock | (hands[1 - seat] if seat is not None else hands[0] | hands[1])
        assert not any(f'"{c}"' in text for c in hidden), seat
        assert '"t"' not in text and "seed" not in text
        assert view["stock_count"] == 26 and view["hand_sizes"] == [11, 12]
        assert [p["card"] for p in view["trick"]] == ["7H", "7S", "7D"]
    assert "hand" not in game.view(None) and "legal_moves" not in game.view(None)
    play(game, "9C")
    assert [p["card"] for p in game.view(None)["tricks"][0]["plays"]] == ["7H", "7S", "7D", "9C"]


def test_from_dict_refuses_broken_states() -> None:
    game = quack_game("7H", "7S")
    good = game.to_dict()
    for broken in (
        {**good, "game": "doubleduck"},
        {**good, "format": 99},
        {**good, "stock": good["stock"][1:]},
        {**good, "hands": [good["hands"][0], [*good["hands"][1][:-1], "XX"]]},
        {**good, "phase": "dancing"},
        {k: v for k, v in good.items() if k != "trick"},
    ):
        with pytest.raises(SetupError) as info:
            Ducksoup.from_dict(broken)
        assert info.value.reason == Reason.INVALID_STATE


def test_clone_is_independent() -> None:
    game = Ducksoup.new(seed="clone")
    before = state(game)
    copy = game.clone()
    copy.playout(random.Random(3))
    assert state(game) == before
    assert copy.deal_pending() or copy.is_over()
    assert state(Ducksoup.from_dict(json.loads(before))) == before

"""Scenario helpers for Duck tests: pinned rounds and per-seat moves that read like a script.

A test pins only the cards that matter (`pinned_deal(3, hands={0: "Y1 Y2"}, stock="R5")`); the
helper completes hands, face-up cards and the draw pile from the rest of the cards still in the
game, in a fixed shuffled order, so a failure always replays the same way. The deck and the
scoring reference are written here from RULES.md, apart from `engine.duck`, so a broken rule
shows up as a failed test. The few tests at the bottom check the helpers themselves.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from engine.duck import Duck
from engine.protocol import JSON, Deal, Event, MoveError, Reason

HAND = 7

# Per colour: one 0, three each of 1-7, one 8 (RULES.md section 3).
FULL_DECK: tuple[str, ...] = tuple(
    f"{colour}{number}"
    for colour in "YBR"
    for number in range(9)
    for _ in range(1 if number in (0, 8) else 3)
)


def cards_of(text: str) -> list[str]:
    """Cards separated by spaces or commas: 'B2 B3, B4'."""
    return text.replace(",", " ").split()


def value(card: str) -> int:
    return int(card[1])


def total(cards: Iterable[str]) -> int:
    return sum(value(c) for c in cards)


def pinned_deal(
    seats: int,
    hands: Mapping[int, str] | None = None,
    face_up: Mapping[int, str] | None = None,
    stock: str = "",
    *,
    banked: Iterable[str] = (),
    fill_seed: int = 0,
) -> Deal:
    """A whole round where the given hands, face-up cards and stock top (top first) are pinned.

    Everything else comes from the deck minus `banked` (cards that left the game in earlier
    rounds), shuffled by `fill_seed`.
    """
    deck = Counter(FULL_DECK)
    deck.subtract(banked)
    assert all(n >= 0 for n in deck.values()), "banked more copies than the deck holds"
    pinned_hands = {s: cards_of(t) for s, t in (hands or {}).items()}
    pinned_face = {s: t.strip() for s, t in (face_up or {}).items()}
    pinned_stock = cards_of(stock)
    pinned = Counter(pinned_stock) + Counter(pinned_face.values())
    for cs in pinned_hands.values():
        assert len(cs) <= HAND
        pinned.update(cs)
    over = pinned - +deck
    assert not over, f"more copies pinned than are in the game: {sorted(over.elements())}"
    rest = sorted((+deck - pinned).elements())
    random.Random(fill_seed).shuffle(rest)
    out_hands: list[tuple[str, ...]] = []
    for seat in range(seats):
        hand = list(pinned_hands.get(seat, []))
        while len(hand) < HAND:
            hand.append(rest.pop())
        out_hands.append(tuple(hand))
    faces = tuple(pinned_face[s] if s in pinned_face else rest.pop() for s in range(seats))
    return Deal(hands=tuple(out_hands), stock=tuple(pinned_stock + rest), extra={"face_up": faces})


def new_game(
    seats: int, deal: Deal | None = None, *, first: int = 0, seed: str = "t", **options: Any
) -> Duck:
    """A game whose first round is played first by `first` (the dealer sits to its right)."""
    options.setdefault("first_dealer", (first - 1) % seats)
    return Duck.new(seats, seed=seed, options=options, deal=deal)


def banked_so_far(game: Duck) -> list[str]:
    """Every banked card, read from the public view."""
    return [c for bank in game.view(None)["banked"] for c in bank]


def next_round(game: Duck, **pins: Any) -> list[Event]:
    """Deal the next round explicitly from the cards still in the game."""
    deal = pinned_deal(game.seats, banked=banked_so_far(game), **pins)
    return game.next_deal(deal)


def to_act(game: Duck) -> int:
    (seat,) = game.to_act()
    return seat


def play(game: Duck, seat: int, cards: str, draw: str | None = None) -> list[Event]:
    """One seat plays, through the same JSON shape a client sends."""
    move: JSON = {"type": "play", "cards": cards_of(cards)}
    if draw is not None:
        move["draw"] = draw
    return game.apply(seat, move)


def duck(game: Duck, seat: int) -> list[Event]:
    return game.apply(seat, {"type": "duck"})


def state(game: Duck) -> str:
    """The whole state as canonical text, to prove a refused move changed nothing."""
    return json.dumps(game.to_dict(), sort_keys=True)


def refuse(game: Duck, seat: int, move: Any, reason: Reason, words: str = "") -> str:
    """The move is refused with `reason` (and `words` in the message); nothing changes."""
    before = state(game)
    with pytest.raises(MoveError) as info:
        game.apply(seat, move)
    assert info.value.reason == reason, info.value.message
    assert words.lower() in info.value.message.lower(), info.value.message
    assert state(game) == before
    return info.value.message


def hand(game: Duck, seat: int) -> list[str]:
    return list(game.view(seat)["hand"])


def tops(game: Duck) -> list[str | None]:
    return [p["top"] for p in game.view(None)["piles"]]


def one_event(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.type == kind]
    assert len(found) == 1, [e.type for e in events]
    return found[0]


def ref_round(
    revealed: list[list[str]], ender: int | None, end: str, round_no: int, red: list[int]
) -> JSON:
    """What the round's end hands out, by RULES.md, from the hands shown at the end.

    Returns banked values per seat (None for no bank), the seats that discard, the lifebelt
    points of the ender and each seat's round score.
    """
    n = len(revealed)
    sums = [total(h) for h in revealed]
    banked: list[int | None] = [None] * n
    discard: list[int] = []
    points = 0
    if end != "cap":
        assert ender is not None
        green = end == "out" or all(sums[ender] < sums[s] for s in range(n) if s != ender)
        if end == "duck":
            assert sums[ender] <= 10
            if green:
                banked[ender] = max(value(c) for c in revealed[ender])
        points = (5 + round_no) if green else -red[round_no - 1]
        others = [s for s in range(n) if s != ender]
        top = max(sums[s] for s in others)
        for s in others:
            if sums[s] == top:
                discard.append(s)
            else:
                banked[s] = max(value(c) for c in revealed[s])
    score = [b or 0 for b in banked]
    if ender is not None and end != "cap":
        score[ender] += points
    return {"banked": banked, "discarded": discard, "points": points, "score": score}


# --- the helpers themselves -------------------------------------------------------------------


def test_the_reference_deck_has_69_cards_23_per_colour() -> None:
    assert len(FULL_DECK) == 69
    for colour in "YBR":
        assert sum(1 for c in FULL_DECK if c[0] == colour) == 23
    assert Counter(FULL_DECK)["B0"] == 1 and Counter(FULL_DECK)["B8"] == 1
    assert Counter(FULL_DECK)["R4"] == 3


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_pinned_deal_is_exactly_the_cards_in_the_game(seats: int) -> None:
    deal = pinned_deal(seats, {0: "Y8 B8"}, {1: "R8"}, "Y0 B0", banked=["R0", "R7"])
    everything = [c for h in deal.hands for c in h] + list(deal.extra["face_up"]) + [*deal.stock]
    assert Counter(everything) + Counter(["R0", "R7"]) == Counter(FULL_DECK)
    assert deal.hands[0][:2] == ("Y8", "B8") and deal.extra["face_up"][1] == "R8"
    assert deal.stock[:2] == ("Y0", "B0")
    assert all(len(h) == HAND for h in deal.hands)

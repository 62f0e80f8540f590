"""Scenario helpers for Doubleduck tests: pinned deals and per-seat plays that read like a script.

A test names only the cards that matter (`pinned_deal({0: "9H", 1: "4H"})`) or writes whole
tricks (`scripted_deal([("9H, 4H, 9S quack, 2H", 2), ...])`); the helpers complete the deck
deterministically, so a failure always replays the same way. Nothing here reuses the engine's
rules: winners and draws come from the script, so a broken rule shows up as a failed test.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.doubleduck import DECK_NAMES, Doubleduck
from engine.protocol import JSON, Deal, Event

SEATS = 4
HAND = 13
SUITS = "CDHS"
RANKS = "A23456789TJQK"

# Reference strength, written from RULES.md independently of the engine's tables:
# Duck K Q J T 9 ... 2 A (lowest wins, ace lowest), Soup A K Q ... 2 (highest wins).
DUCK_ORDER = "KQJT98765432A"  # weakest first
SOUP_ORDER = "23456789TJQKA"  # weakest first


def cards_of(text: str) -> list[str]:
    """Cards written as in RULES.md, separated by spaces or commas."""
    return text.replace(",", " ").split()


def parse_plays(text: str) -> list[tuple[str, str | None]]:
    """'9H, 4H, 9S quack, 2H' -> [(card, call or None), ...], as the RULES.md tables write them."""
    plays: list[tuple[str, str | None]] = []
    for part in text.split(","):
        words = part.split()
        assert 1 <= len(words) <= 2, f"bad play {part!r}"
        plays.append((words[0], words[1] if len(words) == 2 else None))
    return plays


def _fill(pinned: Counter[str], fill_seed: int) -> list[str]:
    """The deck minus the pinned cards, in a fixed shuffled order (so hands look ordinary)."""
    deck = Counter(DECK_NAMES)
    over = pinned - deck
    assert not over, f"more copies pinned than the two packs hold: {sorted(over.elements())}"
    rest = sorted((deck - pinned).elements(), key=DECK_NAMES.index)
    random.Random(fill_seed).shuffle(rest)
    return rest


def pinned_deal(
    hands: Mapping[int, str] | None = None, stock: str = "", *, fill_seed: int = 0
) -> Deal:
    """A full deal where `hands` (seat -> cards) and the stock top (top first) are pinned.

    Hands are completed to 13 and the stock to 52 from the rest of the two packs.
    """
    hands = hands or {}
    pinned_hands = {seat: cards_of(text) for seat, text in hands.items()}
    pinned_stock = cards_of(stock)
    pinned = Counter(pinned_stock)
    for cs in pinned_hands.values():
        assert len(cs) <= HAND
        pinned.update(cs)
    rest = _fill(pinned, fill_seed)
    out: list[tuple[str, ...]] = []
    for seat in range(SEATS):
        hand = list(pinned_hands.get(seat, []))
        while len(hand) < HAND:
            hand.append(rest.pop())
        out.append(tuple(hand))
    return Deal(hands=tuple(out), stock=tuple(pinned_stock + rest))


def scripted_deal(
    duck: Sequence[tuple[str, int]],
    soup: Mapping[int, str] | None = None,
    *,
    leader: int = 0,
    fill_seed: int = 0,
) -> Deal:
    """The deal that makes a scripted Duck course possible and leaves the given Soup hands.

    `duck` is the 13 Duck tricks as (plays from the leader clockwise, winner seat), checked by
    hand against the rules. Each seat's first hand is exactly the cards it plays in the Duck
    course; what it draws is its Soup hand (`soup`, completed to 13). The stock is stacked in the
    draw order the rules prescribe: after each trick, the winner first, then clockwise.
    """
    assert len(duck) == HAND
    plays: dict[int, list[str]] = {s: [] for s in range(SEATS)}
    lead = leader
    for text, winner in duck:
        for i, (card, _call) in enumerate(parse_plays(text)):
            plays[(lead + i) % SEATS].append(card)
        lead = winner
    soup_hands = {s: cards_of((soup or {}).get(s, "")) for s in range(SEATS)}
    pinned: Counter[str] = Counter()
    for s in range(SEATS):
        assert len(plays[s]) == HAND, f"seat {s} plays {len(plays[s])} Duck cards"
        pinned.update(plays[s])
        pinned.update(soup_hands[s])
    rest = _fill(pinned, fill_seed)
    for s in range(SEATS):
        while len(soup_hands[s]) < HAND:
            soup_hands[s].append(rest.pop())
    assert not rest
    stock: list[str] = []
    for t, (_text, winner) in enumerate(duck):
        for i in range(SEATS):
            stock.append(soup_hands[(winner + i) % SEATS][t])
    return Deal(hands=tuple(tuple(plays[s]) for s in range(SEATS)), stock=tuple(stock))


def quiet_duck(reserved: str = "", *, fill_seed: int = 0) -> list[tuple[str, int]]:
    """13 Duck tricks that seat 0 leads and wins, avoiding the `reserved` cards.

    Seat 0 leads 13 cards of one suit; the others play only other suits and never call, and
    an off-suit card never takes a trick, so seat 0 wins each and leads trick 14.
    """
    deck = _fill(Counter(cards_of(reserved)), fill_seed)
    lead_suit = max(SUITS, key=lambda s: sum(1 for c in deck if c[1] == s))
    leads = [c for c in deck if c[1] == lead_suit][:HAND]
    others = [c for c in deck if c[1] != lead_suit][: 3 * HAND]
    return [(", ".join([leads[t], *others[3 * t : 3 * t + 3]]), 0) for t in range(HAND)]


def new_game(
    deal: Deal | None = None, *, leader: int = 0, seed: str = "t", **options: Any
) -> Doubleduck:
    """A game whose first trick is led by `leader` (the dealer sits to its right)."""
    options.setdefault("first_dealer", (leader - 1) % SEATS)
    return Doubleduck.new(SEATS, seed=seed, options=options, deal=deal)


def to_act(game: Doubleduck) -> int:
    (seat,) = game.to_act()
    return seat


def play(game: Doubleduck, seat: int, card: str, call: str | None = None) -> list[Event]:
    """One seat plays one card, through the same JSON move shape a client sends."""
    move: JSON = {"type": "play", "card": card}
    if call is not None:
        move["call"] = call
    return game.apply(seat, move)


def play_trick(game: Doubleduck, plays: str) -> JSON:
    """Play a whole trick from the seat to act ('9H, 4H, 9S quack, 2H'); returns `trick_won`."""
    events: list[Event] = []
    for card, call in parse_plays(plays):
        events += play(game, to_act(game), card, call)
    won = [e for e in events if e.type == "trick_won"]
    assert len(won) == 1, f"{plays!r} did not complete exactly one trick"
    return won[0].data


def play_duck_course(game: Doubleduck, duck: Sequence[tuple[str, int]]) -> None:
    """Play a scripted Duck course, checking each scripted winner on the way."""
    for text, winner in duck:
        assert play_trick(game, text)["winner"] == winner, text


def state(game: Doubleduck) -> str:
    """The whole state as canonical text, to prove a refused move changed nothing."""
    return json.dumps(game.to_dict(), sort_keys=True)


def ref_winner(plays: Sequence[tuple[int, str, str | None]], course: str) -> int:
    """Index of the winning play, by RULES.md, written apart from `engine.doubleduck`."""
    for i, (_seat, _card, call) in enumerate(plays):
        if call == "doubleduck":
            return i
    quacks = [i for i, (_s, _c, call) in enumerate(plays) if call == "quack"]
    if quacks:
        return quacks[-1]
    order = DUCK_ORDER if course == "duck" else SOUP_ORDER
    led_suit = plays[0][1][1]
    best = 0
    for i, (_seat, card, _call) in enumerate(plays):
        if card[1] == led_suit and order.index(card[0]) >= order.index(plays[best][1][0]):
            best = i
    return best


def ref_stored(plays: Sequence[tuple[int, str, str | None]]) -> int:
    """One card of each suit in the trick is stored."""
    return len({card[1] for _seat, card, _call in plays})


# --- the 14 x 19 = 266 deal ------------------------------------------------------------------

# Seat 0 leads and wins all 26 tricks. Duck (lowest of the led suit wins, ace lowest): twelve
# one-suit tricks store 1 each, the last stores 2 (spade + club): 14. Soup (highest wins, ace
# highest): five spade tricks store 1, QS-JS-JS-7C stores 2, two one-suit tricks store 1, five
# two-suit tricks store 2: 5 + 2 + 2 + 10 = 19.
DUCK_266 = [
    (f"{lo}{s}, {a}{s}, {b}{s}, {c}{s}", 0)
    for s in "CDH"
    for lo, a, b, c in ("A89T", "A89T", "2JQK", "2JQK")
] + [("3S, 4S, 5S, 7C", 0)]
SOUP_266 = [
    ("AS, 2S, 2S, 3S", 1),
    ("AS, 4S, 5S, 6S", 1),
    ("KS, 6S, 7S, 7S", 1),
    ("KS, 8S, 8S, 9S", 1),
    ("QS, 9S, TS, TS", 1),
    ("QS, JS, JS, 7C", 2),
    ("7D, 3D, 4D, 5D", 1),
    ("7H, 3H, 4H, 5H", 1),
    ("7D, 6D, 3C, 4C", 2),
    ("7H, 6H, 3C, 4C", 2),
    ("6D, 5D, 5C, 6C", 2),  # 6C is of the led rank but uncalled: an ordinary off-suit card
    ("6H, 5H, 5C, 6C", 2),
    ("4D, 3D, 3H, 4H", 2),
]


def soup_hands(tricks: list[tuple[str, int]]) -> dict[int, str]:
    """Each seat's Soup hand when seat 0 leads every Soup trick."""
    hands: dict[int, list[str]] = {s: [] for s in range(4)}
    for text, _stored in tricks:
        for seat, card in enumerate(text.split(", ")):
            hands[seat].append(card)
    return {s: " ".join(cs) for s, cs in hands.items()}


def deal_266(leader: int = 0) -> Deal:
    """The 266 deal, turned so that `leader` holds seat 0's part of the script."""
    deal = scripted_deal(DUCK_266, soup_hands(SOUP_266))
    hands = tuple(deal.hands[(s - leader) % 4] for s in range(4))
    return Deal(hands=hands, stock=deal.stock)


def play_266(game: Doubleduck) -> None:
    """Play the whole 266 deal; the leader is whoever holds seat 0's part of the script."""
    leader = to_act(game)
    for text, _ in DUCK_266:
        assert play_trick(game, text)["winner"] == leader, text
    for text, stored in SOUP_266:
        won = play_trick(game, text)
        assert (won["winner"], won["stored"]) == (leader, stored), text

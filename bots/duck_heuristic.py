"""A fast rule-based Duck player that sees only its seat's view.

Why this shape: a round pays the ender a lifebelt (going out, or a correct duck, which also banks
the ducker's highest card) and every other player their highest card unless their sum is the
highest. So the bot races to a low, small hand: it sheds the most value per turn in sets and
runs, keeps cards that combine, draws a neighbour's top when it is low or combines, leaves a
high card on its own pile for its neighbours, goes out when it can and ducks when its sum is
likely the strictly lowest (the others' sums are estimated from their hand sizes and the cards
it cannot see).

It does not walk the legal list (up to ~2,000 moves, mostly orders of the same cards): it
builds each distinct play from the hand once, picks the best play, order and draw, and returns
the equal move from `legal`.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

from engine.duck import COLOURS, DECK, DUCK_LIMIT, HAND, INDEX, NAMES, NUMBERS, RED_PENALTIES

JSON = dict[str, Any]

PER_CARD = 2.0
"""Cost of holding one more card: a big hand is far from going out (a play of k cards and one
draw shrink the hand by k - 1)."""
TOP_PENALTY = 0.6
"""Cost of leaving a 0 on top of the own pile (falls to 0 for an 8): neighbours may take it."""
KEEP_WEIGHT = 0.75
"""Share of the highest card a player who does not end the round expects to bank."""
HIGH_KEEP = 0.6
"""Worth of the highest card kept: a correct duck, or any end of round not on the highest sum,
banks it."""
SKEW = 0.12
"""How much lower, per card shed below the 7 dealt, another player's cards are taken to be."""
BELT_CHANCE = 0.3
"""Share of the lifebelt a player who waits instead of ducking still expects to get."""


def choose(view: JSON, legal: list[JSON], rng: random.Random, budget_ms: float = 5.0) -> JSON:
    """The best move by the rules above, always one of `legal`. Ties are broken by a fixed
    order, so the move depends on the view alone; the generator only serves the fallback."""
    if len(legal) == 1:
        return legal[0]
    move = _decide(view)
    for candidate in legal:
        if candidate == move:
            return candidate
    # Only if the view and the legal list disagree: stay legal rather than fail the turn.
    return legal[rng.randrange(len(legal))]


def _decide(view: JSON) -> JSON:
    """The move as JSON: go out or duck, whichever is worth more, else duck when that beats
    what waiting is expected to bank, else the best play and draw."""
    hand = [INDEX[c] for c in view["hand"]]
    seat = int(view["seat"])
    belt = int(view.get("lifebelt") or 0)
    round_no = int(view.get("deal_no") or 1)
    penalties = (view.get("options") or {}).get("red_penalties") or RED_PENALTIES
    penalty = float(penalties[min(max(round_no, 1), len(penalties)) - 1])
    total = sum(c % NUMBERS for c in hand)
    high = max((c % NUMBERS for c in hand), default=0)

    plays = _plays(hand)
    out = [p for p in plays if len(p) == len(hand)]
    duck_value = float("-inf")
    if total <= DUCK_LIMIT:
        p = _duck_chance(view, hand, seat, total)
        duck_value = p * (belt + high) - (1 - p) * penalty
    if out:
        # Going out is a sure lifebelt; a correct duck adds the highest card.
        if duck_value > belt:
            return {"type": "duck"}
        return {"type": "play", "cards": [NAMES[c] for c in _ordered(out[0])]}
    if duck_value > KEEP_WEIGHT * high + BELT_CHANCE * belt:
        return {"type": "duck"}
    return _best_play(view, hand, plays)


# --- the duck ---------------------------------------------------------------------------------


def _unseen(view: JSON, hand: list[int]) -> dict[int, int]:
    """The cards this seat cannot see, with their copies: the deck minus banked cards, its own
    hand and the visible pile tops (cards under the tops were played but are not shown)."""
    left = Counter(DECK)
    left.subtract(INDEX[c] for bank in view["banked"] for c in bank)
    left.subtract(hand)
    left.subtract(INDEX[p["top"]] for p in view["piles"] if p["top"])
    return {c: n for c, n in left.items() if n > 0}


def _values(unseen: dict[int, int]) -> list[int]:
    """Copies of each number 0..8 among the unseen cards."""
    counts = [0] * NUMBERS
    for card, n in unseen.items():
        counts[card % NUMBERS] += n
    return counts


def _duck_chance(view: JSON, hand: list[int], seat: int, total: int) -> float:
    """Chance that every other hand sums to more than `total`, taking each hand as that many
    cards drawn independently from the unseen cards (exact enough: hands are at most 7)."""
    counts = _values(_unseen(view, hand))
    chance = 1.0
    above: dict[int, float] = {}
    for other, k in enumerate(view["hand_sizes"]):
        if other == seat:
            continue
        if k not in above:
            # A player who shrank the hand has likely shed its high cards: lean lower.
            lean = [n * math.exp(-SKEW * max(HAND - k, 0) * v) for v, n in enumerate(counts)]
            size = sum(lean) or 1.0
            above[k] = _above([w / size for w in lean], k, total)
        chance *= above[k]
    return chance


def _above(dist: list[float], k: int, total: int) -> float:
    """P(sum of k independent cards from `dist` > total)."""
    sums = [1.0]
    for _ in range(k):
        nxt = [0.0] * (len(sums) + NUMBERS - 1)
        for s, ps in enumerate(sums):
            if ps:
                for v, pv in enumerate(dist):
                    nxt[s + v] += ps * pv
        sums = nxt
    return sum(sums[total + 1 :])


# --- plays and draws --------------------------------------------------------------------------


def _plays(hand: list[int]) -> list[tuple[int, ...]]:
    """Each distinct play once, as a sorted multiset: sets of one number in every mix of
    colours, runs of 3+ consecutive numbers of one colour."""
    counts = Counter(hand)
    out: list[tuple[int, ...]] = []
    for num in range(NUMBERS):
        kinds = [c for c in sorted(counts) if c % NUMBERS == num]
        for pick in itertools.product(*(range(counts[c] + 1) for c in kinds)):
            if any(pick):
                out.append(tuple(c for c, n in zip(kinds, pick, strict=True) for _ in range(n)))
    for base in range(0, len(COLOURS) * NUMBERS, NUMBERS):
        for lo in range(NUMBERS):
            for hi in range(lo, NUMBERS):
                if base + hi not in counts:
                    break
                if hi - lo >= 2:
                    out.append(tuple(range(base + lo, base + hi + 1)))
    return out


def _ordered(play: tuple[int, ...]) -> tuple[int, ...]:
    """Lay the play so its highest number ends on top: the neighbours, who may draw the top,
    get the card least useful for a low hand (a run ascending; a set as it is)."""
    return tuple(sorted(play, key=lambda c: (c % NUMBERS, c)))


def _cost(hand: list[int]) -> float:
    """How far a hand is from a good end of round (lower is better): its sum and size, less
    what its pairs and runs will shed together later."""
    cost = 0.0
    if len(hand) > 1:
        cost -= HIGH_KEEP * max(c % NUMBERS for c in hand)
    counts = [0] * NUMBERS
    present = [False] * len(NAMES)
    for c in hand:
        v = c % NUMBERS
        cost += v + PER_CARD
        counts[v] += 1
        present[c] = True
    for v, n in enumerate(counts):
        if n > 1:  # a set: the extra cards go in the same turn
            cost -= (n - 1) * (0.75 * PER_CARD + 0.2 * v)
    for base in range(0, len(NAMES), NUMBERS):
        chain = 0
        for v in range(NUMBERS + 1):
            if v < NUMBERS and present[base + v]:
                chain += 1
                continue
            mean = v - (chain + 1) / 2  # of the chain v - chain .. v - 1
            if chain >= 3:  # a run: the extra cards go in the same turn
                cost -= (chain - 1) * (PER_CARD + 0.3 * mean)
            elif chain == 2:  # one draw from a run
                cost -= 1.0 + 0.2 * mean
            elif chain == 1 and v + 1 < NUMBERS and present[base + v + 1]:
                cost -= 0.3  # a gap of one: one draw from a run
            chain = 0
    return cost


def _best_play(view: JSON, hand: list[int], plays: list[tuple[int, ...]]) -> JSON:
    """The play and draw whose resulting hand costs least, counting the top left for the
    neighbours; the draw pile is valued by its expected card."""
    return _move(hand, *_scored(view, hand, plays)[0][2:])


def best_moves(view: JSON, count: int) -> list[JSON]:
    """The heuristic's `count` best plays with their draws, best first (the search's
    candidates in Duck: a few good moves searched with more worlds beat many with few)."""
    hand = [INDEX[c] for c in view["hand"]]
    return [_move(hand, play, draw) for *_, play, draw in _scored(view, hand, _plays(hand))[:count]]


def _move(hand: list[int], play: tuple[int, ...], draw: str | None) -> JSON:
    move: JSON = {"type": "play", "cards": [NAMES[c] for c in _ordered(play)]}
    if draw is not None and len(play) < len(hand):
        move["draw"] = draw
    return move


def _scored(
    view: JSON, hand: list[int], plays: list[tuple[int, ...]]
) -> list[tuple[float, int, tuple[int, ...], str | None]]:
    """Every play and draw with its cost, least first (`_best_play`'s order)."""
    piles = view["piles"]
    tops: dict[str, int] = {}
    for side in ("left", "right"):
        pile = piles[int(view[side])]
        if pile["size"] and pile["top"]:
            tops[side] = INDEX[pile["top"]]
    stock = int(view.get("stock_count") or 0) > 0
    unseen = _unseen(view, hand)
    counts = _values(unseen)
    size = sum(counts) or 1
    mean = sum(v * n for v, n in enumerate(counts)) / size
    # Rough pass: the draw pile as an average card without combinations.
    scored: list[tuple[float, int, tuple[int, ...], str | None]] = []
    for i, play in enumerate(plays):
        rest = list(hand)
        for c in play:
            rest.remove(c)
        top = _ordered(play)[-1] % NUMBERS
        base = TOP_PENALTY * (NUMBERS - 1 - top) / (NUMBERS - 1)
        options: list[tuple[float, str | None]] = []
        if stock:
            options.append((_cost(rest) + mean + PER_CARD, "stock"))
        for side, card in tops.items():
            options.append((_cost([*rest, card]), side))
        if not options:
            options.append((_cost(rest), None))
        for value, draw in options:
            scored.append((value + base, i, play, draw))
    scored.sort(key=lambda t: (t[0], t[1], t[3] or ""))
    # Fine pass: the few best with the draw pile's exact expectation over the unseen cards.
    if stock:
        refined = []
        for value, i, play, draw in scored[:6]:
            if draw == "stock":
                rest = list(hand)
                for c in play:
                    rest.remove(c)
                top = _ordered(play)[-1] % NUMBERS
                base = TOP_PENALTY * (NUMBERS - 1 - top) / (NUMBERS - 1)
                value = base + sum(n * _cost([*rest, c]) for c, n in unseen.items()) / size
            refined.append((value, i, play, draw))
        refined.sort(key=lambda t: (t[0], t[1], t[3] or ""))
        scored[:6] = refined
    return scored

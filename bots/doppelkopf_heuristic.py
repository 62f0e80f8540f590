"""A fast rule-based Doppelkopf player that sees only its seat's view
(rules: docs/rules/doppelkopf.md).

The view shows the own hand, the trick on the table, the last trick and the parties revealed so
far, but not the earlier tricks, so exact card counting is impossible. Instead every playable
card gets one score: the card points the trick is expected to bring the player's party (the
chance that the party ends up holding it, given which later seats are partners and how likely
they are to hold a card that beats the winning one, estimated from the cards not seen), plus the
fox (AD) won or lost, minus what the card is still worth kept (high trumps and plain aces win
tricks later; the worth fades as the hand empties). The classic play falls out of that score:
feed A and T to a partner who holds the trick, win a rich trick with the lowest card that takes
it, follow with a low trump when the trick is lost, keep the fox out of tricks the other party
takes, lead aces while the suit is likely to go round.

Announcing costs nothing in play (it only reveals the party) and adds 2 to the deal value
whoever wins, so it pays when the party is clearly favoured: the hand's strength in high trumps
and aces decides (`hand_strength`, `ANNOUNCE_AT`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from engine import cards
from engine.doppelkopf import AD, DECK, FOLLOW, POINTS, POWER, TRUMP, TRUMPS_HIGH_FIRST
from engine.doppelkopf import trick_winner as _winner

JSON = dict[str, Any]

FOX = 25.0
"""A fox (one game point) in card points: about what moves a deal one step of 30."""
FOX_SAFE = 8.0
"""Worth of getting the own fox home now: held, it risks being caught later."""
DOPPELKOPF = 25.0
"""A trick of 40 or more card points: one game point to whoever takes it."""
LATER_POINTS = 5.0
"""Card points a seat still to play adds to the trick on average (240 / 48)."""
_TRUMP_RANK = {
    cards.INDEX[n]: len(TRUMPS_HIGH_FIRST) - 1 - i for i, n in enumerate(TRUMPS_HIGH_FIRST)
}
"""0 (9D) .. 12 (TH): how many trump kinds a trump beats."""
_KEEP_PER_RANK = 1.8
_KEEP_PLAIN = {"A": 4.0, "T": 1.0}
_FULL = Counter(DECK)

ANNOUNCE_AT = 8.0
"""Announce at or above this hand strength: measured over 3,000 deals against random players, the
party wins about 60% from strength 8 (50% at 7, 80% at 10), so +2 on the value pays there."""
_STRENGTH = {"TH": 3.0, "QC": 2.5, "QS": 2.0, "QH": 1.5, "QD": 1.5, "JC": 1.0, "JS": 1.0}
_PLAIN_ACE = {"AC": 1.5, "AS": 1.5, "AH": 1.0}


def choose(view: JSON, legal: list[JSON], rng: random.Random, budget_ms: float = 5.0) -> JSON:
    """The announcement when the hand is strong, else the best-scoring card; ties by `rng`."""
    if len(legal) == 1:
        return legal[0]
    plays = [m for m in legal if m["type"] == "play"]
    if len(plays) < len(legal) and hand_strength(view["hand"]) >= ANNOUNCE_AT:
        return next(m for m in legal if m["type"] == "announce")
    if len(plays) == 1:
        return plays[0]
    scores = card_scores(view, [cards.INDEX[m["card"]] for m in plays])
    top = max(scores)
    best = [m for m, s in zip(plays, scores, strict=True) if s >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def move_scores(view: JSON, legal: list[JSON]) -> list[float]:
    """Each legal move's score (higher is better), for the search bot to try the best few: a
    card its `card_scores`, an announcement above every card (the search judges it, not this
    score: it changes the deal's value, which no card score weighs)."""
    plays = [cards.INDEX[m["card"]] for m in legal if m["type"] == "play"]
    scores = iter(card_scores(view, plays))
    return [next(scores) if m["type"] == "play" else math.inf for m in legal]


def hand_strength(hand: list[str]) -> float:
    """High trumps, trump length and plain aces: what wins tricks for the party."""
    trumps = sum(FOLLOW[cards.INDEX[c]] == TRUMP for c in hand)
    score = sum(_STRENGTH.get(c, 0.0) + _PLAIN_ACE.get(c, 0.0) for c in hand)
    return score + 0.5 * max(0, trumps - 6)


def partner_odds(view: JSON) -> list[float]:
    """Per seat, the chance it plays for this seat's party: 1 for itself and known partners, 0
    for known opponents; an unknown seat shares the party's open places (one partner in a normal
    game). A guest of an open wedding, whose own party is not settled, counts everybody at 1/3."""
    seat = int(view["seat"])
    parties: list[str | None] = view["parties"]
    mine = parties[seat]
    if mine is None:
        return [1.0 if s == seat else 1 / 3 for s in range(len(parties))]
    unknown = [s for s, p in enumerate(parties) if p is None]
    open_places = max(0, 2 - sum(p == mine for p in parties))
    share = min(1.0, open_places / len(unknown)) if unknown else 0.0
    return [share if p is None else float(p == mine) for p in parties]


def card_scores(view: JSON, candidates: list[int]) -> list[float]:
    """The score of playing each candidate card now (higher is better); see the module doc."""
    seat = int(view["seat"])
    hand = [cards.INDEX[c] for c in view["hand"]]
    trick = [(int(p["seat"]), cards.INDEX[p["card"]]) for p in view["trick"]]
    seen = Counter(hand)
    seen.update(c for _, c in trick)
    last = view.get("last_trick")
    if last:
        seen.update(cards.INDEX[p["card"]] for p in last["plays"])
    unseen = _FULL - seen
    pool = sum(unseen.values())
    sizes: list[int] = view["hand_sizes"]
    odds = partner_odds(view)
    later = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
    # Per later seat, the chance that any one unseen card is in its hand.
    share = {s: sizes[s] / pool if pool else 0.0 for s in later}
    keep_factor = (len(hand) - 1) / 11
    out = []
    for card in candidates:
        plays = [*trick, (seat, card)]
        order = [c for _, c in plays]
        who, top = plays[_winner(order)]
        led = FOLLOW[order[0]]
        ours = 1.0 if who == seat else odds[who]
        for s in later:
            beat = _beat_chance(top, led, unseen, share[s])
            ours = ours * (1 - (1 - odds[s]) * beat) + (1 - ours) * odds[s] * beat
        known = sum(POINTS[c] for c in order)
        margin = 2 * ours - 1
        score = margin * (known + LATER_POINTS * len(later))
        if known >= 40:
            score += DOPPELKOPF * margin
        for s, c in plays:
            if c != AD:
                continue
            if s == seat:
                score += FOX_SAFE * ours - FOX * (1 - ours)
            else:
                score += FOX * ((1 - odds[s]) * ours - odds[s] * (1 - ours))
        out.append(score - keep_factor * _keep(card))
    return out


def _beat_chance(top: int, led: int, unseen: Counter[int], share: float) -> float:
    """Chance that a seat holding each unseen card with probability `share` can beat `top` in a
    trick led in follow class `led` (it must follow when it can; a void seat may trump)."""

    def holds(n: int) -> float:
        return 1 - (1 - share) ** n

    higher_trumps = sum(
        k for c, k in unseen.items() if FOLLOW[c] == TRUMP and POWER[c] > POWER[top]
    )
    if led == TRUMP:
        return holds(higher_trumps)
    of_suit = sum(k for c, k in unseen.items() if FOLLOW[c] == led)
    void = 1 - holds(of_suit)
    if FOLLOW[top] == TRUMP:
        return void * holds(higher_trumps)
    higher = sum(k for c, k in unseen.items() if FOLLOW[c] == led and POWER[c] > POWER[top])
    trumps = sum(k for c, k in unseen.items() if FOLLOW[c] == TRUMP)
    return min(1.0, holds(higher) + void * holds(trumps))


def _keep(card: int) -> float:
    """What the card is worth for later tricks: high trumps and plain aces win them. The fox
    keeps nothing: holding it only risks it (FOX_SAFE)."""
    if card == AD:
        return 0.0
    if FOLLOW[card] == TRUMP:
        return _KEEP_PER_RANK * _TRUMP_RANK[card]
    return _KEEP_PLAIN.get(cards.NAMES[card][0], 0.0)

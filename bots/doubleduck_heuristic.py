"""A fast rule-based Doubleduck player that sees only its seat's view.

It scores each legal move by what the trick would be worth to its side if play stopped after it,
discounted by the risk that a later player takes it, minus the worth of the card for later
tricks. The deal score is a product of the two courses, so a stored card is worth more in the
course where the side has stored less.
"""

from __future__ import annotations

import random
from typing import Any

from engine import cards
from engine.doubleduck import DOUBLEDUCK, NO_CALL, QUACK, trick_winner
from engine.ducksoup import DUCK, SOUP, STRENGTH

JSON = dict[str, Any]
_CALLS = {None: NO_CALL, "quack": QUACK, "doubleduck": DOUBLEDUCK}


def _strength(card: int, course: int) -> int:
    """0..12, higher wins its suit in that course (Duck: A lowest wins; Soup: A highest)."""
    return STRENGTH[course][card % 13]


def choose(view: JSON, legal: list[JSON], rng: random.Random, budget_ms: float = 5.0) -> JSON:
    """The best-scoring legal move; ties broken by the seeded generator."""
    if len(legal) == 1:
        return legal[0]
    scores = move_scores(view, legal)
    top = max(scores)
    best = [m for m, s in zip(legal, scores, strict=True) if s >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def move_scores(view: JSON, legal: list[JSON]) -> list[float]:
    """Each legal move's score (higher is better); the search bot tries the best few."""
    course = DUCK if view.get("course") == "duck" else SOUP
    seat = int(view["seat"])
    side = seat & 1
    trick = [(p["seat"], cards.INDEX[p["card"]], _CALLS[p.get("call")]) for p in view["trick"]]
    stored = view["stored"]
    mine = stored["duck" if course == DUCK else "soup"][side]
    other_course = stored["soup" if course == DUCK else "duck"][side]
    # A card stored now multiplies with the other course's count (estimated as at least this one's).
    worth = 1.0 + max(other_course, mine, 6) / 13
    hand = [cards.INDEX[c] for c in view["hand"]]
    later = 3 - len(trick)  # players still to play after this move
    scores = []
    for move in legal:
        card = cards.INDEX[move["card"]]
        call = _CALLS[move.get("call")]
        score = _score(trick, seat, side, card, call, course, later, hand) * worth
        scores.append(score - _keep_value(card, course, hand))
    return scores


def _score(
    trick: list[tuple[int, int, int]],
    seat: int,
    side: int,
    card: int,
    call: int,
    course: int,
    later: int,
    hand: list[int],
) -> float:
    plays = [*trick, (seat, card, call)]
    suits = len({c // 13 for _, c, _ in plays})
    if not trick:
        # Leading: a strong card of its suit, of a rank we hold twice (fewer left to quack it).
        strength = _strength(card, course) / 12
        dup = 0.3 if hand.count(card) > 1 or sum(c % 13 == card % 13 for c in hand) > 1 else 0.0
        return (strength - 0.6 + dup) * 1.5
    _, top_card, _ = winning = plays[trick_winner(plays, course)]
    ours = (winning[0] & 1) == side
    if call == DOUBLEDUCK or later == 0:
        safety = 1.0
    elif call == QUACK:
        safety = 0.75 - 0.1 * later
    elif top_card // 13 == plays[0][1] // 13:
        # Held by the best card of the led suit: the stronger, the safer.
        safety = 0.35 + 0.05 * _strength(top_card, course)
    else:
        safety = 0.5
    expected_suits = suits + 0.5 * later * (4 - suits) / 4
    if ours:
        partner_holds = (trick[trick_winner(trick, course)][0] & 1) == side
        value = expected_suits * safety
        if partner_holds and call != NO_CALL and later > 0:
            value -= 0.5  # do not spend a quack on a trick the partner already holds
        return value
    return -expected_suits * 0.6


def _keep_value(card: int, course: int, hand: list[int]) -> float:
    """What the card is worth kept: strong Soup cards matter for the Soup course."""
    soup = _strength(card, SOUP) / 12
    if course == DUCK:
        return 0.4 * soup  # keep Soup winners, spend Duck winners now
    return 0.2 * soup

"""A fast rule-based Duck Soup player that sees only its seat's view.

Why it is built this way:
- The deal score is Duck points x Soup points, so a point is weighed by what the other course
  brings: in the Soup course the Duck points are known and the weights are exact (my point is
  worth my Duck points, the opponent's point costs theirs); in the Duck course a point is worth
  the Soup points one can expect.
- Every move is valued by the points of the trick it leads to, as a mix of a careful opponent
  (their best answer) and a random one (any card), minus what the card is worth kept: in the
  Duck course the hand becomes the Soup hand, so high Soup cards are kept while the low cards
  that win Duck tricks are spent; the more Duck points one has, the more the Soup cards matter.
- Cards are counted: the unseen cards are the deck less the own hand and every played card, so
  the chance that the opponent holds a card follows from their hand size; in the Soup course
  the stock is empty and the opponent's hand is exactly the unseen cards, so the last tricks
  are solved exactly (minimax over both hands, quack steps included).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine import cards
from engine.ducksoup import DUCK, SOUP, STRENGTH, follower_wins, unit_points

JSON = dict[str, Any]

CAREFUL = 0.8  # weight of the careful-opponent answer against the random-opponent one
LEAD_BONUS = 0.3  # worth of leading the next trick, in points
SOUP_KEEP = 0.25  # Soup points a kept ace is expected to bring (scaled down for lower cards)
MASTER_KEEP = 1.2  # Soup course: points a card no opponent card can beat is worth kept
DUCK_KEEP = 0.8  # Duck points a kept strong Duck card is worth for later Duck tricks
SOUP_GUESS = 10.0  # Soup points a player can expect, the worth of a Duck point
DUCK_PER_TRICK = 0.85  # each player's expected Duck points per Duck trick still to play
SOLVE_CARDS = 4  # solve the Soup course exactly once each hand holds at most this many cards
SOLVE_NODES = 1500  # finished tricks a solve may look at (about 2 ms); past it, one trick ahead
EPS = 0.05  # keeps points worth a little even with no points in the other course


def _soup_strength(card: int) -> int:
    """0 (a two) .. 12 (an ace): higher wins its suit in the Soup course."""
    return STRENGTH[SOUP][card % 13]


def _duck_strength(card: int) -> int:
    """0 (a king) .. 12 (an ace): higher wins its suit in the Duck course."""
    return STRENGTH[DUCK][card % 13]


@cache
def _p_none(k: int, h: int, u: int) -> float:
    """Chance that a hand of h cards drawn from u unseen ones holds none of k given cards."""
    if k <= 0:
        return 1.0
    p = 1.0
    for i in range(h):
        if u - k - i <= 0:
            return 0.0
        p *= (u - k - i) / (u - i)
    return p


@dataclass(slots=True)
class _Table:
    """What the seat knows, in the bot's terms: cards as ints, weights per point."""

    me: int
    hand: list[int]
    trick: list[int]
    leader: int
    course: int
    unseen: list[int]  # in the Soup course: exactly the opponent's hand
    opp_size: int
    stock: int
    wm: float  # worth of one of my points in this course
    wo: float  # cost of one of the opponent's points in this course
    keep_scale: float  # worth of one expected Soup point of a kept card (Duck course)
    ranks: list[int]  # unseen cards per rank
    suits: list[list[int]]  # per suit, the unseen cards' strengths in this course, ascending

    def keep(self, card: int) -> float:
        """What the card is worth in hand for the tricks still to come."""
        if self.course == DUCK:
            soup = SOUP_KEEP * (_soup_strength(card) / 12) ** 2 * self.keep_scale
            duck = DUCK_KEEP * (_duck_strength(card) / 12) ** 2 * self.wm * self.stock / 26
            return soup + duck
        # Soup: a card no opponent card of its suit can beat takes a trick whenever it leads.
        strengths = self.suits[card // 13]
        below = bisect_right(strengths, _soup_strength(card))
        above = len(strengths) - below
        if not above:
            return MASTER_KEEP * self.wm
        return 0.5 * self.wm * below / (above + below)


def _read(view: JSON) -> _Table:
    me = int(view["seat"])
    hand = [cards.INDEX[c] for c in view["hand"]]
    trick = [cards.INDEX[p["card"]] for p in view["trick"]]
    seen = set(hand)
    seen.update(trick)
    for t in view["tricks"]:
        seen.update(cards.INDEX[p["card"]] for p in t["plays"])
    unseen = [c for c in range(52) if c not in seen]
    course = SOUP if view["course"] == "soup" else DUCK
    duck = view["points"]["duck"]
    return table(
        me,
        hand,
        trick,
        int(view["leader"]),
        course,
        unseen,
        int(view["hand_sizes"][1 - me]),
        int(view["stock_count"]),
        (duck[me], duck[1 - me]),
    )


def table(
    me: int,
    hand: list[int],
    trick: list[int],
    leader: int,
    course: int,
    unseen: list[int],
    opp_size: int,
    stock: int,
    duck_points: tuple[int, int],
) -> _Table:
    """What the seat knows, from a view (`_read`) or from a game's state (search rollouts,
    `bots.rollouts`, which must not build a view per move); `duck_points` are (mine, theirs)."""
    if course == SOUP:
        wm = duck_points[0] + EPS
        wo = duck_points[1] + EPS
        keep_scale = wm
    else:
        wm = wo = SOUP_GUESS
        keep_scale = duck_points[0] + DUCK_PER_TRICK * (stock / 2 + 1)
    ranks = [0] * 13
    suits: list[list[int]] = [[], [], [], []]
    strength = STRENGTH[course]
    for c in unseen:
        ranks[c % 13] += 1
        suits[c // 13].append(strength[c % 13])
    for strengths in suits:
        strengths.sort()
    return _Table(
        me, hand, trick, leader, course, unseen, opp_size, stock, wm, wo, keep_scale, ranks, suits
    )


def choose(view: JSON, legal: list[JSON], rng: random.Random, budget_ms: float = 5.0) -> JSON:
    """The best-valued legal move; ties broken by the seeded generator."""
    if len(legal) == 1:
        return legal[0]
    values = move_values(view, legal)
    top = max(values)
    best = [m for m, v in zip(legal, values, strict=True) if v >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def move_values(view: JSON, legal: list[JSON]) -> list[float]:
    """Each legal move's value (higher is better); the search bot tries the best few."""
    return card_values(_read(view), [_card(m) for m in legal])


def card_values(t: _Table, options: list[int], solve_cards: int = SOLVE_CARDS) -> list[float]:
    """The value of each option (a card, -1 for a concede) in the position `t`; the exact
    solver takes over once both hands hold at most `solve_cards`."""
    known = t.course == SOUP and len(t.unseen) == t.opp_size  # their hand: the unseen cards
    if known and len(t.hand) <= solve_cards and t.opp_size <= solve_cards:
        try:
            return _solve(t, options)
        except _TooLong:
            pass
    n = len(t.trick)
    value = _lead if n == 0 else _follow if n == 1 else _third if n == 2 else _fourth
    return [value(t, card) for card in options]


def _card(move: JSON) -> int:
    """The move's card, or -1 for a concede."""
    return cards.INDEX[move["card"]] if move["type"] == "play" else -1


# --- one trick ahead ----------------------------------------------------------------------------


def _quack_answer(t: _Table, thirds: list[int], fourths: int, h: int, u: int) -> float:
    """My best choice, as leader, after the follower matched my rank: concede (they take 2) or
    play a third card (they take 4 if they hold the fourth, else I take 3 or 4)."""
    best = -2.0 * t.wo - LEAD_BONUS * t.wo
    for third in thirds:
        best = max(best, _third_value(t, third, fourths, h, u))
    return best


def _third_value(t: _Table, third: int, fourths: int, h: int, u: int) -> float:
    """Value of playing the third card of the led rank when `fourths` (0 or 1) unseen cards
    could be the fourth and h of the u unseen cards are in the follower's hand."""
    p4 = min(1.0, h / u) if fourths and u else 0.0
    same = len(t.suits[third // 13])  # the third is the one card of its suit and rank
    dump_one = 1.0 - _p_none(same, h, u)  # they answer in the third's suit: 1 point, not 2
    win = (2.0 + 2.0 - dump_one) * t.wm + LEAD_BONUS * t.wm
    lose = -4.0 * t.wo - LEAD_BONUS * t.wo
    return p4 * lose + (1.0 - p4) * win - t.keep(third) * 0.5


def _lead(t: _Table, lead: int) -> float:
    """Value of leading `lead`: the answer is any unseen card, weighed both ways."""
    rank, suit = lead % 13, lead // 13
    u, h = len(t.unseen), t.opp_size
    thirds = [c for c in t.hand if c % 13 == rank and c != lead] if len(t.hand) > 1 else []
    win1 = t.wm * (1 + LEAD_BONUS)
    win2 = t.wm * (2 + LEAD_BONUS)
    lose1 = -t.wo * (1 + LEAD_BONUS)
    # The quack answer: the follower then holds h - 1 of the u - 1 other unseen cards.
    n_match = t.ranks[rank]
    quack = _quack_answer(t, thirds, n_match - 1, h - 1, u - 1)
    # The unseen cards of the led suit (none of the led rank) that beat it, and the others.
    strengths = t.suits[suit]
    n_weak = bisect_right(strengths, STRENGTH[t.course][rank])
    n_beat = len(strengths) - n_weak
    n_other = u - n_match - n_beat - n_weak
    total = n_match * quack + n_beat * lose1 + n_weak * win1 + n_other * win2
    randomly = total / u if u else win2
    # A careful follower quacks when I cannot answer, else beats, else gives the fewest points.
    pm = 0.0 if thirds else 1.0 - _p_none(n_match, h, u)
    pb = 1.0 - _p_none(n_beat, h, u)
    pw = 1.0 - _p_none(n_weak, h, u)
    dump = pw * win1 + (1 - pw) * win2
    careful = pm * quack + (1 - pm) * (pb * lose1 + (1 - pb) * dump)
    return CAREFUL * careful + (1 - CAREFUL) * randomly - t.keep(lead)


def _follow(t: _Table, card: int) -> float:
    """Value of answering the led card with `card`."""
    lead = t.trick[0]
    if card % 13 == lead % 13:
        rank = lead % 13
        hold4 = any(c % 13 == rank and c != card for c in t.hand)
        k3 = t.ranks[rank]
        p3 = 1.0 - _p_none(k3, t.opp_size, len(t.unseen))
        take2 = t.wm * (2 + LEAD_BONUS)
        answered = t.wm * (2 + LEAD_BONUS) if hold4 else -t.wo * (3.5 + LEAD_BONUS)
        random_answer = 0.5 * take2 + 0.5 * (t.wm * (4 + LEAD_BONUS) if hold4 else answered)
        careful = (1 - p3) * take2 + p3 * answered
        randomly = (1 - p3) * take2 + p3 * random_answer
        value = CAREFUL * careful + (1 - CAREFUL) * randomly
    elif follower_wins(lead, card, t.course):
        value = t.wm * (1 + LEAD_BONUS)
    elif card // 13 == lead // 13:
        value = -t.wo * (1 + LEAD_BONUS)
    else:
        value = -t.wo * (2 + LEAD_BONUS)
    return value - t.keep(card)


def _third(t: _Table, card: int) -> float:
    """The choice after a quack: concede (-1) or play the third card of the rank."""
    if card < 0:
        return -t.wo * (2 + LEAD_BONUS)
    fourths = t.ranks[card % 13]
    return _third_value(t, card, fourths, t.opp_size, len(t.unseen))


def _fourth(t: _Table, card: int) -> float:
    """After a third card: the fourth takes all four; else give the fewest points."""
    lead, third = t.trick[0], t.trick[2]
    if card % 13 == lead % 13:
        return t.wm * (4 + LEAD_BONUS)
    pts = unit_points(third, card)
    return -t.wo * (2 + pts + LEAD_BONUS) - t.keep(card)


# --- the Soup course's last tricks, solved ---------------------------------------------------


def _solve(t: _Table, options: list[int]) -> list[float]:
    """Exact values of the options when both hands are known (Soup course); _TooLong when the
    search would pass its node budget."""
    leader = 0 if not t.trick or t.leader == t.me else 1  # 0 = me, 1 = the opponent
    solver = _Solver(t.wm, t.wo)
    mine, theirs = _mask(t.hand), _mask(t.unseen)
    lh, fh = (mine, theirs) if leader == 0 else (theirs, mine)
    trick = t.trick
    out = []
    for card in options:
        if not trick:
            out.append(solver.after_lead(lh & ~(1 << card), fh, leader, card))
        elif len(trick) == 1:
            out.append(solver.after_follow(lh, fh & ~(1 << card), leader, trick[0], card))
        elif len(trick) == 2:
            if card < 0:
                out.append(solver.taken(lh, fh, leader, 1 - leader, 2))
            else:
                out.append(solver.after_third(lh & ~(1 << card), fh, leader, card))
        else:
            out.append(solver.after_fourth(lh, fh & ~(1 << card), leader, trick[0], trick[2], card))
    return out


def _mask(cs: list[int]) -> int:
    m = 0
    for c in cs:
        m |= 1 << c
    return m


def _cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _TooLong(Exception):
    """The solve would take too long: the position goes to the one-trick evaluation."""


class _Solver:
    """Minimax over the rest of the Soup course: I (side 0) maximise wm*mine - wo*theirs.

    Hands are bit masks, `lh` the leader's and `fh` the follower's; positions at the start of
    a trick are remembered, which keeps a four-card ending to a few hundred tricks.
    """

    def __init__(self, wm: float, wo: float) -> None:
        self.wm, self.wo = wm, wo
        self.memo: dict[tuple[int, int, int], float] = {}
        self.nodes = SOLVE_NODES

    def taken(self, lh: int, fh: int, leader: int, taker: int, pts: int) -> float:
        """A finished trick: its points, then the rest of the course led by the taker."""
        self.nodes -= 1
        if self.nodes < 0:
            raise _TooLong
        gain = self.wm * pts if taker == 0 else -self.wo * pts
        h0, h1 = (lh, fh) if leader == 0 else (fh, lh)
        return gain + self.start(h0, h1, taker)

    def start(self, h0: int, h1: int, leader: int) -> float:
        if not h0 and not h1:
            return 0.0
        key = (h0, h1, leader)
        got = self.memo.get(key)
        if got is not None:
            return got
        lh, fh = (h0, h1) if leader == 0 else (h1, h0)
        values = [self.after_lead(lh & ~(1 << c), fh, leader, c) for c in _cards_of(lh)]
        best = max(values) if leader == 0 else min(values)
        self.memo[key] = best
        return best

    def after_lead(self, lh: int, fh: int, leader: int, lead: int) -> float:
        values = [self.after_follow(lh, fh & ~(1 << c), leader, lead, c) for c in _cards_of(fh)]
        return max(values) if leader == 1 else min(values)

    def after_follow(self, lh: int, fh: int, leader: int, lead: int, follow: int) -> float:
        rank = lead % 13
        if follow % 13 != rank:
            if follower_wins(lead, follow, SOUP):
                return self.taken(lh, fh, leader, 1 - leader, unit_points(lead, follow))
            return self.taken(lh, fh, leader, leader, unit_points(lead, follow))
        concede = self.taken(lh, fh, leader, 1 - leader, 2)
        if not lh:
            return concede  # no card left: the follower takes the pair
        values = [concede] + [
            self.after_third(lh & ~(1 << c), fh, leader, c) for c in _cards_of(lh) if c % 13 == rank
        ]
        return max(values) if leader == 0 else min(values)

    def after_third(self, lh: int, fh: int, leader: int, third: int) -> float:
        values = [
            self.after_fourth(lh, fh & ~(1 << c), leader, third, third, c) for c in _cards_of(fh)
        ]
        return max(values) if leader == 1 else min(values)

    def after_fourth(
        self, lh: int, fh: int, leader: int, lead: int, third: int, fourth: int
    ) -> float:
        if fourth % 13 == lead % 13:
            return self.taken(lh, fh, leader, 1 - leader, 4)
        return self.taken(lh, fh, leader, leader, 2 + unit_points(third, fourth))

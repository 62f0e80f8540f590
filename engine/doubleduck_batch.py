"""Doubleduck in batches: many deals played to the end in lock-step as numpy array operations.

Why it exists: search values a move by playouts on worlds sampled from a seat's view, and pure
CPython costs about 1 µs a card played, so scalar playouts (`Doubleduck.playout`) cap search
near 10-15 thousand playouts a second. Doubleduck has no duty to follow suit, so every world of
one view shares the public state (tricks done, the cards of the trick in play, the stock count)
and differs only in where the unseen cards lie and so in who takes each trick: all worlds can
play their next card together, one array operation for all of them.

The rules are `engine.doubleduck`'s, vectorised: who holds a trick (a doubleduck, else the
last quack, else the best card of the led suit, the later of two equal best cards), one stored
card per suit, the draws of the Duck course (winner first, from the top of the stock), the
score (Duck count times Soup count per side). tests/engine/test_dd_batch.py plays the same
moves through the engine and through this module and checks every trick, hand and score.

Hands keep the engine's list order (a played card leaves from its first place, a drawn card
goes last), so the move choices below, fed the same uniform numbers, pick exactly the card the
engine's `playout` and the search bot's rollout policy (`bots.rollouts.doubleduck`) pick. Every
play reads two uniforms per deal, `u[0]` for the first number the scalar code asks of its
generator and `u[1]` for the second; the only randomness is a `numpy.random.Generator` seeded
from the caller's `random.Random` (`generator`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from engine import cards
from engine.doubleduck import (
    CALL_NAMES,
    DOUBLEDUCK,
    HAND,
    NO_CALL,
    QUACK,
    SEATS,
    TRICKS_PER_COURSE,
    Doubleduck,
)
from engine.ducksoup import DUCK, SOUP, STRENGTH
from engine.protocol import Move

Ints = NDArray[np.int64]

NONE = 52
"""An empty hand slot: the lookup tables below give it no rank, suit or strength."""
_SUIT: Ints = np.array([c // 13 for c in range(52)] + [-2])
_STRENGTH: Ints = np.array([[STRENGTH[k][c % 13] for c in range(52)] + [-1] for k in (DUCK, SOUP)])
_SUIT_BIT: Ints = np.array([1 << (c // 13) for c in range(52)] + [0])
_POPCOUNT: Ints = np.array([bin(bits).count("1") for bits in range(16)])
_SLOT: Ints = np.arange(HAND)[:, None]
"""Slot numbers as a column, against a hand laid slots x deals (column reductions are fast)."""
_CODE_STEP = 16
_SLOT_ORDER: Ints = _CODE_STEP - 1 - _SLOT
"""Added to a code times _CODE_STEP, so the column maximum is the best code at its first slot."""
_OTHER, _SAME_RANK, _TWIN = 0, 1, 2


def _pair(lead: int, card: int) -> int:
    if NONE in (lead, card) or lead % 13 != card % 13:
        return _OTHER
    return _TWIN if lead == card else _SAME_RANK


_PAIR: Ints = np.array([_pair(a, b) for a in range(NONE + 1) for b in range(NONE + 1)])
"""By lead * 53 + card: the card is the lead's twin, another card of its rank, or neither."""
_PAIR_STRENGTH: Ints = np.array(
    [
        [
            STRENGTH[k][b % 13] if b < NONE and a // 13 == b // 13 else -1
            for a in range(NONE + 1)
            for b in range(NONE + 1)
        ]
        for k in (DUCK, SOUP)
    ]
)
"""By course, then lead * 53 + card: the card's strength if it is of the led suit, else -1."""
_RANK_AT: Ints = np.array([[STRENGTH[k].index(s) for s in range(13)] + [0] for k in (DUCK, SOUP)])
"""By course and strength: the rank (strength HAND, no card, maps to any rank)."""
_CALL_OF: dict[str | None, int] = {
    None: NO_CALL,
    **{name: call for call, name in CALL_NAMES.items()},
}
DEAL_TRICKS = 2 * TRICKS_PER_COURSE


def generator(rng: random.Random) -> np.random.Generator:
    """The numpy generator of one batch, drawn from the caller's seeded generator."""
    return np.random.default_rng(rng.getrandbits(64))


class Deals:
    """B deals at the same point of play (tricks done, cards in the trick, stock left).

    Arrays by deal: `hands` (B*4 rows of HAND slots, row deal*4 + seat, NONE past `counts`),
    `stock` (top last, `stock_left` cards), `leader`, `stored` (side, course), and the trick in
    play: its cards and calls, the position in it of the play that holds it (`holder`), what
    holds it (`kind`: no call, quack or doubleduck) and, while no call was made, the strength of
    the best card of the led suit (`top`). Each run of `group` consecutive deals holds copies of
    one world, which draw the same uniforms (common random numbers for search).
    """

    def __init__(
        self,
        hands: Ints,
        stock: Ints,
        leader: Ints,
        stored: Ints,
        tricks_done: int,
        trick_cards: Ints,
        trick_calls: Ints,
    ) -> None:
        count = len(leader)
        self.size = count
        self.group = 1
        self.rows = np.arange(count)
        self.seat_rows = self.rows * SEATS
        self.hands = hands.reshape(count * SEATS, HAND).copy()
        self.counts = (self.hands != NONE).sum(axis=1)
        self.stock = stock.copy()
        self.stock_left = stock.shape[1]
        self.leader = leader.copy()
        self.stored = stored.copy()
        self.tricks_done = tricks_done
        self.trick_cards = np.full((count, SEATS), NONE)
        self.trick_calls = np.zeros((count, SEATS), dtype=np.int64)
        self.trick_len = 0
        self.lead = np.full(count, NONE)
        self.holder = np.zeros(count, dtype=np.int64)
        self.kind = np.zeros(count, dtype=np.int64)
        self.top = np.zeros(count, dtype=np.int64)
        self._no_calls = np.zeros(count, dtype=np.int64)
        for p in range(trick_cards.shape[1]):
            self._record(trick_cards[:, p], trick_calls[:, p])

    @classmethod
    def from_games(cls, games: Sequence[Doubleduck]) -> Deals:
        """The deals of engine states at the same point of play (so tests can play the engine
        and a batch side by side)."""
        first = games[0]
        point = (first.tricks_done, len(first.trick), len(first.stock))
        if any((g.tricks_done, len(g.trick), len(g.stock)) != point for g in games):
            raise ValueError("the games are not at the same point of play")
        hands = np.full((len(games), SEATS, HAND), NONE)
        for i, game in enumerate(games):
            for seat, hand in enumerate(game.hands):
                hands[i, seat, : len(hand)] = hand
        trick_shape = (len(games), len(first.trick))
        return cls(
            hands,
            np.array([g.stock for g in games], dtype=np.int64).reshape(len(games), -1),
            np.array([g.leader for g in games]),
            np.array([g.stored for g in games]),
            first.tricks_done,
            np.array([[c for _, c, _ in g.trick] for g in games]).reshape(trick_shape),
            np.array([[k for _, _, k in g.trick] for g in games]).reshape(trick_shape),
        )

    def repeat(self, times: int) -> Deals:
        """Each deal `times` times in a row, the copies of one deal sharing its uniforms."""
        out = object.__new__(Deals)
        out.__dict__.update(self.__dict__)
        out.hands = np.repeat(self.hands.reshape(self.size, -1), times, axis=0).reshape(-1, HAND)
        out.counts = np.repeat(self.counts.reshape(self.size, -1), times, axis=0).reshape(-1)
        for name in ("stock", "leader", "stored", "trick_cards", "trick_calls"):
            setattr(out, name, np.repeat(getattr(self, name), times, axis=0))
        for name in ("lead", "holder", "kind", "top", "_no_calls"):
            setattr(out, name, np.repeat(getattr(self, name), times))
        out.size = self.size * times
        out.group = self.group * times
        out.rows = np.arange(out.size)
        out.seat_rows = out.rows * SEATS
        return out

    # --- playing ------------------------------------------------------------------------

    def course(self) -> int:
        return DUCK if self.tricks_done < TRICKS_PER_COURSE else SOUP

    def over(self) -> bool:
        return self.tricks_done == DEAL_TRICKS

    def to_act(self) -> Ints:
        return (self.leader + self.trick_len) % SEATS

    def play(self, card: Ints, call: Ints) -> None:
        """Each deal's seat to act plays `card` with `call`: legal moves, the caller's to check
        (as `Doubleduck._play` after its checks)."""
        r = self.seat_rows + self.to_act()
        self._play(r, self.hands[r].T, card, call)

    def _play(self, r: Ints, hand: Ints, card: Ints, call: Ints) -> None:
        """Play `card` from each hand (`hand`: slots x deals, of rows `r`): its first copy
        leaves, as `list.remove` takes it (of two copies apart, which one leaves changes the
        order of the rest); the later cards move up one slot."""
        first = np.where(hand == card, _SLOT, HAND).min(axis=0)
        self.hands[r, :-1] = np.where(_SLOT[:-1] < first, hand[:-1], hand[1:]).T
        self.hands[r, -1] = NONE
        self.counts[r] -= 1
        self._record(card, call)

    def _record(self, card: Ints, call: Ints) -> None:
        """Add a play to the trick and update what holds it; the fourth play files the trick."""
        p = self.trick_len
        self.trick_cards[:, p] = card
        self.trick_calls[:, p] = call
        strength = _STRENGTH[self.course()][card]
        if p == 0:
            self.lead = card.copy()
            self.holder = np.zeros(self.size, dtype=np.int64)
            self.kind = np.zeros(self.size, dtype=np.int64)
            self.top = strength
        else:
            plain = (self.kind == NO_CALL) & (call == NO_CALL)
            plain &= (_SUIT[card] == _SUIT[self.lead]) & (strength >= self.top)
            # A doubleduck takes it from anything, a quack from all but a doubleduck.
            called = (call != NO_CALL) & (call >= self.kind)
            self.holder = np.where(plain | called, p, self.holder)
            self.top = np.where(plain, strength, self.top)
            self.kind = np.maximum(self.kind, call)
        self.trick_len = p + 1
        if self.trick_len == SEATS:
            self._file_trick()

    def _file_trick(self) -> None:
        """As `Doubleduck._store_trick` and `_draw`: one card per suit to the winner's side, the
        winner leads, and in the Duck course everyone draws, the winner first."""
        course = self.course()
        winner = (self.leader + self.holder) % SEATS
        bits = _SUIT_BIT[self.trick_cards]
        suits = bits[:, 0] | bits[:, 1] | bits[:, 2] | bits[:, 3]
        self.stored[self.rows, winner & 1, course] += _POPCOUNT[suits]
        self.leader = winner
        self.tricks_done += 1
        self.trick_len = 0
        if course == DUCK:
            for i in range(SEATS):
                r = self.seat_rows + (winner + i) % SEATS
                self.stock_left -= 1
                self.hands[r, self.counts[r]] = self.stock[:, self.stock_left]
                self.counts[r] += 1

    def scores(self) -> Ints:
        """Each deal's score per side, as `Doubleduck.deal_score` (once the deal is over)."""
        return self.stored[:, :, DUCK] * self.stored[:, :, SOUP]

    # --- choosing moves -----------------------------------------------------------------

    def random_moves(self, hand: Ints, counts: Ints, u: NDArray[np.float64]) -> tuple[Ints, Ints]:
        """`Doubleduck.playout`'s move (card, call) from each hand (slots x deals): a card of
        the hand by `u[0]`, then by `u[1]` a call chosen uniformly among none and the calls
        the card allows."""
        card = hand[(u[0] * counts).astype(np.int64), self.rows]
        if self.trick_len == 0:
            return card, self._no_calls
        code = _PAIR[self.lead * (NONE + 1) + card]
        twin = (u[1] >= 1 / 3).astype(np.int64) + (u[1] >= 2 / 3)
        return card, np.where(code == _TWIN, twin, (code == _SAME_RANK) & (u[1] < 0.5))

    def rollout_moves(
        self, hand: Ints, counts: Ints, u: NDArray[np.float64], quack_odds: float
    ) -> tuple[Ints, Ints]:
        """`bots.rollouts.doubleduck`'s move (card, call) from each hand (slots x deals): lead
        at random; when the other side holds the trick, doubleduck with the twin, else quack
        (odds `quack_odds`, by `u[0]`) with the first card of the led rank, else, with no call
        made, take the trick with the weakest better card of the led suit; otherwise a card at
        random (by `u[1]` once `u[0]` decided the quack, else by `u[0]`), without a call."""
        rows = self.rows
        if self.trick_len == 0:
            return hand[(u[0] * counts).astype(np.int64), rows], self._no_calls
        lead = self.lead
        pairs = lead * (NONE + 1) + hand
        # The best code (twin, else the led rank) and its first slot, in one column maximum.
        found = (_PAIR[pairs] * _CODE_STEP + _SLOT_ORDER).max(axis=0)
        best = found // _CODE_STEP
        calling = hand[_CODE_STEP - 1 - found % _CODE_STEP, rows]
        against = ((self.leader + self.holder) ^ self.to_act()) & 1 == 1
        twin = against & (best == _TWIN)
        asked = against & ~twin
        quack = asked & (u[0] < quack_odds) & (best == _SAME_RANK)
        course = self.course()
        strength = _PAIR_STRENGTH[course][pairs]
        # Equal strengths of the led suit are twins: the weakest better card is one card.
        weakest = np.where(strength > self.top, strength, HAND).min(axis=0)
        take = asked & ~quack & (self.kind == NO_CALL) & (weakest < HAND)
        taking = lead // 13 * 13 + _RANK_AT[course][weakest]
        picked = hand[(np.where(asked, u[1], u[0]) * counts).astype(np.int64), rows]
        card = np.where(twin, lead, np.where(quack, calling, np.where(take, taking, picked)))
        return card, np.where(twin, DOUBLEDUCK, np.where(quack, QUACK, NO_CALL))

    def finish(self, gen: np.random.Generator, quack_odds: float | None = None) -> Ints:
        """Play every deal to its end and return the scores (`scores`). `quack_odds` None plays
        `random_moves`, else `rollout_moves`; each play draws `gen.random((2, size / group))`,
        each column repeated for the `group` copies of its world."""
        groups = self.size // self.group
        while not self.over():
            u = gen.random((2, groups))
            if self.group > 1:
                u = np.repeat(u, self.group, axis=1)
            r = self.seat_rows + self.to_act()
            hand = np.ascontiguousarray(self.hands[r].T)
            counts = self.counts[r]
            if quack_odds is None:
                card, call = self.random_moves(hand, counts, u)
            else:
                card, call = self.rollout_moves(hand, counts, u, quack_odds)
            self._play(r, hand, card, call)
        return self.scores()


def sample(view: Mapping[str, Any], count: int, rng: random.Random) -> Deals:
    """`count` worlds of a seat's view, drawn as `Doubleduck.from_view` draws one: the unseen
    cards shuffled and dealt into the other hands by their sizes, seat 0 first, the rest the
    stock. The public state (stored cards, the trick, the leader) comes from one world."""
    frame = Doubleduck.from_view(view, rng)
    me = int(view["seat"])
    unseen = [c for seat, hand in enumerate(frame.hands) if seat != me for c in hand]
    pool = np.array(sorted(unseen + frame.stock), dtype=np.int64)
    shuffled = generator(rng).permuted(np.tile(pool, (count, 1)), axis=1)
    hands = np.full((count, SEATS, HAND), NONE)
    start = 0
    for seat, hand in enumerate(frame.hands):
        if seat == me:
            hands[:, seat, : len(hand)] = hand
        else:
            hands[:, seat, : len(hand)] = shuffled[:, start : start + len(hand)]
            start += len(hand)
    trick_cards = np.array([[c for _, c, _ in frame.trick]] * count).reshape(count, -1)
    trick_calls = np.array([[k for _, _, k in frame.trick]] * count).reshape(count, -1)
    return Deals(
        hands,
        shuffled[:, start:],
        np.full(count, frame.leader),
        np.array([frame.stored] * count),
        frame.tricks_done,
        trick_cards,
        trick_calls,
    )


def playouts(
    view: Mapping[str, Any], count: int, rng: random.Random, quack_odds: float | None = None
) -> Ints:
    """Deal scores (count x 2 sides) of `count` sampled worlds played out (see `Deals.finish`)."""
    deals = sample(view, count, rng)
    return deals.finish(generator(rng), quack_odds)


def candidate_scores(
    view: Mapping[str, Any],
    moves: Sequence[Move],
    worlds: int,
    rng: random.Random,
    quack_odds: float | None = None,
) -> Ints:
    """Deal scores (worlds x moves x 2 sides): on each sampled world, each of the seat's
    candidate `moves` (legal in its view) played, then the deal played out; the candidates of
    one world draw the same uniforms, as the search bot's common random numbers."""
    deals = sample(view, worlds, rng).repeat(len(moves))
    card = np.array([cards.INDEX[m.card or ""] for m in moves] * worlds)
    call = np.array([_CALL_OF[m.call] for m in moves] * worlds)
    deals.play(card, call)
    return deals.finish(generator(rng), quack_odds).reshape(worlds, len(moves), 2)

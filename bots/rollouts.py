"""Cheap rollout policies for search: one per game, reading the engine's own state.

Why: a search bot plays thousands of moves per decision on sampled worlds, so its rollouts
cannot build a view per move as the heuristics' `choose` does (a view costs tens of
microseconds). These policies keep the heuristics' main ideas (take a trick the other side
holds when a card can, do not waste a winner on a trick the own side holds, feed points to a
partner, shed value in Duck) at a few microseconds a move, on the state of a sampled world
(`engine.protocol.RolloutPolicy`). They only look at the seat's own hand and the table, never
at other hands, so a rollout does not play as if it saw every card.
"""

from __future__ import annotations

import random

from engine import Move, RolloutPolicy
from engine import doppelkopf as dk
from engine import doubleduck as dd
from engine import duck as du
from engine import ducksoup as ds
from engine.tricks import PLAY_MOVES

QUACK_ODDS = 0.7
"""Doubleduck: how often a player whose side does not hold the trick quacks when it can."""


def doubleduck(game: dd.Doubleduck, seat: int, rng: random.Random) -> Move:
    """Lead at random; follow with the led card's duplicate (a doubleduck always takes the
    trick) or a quack when the other side holds the trick; otherwise take it with a better
    card of the led suit when no call was made, else play any card without a call."""
    hand: list[int] = game.hands[seat]
    trick = game.trick
    if not trick:
        return PLAY_MOVES[hand[int(rng.random() * len(hand))]]
    course = ds.DUCK if game.tricks_done < dd.TRICKS_PER_COURSE else ds.SOUP
    holder = trick[dd.trick_winner(trick, course)]
    if (holder[0] ^ seat) & 1:
        lead = trick[0][1]
        if lead in hand:
            return dd.DOUBLEDUCK_MOVES[lead]
        rank = lead % 13
        if rng.random() < QUACK_ODDS:
            for card in hand:
                if card % 13 == rank:
                    return dd.QUACK_MOVES[card]
        if not any(call for _, _, call in trick):
            strength = ds.STRENGTH[course]
            suit, top = lead // 13, strength[holder[1] % 13]
            better = [c for c in hand if c // 13 == suit and strength[c % 13] > top]
            if better:
                return PLAY_MOVES[min(better, key=lambda c: strength[c % 13])]
    return PLAY_MOVES[hand[int(rng.random() * len(hand))]]


_LEAD = (
    tuple(ds.STRENGTH[ds.DUCK][r] - ds.STRENGTH[ds.SOUP][r] for r in range(13)),
    ds.STRENGTH[ds.SOUP],
)
"""Duck Soup rollouts: how much a rank is worth leading, per course."""
_KEEP = (
    tuple(ds.STRENGTH[ds.DUCK][r] + 2 * ds.STRENGTH[ds.SOUP][r] for r in range(13)),
    ds.STRENGTH[ds.SOUP],
)
"""How much a rank is worth keeping, per course: the Duck course keeps Soup winners most."""


def ducksoup(game: ds.Ducksoup, seat: int, rng: random.Random) -> Move:
    """Lead at random; follow with a card of the led rank (the quack), else the cheapest card
    that beats the lead, else a low card of the led suit (one point lost, not two); after a
    quack play the third card when holding one, and the fourth card always. Leads, wins and
    discards spend the cards least worth keeping for the Soup course."""
    hand: list[int] = game.hands[seat]
    trick = game.trick
    n = len(trick)
    if n == 0:
        # Duck course: lead what wins Duck tricks but is worth little in the Soup course (low
        # ranks but the ace); Soup course: the strongest card. A little noise varies the play.
        course = ds.DUCK if game.stock else ds.SOUP
        return PLAY_MOVES[max(hand, key=lambda c: _LEAD[course][c % 13] + rng.random() * 3)]
    lead = trick[0]
    rank, suit = lead % 13, lead // 13
    same_rank = [c for c in hand if c % 13 == rank]
    if n == 2:
        return PLAY_MOVES[same_rank[0]] if same_rank else ds.CONCEDE
    if same_rank:
        return PLAY_MOVES[same_rank[0]]
    course = ds.DUCK if game.stock else ds.SOUP
    keep = _KEEP[course]
    of_suit = [c for c in hand if c // 13 == (trick[2] // 13 if n == 3 else suit)]
    if n == 1:
        better = [c for c in of_suit if ds.follower_wins(lead, c, course)]
        if better:
            return PLAY_MOVES[min(better, key=lambda c: keep[c % 13])]
    return PLAY_MOVES[min(of_suit or hand, key=lambda c: keep[c % 13])]


def doppelkopf(game: dk.Doppelkopf, seat: int, rng: random.Random) -> Move:
    """Lead at random; when the own party holds the trick, add the richest card; else take it
    with the weakest card that does, else throw the poorest. Never announces."""
    hand: list[int] = game.hands[seat]
    trick = game.trick
    options = dk.playable(hand, trick[0][1] if trick else None)
    if not trick:
        return PLAY_MOVES[options[int(rng.random() * len(options))]]
    played = [c for _, c in trick]
    holder = trick[dk.trick_winner(played)][0]
    re = game.re
    if re[holder] == re[seat]:
        return PLAY_MOVES[max(options, key=lambda c: dk.POINTS[c])]
    winning = [c for c in options if dk.trick_winner([*played, c]) == len(played)]
    if winning:
        return PLAY_MOVES[min(winning, key=lambda c: (dk.POWER[c], -dk.POINTS[c]))]
    return PLAY_MOVES[min(options, key=lambda c: (dk.POINTS[c], dk.POWER[c]))]


DUCK_AT = 5
"""Duck: a hand summing to this or less ducks at once; up to DUCK_LIMIT, one time in three."""


def duck(game: du.Duck, seat: int, rng: random.Random) -> Move:
    """Duck with a low hand; else shed the most value in one play (a set of one number or
    the longest run of a colour), highest card on top; draw a neighbour's low top (0-2) or
    from the stock."""
    hand: list[int] = game.hands[seat]
    total = du.hand_sum(hand)
    if total <= DUCK_AT or (total <= du.DUCK_LIMIT and rng.random() < 1 / 3):
        return DUCK_MOVE
    best: list[int] = []
    best_value = -1
    by_number: dict[int, list[int]] = {}
    for card in hand:
        by_number.setdefault(card % du.NUMBERS, []).append(card)
    for number, group in by_number.items():
        value = number * len(group) + len(group)
        if value > best_value:
            best, best_value = group, value
    present = set(hand)
    for base in range(0, len(du.COLOURS) * du.NUMBERS, du.NUMBERS):
        run: list[int] = []
        for n in range(du.NUMBERS + 1):
            if n < du.NUMBERS and base + n in present:
                run.append(base + n)
                continue
            if len(run) >= 3:
                value = sum(c % du.NUMBERS for c in run) + len(run)
                if value > best_value:
                    best, best_value = list(run), value
            run = []
    played = sorted(best, key=lambda c: c % du.NUMBERS)
    names = tuple(du.NAMES[c] for c in played)
    if len(played) == len(hand):
        return Move("play", cards=names)
    draw = "stock" if game.stock else None
    for source, owner in (("left", game.left_of(seat)), ("right", game.right_of(seat))):
        pile = game.piles[owner]
        if pile and (draw is None or pile[-1] % du.NUMBERS <= 2):
            draw = source
            break
    return Move("play", cards=names, draw=draw)


DUCK_MOVE = Move("duck")

ROLLOUTS: dict[str, RolloutPolicy] = {
    "doubleduck": doubleduck,
    "ducksoup": ducksoup,
    "doppelkopf": doppelkopf,
    "duck": duck,
}
"""The rollout policy of each game (`engine.protocol.RolloutPolicy`)."""

"""Cheap rollout policies for search: one per game, reading the engine's own state.

Why: a search bot plays thousands of moves per decision on sampled worlds, so its rollouts
cannot build a view per move as the heuristics' `choose` does (a view costs tens of
microseconds). These policies keep the heuristics' main ideas (take a trick the other side
holds when a card can, do not waste a winner on a trick the own side holds, feed points to a
partner, shed value in Duck) at a few microseconds a move, on the state of a sampled world
(`engine.protocol.RolloutPolicy`). They only look at the seat's own hand and the table, never
at other hands, so a rollout does not play as if it saw every card. Duck Soup's is its
heuristic itself read from the state (~40 µs a move): no cheaper rule was good enough there.
"""

from __future__ import annotations

import random

from bots import ducksoup_heuristic
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


SOUP_SOLVE_CARDS = 3
"""Duck Soup rollouts: the heuristic's exact solver takes over with this many cards a hand (the
heuristic's own 4 costs twice as much a rollout: 2.6 against 1.3 ms from an early position)."""


def ducksoup(game: ds.Ducksoup, seat: int, rng: random.Random) -> Move:
    """The heuristic's move (`bots.ducksoup_heuristic`), valued on the state, not a view.

    Why the heuristic itself: the deal score is Duck points x Soup points, and cheaper rules
    judged the Soup course too badly for search to beat the heuristic (-10.7 a deal, 200
    duplicate deals; docs/benchmarks.md). What the seat does not see, the other hand and the
    stock, is used only as the set of unseen cards, as the heuristic counts them from its view
    (in the Soup course that set is the other hand, known at a real table too)."""
    other = 1 - seat
    hand: list[int] = game.hands[seat]
    trick = game.trick
    theirs: list[int] = game.hands[other]
    unseen = theirs + game.stock if game.stock else theirs
    duck = (game.points[seat][ds.DUCK], game.points[other][ds.DUCK])
    course = ds.DUCK if game.stock else ds.SOUP
    table = ducksoup_heuristic.table(
        seat, hand, trick, game.leader, course, unseen, len(theirs), len(game.stock), duck
    )
    if len(trick) == 2:
        rank = trick[0] % 13
        options = [-1, *(c for c in hand if c % 13 == rank)]
    else:
        options = hand
    values = ducksoup_heuristic.card_values(table, options, SOUP_SOLVE_CARDS)
    card = options[values.index(max(values))]
    return ds.CONCEDE if card < 0 else PLAY_MOVES[card]


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

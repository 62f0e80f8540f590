"""Cheap rollout policies for search: one per game, reading the engine's own state.

Why: a search bot plays thousands of moves per decision on sampled worlds, so its rollouts
cannot build a view per move as the heuristics' `choose` does (a view costs tens of
microseconds). These policies keep the heuristics' main ideas (take a trick the other side
holds when a card can, do not waste a winner on a trick the own side holds, feed points to a
partner, shed value in Duck) at a few microseconds a move, on the state of a sampled world
(`engine.protocol.RolloutPolicy`). They look at the seat's own hand and the table, not at other
hands, so a rollout does not play as if it saw every card; Doppelkopf's is the exception (see
`doppelkopf`). Duck Soup's is its
heuristic itself read from the state (~40 µs a move): no cheaper rule was good enough there.
"""

from __future__ import annotations

import random

from bots import ducksoup_heuristic
from engine import Move, RolloutPolicy, cards
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
    """Lead a plain ace every opponent must follow, else a top trump no opponent can beat, else a
    random card worth under 10; follow by feeding the partner's trick the richest card when no
    later opponent can take it, else take the trick with the weakest card no later opponent can
    beat, else throw the poorest. Never announces.

    Why it reads the other hands of the world (unlike the other games' rollouts): whether a
    later opponent can still beat a card is the question every Doppelkopf play turns on, and
    guessing it (the first rule set, which fed and took tricks blind) lost 0.88 +- 0.06 a deal
    to this, one seat against three over 2,000 duplicate deals of rollout against rollout."""
    hand: list[int] = game.hands[seat]
    hands = game.hands
    trick = game.trick
    re = game.re
    mine = re[seat]
    if not trick:
        foes = [s for s in range(dk.SEATS) if re[s] != mine]
        for card in hand:
            if card in _PLAIN_ACES:
                suit = dk.FOLLOW[card]
                if all(any(dk.FOLLOW[c] == suit for c in hands[f]) for f in foes):
                    return PLAY_MOVES[card]
        trumps = [c for c in hand if dk.FOLLOW[c] == dk.TRUMP]
        if trumps:
            top = max(trumps, key=lambda c: dk.POWER[c])
            if not any(_beats(hands[f], dk.TRUMP, dk.POWER[top]) for f in foes):
                return PLAY_MOVES[top]
        low = [c for c in hand if dk.POINTS[c] < 10] or hand
        return PLAY_MOVES[low[int(rng.random() * len(low))]]
    led = dk.FOLLOW[trick[0][1]]
    options = dk.playable(hand, trick[0][1])
    holder, top = trick[dk.trick_winner([c for _, c in trick])]
    later = [(seat + k) % dk.SEATS for k in range(1, dk.SEATS - len(trick))]
    foes_later = [s for s in later if re[s] != mine]
    if re[holder] == mine and not any(_beats(hands[f], led, dk.POWER[top]) for f in foes_later):
        return PLAY_MOVES[max(options, key=lambda c: (dk.POINTS[c], -dk.POWER[c]))]
    safe = [
        c
        for c in options
        if dk.FOLLOW[c] in (dk.TRUMP, led)
        and dk.POWER[c] > dk.POWER[top]
        and not any(_beats(hands[f], led, dk.POWER[c]) for f in foes_later)
    ]
    if safe:
        return PLAY_MOVES[min(safe, key=lambda c: (dk.POWER[c], -dk.POINTS[c]))]
    return PLAY_MOVES[min(options, key=lambda c: (dk.POINTS[c], dk.POWER[c]))]


_PLAIN_ACES = frozenset(cards.INDEX[name] for name in ("AC", "AS", "AH"))
_TRUMP_FLOOR = min(dk.POWER[cards.INDEX[name]] for name in dk.TRUMPS_HIGH_FIRST)
"""The strength of the lowest trump: a trick's best card below it is a plain card."""


def _beats(hand: list[int], led: int, top: int) -> bool:
    """Whether a hand that must follow a trick led in follow class `led` holds a card that
    beats the trick's best card of strength `top` (trumps beat every plain card)."""
    follow = [dk.POWER[c] for c in hand if dk.FOLLOW[c] == led]
    if follow:
        return max(follow) > top and (led == dk.TRUMP or top < _TRUMP_FLOOR)
    if led == dk.TRUMP:
        return False
    return any(dk.FOLLOW[c] == dk.TRUMP and dk.POWER[c] > top for c in hand)


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

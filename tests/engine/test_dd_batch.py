"""Doubleduck in batches (`engine.doubleduck_batch`) against the engine's own rules.

- The same plays: many seeded deals, moves chosen at random (calls favoured) and applied through
  the engine, the same cards and calls fed to the batch: after every play the hands (as lists,
  order too) and the trick agree, after every trick the leader and stored cards, at the end the
  scores.
- The same playouts: the batch's random and rollout moves read two uniforms a play; the
  engine's `playout` and `policy_playout` with the search bot's rollout policy
  (`bots.rollouts.doubleduck`), asking a scripted generator for those same numbers, play the
  very same deals.
- Sampled worlds: every card accounted for (the seat's hand, the played cards, the unseen cards
  exactly the rest, hand and stock sizes), each world shows the seat its view, and one unseen
  card lands in each slot of a hand and place in the stock equally often (chi-square).
- Per-candidate scores: each candidate plays out the same worlds with the same uniforms.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from engine import cards
from engine.doubleduck import DECK, DOUBLEDUCK, QUACK, Doubleduck
from engine.doubleduck_batch import NONE, Deals, candidate_scores, generator, sample
from engine.protocol import Move

GAMES = 16


def reach(seed: str, plays: int) -> Doubleduck:
    """A one-deal game after `plays` uniformly random legal moves."""
    game = Doubleduck.new(seed=seed, options={"max_deals": 1})
    rng = random.Random(seed)
    for _ in range(plays):
        (seat,) = game.to_act()
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    return game


def hands_of(deals: Deals, row: int) -> list[list[int]]:
    return [[c for c in hand if c != NONE] for hand in deals.hands.reshape(deals.size, 4, -1)[row]]


def played(game: Doubleduck) -> int:
    """Cards played this deal."""
    return sum(len(p) for p in game.piles) + len(game.waste) + len(game.trick)


@pytest.mark.parametrize("start", [0, 41, 62, 97])
def test_the_same_plays_take_the_same_tricks_and_score_the_same(start: int) -> None:
    """From the deal's start, mid-trick in Duck (41) and in Soup (62, 97)."""
    games = [reach(f"batch-{start}-{i}", start) for i in range(GAMES)]
    deals = Deals.from_games(games)
    rng = random.Random(start)
    seen: Counter[str] = Counter()
    while games[0].to_act():
        moves: list[Move] = []
        for game in games:
            (seat,) = game.to_act()
            legal = game.legal_moves(seat)
            called = [m for m in legal if m.call]
            move = rng.choice(called if called and rng.random() < 0.5 else legal)
            game.apply(seat, move)
            moves.append(move)
        trick_len = deals.trick_len
        deals.play(
            np.array([cards.INDEX[m.card or ""] for m in moves]),
            np.array([{None: 0, "quack": QUACK, "doubleduck": DOUBLEDUCK}[m.call] for m in moves]),
        )
        for i, game in enumerate(games):
            assert hands_of(deals, i) == game.hands
            assert deals.stock[i, : deals.stock_left].tolist() == game.stock
            if trick_len < 3:
                assert deals.trick_cards[i, : deals.trick_len].tolist() == [
                    c for _, c, _ in game.trick
                ]
                continue
            assert game.last_trick is not None
            plays, winner, _, _ = game.last_trick
            seen[f"{[k for _, _, k in plays].count(QUACK)} quacks"] += 1
            seen["doubleduck"] += any(k == DOUBLEDUCK for _, _, k in plays)
            assert deals.leader[i] == winner
            assert deals.stored[i].tolist() == game.stored
    assert deals.over()
    assert deals.scores().tolist() == [list(g.deal_score()) for g in games]
    tricks = GAMES * (26 - start // 4)
    assert min(seen["doubleduck"], seen["2 quacks"]) >= tricks // 40, seen


class Scripted:
    """A generator for the engine's scalar code that answers with the batch's uniforms: the
    first number asked in a play is that play's `u[0]`, the second `u[1]` (of one world)."""

    def __init__(self, game: Doubleduck, draws: list[Any], column: int) -> None:
        self.game, self.draws, self.column = game, draws, column
        self.start = played(game)
        self.last = -1

    def random(self) -> float:
        step = played(self.game) - self.start
        second = step == self.last
        self.last = step
        return float(self.draws[step][int(second), self.column])


def world_of(view: dict, deals: Deals, row: int) -> Doubleduck:
    """The engine state of one sampled world: the view's public state, the row's cards."""
    world = Doubleduck.from_view(view, random.Random(0))
    world.hands = hands_of(deals, row)
    world.stock = deals.stock[row, : deals.stock_left].tolist()
    return world


def scripted_draws(seed: int, plays: int, worlds: int) -> list[Any]:
    gen = np.random.default_rng(seed)
    return [gen.random((2, worlds)) for _ in range(plays)]


PLAYOUTS = [("playout-a", 3), ("playout-b", 41), ("playout-c", 70)]


@pytest.mark.parametrize(("seed", "plays"), PLAYOUTS)
def test_random_moves_play_the_engines_playout(seed: str, plays: int) -> None:
    game = reach(seed, plays)
    (seat,) = game.to_act()
    view = game.view(seat)
    deals = sample(view, 24, random.Random(seed))
    worlds = [world_of(view, deals, i) for i in range(deals.size)]
    scores = deals.finish(np.random.default_rng(7))
    draws = scripted_draws(7, 104 - plays, deals.size)
    for i, world in enumerate(worlds):
        rng: Any = Scripted(world, draws, i)
        assert list(world.playout(rng)) == scores[i].tolist()
    assert len({tuple(s) for s in scores.tolist()}) > 1, "the worlds played out alike"


@pytest.mark.parametrize(("seed", "plays"), PLAYOUTS)
def test_rollout_moves_play_the_search_bots_policy(seed: str, plays: int) -> None:
    """The batch's rollout moves are `bots.rollouts.doubleduck`'s, move for move."""
    from bots import rollouts

    game = reach(seed, plays)
    (seat,) = game.to_act()
    view = game.view(seat)
    deals = sample(view, 24, random.Random(seed))
    worlds = [world_of(view, deals, i) for i in range(deals.size)]
    scores = deals.finish(np.random.default_rng(8), quack_odds=rollouts.QUACK_ODDS)
    draws = scripted_draws(8, 104 - plays, deals.size)
    for i, world in enumerate(worlds):
        rng: Any = Scripted(world, draws, i)
        assert list(world.policy_playout(rollouts.doubleduck, rng)) == scores[i].tolist()
    assert len({tuple(s) for s in scores.tolist()}) > 1, "the worlds played out alike"


@pytest.mark.parametrize(("plays", "seat_shift"), [(0, 1), (17, 0), (41, 2), (52, 3), (90, 1)])
def test_sampled_worlds_hold_every_card_once_and_show_the_view(plays: int, seat_shift: int) -> None:
    game = reach(f"worlds-{plays}", plays)
    (to_act,) = game.to_act()
    seat = (to_act + seat_shift) % 4
    view = game.view(seat)
    deals = sample(view, 50, random.Random(plays))
    history = [cards.INDEX[e["move"]["card"]] for e in view["history"]]
    mine = cards.ints(view["hand"])
    frame = Doubleduck.from_view(view, random.Random(0))
    distinct = set()
    for i in range(deals.size):
        hands = hands_of(deals, i)
        stock = deals.stock[i, : deals.stock_left].tolist()
        assert hands[seat] == mine
        assert [len(h) for h in hands] == view["hand_sizes"]
        assert len(stock) == view["stock_count"]
        unseen = [c for s, h in enumerate(hands) if s != seat for c in h] + stock
        assert Counter(unseen) == Counter(DECK) - Counter(mine) - Counter(history)
        world = world_of(view, deals, i)
        assert world._state_problem() is None
        assert world.view(seat) == view
        assert deals.leader[i] == frame.leader and deals.stored[i].tolist() == frame.stored
        assert deals.trick_cards[i, : deals.trick_len].tolist() == [c for _, c, _ in frame.trick]
        distinct.add(str(hands) + str(stock))
    assert len(distinct) == deals.size


CHI2_999 = {49: 85.351}
"""Upper 0.1% point of the chi-square distribution (tables) for the degrees of freedom below."""


def test_an_unseen_card_lands_uniformly_in_every_unseen_place() -> None:
    """Mid-Duck: where one unseen card (one copy unseen) lies, by hand and slot in it (the
    rollout policy quacks with the first card of a rank) or place in the stock (which decides
    when it is drawn), over 10,000 worlds; dealing a uniform shuffle, as `from_view` does, puts
    it in each of the N unseen places with chance 1/N."""
    game = reach("chi", 41)
    (seat,) = game.to_act()
    view = game.view(seat)
    deals = sample(view, 10_000, random.Random(3))
    unseen = Counter(DECK) - Counter(cards.ints(view["hand"]))
    unseen -= Counter(cards.INDEX[e["move"]["card"]] for e in view["history"])
    card = min(c for c, n in unseen.items() if n == 1)
    hands = deals.hands.reshape(deals.size, 4, -1)
    seen: Counter[tuple[str, int]] = Counter()
    for s in range(4):
        for slot in range(view["hand_sizes"][s] if s != seat else 0):
            seen["hand", s * 100 + slot] = int((hands[:, s, slot] == card).sum())
    for place in range(deals.stock_left):
        seen["stock", place] = int((deals.stock[:, place] == card).sum())
    places = sum(unseen.values())
    assert len(seen) == places and sum(seen.values()) == deals.size
    expected = deals.size / places
    stat = sum((n - expected) ** 2 / expected for n in seen.values())
    df = places - 1
    assert stat < CHI2_999[df], (stat, df, seen)


def test_candidates_play_out_each_world_with_the_same_uniforms() -> None:
    """Common random numbers: candidate m's column is what playing m on every sampled world,
    then finishing with the same generator, scores."""
    game = reach("candidates", 45)
    (seat,) = game.to_act()
    view = game.view(seat)
    moves = game.legal_moves(seat)[:5]
    got = candidate_scores(view, moves, 40, random.Random(9), quack_odds=0.7)
    assert got.shape == (40, len(moves), 2)
    for m, move in enumerate(moves):
        rng = random.Random(9)
        deals = sample(view, 40, rng)
        card = cards.INDEX[move.card or ""]
        call = {None: 0, "quack": QUACK, "doubleduck": DOUBLEDUCK}[move.call]
        deals.play(np.full(40, card), np.full(40, call))
        assert deals.finish(generator(rng), quack_odds=0.7).tolist() == got[:, m].tolist()
    assert len({tuple(map(tuple, got[:, m])) for m in range(len(moves))}) > 1

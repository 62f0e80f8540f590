"""Seeded random full games through the public protocol, checked move by move against RULES.md.

Each check re-derives what the rules demand from what is visible (the trick, the stock before
the draw, the events) with the tests' own reference, never from the engine's tables.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from testkit.dd_scenario import ref_stored, ref_winner

from engine import cards
from engine.doubleduck import DECK_NAMES, Doubleduck
from engine.protocol import Event, Move

DECK = Counter(DECK_NAMES)


def expected_moves(game: Doubleduck, seat: int) -> set[Move]:
    """Every card in hand, plus each legal call on a card of the led rank, as its own move."""
    hand = {cards.NAMES[c] for c in game.hands[seat]}
    trick = game.to_dict()["trick"]
    moves = {Move("play", c) for c in hand}
    if trick:
        lead = trick[0][1]
        for c in hand:
            if c[0] == lead[0]:
                moves.add(Move("play", c, "quack"))
            if c == lead:
                moves.add(Move("play", c, "doubleduck"))
    return moves


def all_cards(game: Doubleduck) -> Counter[str]:
    """Hands, stock, both stored piles, the waste and the current trick."""
    d = game.to_dict()
    every = [c for h in d["hands"] for c in h] + d["stock"] + d["waste"]
    every += [c for p in d["piles"] for c in p] + [c for _s, c, _k in d["trick"]]
    return Counter(every)


def ref_points(totals: list[int], target: int, unplayed: int) -> list[int]:
    """RULES.md 'Game', written out case by case."""
    if totals[0] == totals[1]:
        return [0, 0]
    win = 0 if totals[0] > totals[1] else 1
    lose = 1 - win
    points = [0, 0]
    if totals[win] >= target and totals[lose] < target:
        points[win] = min(5, 2 + unplayed)
    else:
        points[win] = 1
    return points


class Checker:
    """Plays one seeded game with a random policy and checks every rule it can see."""

    def __init__(self, seed: int, *, try_all_moves: bool) -> None:
        self.rng = random.Random(seed)
        self.options: dict[str, Any] = {
            "first_dealer": self.rng.randrange(4),
            "max_deals": self.rng.choice([1, 2, 3, 4, 4, 4]),
            "target": self.rng.choice([1000, 1000, 300, 600]),
        }
        self.game = Doubleduck.new(seed=f"random-{seed}", options=self.options)
        self.try_all_moves = try_all_moves
        self.moves = 0

    def run(self) -> None:
        game = self.game
        deals = 1
        while True:
            self.play_deal(deals)
            if game.is_over():
                break
            assert game.deal_pending()
            game.next_deal()
            deals += 1
        self.check_end(deals)

    def play_deal(self, deal_no: int) -> None:
        game = self.game
        per_course = {"duck": 0, "soup": 0}
        stored = {"duck": [0, 0], "soup": [0, 0]}
        dealer = (self.options["first_dealer"] + deal_no - 1) % 4
        assert (game.deal_no, game.dealer, game.to_act()) == (
            deal_no,
            dealer,
            frozenset({(dealer + 1) % 4}),
        )
        while not game.deal_pending() and not game.is_over():
            assert all_cards(game) == DECK
            course = "duck" if game.tricks_done < 13 else "soup"
            sizes = [len(h) for h in game.hands]
            in_trick = {s for s, _c, _k in game.trick}
            if course == "duck":
                assert sizes == [12 if s in in_trick else 13 for s in range(4)]
                assert len(game.stock) == 52 - 4 * game.tricks_done
            else:
                assert not game.stock
                assert sizes == [13 - (game.tricks_done - 13) - (s in in_trick) for s in range(4)]
            (seat,) = game.to_act()
            legal = game.legal_moves(seat)
            assert len(legal) == len(set(legal))
            assert set(legal) == expected_moves(game, seat)
            for other in range(4):
                if other != seat:
                    assert game.legal_moves(other) == []
            if self.try_all_moves:
                for move in legal:
                    game.clone().apply(seat, move)
            move = self.rng.choice(legal)
            stock_top = game.to_dict()["stock"][:4]
            plays = [(s, c, k) for s, c, k in game.to_dict()["trick"]]
            events = game.apply(seat, move)
            self.moves += 1
            if len(plays) < 3:
                assert [e.type for e in events] == ["card_played"]
                continue
            call = {None: None, "quack": "quack", "doubleduck": "doubleduck"}[move.call]
            plays = [(s, c, {0: None, 1: "quack", 2: "doubleduck"}[k]) for s, c, k in plays]
            plays.append((seat, move.card or "", call))
            won = next(e.data for e in events if e.type == "trick_won")
            winner = plays[ref_winner(plays, course)][0]
            assert (won["course"], won["winner"], won["side"]) == (course, winner, winner % 2)
            assert won["stored"] == ref_stored(plays)
            per_course[course] += 1
            stored[course][winner % 2] += won["stored"]
            assert game.stored == [[stored["duck"][side], stored["soup"][side]] for side in (0, 1)]
            self.check_draws(events, course, winner, stock_top, per_course["duck"])
        assert per_course == {"duck": 13, "soup": 13}
        record = game.result().deals[-1]
        assert record["duck"] == stored["duck"] and record["soup"] == stored["soup"]
        assert record["score"] == [stored["duck"][s] * stored["soup"][s] for s in (0, 1)]
        assert all(13 <= stored[c][0] + stored[c][1] <= 52 for c in stored)
        assert not any(game.hands) and not game.stock and not game.trick

    def check_draws(
        self, events: list[Event], course: str, winner: int, top: list[str], duck_done: int
    ) -> None:
        drawn = [
            (e.data["seat"], e.data["card"], e.visible_to) for e in events if e.type == "card_drawn"
        ]
        if course == "soup":
            assert drawn == []
            return
        order = [(winner + i) % 4 for i in range(4)]
        assert drawn == [(s, c, s) for s, c in zip(order, top, strict=True)]
        changed = [e for e in events if e.type == "course_changed"]
        assert bool(changed) == (duck_done == 13)

    def check_end(self, deals: int) -> None:
        res = self.game.result()
        totals = [0, 0]
        for record in res.deals:
            totals = [totals[s] + record["score"][s] for s in (0, 1)]
            assert record["totals"] == totals
        assert list(res.totals) == totals
        target, max_deals = self.options["target"], self.options["max_deals"]
        # Ends after the first deal that reaches the target, or after max_deals.
        running = [0, 0]
        for n, record in enumerate(res.deals, start=1):
            running = [running[s] + record["score"][s] for s in (0, 1)]
            assert (max(running) >= target or n == max_deals) == (n == deals)
        assert len(res.deals) == deals
        assert res.over and self.game.to_act() == frozenset()
        points = ref_points(totals, target, max_deals - deals)
        assert list(res.game_points) == points
        win = [s for s in (0, 1) if points[s]]
        assert list(res.winners) == ([win[0], win[0] + 2] if totals[0] != totals[1] else [])


@pytest.mark.parametrize("block", range(15))
def test_random_games_checked_move_by_move(block: int) -> None:
    """300 random games through legal_moves/apply; the first of each block tries every move."""
    for i in range(20):
        Checker(1000 * block + i, try_all_moves=i == 0).run()


def test_lean_playouts_account_for_every_card() -> None:
    """Thousands of fast deals through `clone` + `playout`: 104 cards, 26 tricks, valid score."""
    base = Doubleduck.new(seed="lean", options={"target": 100_000})
    rng = random.Random(7)
    for _ in range(2000):
        game = base.clone()
        score = game.playout(rng)
        assert game.tricks_done == 26 and not game.trick
        assert Counter(c for p in game.piles for c in p) + Counter(game.waste) == Counter(
            c for c in range(52) for _ in range(2)
        )
        duck, soup = game.deals[-1]["duck"], game.deals[-1]["soup"]
        assert (
            sum(duck) >= 13
            and sum(soup) >= 13
            and sum(duck) + sum(soup) == sum(len(p) for p in game.piles)
        )
        assert score == (duck[0] * soup[0], duck[1] * soup[1])
    assert base.tricks_done == 0 and len(base.stock) == 52

"""Duck Soup at random: invariants over thousands of seeded deals, and hypothesis properties.

Every trick of every random deal is checked against a reference written from RULES.md section 2
apart from the engine; the properties cover persistence, replay and what a view may show.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st
from testkit.random_play import random_actions

import engine
from engine.cards import INDEX, NAMES
from engine.ducksoup import Ducksoup
from engine.protocol import Event, Game
from engine.record import replay

SUITS = "CDHS"
RANKS = "A23456789TJQK"
DECK = {r + s for s in SUITS for r in RANKS}
ORDER = {"duck": "KQJT98765432A", "soup": "23456789TJQKA"}  # weakest first


def state(game: Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON value, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value).union(*(strings(v) for v in value.values()))
    if isinstance(value, list | tuple):
        return set().union(*(strings(v) for v in value))
    return set()


def ref_trick(cards: list[str], course: str, conceded: bool) -> tuple[int, int, str]:
    """(taker: 0 leader / 1 follower, points, how) of a finished trick, by RULES.md."""

    def pts(a: str, b: str) -> int:
        return 1 if a[1] == b[1] else 2

    lead, follow = cards[0], cards[1]
    if len(cards) == 2 and lead[0] == follow[0]:
        return 1, 2, "conceded" if conceded else "no_card_left"
    if len(cards) == 2:
        order = ORDER[course]
        better = lead[1] == follow[1] and order.index(follow[0]) > order.index(lead[0])
        return (1 if better else 0), pts(lead, follow), "trick"
    assert len(cards) == 4 and lead[0] == follow[0] == cards[2][0]
    if cards[3][0] == lead[0]:
        return 1, 4, "duck_soup"
    return 0, 2 + pts(cards[2], cards[3]), "leader_takes_both"


class Checker:
    """Follows one game through the public protocol and checks every rule it can see."""

    def __init__(self, game: Ducksoup) -> None:
        self.game = game
        self.hows: Counter[str] = Counter()
        self.deals = 0
        self.totals = [0, 0]
        self.soup_sizes: Counter[int] = Counter()

    def accounted(self) -> None:
        g = self.game
        every = [c for h in g.hands for c in h] + g.stock + g.trick
        every += [c for t in g.tricks for c in t[1]]
        assert sorted(every) == list(range(52)), "52 cards, each once"

    def move(self, rng: random.Random) -> list[Event]:
        g = self.game
        if not g.trick:
            assert len(g.hands[0]) == len(g.hands[1]), "equal hands at each trick start"
        (seat,) = g.to_act()
        moves = g.legal_moves(seat)
        move = rng.choice(moves)
        stock_before = len(g.stock)
        events = g.apply(seat, move.to_json())
        self.accounted()
        self.check_events(events, stock_before)
        return events

    def check_events(self, events: list[Event], stock_before: int) -> None:
        g = self.game
        hidden = {NAMES[c] for c in g.stock} | {NAMES[c] for h in g.hands for c in h}
        conceded = any(e.type == "conceded" for e in events)
        for e in events:
            if e.visible_to is None:
                assert not strings(e.data) & hidden, e
            else:
                assert e.type == "card_drawn" and e.visible_to == e.data["seat"]
                assert INDEX[e.data["card"]] in g.hands[e.visible_to]
        for e in events:
            if e.type == "trick_won":
                self.check_trick(e.data, conceded, stock_before, events)
            if e.type == "deal_scored":
                self.check_deal(e.data)

    def check_trick(
        self, data: dict[str, Any], conceded: bool, stock_before: int, events: list[Event]
    ) -> None:
        cards = [p["card"] for p in data["plays"]]
        leader = data["plays"][0]["seat"]
        assert [p["seat"] for p in data["plays"]] == [(leader + i) % 2 for i in range(len(cards))]
        course = "duck" if stock_before else "soup"
        taker, points, how = ref_trick(cards, course, conceded)
        assert (data["winner"], data["points"], data["how"], data["course"]) == (
            (leader + taker) % 2,
            points,
            how,
            course,
        )
        self.hows[how] += 1
        drawn = [e.data for e in events if e.type == "cards_drawn"]
        if course == "soup":
            assert not drawn
            return
        (draw,) = drawn
        n = len(draw["order"])
        assert draw["order"] == [(data["winner"] + i) % 2 for i in range(n)], "alternately"
        assert n == min(len(cards), stock_before) and draw["counts"] == [n // 2, n // 2]
        sizes = [len(h) for h in self.game.hands]
        assert sizes == [13, 13] or draw["stock_count"] == 0
        if draw["stock_count"] == 0:
            self.soup_sizes[sizes[0]] += 1
            assert sizes[0] == sizes[1] and sizes[0] in (12, 13)

    def check_deal(self, record: dict[str, Any]) -> None:
        g = self.game
        assert sum(len(t[1]) for t in g.tricks) == 52 and not g.stock
        units = g.view(None)["units"]
        assert sum(units["duck"]) + sum(units["soup"]) == 26, "26 two-card units"
        for course in ("duck", "soup"):
            n, points = sum(units[course]), sum(record[course])
            assert n <= points <= 2 * n, (course, n, points)
        assert record["score"] == [record["duck"][s] * record["soup"][s] for s in (0, 1)]
        self.totals = [self.totals[s] + record["score"][s] for s in (0, 1)]
        assert record["totals"] == self.totals
        self.deals += 1


def play_games(count: int, seed: str) -> Checker:
    """Whole games with random legal moves, every deal checked; returns the last checker."""
    rng = random.Random(seed)
    all_hows: Counter[str] = Counter()
    deals = 0
    sizes: Counter[int] = Counter()
    for i in range(count):
        game = Ducksoup.new(seed=f"{seed}-{i}", options={"first_dealer": i % 2})
        check = Checker(game)
        check.accounted()
        while not game.is_over():
            if game.deal_pending():
                dealer = game.dealer
                game.next_deal()
                assert game.dealer == 1 - dealer and game.to_act() == {dealer}
                check.accounted()
                continue
            check.move(rng)
        result = game.result()
        (winner,) = result.winners
        assert max(result.totals) >= 250 and result.totals[winner] > result.totals[1 - winner]
        assert result.game_points[winner] == 1 and sum(result.game_points) == 1
        all_hows.update(check.hows)
        deals += check.deals
        sizes.update(check.soup_sizes)
    check.hows = all_hows
    check.deals = deals
    check.soup_sizes = sizes
    return check


def test_random_games_follow_every_rule() -> None:
    check = play_games(1000, "rules")
    assert check.deals >= 1500
    # Every way of taking a trick happened, and so did a 12-card Soup course.
    assert set(check.hows) == {
        "trick",
        "conceded",
        "no_card_left",
        "duck_soup",
        "leader_takes_both",
    }
    assert check.soup_sizes[12] > 0 and check.soup_sizes[13] > 0


def test_lean_playouts_keep_the_invariants() -> None:
    rng = random.Random(5)
    base = Ducksoup.new(seed="lean", options={"target": 1000})
    before = state(base)
    for _ in range(2000):
        game = base.clone()
        score = game.playout(rng)
        record = game.deals[-1]
        assert score == tuple(record["score"])
        assert score == tuple(record["duck"][s] * record["soup"][s] for s in (0, 1))
        assert sorted(c for t in game.tricks for c in t[1]) == list(range(52))
        units = [sum(u) for u in zip(*game.units, strict=True)]
        assert sum(units) == 26
        for course, n in zip(("duck", "soup"), units, strict=True):
            assert n <= sum(record[course]) <= 2 * n
        game.next_deal()
        game.playout(rng)
        assert game.deal_no == 2 and len(game.deals) == 2
    assert state(base) == before, "playout on a clone leaves the original alone"


# --- hypothesis properties -----------------------------------------------------------------


def random_walk(seed: str, rng: random.Random, steps: int) -> tuple[Ducksoup, list[dict[str, Any]]]:
    """A game after `steps` random actions (moves and deals), with its record's actions."""
    game = Ducksoup.new(seed=seed, options={"first_dealer": rng.randrange(2), "target": 200})
    return game, random_actions(game, rng, steps)


WALKS = st.tuples(st.text(min_size=1, max_size=8), st.integers(0, 2**32), st.integers(0, 160))


@settings(max_examples=60, deadline=None)
@given(WALKS)
def test_serialise_round_trip(walk: tuple[str, int, int]) -> None:
    seed, r, steps = walk
    game, _ = random_walk(seed, random.Random(r), steps)
    restored = Ducksoup.from_dict(json.loads(json.dumps(game.to_dict())))
    assert state(restored) == state(game)
    for s in (0, 1, None):
        assert restored.view(s) == game.view(s)
    # Both go on the same way.
    rng_a, rng_b = random.Random(r + 1), random.Random(r + 1)
    for _ in range(30):
        if game.is_over() or game.deal_pending():
            break
        (seat,) = game.to_act()
        ev_a = game.apply(seat, rng_a.choice(game.legal_moves(seat)))
        ev_b = restored.apply(seat, rng_b.choice(restored.legal_moves(seat)))
        assert [e.to_json() for e in ev_a] == [e.to_json() for e in ev_b]
    assert state(restored) == state(game)
    clone = game.clone()
    assert state(clone) == state(game)


@settings(max_examples=40, deadline=None)
@given(WALKS)
def test_replay_rebuilds_the_game(walk: tuple[str, int, int]) -> None:
    seed, r, steps = walk
    game, actions = random_walk(seed, random.Random(r), steps)
    record = {
        "game": "ducksoup",
        "seat_count": 2,
        "seed": seed,
        "options": dict(game.options),
        "deal": None,
        "actions": actions,
    }
    with patch.dict(engine.GAMES, {Ducksoup.name: Ducksoup}):
        assert state(replay(record)) == state(game)


@settings(max_examples=60, deadline=None)
@given(WALKS, st.integers(0, 2**32))
def test_views_never_show_the_other_hand_or_the_stock(
    walk: tuple[str, int, int], shuffle_seed: int
) -> None:
    seed, r, steps = walk
    seed = f"SEED-{seed}-SECRET"
    game, _ = random_walk(seed, random.Random(r), steps)
    data = game.to_dict()
    for seat in (0, 1, None):
        view = game.view(seat)
        hidden = set(data["stock"])
        for s in (0, 1):
            if s != seat:
                hidden |= set(data["hands"][s])
        assert not strings(view) & hidden
        assert seed not in json.dumps(view)
        if seat is not None:
            assert sorted(view["hand"]) == sorted(data["hands"][seat])
        # Swapping the hidden cards around changes nothing that seat sees.
        pool = [c for s in (0, 1) if s != seat for c in data["hands"][s]] + data["stock"]
        random.Random(shuffle_seed).shuffle(pool)
        other = json.loads(json.dumps(data))
        for s in (0, 1):
            if s != seat:
                n = len(other["hands"][s])
                other["hands"][s], pool = pool[:n], pool[n:]
        other["stock"] = pool
        assert Ducksoup.from_dict(other).view(seat) == view
    assert set(data["stock"]) | {c for h in data["hands"] for c in h} <= DECK

"""Sampled worlds (`Game.from_view`): consistent with the seat's view, and uniform.

Consistency: the world shows the seat exactly its view, holds exactly the deck (it survives
`to_dict`/`from_dict`), and keeps what the history proves about other hands (Doppelkopf's voids,
Duck's cards taken from a pile), checked here from the events, apart from the sampler's code.
Uniformity: on small positions reached by seeded play, the frequencies of the worlds match the
exact distribution over every consistent world (each physical placement of the unseen cards
counted once, consistency checked by replaying the deal through the public protocol), by a
chi-square statistic computed here against tabulated critical values (p = 0.001).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Hashable

import pytest
from testkit.random_play import without_disclosure

from engine import GAMES, Deal, Game, MoveError, SetupError, cards
from engine.doppelkopf import FOLLOW, Doppelkopf
from engine.doubleduck import Doubleduck
from engine.duck import Duck
from engine.ducksoup import Ducksoup

GAME_SEATS = [
    (name, n) for name, cls in GAMES.items() for n in range(cls.min_seats, cls.max_seats + 1)
]

CHI2_999 = {25: 52.620, 72: 114.835, 89: 135.978, 209: 277.915}
"""Upper 0.1% points of the chi-square distribution by degrees of freedom (tables)."""


def step(game: Game, rng: random.Random) -> None:
    if game.deal_pending():
        game.next_deal()
        return
    seat = min(game.to_act())
    game.apply(seat, rng.choice(game.legal_moves(seat)))


def hidden(game: Game, seat: int) -> str:
    """What a seat cannot see of a state: the other hands and the stock, as text."""
    data = game.to_dict()
    hands = [sorted(h) if s != seat else [] for s, h in enumerate(data["hands"])]
    return json.dumps([hands, data.get("stock")])


@pytest.mark.parametrize(("name", "seats"), GAME_SEATS)
def test_worlds_show_the_seat_its_view_and_hold_the_deck(name: str, seats: int) -> None:
    rng = random.Random(f"worlds-{name}-{seats}")
    game = GAMES[name].new(seats, seed=f"worlds-{seats}")
    checked = 0
    for turn in range(400):
        if game.is_over():
            break
        step(game, rng)
        if not game.to_act() or turn % 3:
            continue
        for seat in range(seats):
            view = game.view(seat)
            world = type(game).from_view(view, random.Random(turn * 10 + seat))
            assert world.view(seat) == view
            again = type(game).from_dict(json.loads(json.dumps(world.to_dict())))
            assert again.view(seat) == view
            assert type(game).from_view(view, random.Random(turn * 10 + seat)).to_dict() == (
                world.to_dict()
            ), "a world is reproducible from its generator"
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("name", sorted(GAMES))
def test_worlds_vary_and_only_views_of_a_deal_in_play_are_sampled(name: str) -> None:
    cls = GAMES[name]
    game = cls.new(cls.min_seats, seed="vary")
    rng = random.Random(1)
    for _ in range(6):
        step(game, rng)
    seat = min(game.to_act())
    view = game.view(seat)
    worlds = {hidden(cls.from_view(view, rng), seat) for _ in range(20)}
    assert len(worlds) > 10, "the unseen cards are shuffled, not copied from the truth"
    with pytest.raises(SetupError):
        cls.from_view(game.view(None), rng)


def test_doppelkopf_worlds_keep_the_voids_the_history_proves() -> None:
    rng = random.Random(7)
    voids_seen = 0
    for g in range(12):
        game = Doppelkopf.new(seed=f"voids-{g}", options={"max_deals": 1})
        void: list[set[int]] = [set() for _ in range(4)]
        while game.to_act():
            seat = min(game.to_act())
            move = rng.choice(game.legal_moves(seat))
            trick = list(game.trick)
            game.apply(seat, move)
            if move.card is not None and trick:
                led = FOLLOW[trick[0][1]]
                if FOLLOW[cards.INDEX[move.card]] != led:
                    void[seat].add(led)
            if not game.to_act():
                break
            me = min(game.to_act())
            world = Doppelkopf.from_view(game.view(me), rng)
            for other in range(4):
                if other != me:
                    held = {FOLLOW[c] for c in world.hands[other]}
                    assert not held & void[other]
                    voids_seen += bool(void[other])
    assert voids_seen > 100


def test_duck_worlds_keep_cards_taken_from_piles_with_the_taker() -> None:
    rng = random.Random(3)
    pinned_seen = 0
    for g in range(6):
        game = Duck.new(4, seed=f"pinned-{g}")
        pinned: list[Counter[str]] = [Counter() for _ in range(4)]
        for _ in range(300):
            if game.is_over():
                break
            if game.deal_pending():
                game.next_deal()
                pinned = [Counter() for _ in range(4)]
                continue
            _play_and_pin(game, rng, pinned)
            if not game.to_act():
                continue
            me = min(game.to_act())
            world = Duck.from_view(game.view(me), rng)
            for other in range(4):
                if other != me:
                    held = Counter(world.to_dict()["hands"][other])
                    assert not pinned[other] - held, "a card taken from a pile left its taker"
                    pinned_seen += sum(pinned[other].values())
    assert pinned_seen > 50


# --- uniformity ---------------------------------------------------------------------------------


def chi_square(seen: Counter[Hashable], exact: Counter[Hashable]) -> tuple[float, int]:
    """Pearson's statistic of `seen` against the exact weights, and its degrees of freedom."""
    total, weight = sum(seen.values()), sum(exact.values())
    assert set(seen) <= set(exact), "a sampled world is not among the consistent ones"
    stat = 0.0
    for key, w in exact.items():
        expected = total * w / weight
        assert expected >= 5, "too few samples for the chi-square approximation"
        stat += (seen[key] - expected) ** 2 / expected
    return stat, len(exact) - 1


def reach(cls: type[Game], seed: str, options: dict, done: Callable[[Game], bool]) -> Game:
    """Seeded random play until `done`: a small hand-made position to test on."""
    game = cls.new(seed=seed, options=options)
    rng = random.Random(seed)
    while not done(game):
        step(game, rng)
    return game


def others_key(game: Game, seat: int) -> tuple:
    data = game.to_dict()
    hands = tuple(tuple(sorted(h)) for s, h in enumerate(data["hands"]) if s != seat)
    return hands, tuple(data.get("stock") or ())


def frequencies(cls: type[Game], game: Game, seat: int, samples: int) -> Counter[Hashable]:
    rng = random.Random(f"chi-{cls.name}")
    view = game.view(seat)
    return Counter(others_key(cls.from_view(view, rng), seat) for _ in range(samples))


def test_doubleduck_worlds_are_uniform() -> None:
    """Soup course, two cards a hand, the stock empty: the six unseen cards in every order."""
    game = reach(Doubleduck, "chi-dd", {"max_deals": 1}, lambda g: len(g.history) == 96)
    seat = min(game.to_act())
    data = game.to_dict()
    pool = [c for s, h in enumerate(data["hands"]) if s != seat for c in h]
    exact: Counter[Hashable] = Counter()
    for order in itertools.permutations(pool):
        world = json.loads(json.dumps(data))
        it = iter(order)
        for s in range(4):
            if s != seat:
                world["hands"][s] = [next(it) for _ in world["hands"][s]]
        exact[others_key(Doubleduck.from_dict(world), seat)] += 1
    stat, df = chi_square(frequencies(Doubleduck, game, seat, 3000), exact)
    assert stat < CHI2_999[df], (stat, df)


def test_ducksoup_worlds_are_uniform() -> None:
    """Two cards left in the stock: which two, in which order, and the other hand."""
    game = reach(Ducksoup, "chi-ds", {"target": 1}, lambda g: len(g.to_dict()["stock"]) == 2)
    seat = min(game.to_act())
    data = game.to_dict()
    pool = data["hands"][1 - seat] + data["stock"]
    exact: Counter[Hashable] = Counter()
    for top in itertools.permutations(pool, 2):
        rest = list(pool)
        for c in top:
            rest.remove(c)
        world = json.loads(json.dumps(data))
        world["hands"][1 - seat], world["stock"] = rest, list(top)
        exact[others_key(Ducksoup.from_dict(world), seat)] += 1
    stat, df = chi_square(frequencies(Ducksoup, game, seat, 10_500), exact)
    assert stat < CHI2_999[df], (stat, df)


def physical_splits(pool: list[str], sizes: list[int]) -> list[list[list[str]]]:
    """Every placement of the pool's physical cards into hands of these sizes, each once."""
    if not sizes:
        return [[]]
    out = []
    for pick in itertools.combinations(range(len(pool)), sizes[0]):
        rest = [c for i, c in enumerate(pool) if i not in pick]
        for tail in physical_splits(rest, sizes[1:]):
            out.append([[pool[i] for i in pick], *tail])
    return out


def test_doppelkopf_worlds_are_uniform_over_the_deals_that_replay() -> None:
    """Three cards a hand, parties still hidden: every placement of the unseen cards is
    replayed from the deal's start through the public protocol; the ones that play the same
    moves legally and show the same view are the consistent worlds (voids, parties and all)."""
    game = reach(
        Doppelkopf, "chi-dk-14", {"max_deals": 1}, lambda g: len(g.hands[0]) == 3 and not g.trick
    )
    seat = min(game.to_act())
    view = game.view(seat)
    assert None in view["parties"], "a position where the parties still matter"
    data = game.to_dict()
    played: list[list[str]] = [[] for _ in range(4)]
    for s, move in game.history:
        if move.card is not None:
            played[s].append(move.card)
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in data["hands"][s]]
    exact: Counter[Hashable] = Counter()
    for split in physical_splits(pool, [len(data["hands"][s]) for s in others]):
        now = dict(zip(others, split, strict=True))
        now[seat] = data["hands"][seat]
        hands = tuple(tuple(played[s] + now[s]) for s in range(4))
        world = Doppelkopf.new(seed="x", options=dict(game.options), deal=Deal(hands))
        try:
            for s, move in game.history:
                world.apply(s, move)
        except MoveError:
            continue
        if without_disclosure(world.view(seat)) == without_disclosure(view):
            exact[others_key(world, seat)] += 1
    stat, df = chi_square(frequencies(Doppelkopf, game, seat, 30 * len(exact)), exact)
    assert stat < CHI2_999[df], (stat, df)


def test_duck_stock_tops_are_uniform_over_the_unseen_cards() -> None:
    """Mid-round after cards were taken from piles: the top of the draw pile is any card in
    the draw pile or another hand that is not pinned to its taker, each physical card alike."""
    game = Duck.new(3, seed="chi-duck")
    rng = random.Random("chi-duck")
    pinned: list[Counter[str]] = [Counter() for _ in range(3)]
    while sum(sum(p.values()) for p in pinned) < 3:
        _play_and_pin(game, rng, pinned)
    seat = min(game.to_act())
    data = game.to_dict()
    pool = Counter(data["stock"])
    for s in range(3):
        if s != seat:
            pool.update(data["hands"][s])
            pool.subtract(pinned[s])
    view = game.view(seat)
    tops = Counter(Duck.from_view(view, rng).to_dict()["stock"][0] for _ in range(4000))
    stat, df = chi_square(tops, +pool)
    assert stat < CHI2_999[df], (stat, df)


def _play_and_pin(game: Game, rng: random.Random, pinned: list[Counter[str]]) -> None:
    """A random move of the seat to act; cards it takes from a pile stay pinned to it (from the
    events, apart from the sampler) until it plays them."""
    seat = min(game.to_act())
    for event in game.apply(seat, rng.choice(game.legal_moves(seat))):
        if event.type == "cards_played":
            for card in event.data["cards"]:
                if pinned[seat][card]:
                    pinned[seat][card] -= 1
        if event.type == "card_drawn" and event.data["source"] != "stock":
            pinned[seat][event.data["card"]] += 1

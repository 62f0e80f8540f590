"""Property tests for Duck: any reachable state serialises, replays, clones, and every view
keeps secrets (other hands, the draw pile and its order, cards under pile tops, the seed).

A state is reached by a number of steps and a generator seed drawn by Hypothesis (a random legal
move at each step, with a bias to duck), from a shuffled or an explicit first deal.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_duck_scenario import pinned_deal
from testkit.random_play import random_actions

from engine.duck import Duck
from engine.protocol import JSON, Deal, Move, MoveError
from engine.record import act

SEED = "hidden-seed-7f3a"


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def reach(
    seats: int, steps: int, mix: int, explicit: int | None, first_dealer: int
) -> tuple[Duck, JSON | None, list[JSON]]:
    """Play `steps` actions chosen by a generator seeded `mix` (ducking when it may with
    probability 1/7); returns the game, its first deal and its actions."""
    rng = random.Random(mix)
    deal: Deal | None = pinned_deal(seats, fill_seed=explicit) if explicit is not None else None
    game = Duck.new(seats, seed=SEED, options={"first_dealer": first_dealer}, deal=deal)
    actions = random_actions(game, rng, steps, duck_sometimes)
    return game, deal.to_json() if deal is not None else None, actions


def duck_sometimes(moves: list[Move], rng: random.Random) -> Move:
    """Uniform, but the first listed move (a duck, when allowed) one time in seven."""
    return moves[0] if rng.random() < 1 / 7 else rng.choice(moves)


games = st.builds(
    reach,
    seats=st.integers(3, 5),
    steps=st.integers(0, 400),
    mix=st.integers(0, 2**32),
    explicit=st.none() | st.integers(0, 50),
    first_dealer=st.integers(0, 2),
)

common = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@common
@given(games)
def test_serialise_round_trip(reached: tuple[Duck, JSON | None, list[JSON]]) -> None:
    game = reached[0]
    data = json.loads(json.dumps(game.to_dict()))
    restored = Duck.from_dict(data)
    assert canon(restored.to_dict()) == canon(game.to_dict())
    assert canon(restored.view(0)) == canon(game.view(0))
    # The restored game goes on exactly like the original.
    if not game.is_over() and not game.deal_pending():
        (seat,) = game.to_act()
        move = game.legal_moves(seat)[-1]
        assert [e.to_json() for e in restored.apply(seat, move)] == [
            e.to_json() for e in game.apply(seat, move)
        ]
        assert canon(restored.to_dict()) == canon(game.to_dict())


@common
@given(games)
def test_replay_reproduces_the_state(reached: tuple[Duck, JSON | None, list[JSON]]) -> None:
    game, first_deal, actions = reached
    again = Duck.new(
        game.seats,
        seed=game.seed,
        options=game.options,
        deal=Deal.from_json(first_deal) if first_deal is not None else None,
    )
    for action in actions:
        act(again, action)
    assert canon(again.to_dict()) == canon(game.to_dict())


@common
@given(games, st.integers(0, 10_000))
def test_clone_is_equal_and_independent(
    reached: tuple[Duck, JSON | None, list[JSON]], pick: int
) -> None:
    game = reached[0]
    before = canon(game.to_dict())
    twin = game.clone()
    assert canon(twin.to_dict()) == before
    if twin.deal_pending():
        twin.next_deal()
    elif not twin.is_over():
        (seat,) = twin.to_act()
        moves = twin.legal_moves(seat)
        twin.apply(seat, moves[pick % len(moves)])
        twin.playout(random.Random(pick))
    assert canon(game.to_dict()) == before


def scramble(game: Duck, seat: int | None, rng: random.Random) -> Duck:
    """The same game as `seat` may know it, with every secret changed: other hands, the draw
    pile (and its order), the cards under each pile top, and the seed."""
    data = game.to_dict()
    hidden: list[str] = []
    for s, h in enumerate(data["hands"]):
        if s != seat:
            hidden += h
    for pile in data["piles"]:
        hidden += pile[:-1]
    hidden += data["stock"]
    rng.shuffle(hidden)
    for s, h in enumerate(data["hands"]):
        if s != seat:
            data["hands"][s] = [hidden.pop() for _ in h]
    for p, pile in enumerate(data["piles"]):
        if pile:
            data["piles"][p] = [hidden.pop() for _ in pile[:-1]] + [pile[-1]]
    data["stock"] = [hidden.pop() for _ in data["stock"]]
    assert not hidden
    data["seed"] = "another-seed"
    return Duck.from_dict(data)


@common
@given(games, st.integers(0, 2**32))
def test_views_keep_every_secret(reached: tuple[Duck, JSON | None, list[JSON]], mix: int) -> None:
    game = reached[0]
    rng = random.Random(mix)
    for seat in [None, *range(game.seats)]:
        view = game.view(seat)
        text = json.dumps(view)
        assert SEED not in text
        assert '"hands"' not in text and '"stock":' not in text
        for _ in range(2):
            assert canon(scramble(game, seat, rng).view(seat)) == canon(view)
        if seat is not None:
            assert sorted(view["hand"]) == sorted(game.to_dict()["hands"][seat])


@common
@given(games, st.integers(0, 10_000))
def test_legal_moves_are_accepted_and_refusals_change_nothing(
    reached: tuple[Duck, JSON | None, list[JSON]], pick: int
) -> None:
    game = reached[0]
    if game.is_over() or game.deal_pending():
        return
    (seat,) = game.to_act()
    moves = game.legal_moves(seat)
    listed = {m.text() for m in moves}
    assert len(listed) == len(moves)
    trial = game.clone()
    trial.apply(seat, moves[pick % len(moves)])
    # A random ill-formed or illegal variant is refused without a trace.
    hand = game.view(seat)["hand"]
    rng = random.Random(pick)
    cards = rng.sample(hand, rng.randint(1, len(hand)))
    draw = rng.choice([None, "stock", "left", "right"])
    move: JSON = {"type": "play", "cards": cards}
    if draw is not None:
        move["draw"] = draw
    before = canon(game.to_dict())
    try:
        game.clone().apply(seat, move)
        accepted = True
    except MoveError:
        accepted = False
    assert accepted == (Move.from_json(move).text() in listed)
    if not accepted:
        with pytest.raises(MoveError):
            game.apply(seat, move)
        assert canon(game.to_dict()) == before

"""One generic random-playout test over every registered game: the protocol holds for all."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from engine import GAMES, Deal, EngineError, Game, Move, MoveError, Reason, SetupError, protocol
from engine.record import replay

GAME_SEATS = [
    (name, n) for name, cls in GAMES.items() for n in range(cls.min_seats, cls.max_seats + 1)
]


def snapshot(game: Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def play_random_game(name: str, seats: int, seed: str, rng: random.Random) -> tuple[Game, list]:
    """Play to the end through the public protocol only, checking it at every step."""
    game = GAMES[name].new(seats, seed=seed)
    actions: list[dict] = []
    steps = 0
    while not game.is_over():
        steps += 1
        assert steps < 200_000, "game does not end"
        if game.deal_pending():
            assert game.to_act() == frozenset()
            game.next_deal()
            actions.append({"deal": None})
            continue
        to_act = game.to_act()
        assert to_act, "a game in play must have someone to act"
        for seat in range(seats):
            if seat not in to_act:
                assert game.legal_moves(seat) == []
        seat = rng.choice(sorted(to_act))
        moves = game.legal_moves(seat)
        assert moves, "a seat to act must have a legal move"
        assert len({m.text() for m in moves}) == len(moves), "legal moves are distinct"
        move = rng.choice(moves)
        assert Move.from_json(json.loads(move.text())) == move, "canonical JSON round-trips"
        events = game.apply(seat, move.to_json())
        assert all(e.visible_to is None or 0 <= e.visible_to < seats for e in events)
        actions.append({"seat": seat, "move": move.to_json()})
    return game, actions


@pytest.mark.parametrize(("name", "seats"), GAME_SEATS)
def test_random_games_end_and_replay(name: str, seats: int) -> None:
    rng = random.Random(f"{name}-{seats}")
    for i in range(3):
        game, actions = play_random_game(name, seats, f"seed-{i}", rng)
        result = game.result()
        assert result.over
        teams = game.teams()
        assert sorted(s for team in teams for s in team) == list(range(seats)), "a partition"
        assert len(result.totals) == len(teams) == len(result.game_points)
        assert game.to_act() == frozenset()
        record = {
            "game": name,
            "seat_count": seats,
            "seed": f"seed-{i}",
            "options": {},
            "deal": None,
            "actions": actions,
        }
        assert snapshot(replay(record)) == snapshot(game)
        restored = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
        assert snapshot(restored) == snapshot(game)


@pytest.mark.parametrize(("name", "seats"), GAME_SEATS)
def test_refusals_change_nothing(name: str, seats: int) -> None:
    game = GAMES[name].new(seats, seed="refusals")
    before = snapshot(game)
    to_act = game.to_act()
    idle = next((s for s in range(seats) if s not in to_act), None)
    seat = min(to_act)
    cases: list[tuple[int, object, Reason]] = [
        (seat, {"type": "no-such-move"}, Reason.MALFORMED_MOVE),
        (seat, {"card": "AS"}, Reason.MALFORMED_MOVE),
        (seat, {"type": "play", "bogus": 1}, Reason.MALFORMED_MOVE),
        (seat, ["play"], Reason.MALFORMED_MOVE),
        (seats + 3, game.legal_moves(seat)[0].to_json(), Reason.NOT_YOUR_TURN),
    ]
    if idle is not None:
        cases.append((idle, game.legal_moves(seat)[0].to_json(), Reason.NOT_YOUR_TURN))
    for who, move, reason in cases:
        with pytest.raises(MoveError) as info:
            game.apply(who, move)  # type: ignore[arg-type]
        assert info.value.reason in (reason, Reason.ILLEGAL_MOVE), (move, info.value.reason)
        assert snapshot(game) == before


@pytest.mark.parametrize(("name", "seats"), GAME_SEATS)
def test_seed_and_hidden_cards_stay_out_of_views(name: str, seats: int) -> None:
    seed = "a-very-distinctive-seed-string"
    game = GAMES[name].new(seats, seed=seed)
    for seat in [None, *range(seats)]:
        view = game.view(seat)
        assert seed not in json.dumps(view)
        assert not keys_of(view) & {"hands", "stock", "seed"}


def keys_of(data: object) -> set[str]:
    """Every mapping key anywhere in a JSON value."""
    if isinstance(data, dict):
        return set(data).union(*(keys_of(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(keys_of(v) for v in data))
    return set()


def play_until(game: Game, rng: random.Random, done: Callable[[Game], bool]) -> None:
    """Random legal moves (and next deals) through the public protocol until `done(game)`."""
    while not done(game):
        if game.deal_pending():
            game.next_deal()
            continue
        seat = min(game.to_act())
        game.apply(seat, rng.choice(game.legal_moves(seat)))


def refused(game: Game, action: Callable[[], object]) -> Reason:
    """The reason `action` is refused with; the game must be left exactly as it was."""
    before = snapshot(game)
    with pytest.raises(EngineError) as info:
        action()
    assert snapshot(game) == before, "a refusal changed the game"
    return info.value.reason


def valid_deal(game: Game) -> Deal:
    """An explicit deal of the next deal built from the game's own `deal_shape`."""
    shape = game.deal_shape()
    deck = list(shape.deck)
    hands = tuple(tuple(deck[i * shape.hand : (i + 1) * shape.hand]) for i in range(game.seats))
    rest = deck[game.seats * shape.hand :]
    piles = {}
    for name in shape.piles:
        piles[name], rest = tuple(rest[: game.seats]), rest[game.seats :]
    return Deal(hands, tuple(rest), piles)


@pytest.mark.parametrize(("name", "seats"), GAME_SEATS)
def test_every_game_guards_deals_and_moves_with_the_same_reasons(name: str, seats: int) -> None:
    """One mistake, one reason, in every game: the guards of `apply` and `next_deal` are the
    protocol's, not each game's."""
    rng = random.Random(f"guards-{name}-{seats}")
    game = GAMES[name].new(seats, seed="guards")
    good = valid_deal(game)
    assert refused(game, game.next_deal) == Reason.NO_DEAL_PENDING
    assert refused(game, lambda: game.next_deal(good)) == Reason.NO_DEAL_PENDING

    play_until(game, rng, lambda g: g.deal_pending())
    assert game.to_act() == frozenset()
    good = valid_deal(game)
    move = {"type": "play", "card": "AS", "cards": ["AS"]}
    for seat in range(seats):
        assert refused(game, lambda s=seat: game.apply(s, move)) == Reason.DEAL_PENDING
    bad_deals = [
        Deal(good.hands[1:], good.stock, good.extra),
        Deal((good.hands[0][1:], *good.hands[1:]), (*good.stock, good.hands[0][0]), good.extra),
        Deal((("ZZ", *good.hands[0][1:]), *good.hands[1:]), good.stock, good.extra),
        Deal(good.hands, good.stock, {**good.extra, "bogus": ("AS",)}),
    ]
    for bad in bad_deals:
        assert refused(game, lambda d=bad: game.next_deal(d)) == Reason.INVALID_DEAL
        with pytest.raises(SetupError):
            game.check_deal(bad)
    game.clone().next_deal(good)  # the deal the bad ones were made from is a real one

    play_until(game, rng, lambda g: g.is_over())
    assert refused(game, game.next_deal) == Reason.GAME_OVER
    assert refused(game, lambda: game.next_deal(good)) == Reason.GAME_OVER
    for seat in range(seats):
        assert refused(game, lambda s=seat: game.apply(s, move)) == Reason.GAME_OVER


@pytest.mark.parametrize(("name", "seats"), GAME_SEATS)
def test_clone_and_playout_are_protocol(name: str, seats: int) -> None:
    """A clone is independent; a playout finishes the deal in play and returns what that deal
    added to each team's total (and changes nothing once no deal is in play)."""
    game = GAMES[name].new(seats, seed="search")
    play_until(game, random.Random(5), lambda g: len(g.result().deals) == 1 or g.is_over())
    if game.deal_pending():
        game.next_deal()
    before = snapshot(game)
    twin = game.clone()
    assert snapshot(twin) == before
    score = twin.playout(random.Random(9))
    assert snapshot(game) == before, "playing out a clone leaves the original alone"
    assert twin.deal_pending() or twin.is_over()
    totals_before, totals_after = game.result().totals, twin.result().totals
    assert len(score) == len(game.teams())
    assert list(score) == [b - a for a, b in zip(totals_before, totals_after, strict=True)]
    after = snapshot(twin)
    assert twin.playout(random.Random(10)) == score
    assert snapshot(twin) == after
    again = game.clone()
    assert again.playout(random.Random(9)) == score, "a playout is reproducible from its rng"


@pytest.mark.parametrize(("name", "seats"), GAME_SEATS)
def test_saved_states_must_hold_exactly_the_deck(name: str, seats: int) -> None:
    """A saved state whose cards are not the game's deck (one card swapped for another, or one
    missing) is refused in every game."""
    game = GAMES[name].new(seats, seed="deck")
    names = sorted(set(game.deal_shape().deck))
    rng = random.Random(3)
    for _ in range(5):
        seat = min(game.to_act())
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    data = json.loads(json.dumps(game.to_dict()))
    assert snapshot(type(game).from_dict(data)) == snapshot(game)
    swapped = json.loads(json.dumps(data))
    hand = swapped["hands"][0]
    hand[0] = next(c for c in names if c != hand[0])
    dropped = json.loads(json.dumps(data))
    dropped["hands"][0].pop()
    for bad in (swapped, dropped):
        with pytest.raises(SetupError) as info:
            type(game).from_dict(bad)
        assert info.value.reason == Reason.INVALID_STATE


def test_a_parsed_move_is_shared_and_its_json_cannot_be_changed_through_copies() -> None:
    """`Move.from_json` hands out one `Move` per JSON it parsed (moves never change), keeps
    none it refused nor any with a list in it, and `to_json` gives copies of `wire`."""
    data = {"type": "play", "card": "4H", "call": "quack"}
    first = Move.from_json(dict(data))
    assert Move.from_json(dict(data)) is first
    assert first == Move("play", "4H", "quack") and first.wire == data
    out = first.to_json()
    out["card"] = "5S"
    assert Move.from_json(dict(data)).to_json() == data and first.wire == data
    listed = {"type": "play", "cards": ["4H", "5S"]}
    one, two = Move.from_json(listed), Move.from_json(dict(listed))
    assert one == two and one is not two
    copied = one.to_json()
    copied["cards"].append("9D")
    assert one.to_json() == listed
    for bad in ({"type": "play", "card": 4}, {"type": ""}, {"type": "play", "nope": "x"}):
        with pytest.raises(MoveError):
            Move.from_json(bad)
        assert tuple(bad.items()) not in protocol._KNOWN  # nothing refused is kept
    with pytest.raises(MoveError):
        Move.from_json({"type": "play", "card": {"x": 1}})  # unhashable: parsed, refused

"""Bounded games: every option has a maximum, and every game a hard cap on deals and moves."""

from __future__ import annotations

import random

import pytest
from testkit.random_play import random_actions

from engine import GAMES, Reason, SetupError
from engine.ducksoup import DEAL_CAP, TARGET_MAX, Ducksoup
from engine.protocol import Game
from engine.record import start as start_game

NAMES = sorted(GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_number_option_has_a_maximum_in_the_catalog(name: str) -> None:
    for option in GAMES[name].catalog()["options"]:
        if option["type"] in ("int", "list"):
            assert "maximum" in option, f"{name}: option {option['name']} has no maximum"


@pytest.mark.parametrize(
    ("name", "seats", "options"),
    [
        ("ducksoup", 2, {"target": TARGET_MAX + 1}),
        ("doubleduck", 4, {"target": 100_001}),
        ("duck", 4, {"red_penalties": [2, 2, 3, 3, 21]}),
        ("doppelkopf", 4, {"max_deals": 97}),
    ],
)
def test_an_option_over_its_maximum_is_refused(
    name: str, seats: int, options: dict[str, object]
) -> None:
    with pytest.raises(SetupError) as err:
        start_game(name, seats, seed="s", options=options)
    assert err.value.reason == Reason.INVALID_OPTIONS


@pytest.mark.parametrize("name", NAMES)
def test_the_catalog_shows_the_caps(name: str) -> None:
    entry = GAMES[name].catalog()
    assert entry["deal_cap"] == GAMES[name].deal_cap >= 1
    assert entry["move_cap"] == GAMES[name].deal_cap * GAMES[name].deal_move_cap


def _seats(cls: type[Game]) -> int:
    return 4 if cls.min_seats <= 4 <= cls.max_seats else cls.min_seats


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_within_both_caps(name: str, seed: int) -> None:
    """At the largest options a random game still ends, within the deal cap, and no deal takes
    more moves than the game's per-deal cap."""
    cls = GAMES[name]
    options = {"target": TARGET_MAX} if name == "ducksoup" else {}
    game, _ = start_game(name, _seats(cls), seed=f"cap{seed}", options=options)
    actions = random_actions(game, random.Random(seed), 200_000)
    assert game.is_over()
    deals = 1 + sum(1 for a in actions if "deal" in a)
    assert deals <= cls.deal_cap
    moves_per_deal = [0]
    for action in actions:
        if "deal" in action:
            moves_per_deal.append(0)
        else:
            moves_per_deal[-1] += 1
    assert max(moves_per_deal) <= cls.deal_move_cap
    assert sum(moves_per_deal) <= cls.move_cap()


class TinyDucksoup(Ducksoup):
    """Duck Soup with a deal cap of 2, to reach the cap in a test."""

    deal_cap = 2


def test_duck_soup_ends_at_its_deal_cap_with_the_totals_so_far() -> None:
    game = TinyDucksoup(2, {"target": TARGET_MAX}, "capped")
    game.next_deal()
    events = []
    rng = random.Random(1)
    while not game.is_over():
        if game.deal_pending():
            game.next_deal()
            continue
        (seat,) = game.to_act()
        events += game.apply(seat, rng.choice(game.legal_moves(seat)))
    assert game.deal_no == 2
    over = [e for e in events if e.type == "game_over"]
    assert len(over) == 1
    assert over[0].data["capped"] is True
    assert over[0].data["totals"] == game.totals
    assert max(game.totals) < TARGET_MAX  # the target did not end it: the cap did
    assert game.result().over


def test_a_duck_soup_tie_at_the_cap_is_a_draw() -> None:
    game = TinyDucksoup(2, {}, "tie")
    game.next_deal()
    game.deal_no = 2
    game.totals = [40, 40]
    game.phase = "play"
    game._file_deal({"deal_no": 2}, False, None)  # the cap files the game as over
    assert game.is_over()
    assert game.result().winners == ()
    assert game.result().game_points == (0, 0)


def test_duck_soup_real_cap_is_reached_by_no_random_game_at_the_default_target() -> None:
    """The cap is a safety net: at the default target real games end long before it."""
    for seed in range(5):
        game, _ = start_game("ducksoup", 2, seed=f"d{seed}")
        actions = random_actions(game, random.Random(seed), 50_000)
        assert game.is_over()
        assert 1 + sum(1 for a in actions if "deal" in a) < DEAL_CAP

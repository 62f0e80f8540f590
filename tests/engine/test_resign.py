"""Resigning, game by game (docs/rules/*.md, "Resigning"), from explicit deals.

Duck Soup: the resigning seat loses at once, whatever the totals. Doubleduck: a side resigns
when both partners have; the other side wins 2 + 1 per deal not played (at most 5). Duck and
Doppelkopf offer no resignation and refuse it with `resign_not_offered`, changing nothing.
"""

from __future__ import annotations

import json
import random

import pytest
from test_ducksoup import pinned_deal as soup_deal
from testkit.dd_scenario import new_game, pinned_deal, play

from engine import GAMES, Game, MoveError, Reason
from engine.doppelkopf import Doppelkopf
from engine.duck import Duck
from engine.ducksoup import Ducksoup
from engine.record import load, record_of, replay


def snapshot(game: Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def refused(game: Game, seat: int) -> Reason:
    before = snapshot(game)
    with pytest.raises(MoveError) as caught:
        game.resign(seat)
    assert snapshot(game) == before, "a refused resignation changed the game"
    return caught.value.reason


# --- Duck Soup -------------------------------------------------------------------------------


def test_ducksoup_the_resigning_seat_loses_at_once_even_off_turn() -> None:
    game = Ducksoup.new(seed="r", options={"first_dealer": 0}, deal=soup_deal({1: "7H", 0: "9H"}))
    assert game.to_act() == {1}  # the non-dealer leads
    game.apply(1, {"type": "play", "card": "7H"})
    assert game.to_act() == {0}
    events = game.resign(1)  # not seat 1's turn: a resignation needs none
    assert [(e.type, e.data) for e in events] == [
        ("resigned", {"seat": 1}),
        ("game_over", {"totals": [0, 0], "game_points": [1, 0], "winners": [0], "resigned": [1]}),
    ]
    assert game.is_over() and game.to_act() == frozenset()
    assert game.result().winners == (0,) and game.result().game_points == (1, 0)
    assert game.view(0)["resigned"] == [1] and game.view(None)["phase"] == "game_over"
    assert refused(game, 0) == Reason.GAME_OVER
    with pytest.raises(MoveError) as late:
        game.apply(0, {"type": "play", "card": "9H"})
    assert late.value.reason == Reason.GAME_OVER


def test_ducksoup_a_resignation_beats_the_totals() -> None:
    """Between deals, the seat ahead resigns: the one behind wins the game."""
    game = Ducksoup.new(seed="totals", options={"target": 1000})
    game.playout(random.Random(3))
    assert game.deal_pending() and game.totals[0] != game.totals[1]
    ahead = 0 if game.totals[0] > game.totals[1] else 1
    totals = list(game.totals)
    events = game.resign(ahead)
    assert events[-1].data["winners"] == [1 - ahead] and events[-1].data["totals"] == totals
    assert game.result().game_points[1 - ahead] == 1


def test_ducksoup_a_resignation_survives_saving_and_replays_from_the_record() -> None:
    deal = soup_deal({1: "7H"})
    game = Ducksoup.new(seed="rec", options={"first_dealer": 0}, deal=deal)
    actions = [{"seat": 1, "move": {"type": "play", "card": "7H"}}, {"seat": 0, "resign": True}]
    game.apply(1, actions[0]["move"])
    game.resign(0)
    loaded = load(game.to_dict())
    assert loaded.resigned == [0] and loaded.result() == game.result()
    again = replay(record_of(game, deal.to_json(), actions))
    assert snapshot(again) == snapshot(game)


# --- Doubleduck ------------------------------------------------------------------------------


def test_doubleduck_one_partner_resigning_is_shown_and_the_game_goes_on() -> None:
    game = new_game(pinned_deal({0: "9H", 1: "4H"}), leader=0)
    events = game.resign(2)
    assert [(e.type, e.data) for e in events] == [("resigned", {"seat": 2})]
    assert not game.is_over() and game.to_act() == {0}
    assert game.view(None)["resigned"] == [2] and game.view(1)["resigned"] == [2]
    play(game, 0, "9H")  # the table plays on, the resigned seat too
    assert refused(game, 2) == Reason.ILLEGAL_MOVE  # once is enough
    game.resign(1)  # the other side's first: still nothing decided
    assert not game.is_over()


@pytest.mark.parametrize(("max_deals", "points"), [(4, 5), (2, 4), (1, 3)])
def test_doubleduck_both_partners_resign_the_other_side_wins_as_at_the_target(
    max_deals: int, points: int
) -> None:
    """In deal 1 nothing is scored: 2 + the deals not played (the one in play among them)."""
    game = new_game(pinned_deal({0: "9H"}), leader=0, max_deals=max_deals)
    play(game, 0, "9H")
    game.resign(1)
    events = game.resign(3)
    assert [e.type for e in events] == ["resigned", "game_over"]
    assert events[-1].data == {
        "totals": [0, 0],
        "game_points": [points, 0],
        "winners": [0, 2],
        "resigned": [1, 3],
    }
    assert game.result().winners == (0, 2) and game.is_over()


def test_doubleduck_between_deals_the_scored_deals_count_as_played() -> None:
    game = new_game(leader=0, max_deals=3, target=100_000)
    game.playout(random.Random(1))
    assert game.deal_pending() and len(game.deals) == 1
    game.resign(0)
    game.resign(2)
    assert game.result().game_points == (0, min(5, 2 + 2)) and game.result().winners == (1, 3)


def test_doubleduck_a_world_sampled_from_a_view_keeps_the_resignation() -> None:
    game = new_game(pinned_deal({0: "9H"}), leader=0)
    game.resign(0)
    play(game, 0, "9H")
    view = game.view(1)
    world = type(game).from_view(view, random.Random(5))
    assert world.view(1) == view


# --- the games that offer none ---------------------------------------------------------------


@pytest.mark.parametrize("cls", [Duck, Doppelkopf])
def test_duck_and_doppelkopf_refuse_a_resignation_and_change_nothing(cls: type[Game]) -> None:
    game = cls.new(cls.min_seats, seed="no")
    assert refused(game, 0) == Reason.RESIGN_NOT_OFFERED
    assert not cls.resign_offered and cls.resignation.startswith("Not offered")


def test_the_catalogue_says_which_games_offer_it() -> None:
    offered = {name: cls.catalog()["resign"]["offered"] for name, cls in GAMES.items()}
    assert offered == {"doubleduck": True, "ducksoup": True, "duck": False, "doppelkopf": False}
    assert all(cls.catalog()["resign"]["doc"] for cls in GAMES.values())

"""Seeded random Duck games: the invariants hold at every step of a few hundred whole games.

Through the public protocol: the 69 cards are always accounted for (hands, piles, draw pile,
banked), banked cards never come back, every round's record agrees with the reference scoring
in `test_duck_scenario`, hands shown at the end are the hands held, 5 rounds and one lifebelt
per round not capped, totals = banked values + green lifebelts - red penalties, winners = all
tied highest. The lean playout path is checked to make only legal moves.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from test_duck_scenario import FULL_DECK, ref_round, value

from engine.duck import NAMES, Duck
from engine.protocol import Event, Move

GAMES_PER_SEATS = 70


def live_cards(data: dict[str, Any]) -> list[str]:
    cards = [c for h in data["hands"] for c in h] + [c for p in data["piles"] for c in p]
    return cards + list(data["stock"])


def check_accounting(game: Duck, banked_before: list[list[str]]) -> list[list[str]]:
    """69 cards in all, and each seat's bank only ever grows at its end."""
    data = game.to_dict()
    banked = data["banked"]
    everything = live_cards(data) + [c for b in banked for c in b]
    assert Counter(everything) == Counter(FULL_DECK)
    for old, new in zip(banked_before, banked, strict=True):
        assert new[: len(old)] == old
    return [list(b) for b in banked]


def check_events(events: list[Event], seat: int, seats: int) -> None:
    for event in events:
        if event.type in ("stock_card", "hand_dealt"):
            assert event.visible_to is not None
        else:
            assert event.visible_to is None
        if event.type == "card_drawn" and event.data["source"] == "stock":
            assert "card" not in event.data
        if event.type == "stock_card":
            assert event.visible_to == seat


def check_game_over(game: Duck) -> None:
    result = game.result()
    assert result.over and len(result.deals) == 5
    red = game.options["red_penalties"]
    view = game.view(None)
    belts = view["lifebelts"]
    capped = [r["deal_no"] for r in result.deals if r["end"] == "cap"]
    given = sorted(b["deal_no"] for seat in belts for b in seat)
    assert given == [k for k in range(1, 6) if k not in capped]
    for seat in range(game.seats):
        for belt in belts[seat]:
            assert belt["value"] == 5 + belt["deal_no"]
            assert belt["points"] in (belt["value"], -red[belt["deal_no"] - 1])
            assert (belt["side"] == "green") == (belt["points"] == belt["value"])
        banked = sum(value(c) for c in view["banked"][seat])
        assert result.totals[seat] == banked + sum(b["points"] for b in belts[seat])
    assert list(result.totals) == [
        sum(r["score"][s] for r in result.deals) for s in range(game.seats)
    ]
    best = max(result.totals)
    assert result.winners == tuple(s for s in range(game.seats) if result.totals[s] == best)


def check_record(
    record: dict[str, Any], red: list[int], hands_before: list[list[str]] | None = None
) -> None:
    """The record scores by the reference; the hands shown are the hands held before the
    last move (when given)."""
    ref = ref_round(record["revealed"], record["seat"], record["end"], record["deal_no"], red)
    assert [value(c) if c else None for c in record["banked"]] == ref["banked"]
    assert record["discarded"] == ref["discarded"]
    assert record["score"] == ref["score"]
    for seat, shown in enumerate(record["revealed"] if hands_before else []):
        if record["end"] == "out" and seat == record["seat"]:
            assert shown == []
        else:
            assert hands_before is not None and sorted(shown) == sorted(hands_before[seat])
    if record["end"] == "cap":
        assert record["turns"] == 300 and record["lifebelt"] is None


def play_game(seats: int, seed: str, rng: random.Random) -> Duck:
    options: dict[str, Any] = {"first_dealer": rng.randrange(seats)}
    if rng.random() < 0.5:
        options["red_penalties"] = [rng.randrange(6) for _ in range(5)]
    game = Duck.new(seats, seed=seed, options=options)
    duck_bias = rng.random()
    banked = [[] for _ in range(seats)]
    rounds_seen = 0
    while not game.is_over():
        if game.deal_pending():
            game.next_deal()
            check_accounting(game, banked)
            continue
        (seat,) = game.to_act()
        moves = game.legal_moves(seat)
        move = (
            moves[0] if moves[0].type == "duck" and rng.random() < duck_bias else rng.choice(moves)
        )
        hands_before = game.to_dict()["hands"]
        events = game.apply(seat, move.to_json())
        check_events(events, seat, seats)
        banked = check_accounting(game, banked)
        if len(game.rounds) > rounds_seen:
            rounds_seen += 1
            check_record(game.rounds[-1], game.options["red_penalties"], hands_before)
    check_game_over(game)
    return game


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_random_games_through_the_protocol(seats: int) -> None:
    rng = random.Random(f"duck-random-{seats}")
    ends: Counter[str] = Counter()
    for i in range(GAMES_PER_SEATS):
        game = play_game(seats, f"g{seats}-{i}", rng)
        ends.update(r["end"] + (r["duck_verdict"] or "") for r in game.rounds)
    # The games really cover every way a round ends.
    assert {"out", "duckcorrect", "duckwrong"} <= set(ends), ends


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_lean_playout_makes_only_legal_moves(seats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every move of `playout` is one `legal_moves` lists; whole games stay accounted for."""
    real_play, real_duck = Duck._play, Duck._duck
    count = Counter[str]()

    def checked_play(self: Duck, seat: int, played: list[int], draw: int, events: Any) -> None:
        cards = tuple(NAMES[c] for c in played)
        draw_name = None if draw < 0 else ("stock", "left", "right")[draw]
        assert Move("play", cards=cards, draw=draw_name) in self.legal_moves(seat)
        count["play"] += 1
        real_play(self, seat, played, draw, events)

    def checked_duck(self: Duck, seat: int, events: Any) -> None:
        assert Move("duck") in self.legal_moves(seat)
        count["duck"] += 1
        real_duck(self, seat, events)

    monkeypatch.setattr(Duck, "_play", checked_play)
    monkeypatch.setattr(Duck, "_duck", checked_duck)
    rng = random.Random(f"duck-lean-{seats}")
    for i in range(30):
        game = Duck.new(seats, seed=f"lean{seats}-{i}")
        banked = [[] for _ in range(seats)]
        while not game.is_over():
            if game.deal_pending():
                game.next_deal()
            score = game.playout(rng)
            record = game.rounds[-1]
            assert score == tuple(record["score"])
            check_record(record, game.options["red_penalties"])
            banked = check_accounting(game, banked)
        check_game_over(game)
    assert count["play"] and count["duck"]


def test_playout_on_a_clone_leaves_the_game_alone() -> None:
    game = Duck.new(4, seed="clone")
    before = game.to_dict()
    rng = random.Random(1)
    for _ in range(20):
        copy = game.clone()
        copy.playout(rng)
        assert copy.deal_pending()
        assert game.to_dict() == before
    assert game.clone().to_dict() == before

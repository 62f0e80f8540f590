"""The Doppelkopf rollout policy (`bots.rollouts.doppelkopf`) and the search's use of it: the
plays it was designed for, on hand-made positions, and candidate pruning by the heuristic."""

from __future__ import annotations

import random

from bots import search
from bots.doppelkopf_heuristic import choose, move_scores
from bots.rollouts import doppelkopf as rollout
from engine import GAMES
from engine import doppelkopf as dk
from engine.cards import INDEX


def position(
    hands: dict[int, list[str]], trick: list[tuple[int, str]], re: list[bool]
) -> dk.Doppelkopf:
    """A deal's state with these hands (seats not given hold nothing), this trick on the table
    and these parties: all the rollout reads."""
    game = GAMES["doppelkopf"].new(seed="rollout")
    assert isinstance(game, dk.Doppelkopf)
    game.hands = [[INDEX[c] for c in hands.get(s, [])] for s in range(dk.SEATS)]
    game.trick = [(s, INDEX[c]) for s, c in trick]
    game.re = re
    return game


def played(game: dk.Doppelkopf, seat: int) -> str | None:
    return rollout(game, seat, random.Random(0)).card


PARTIES = [True, False, True, False]
"""Seats 0 and 2 are Re, 1 and 3 Kontra."""


def test_feeds_the_partners_trick_only_when_no_later_opponent_can_take_it() -> None:
    hands = {2: ["TS", "KS", "QD"], 3: ["9S", "JC"]}
    game = position(hands, [(0, "AS"), (1, "9S")], PARTIES)
    assert played(game, 2) == "TS"  # seat 3 must follow spades: the partner's ace stands
    hands[3] = ["JC", "9H"]  # void in spades, holds a trump: the ten would go to Kontra
    assert played(position(hands, [(0, "AS"), (1, "9S")], PARTIES), 2) == "KS"


def test_takes_an_opponents_trick_with_the_weakest_card_no_later_opponent_beats() -> None:
    hands = {1: ["TH", "QC", "JD", "9C"], 2: ["QS", "9D"], 3: ["KD"]}
    game = position(hands, [(0, "9D")], [False, True, False, True])
    assert played(game, 1) == "QC"  # JD would fall to seat 2's QS; TH wastes the top trump
    hands[2] = ["9D", "KD"]
    assert played(position(hands, [(0, "9D")], [False, True, False, True]), 1) == "JD"


def test_throws_the_poorest_card_when_the_trick_is_lost() -> None:
    hands = {1: ["AH", "KH", "9H"], 2: ["9C"], 3: ["KC"]}
    game = position(hands, [(0, "TH")], [True, False, True, False])
    assert played(game, 1) == "9H"  # no trump to follow with, nothing beats TH


def test_leads_a_plain_ace_while_every_opponent_must_follow() -> None:
    hands = {0: ["AC", "9S", "KH"], 1: ["9C", "JD"], 2: ["9H"], 3: ["KC", "QS"]}
    assert played(position(hands, [], PARTIES), 0) == "AC"
    hands[3] = ["QS", "9D"]  # an opponent void in clubs would trump it
    assert played(position(hands, [], PARTIES), 0) in {"9S", "KH"}


def test_search_tries_the_heuristics_best_cards_and_any_announcement() -> None:
    """Fewer candidates, more worlds (TOP_MOVES); the announcement changes the deal's value,
    which no card score weighs, so the search always judges it."""
    game = GAMES["doppelkopf"].new(seed="top-moves")
    seat = min(game.to_act())
    view = game.view(seat)
    legal = view["legal_moves"]
    assert {"type": "announce"} in legal and len(legal) > search.TOP_MOVES["doppelkopf"]
    hint = choose(view, legal, random.Random(0), 5.0)
    tried = search._candidates(view, legal, hint, prior=True)
    assert len(tried) == search.TOP_MOVES["doppelkopf"] and {"type": "announce"} in tried
    scores = move_scores(view, legal)
    cutoff = sorted(scores)[-search.TOP_MOVES["doppelkopf"]]
    assert all(scores[legal.index(m)] >= cutoff for m in tried)
    assert search._candidates(view, legal, hint, prior=False) == legal

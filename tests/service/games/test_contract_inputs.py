"""The spec's inputs say exactly what the server takes: an explicit deal is one list of exactly
the game's cards (a JSON Schema validator agrees with the engine), a move is some game's move
(`contract.satisfies`, the server's own check, agrees with the validator), and the flat list is
split in the order the docs say."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from jsonschema import Draft202012Validator

from engine import GAMES
from service.games import contract

CASES = [(name, n) for name, cls in GAMES.items() for n in range(cls.min_seats, cls.max_seats + 1)]


def flat_of(deal: dict[str, list]) -> list[str]:
    return [c for part in [*deal["hands"], deal.get("face_up", []), deal["stock"]] for c in part]


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_a_deal_the_spec_allows_is_one_the_game_takes(name: str, seats: int) -> None:
    cls = GAMES[name]
    schema = Draft202012Validator(contract.deal_in(name))
    cards = list(contract.deck(name).elements())
    random.Random(seats).shuffle(cards)
    assert schema.is_valid({"cards": cards})
    game = cls(seats, {}, "s")
    deal = game.deal_of(cards)
    game.check_deal(deal)  # no refusal
    assert flat_of(deal.to_json()) == cards  # the docs' order: hands, piles, stock
    assert deal.hands[1][0] == cards[game.deal_shape().hand]
    # One card changed, one missing, one too many: the spec refuses each, as the game does.
    other = next(c for c in contract.deck(name) if c != cards[0])
    for wrong in (
        [other, *cards[1:]],
        cards[1:],
        [*cards, cards[0]],
    ):
        assert not schema.is_valid({"cards": wrong})
        # At the host's next deal: a part of Duck's cards is Duck's state (409), else 422.
        part = not Counter(wrong) - contract.deck(name)
        assert contract.dealt_somewhere(wrong) == (cls.deck_shrinks and part)


def test_a_hosts_next_deal_is_any_games_deck_and_the_server_knows_which() -> None:
    schema = Draft202012Validator(contract.next_deal_in())
    for name, cls in GAMES.items():
        cards = list(contract.deck(name).elements())
        assert schema.is_valid({"cards": cards}) and contract.dealt_somewhere(cards)
        part = cards[: len(cards) // 2]  # a later deal of a game whose deck shrinks
        assert (
            schema.is_valid({"cards": part}) == contract.dealt_somewhere(part) == cls.deck_shrinks
        )
    for wrong in (["AC"] * 104, ["ZZ"], ["B0"] * 4):
        assert not schema.is_valid({"cards": wrong}) and not contract.dealt_somewhere(wrong)


def test_a_move_the_spec_allows_is_one_the_server_knows_as_some_games() -> None:
    schema = Draft202012Validator(contract.any_move_in())
    moves = [dict(shape) for cls in GAMES.values() for shape in cls.move_shapes]
    moves += [
        {"type": "play", "card": "JS", "call": "Quack-quack!"},  # a spoken call: free text
        {"type": "play", "cards": ["Y0", "Y0"]},
    ]
    malformed = [
        {"type": "play"},
        {"type": "play", "card": "ZZ"},
        {"type": "play", "card": "B7"},  # a Duck card, in a one-card play
        {"type": "play", "cards": []},
        {"type": "play", "cards": ["JS"]},
        {"type": "duck", "cards": ["Y0"]},
        {"type": "play", "cards": ["Y0"], "draw": "up"},
        {"type": "announce", "card": "QC"},
        {"type": "concede", "call": "quack"},
        {"type": "pass"},
    ]
    for move in moves:
        assert schema.is_valid(move) and contract.moved_somewhere(move), move
    for move in malformed:
        assert not schema.is_valid(move) and not contract.moved_somewhere(move), move

"""Refused moves: each gives its reason code and leaves the state byte for byte unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from testkit.dd_scenario import new_game, pinned_deal, play, play_trick, state

from engine.doubleduck import Doubleduck
from engine.protocol import Deal, MoveError, Reason, SetupError

# Seat 0 leads trick 1 and holds one 5S; seat 1 holds 5H, 9D and only other diamonds; seat 2
# holds 5D and the other 5S; seat 3 holds 5C.
SEAT1 = "9D 5H 2D 3D 4D 6D 7D 8D TD JD QD KD AD"
PINS = {0: "5S 7H", 1: SEAT1, 2: "5D 5S", 3: "5C 2C"}


def game_after(plays: str = "") -> Doubleduck:
    """Trick 1 of a pinned deal, after the given plays (seat 0 leading)."""
    game = new_game(pinned_deal(PINS), leader=0)
    for i, part in enumerate(p for p in plays.split(",") if p.strip()):
        card, *call = part.split()
        play(game, i, card, call[0] if call else None)
    return game


def refuse(game: Doubleduck, seat: int, move: Any, reason: Reason) -> None:
    """The move is refused with `reason` and nothing at all changes."""
    before = state(game)
    views = [game.view(s) for s in range(4)]
    with pytest.raises(MoveError) as info:
        game.apply(seat, move)
    assert info.value.reason == reason, info.value.message
    assert state(game) == before
    assert [game.view(s) for s in range(4)] == views


MOVES = [
    # (plays so far, seat, move, reason)
    ("", 0, {"type": "play", "card": "5S", "call": "quack"}, Reason.ILLEGAL_CALL),
    ("", 0, {"type": "play", "card": "5S", "call": "doubleduck"}, Reason.ILLEGAL_CALL),
    ("5S", 1, {"type": "play", "card": "9D", "call": "quack"}, Reason.ILLEGAL_CALL),
    ("5S", 1, {"type": "play", "card": "5H", "call": "doubleduck"}, Reason.ILLEGAL_CALL),
    ("5S", 1, {"type": "play", "card": "9D", "call": "doubleduck"}, Reason.ILLEGAL_CALL),
    ("5S", 1, {"type": "play", "card": "5H", "call": "quack-quack"}, Reason.ILLEGAL_CALL),
    (
        "5S, 5H quack",
        2,
        {"type": "play", "card": "5D", "call": "quack-quack-quack"},
        Reason.ILLEGAL_CALL,
    ),
    ("5S, 9D", 2, {"type": "play", "card": "5D", "call": "quack-quack"}, Reason.ILLEGAL_CALL),
    ("5S", 1, {"type": "play", "card": "5H", "call": "moo"}, Reason.ILLEGAL_CALL),
    ("5S", 1, {"type": "play", "card": "5H", "call": ""}, Reason.ILLEGAL_CALL),
    ("5S", 1, {"type": "play", "card": "5H", "call": "quack quack"}, Reason.ILLEGAL_CALL),
    ("5S", 1, {"type": "play", "card": "5H", "call": "double-duck"}, Reason.ILLEGAL_CALL),
    ("", 0, {"type": "play", "card": "1S"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "5s"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "10S"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "B7"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "5S", "trump": "S"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "5S", "cards": ["5S"]}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "5S", "draw": "stock"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": 5}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": ["5S"]}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "play", "card": "5S", "call": 1}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": "concede"}, Reason.MALFORMED_MOVE),
    ("", 0, {"card": "5S"}, Reason.MALFORMED_MOVE),
    ("", 0, {"type": 3, "card": "5S"}, Reason.MALFORMED_MOVE),
    ("", 0, ["play", "5S"], Reason.MALFORMED_MOVE),
    ("", 0, "5S", Reason.MALFORMED_MOVE),
    ("", 0, None, Reason.MALFORMED_MOVE),
    ("", 1, {"type": "play", "card": "9D"}, Reason.NOT_YOUR_TURN),
    ("", 4, {"type": "play", "card": "5S"}, Reason.NOT_YOUR_TURN),
    ("", -1, {"type": "play", "card": "5S"}, Reason.NOT_YOUR_TURN),
    ("5S", 0, {"type": "play", "card": "7H"}, Reason.NOT_YOUR_TURN),
    ("5S", 1, {"type": "play", "card": "5C"}, Reason.CARD_NOT_IN_HAND),
    ("5S", 1, {"type": "play", "card": "AS", "call": "quack"}, Reason.CARD_NOT_IN_HAND),
    ("", 0, {"type": "play", "card": "9D"}, Reason.CARD_NOT_IN_HAND),
]


@pytest.mark.parametrize(("before", "seat", "move", "reason"), MOVES)
def test_refused(before: str, seat: int, move: Any, reason: Reason) -> None:
    refuse(game_after(before), seat, move, reason)


def test_card_not_in_hand_counts_copies() -> None:
    """A hand is a multiset: two copies play twice, one copy once."""
    pins = {0: "5S 5S", 1: SEAT1, 2: "KS", 3: "QS"}
    game = new_game(pinned_deal(pins, "2H 3H 4H 6H"), leader=0)
    assert play_trick(game, "5S, 9D, KS, QS")["winner"] == 0  # lowest spade in Duck
    assert game.to_dict()["hands"][0].count("5S") == 1
    assert "9D" not in game.to_dict()["hands"][1]
    play(game, 0, "5S")
    assert "5S" not in game.to_dict()["hands"][0]
    refuse(game, 1, {"type": "play", "card": "9D"}, Reason.CARD_NOT_IN_HAND)
    play(game, 1, "3H")  # its draw after trick 1


def test_leader_play_without_call_is_fine_but_any_call_is_not() -> None:
    game = game_after()
    for call in ("quack", "Quack", "doubleduck", "Doubleduck!"):
        refuse(game, 0, {"type": "play", "card": "5S", "call": call}, Reason.ILLEGAL_CALL)
    play(game, 0, "5S")


@pytest.mark.parametrize(
    ("before", "seat", "card", "call", "stored", "spoken"),
    [
        ("5S", 1, "5H", "Quack", "quack", "Quack"),
        ("5S", 1, "5H", "QUACK", "quack", "Quack"),
        ("5S", 1, "5H", " quack ", "quack", "Quack"),
        ("5S, 5H quack", 2, "5D", "Quack-quack", "quack", "Quack-quack"),
        ("5S, 5H quack", 2, "5D", "quack-QUACK", "quack", "Quack-quack"),
        ("5S, 5H quack", 2, "5D", "quack", "quack", "Quack-quack"),
        ("5S, 5H", 2, "5D", "Quack-quack", "quack", "Quack-quack"),
        (
            "5S, 5H quack, 5D quack-quack",
            3,
            "5C",
            "Quack-quack-quack",
            "quack",
            "Quack-quack-quack",
        ),
        ("5S, 9D", 2, "5S", "Doubleduck!", "doubleduck", "Doubleduck!"),
        ("5S, 9D", 2, "5S", "doubleduck", "doubleduck", "Doubleduck!"),
        ("5S, 9D", 2, "5S", "DOUBLEDUCK", "doubleduck", "Doubleduck!"),
        ("5S, 9D", 2, "5S", "quack", "quack", "Quack"),
    ],
)
def test_spoken_forms_accepted_and_stored_canonically(
    before: str, seat: int, card: str, call: str, stored: str, spoken: str
) -> None:
    game = game_after(before)
    events = play(game, seat, card, call)
    played = events[0]
    assert played.type == "card_played"
    assert played.data == {"seat": seat, "card": card, "call": stored, "spoken": spoken}
    saved = game.to_dict()
    plays = saved["trick"] or saved["last_trick"][0]  # the fourth card completes the trick
    assert plays[-1] == [seat, card, {"quack": 1, "doubleduck": 2}[stored]]
    view = game.view(0)
    shown = view["trick"] or view["last_trick"]["plays"]
    assert shown[-1] == {"seat": seat, "card": card, "call": stored, "spoken": spoken}


def test_quack_count_counts_uncalled_cards_of_the_led_rank() -> None:
    """'One quack per card of the led rank played after the lead so far, this one included'."""
    game = game_after("5S, 5H")
    refuse(
        game, 2, {"type": "play", "card": "5D", "call": "Quack-quack-quack"}, Reason.ILLEGAL_CALL
    )
    assert play(game, 2, "5D", "quack-quack")[0].data["spoken"] == "Quack-quack"


def test_single_quack_word_is_the_plain_call_at_any_count() -> None:
    """[decided here] 'Quack' is also the client form `quack` (case-insensitive), so it is
    accepted for the second or third quack too and stored canonically."""
    game = game_after("5S, 5H quack")
    assert play(game, 2, "5D", "Quack")[0].data == {
        "seat": 2,
        "card": "5D",
        "call": "quack",
        "spoken": "Quack-quack",
    }


def test_call_cannot_be_added_after_the_card() -> None:
    """A missing call is no call: the card stands plain and cannot be amended."""
    game = game_after("5S")
    play(game, 1, "5H")
    assert game.to_dict()["trick"][1] == [1, "5H", 0]
    refuse(game, 1, {"type": "play", "card": "5H", "call": "quack"}, Reason.NOT_YOUR_TURN)
    play(game, 2, "5D")
    play(game, 3, "5C")
    # Three uncalled fives: no quack, so the only spade, the lead, takes it.
    assert game.last_trick is not None and game.last_trick[1] == 0


def game_over_game() -> Doubleduck:
    game = new_game(seed="over", max_deals=1)
    while not game.is_over():
        seat = next(iter(game.to_act()))
        game.apply(seat, game.legal_moves(seat)[0])
    return game


def test_game_over_refuses_moves_and_deals() -> None:
    game = game_over_game()
    for seat in range(4):
        refuse(game, seat, {"type": "play", "card": "AS"}, Reason.GAME_OVER)
    refuse(game, 0, {"type": "play"}, Reason.GAME_OVER)
    before = state(game)
    with pytest.raises(MoveError) as info:
        game.next_deal()
    assert info.value.reason == Reason.GAME_OVER
    assert state(game) == before


def test_move_while_a_deal_is_pending() -> None:
    game = new_game(seed="pending", max_deals=2)
    while not game.deal_pending():
        seat = next(iter(game.to_act()))
        game.apply(seat, game.legal_moves(seat)[0])
    assert game.to_act() == frozenset()
    for seat in range(4):
        assert game.legal_moves(seat) == []
        refuse(game, seat, {"type": "play", "card": "AS"}, Reason.DEAL_PENDING)
    game.next_deal()
    assert len(game.to_act()) == 1


def test_next_deal_refused_mid_deal() -> None:
    game = game_after("5S")
    before = state(game)
    with pytest.raises(MoveError) as info:
        game.next_deal()
    assert info.value.reason == Reason.NO_DEAL_PENDING
    assert state(game) == before


@pytest.mark.parametrize(
    "change",
    [
        lambda d: Deal(d.hands[:3], d.stock),
        lambda d: Deal((d.hands[0][:12], *d.hands[1:]), d.stock + d.hands[0][12:]),
        lambda d: Deal(d.hands, d.stock[:51]),
        lambda d: Deal(d.hands, (*d.stock[:51], "AS" if d.stock[51] != "AS" else "KS")),
        lambda d: Deal(d.hands, (*d.stock[:51], "ZZ")),
        lambda d: Deal(d.hands, d.stock, {"faceup": ("AS",)}),
    ],
)
def test_bad_explicit_deal(change: Any) -> None:
    """An explicit deal must be 4 x 13 + 52 cards, exactly two packs."""
    good = pinned_deal()
    new_game(good)
    with pytest.raises(SetupError) as info:
        new_game(change(good))
    assert info.value.reason == Reason.INVALID_DEAL

"""A small trick game that lives only in the tests (`test_extra_game.py`): Highcard, two
seats, eight cards (A K Q J of spades and hearts), four each, no stock, one deal. Follow suit
if you can; the highest card of the led suit takes the trick (ace high) and leads the next;
each trick scores its taker 1. Built on `engine.tricks.TrickGame` and declaring its own wire
contract (`engine.wire`), so the service serves it once it is registered, with nothing of it
written anywhere else."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

from engine import cards
from engine.protocol import JSON, Event, Move, MoveError, Option, Reason
from engine.tricks import DEAL_OVER, GAME_OVER, PLAY, PLAY_MOVES, TrickGame
from engine.wire import (
    CARD_PLAYED,
    COUNT,
    COUNTS_PER_SEAT,
    GAME_OVER_DATA,
    HAND_DEALT,
    PER_TEAM,
    SEAT,
    TRICK_DEAL_STARTED,
    TRICK_PLAY,
    Contract,
    array,
    nullable,
    obj,
)

DECK = tuple(cards.INDEX[name] for name in ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"])
TRICK = obj({"trick_no": COUNT, "plays": array(TRICK_PLAY), "winner": SEAT})
DEAL = obj({"deal_no": COUNT, "dealer": SEAT, "score": PER_TEAM, "totals": PER_TEAM})


def strength(card: int) -> int:
    return 13 if cards.rank(card) == 0 else cards.rank(card)


class Highcard(TrickGame[tuple[int, int]]):
    name = "highcard"
    title = "Highcard"
    min_seats = 2
    max_seats = 2
    hand_size = 4
    deck = DECK
    stock_size = 0
    game_points_apart = False
    deal_cap = 1
    deal_move_cap = len(DECK)
    options_spec = (
        Option("first_dealer", int, 0, "Seat that deals the first deal.", minimum=0, maximum=1),
    )
    move_shapes = ({"type": "play", "card": "AS"},)
    resignation = "Not offered: a deal is four tricks."
    contract = Contract(
        view={
            "leader": nullable(SEAT),
            "trick": array(TRICK_PLAY),
            "tricks_won": COUNTS_PER_SEAT,
        },
        deal=DEAL,
        events={
            "deal_started": TRICK_DEAL_STARTED,
            "hand_dealt": HAND_DEALT,
            "card_played": CARD_PLAYED,
            "trick_won": TRICK,
            "deal_scored": DEAL,
            "game_over": GAME_OVER_DATA,
        },
    )

    def _start_deal(self) -> list[Event]:
        self.won = [0] * self.seats
        self.trick_no = 0
        return []

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase != PLAY or seat != self._turn():
            return []
        hand = self.hands[seat]
        if self.trick:
            led = cards.suit(self.trick[0][1])
            follow = [c for c in hand if cards.suit(c) == led]
            hand = follow or hand
        return [PLAY_MOVES[c] for c in sorted(hand)]

    def _apply(self, seat: int, move: Move, events: list[Event] | None) -> None:
        if move.type != "play":
            raise MoveError(Reason.MALFORMED_MOVE, f"Highcard has no {move.type!r} move")
        card = self._held_card(seat, move)
        if PLAY_MOVES[card] not in self.legal_moves(seat):
            raise MoveError(Reason.ILLEGAL_MOVE, "follow the suit led")
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if events is not None:
            events.append(Event("card_played", {"seat": seat, "card": cards.NAMES[card]}))
        if len(self.trick) == self.seats:
            self._take_trick(events)

    def _take_trick(self, events: list[Event] | None) -> None:
        led = cards.suit(self.trick[0][1])
        winner = max(
            (p for p in self.trick if cards.suit(p[1]) == led), key=lambda p: strength(p[1])
        )[0]
        self.trick_no += 1
        self.won[winner] += 1
        if events is not None:
            plays = [{"seat": s, "card": cards.NAMES[c]} for s, c in self.trick]
            events.append(
                Event("trick_won", {"trick_no": self.trick_no, "plays": plays, "winner": winner})
            )
        self.trick, self.leader = [], winner
        if not any(self.hands):
            self.totals = [t + w for t, w in zip(self.totals, self.won, strict=True)]
            self._file_deal(self._deal_record({"score": list(self.won)}), True, events)

    def _resign(self, seat: int, events: list[Event]) -> None:
        raise MoveError(Reason.RESIGN_NOT_OFFERED, self.resignation)

    def _table_view(self, seat: int | None) -> JSON:
        plays = [{"seat": s, "card": cards.NAMES[c]} for s, c in self.trick]
        return {"trick": plays, "tricks_won": list(self.won)}

    def _play_state(self) -> JSON:
        return {
            "leader": self.leader,
            "trick": [[s, c] for s, c in self.trick],
            "won": list(self.won),
            "trick_no": self.trick_no,
        }

    def _load_play_state(self, data: Mapping[str, Any]) -> None:
        self.leader = int(data["leader"])
        self.trick = [(int(s), int(c)) for s, c in data["trick"]]
        self.won = [int(w) for w in data["won"]]
        self.trick_no = int(data["trick_no"])

    @classmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        raise NotImplementedError("no search bot plays Highcard")

    def deal_score(self) -> tuple[int, ...]:
        return tuple(self.deals[-1]["score"]) if self.deals else (0,) * self.seats

    def playout(self, rng: random.Random) -> tuple[int, ...]:
        while self.phase == PLAY:
            seat = self._turn()
            self._apply(seat, rng.choice(self.legal_moves(seat)), None)
        return self.deal_score()


__all__ = ["DEAL_OVER", "GAME_OVER", "Highcard"]

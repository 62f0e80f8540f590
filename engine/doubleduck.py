"""Doubleduck: Duck Soup for four in two sides with two packs (RULES.md section 1).

Layout: constants, trick resolution, the Game class (creation, turn, moves, automatic steps,
deals and result, views, persistence), then the lean playout path for bots and benchmarks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

from engine import cards
from engine.protocol import (
    JSON,
    Deal,
    DealShape,
    Event,
    Game,
    Move,
    MoveError,
    Option,
    Reason,
    Result,
    SetupError,
)

SEATS = 4
HAND = 13
TRICKS_PER_COURSE = 13
DECK: tuple[int, ...] = cards.PACK + cards.PACK
DECK_NAMES: tuple[str, ...] = tuple(cards.NAMES[c] for c in DECK)

NO_CALL, QUACK, DOUBLEDUCK = 0, 1, 2
CALL_NAMES = {QUACK: "quack", DOUBLEDUCK: "doubleduck"}

DUCK, SOUP = 0, 1
COURSE_NAMES = ("duck", "soup")

# Strength of a card of the led suit, higher is better: Duck K..2 A (lowest wins, ace lowest
# of all), Soup A K..2 (highest wins, ace highest).
_STRENGTH = (
    tuple(-r for r in range(13)),  # Duck: A(0) is strongest, K(12) weakest
    tuple((r - 1) % 13 for r in range(13)),  # Soup: 2 -> 0 ... K -> 11, A -> 12
)

PLAY, DEAL_OVER, GAME_OVER = "play", "deal_over", "game_over"


def side_of(seat: int) -> int:
    """Partners sit opposite: seats 0+2 are side 0, 1+3 side 1 (RULES.md, decided)."""
    return seat & 1


def trick_winner(plays: list[tuple[int, int, int]], course: int) -> int:
    """Index in the trick of the card that takes it; `plays` holds (seat, card, call).

    1. a doubleduck; 2. else the last quack; 3. else the best card of the led suit, the later
    of two identical best cards winning.
    """
    best = -1
    for i in range(len(plays) - 1, 0, -1):
        call = plays[i][2]
        if call == DOUBLEDUCK:
            return i
        if call == QUACK and best < 0:
            best = i
    if best >= 0:
        return best
    led = plays[0][1]
    led_suit = led // 13
    strength = _STRENGTH[course]
    top = strength[led % 13]
    best = 0
    for i in range(1, len(plays)):
        card = plays[i][1]
        if card // 13 == led_suit:
            s = strength[card % 13]
            if s >= top:
                top, best = s, i
    return best


def quack_count(plays: list[tuple[int, int, int]], card: int) -> int:
    """Quacks in the spoken call: cards of the led rank after the lead so far, this one included."""
    led_rank = plays[0][1] % 13
    return 1 + sum(1 for p in plays[1:] if p[1] % 13 == led_rank) if card % 13 == led_rank else 0


def spoken(call: int, count: int) -> str:
    if call == DOUBLEDUCK:
        return "Doubleduck!"
    return "-".join(["Quack"] + ["quack"] * (count - 1))


class Doubleduck(Game):
    name = "doubleduck"
    title = "Doubleduck"
    min_seats = SEATS
    max_seats = SEATS
    options_spec = (
        Option("first_dealer", int, 0, "Seat that deals the first deal.", minimum=0, maximum=3),
        Option("max_deals", int, 4, "The game ends after this many deals.", minimum=1, maximum=4),
        Option("target", int, 1000, "A side whose total reaches this ends the game.", minimum=1),
    )
    move_shapes = (
        {"type": "play", "card": "JS"},
        {"type": "play", "card": "JS", "call": "quack"},
        {"type": "play", "card": "JS", "call": "doubleduck"},
    )

    def __init__(self, seats: int, options: Mapping[str, Any], seed: str) -> None:
        super().__init__(seats, options, seed)
        self.phase = DEAL_OVER
        self.deal_no = 0
        self.dealer = (self.options["first_dealer"] - 1) % SEATS
        self.hands: list[list[int]] = [[] for _ in range(SEATS)]
        self.stock: list[int] = []  # top of the stock is the LAST element
        self.trick: list[tuple[int, int, int]] = []
        self.leader = 0
        self.tricks_done = 0
        self.stored: list[list[int]] = [[0, 0], [0, 0]]  # [side][course]
        self.piles: list[list[int]] = [[], []]  # stored cards per side, this deal
        self.waste: list[int] = []
        self.last_trick: tuple[list[tuple[int, int, int]], int, int, int] | None = None
        """(plays, winner seat, cards stored, course) of the last trick, for views."""
        self.deals: list[JSON] = []
        self.totals = [0, 0]
        self.game_points = [0, 0]

    # --- creation -----------------------------------------------------------------------

    def deal_pending(self) -> bool:
        return self.phase == DEAL_OVER

    def _next_deal(self, deal: Deal | None) -> list[Event]:
        if deal is not None:
            hands, stock = [cards.ints(h) for h in deal.hands], cards.ints(deal.stock)
        else:
            order = list(DECK)
            self.deal_rng(self.deal_no + 1).shuffle(order)
            # One card at a time from the dealer's left: card i goes to seat dealer+1+i
            # (`self.dealer` is still the previous dealer here, so the new one's left is +2).
            first = (self.dealer + 2) % SEATS
            hands = [[] for _ in range(SEATS)]
            for i in range(SEATS * HAND):
                hands[(first + i) % SEATS].append(order[i])
            stock = order[SEATS * HAND :]
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % SEATS
        self.hands = [sorted(h) for h in hands]
        self.stock = stock[::-1]
        self.trick = []
        self.leader = (self.dealer + 1) % SEATS
        self.tricks_done = 0
        self.stored = [[0, 0], [0, 0]]
        self.piles = [[], []]
        self.waste = []
        self.last_trick = None
        self.phase = PLAY
        events = [
            Event(
                "deal_started",
                {"deal_no": self.deal_no, "dealer": self.dealer, "leader": self.leader},
            )
        ]
        events += [
            Event("hand_dealt", {"seat": s, "cards": cards.names(self.hands[s])}, visible_to=s)
            for s in range(SEATS)
        ]
        return events

    def deal_shape(self) -> DealShape:
        return DealShape(HAND, DECK_NAMES, stock=52)

    # --- the turn -----------------------------------------------------------------------

    def course(self) -> int:
        return DUCK if self.tricks_done < TRICKS_PER_COURSE else SOUP

    def to_act(self) -> frozenset[int]:
        if self.phase != PLAY:
            return frozenset()
        return frozenset(((self.leader + len(self.trick)) % SEATS,))

    def _turn(self) -> int:
        return (self.leader + len(self.trick)) % SEATS

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase != PLAY or seat != self._turn():
            return []
        moves: list[Move] = []
        lead = self.trick[0][1] if self.trick else -1
        for c in sorted(set(self.hands[seat])):
            name = cards.NAMES[c]
            moves.append(Move("play", name))
            if lead >= 0 and c % 13 == lead % 13:
                moves.append(Move("play", name, "quack"))
                if c == lead:
                    moves.append(Move("play", name, "doubleduck"))
        return moves

    def _apply(self, seat: int, move: Move, events: list[Event] | None) -> None:
        if move.type != "play":
            raise MoveError(Reason.MALFORMED_MOVE, "Doubleduck has only 'play' moves")
        if move.cards is not None or move.draw is not None:
            raise MoveError(Reason.MALFORMED_MOVE, "a Doubleduck play names one 'card'")
        if move.card is None:
            raise MoveError(Reason.MALFORMED_MOVE, "a play needs a 'card'")
        card = cards.parse(move.card)
        if card is None:
            raise MoveError(Reason.MALFORMED_MOVE, f"unknown card {move.card!r}")
        if card not in self.hands[seat]:
            raise MoveError(Reason.CARD_NOT_IN_HAND, f"{move.card} is not in your hand")
        call = self._check_call(card, move.call)
        self._play(seat, card, call, events)

    def _check_call(self, card: int, text: str | None) -> int:
        """The call as an int; the spoken forms are accepted when they match the count."""
        if text is None:
            return NO_CALL
        word = text.strip().lower().rstrip("!")
        if not self.trick:
            raise MoveError(Reason.ILLEGAL_CALL, "the leader cannot call")
        lead = self.trick[0][1]
        if word == "doubleduck":
            if card != lead:
                raise MoveError(
                    Reason.ILLEGAL_CALL,
                    f"doubleduck needs the exact duplicate of {cards.NAMES[lead]}",
                )
            return DOUBLEDUCK
        parts = word.split("-")
        if not parts or any(p != "quack" for p in parts):
            raise MoveError(Reason.ILLEGAL_CALL, f"unknown call {text!r}")
        if card % 13 != lead % 13:
            raise MoveError(
                Reason.ILLEGAL_CALL, f"quack needs a card of the led rank {cards.RANKS[lead % 13]}"
            )
        count = quack_count(self.trick, card)
        if len(parts) > 1 and len(parts) != count:
            raise MoveError(
                Reason.ILLEGAL_CALL,
                f"this is quack number {count}: say {spoken(QUACK, count)!r} or 'quack'",
            )
        return QUACK

    # --- automatic steps ----------------------------------------------------------------

    def _play(self, seat: int, card: int, call: int, events: list[Event] | None) -> None:
        """Play a checked card, then resolve, draw, change course and score as they fall due."""
        self.hands[seat].remove(card)
        if events is not None:
            data: JSON = {"seat": seat, "card": cards.NAMES[card]}
            if call:
                data["call"] = CALL_NAMES[call]
                data["spoken"] = spoken(call, quack_count(self.trick, card))
            events.append(Event("card_played", data))
        self.trick.append((seat, card, call))
        if len(self.trick) == SEATS:
            self._finish_trick(events)

    def _finish_trick(self, events: list[Event] | None) -> None:
        trick = self.trick
        course = self.course()
        win = trick_winner(trick, course)
        winner = trick[win][0]
        side = winner & 1
        seen = 0
        pile = self.piles[side]
        for _, card, _ in trick:
            bit = 1 << (card // 13)
            if seen & bit:
                self.waste.append(card)
            else:
                seen |= bit
                pile.append(card)
        stored = bin(seen).count("1")
        self.stored[side][course] += stored
        self.tricks_done += 1
        self.trick = []
        self.leader = winner
        self.last_trick = (trick, winner, stored, course)
        if events is not None:
            events.append(Event("trick_won", self._trick_json(self.last_trick)))
        if course == DUCK:
            self._draw(winner, events)
            if self.tricks_done == TRICKS_PER_COURSE and events is not None:
                events.append(Event("course_changed", {"course": "soup"}))
        if self.tricks_done == 2 * TRICKS_PER_COURSE:
            self._score_deal(events)

    def _draw(self, first: int, events: list[Event] | None) -> None:
        """Every player draws one card, the trick winner first, then clockwise."""
        order = [(first + i) % SEATS for i in range(SEATS)]
        for seat in order:
            card = self.stock.pop()
            self.hands[seat].append(card)
            if events is not None:
                events.append(
                    Event("card_drawn", {"seat": seat, "card": cards.NAMES[card]}, visible_to=seat)
                )
        if events is not None:
            events.append(Event("cards_drawn", {"order": order, "stock_count": len(self.stock)}))

    def _score_deal(self, events: list[Event] | None) -> None:
        score = [self.stored[s][DUCK] * self.stored[s][SOUP] for s in (0, 1)]
        self.totals = [self.totals[0] + score[0], self.totals[1] + score[1]]
        record: JSON = {
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "duck": [self.stored[0][DUCK], self.stored[1][DUCK]],
            "soup": [self.stored[0][SOUP], self.stored[1][SOUP]],
            "score": score,
            "totals": list(self.totals),
        }
        self.deals.append(record)
        if events is not None:
            events.append(Event("deal_scored", dict(record)))
        target = self.options["target"]
        if self.deal_no >= self.options["max_deals"] or max(self.totals) >= target:
            self.phase = GAME_OVER
            self.game_points = game_points(
                self.totals, target, self.options["max_deals"] - self.deal_no
            )
            if events is not None:
                res = self.result()
                events.append(
                    Event(
                        "game_over",
                        {
                            "totals": list(res.totals),
                            "game_points": list(res.game_points),
                            "winners": list(res.winners),
                        },
                    )
                )
        else:
            self.phase = DEAL_OVER

    # --- result and views ---------------------------------------------------------------

    def result(self) -> Result:
        over = self.phase == GAME_OVER
        winners: tuple[int, ...] = ()
        if over and self.totals[0] != self.totals[1]:
            side = 0 if self.totals[0] > self.totals[1] else 1
            winners = (side, side + 2)
        return Result(
            over=over,
            deals=tuple(dict(d) for d in self.deals),
            totals=tuple(self.totals),
            game_points=tuple(self.game_points),
            winners=winners,
        )

    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def teams(self) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def view(self, seat: int | None) -> JSON:
        res = self.result()
        out: JSON = {
            "game": self.name,
            "seats": SEATS,
            "sides": self.teams(),
            "phase": self.phase,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "course": COURSE_NAMES[self.course()] if self.phase == PLAY else None,
            "trick_no": self.tricks_done + 1 if self.phase == PLAY else None,
            "leader": self.leader if self.phase == PLAY else None,
            "to_act": sorted(self.to_act()),
            "hand_sizes": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "trick": [_play_json(p, self.trick[:i]) for i, p in enumerate(self.trick)],
            "last_trick": self._trick_json(self.last_trick) if self.last_trick else None,
            "stored": {
                "duck": [self.stored[0][DUCK], self.stored[1][DUCK]],
                "soup": [self.stored[0][SOUP], self.stored[1][SOUP]],
            },
            "waste_count": len(self.waste),
            "deals": list(res.deals),
            "totals": list(res.totals),
            "game_points": list(res.game_points),
            "winners": list(res.winners),
            "options": dict(self.options),
        }
        if seat is not None:
            out["seat"] = seat
            out["side"] = side_of(seat)
            out["hand"] = cards.names(sorted(self.hands[seat]))
            out["legal_moves"] = [m.to_json() for m in self.legal_moves(seat)]
        return out

    def _trick_json(self, last: tuple[list[tuple[int, int, int]], int, int, int]) -> JSON:
        plays, winner, stored, course = last
        return {
            "trick_no": self.tricks_done,
            "course": COURSE_NAMES[course],
            "plays": [_play_json(p, plays[:i]) for i, p in enumerate(plays)],
            "winner": winner,
            "side": side_of(winner),
            "stored": stored,
        }

    # --- persistence --------------------------------------------------------------------

    def to_dict(self) -> JSON:
        return {
            **self.state_header(),
            "phase": self.phase,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "hands": [cards.names(h) for h in self.hands],
            "stock": cards.names(reversed(self.stock)),
            "trick": [[s, cards.NAMES[c], k] for s, c, k in self.trick],
            "leader": self.leader,
            "tricks_done": self.tricks_done,
            "stored": [list(s) for s in self.stored],
            "piles": [cards.names(p) for p in self.piles],
            "waste": cards.names(self.waste),
            "last_trick": None
            if self.last_trick is None
            else [
                [[s, cards.NAMES[c], k] for s, c, k in self.last_trick[0]],
                *self.last_trick[1:],
            ],
            "deals": [dict(d) for d in self.deals],
            "totals": list(self.totals),
            "game_points": list(self.game_points),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        try:
            game = cls.from_header(data)
            game.phase = str(data["phase"])
            game.deal_no = int(data["deal_no"])
            game.dealer = int(data["dealer"])
            game.hands = [cards.ints(h) for h in data["hands"]]
            game.stock = cards.ints(data["stock"])[::-1]
            game.trick = [(int(s), cards.INDEX[c], int(k)) for s, c, k in data["trick"]]
            game.leader = int(data["leader"])
            game.tricks_done = int(data["tricks_done"])
            game.stored = [[int(x) for x in s] for s in data["stored"]]
            game.piles = [cards.ints(p) for p in data["piles"]]
            game.waste = cards.ints(data["waste"])
            last = data["last_trick"]
            if last is not None:
                plays = [(int(s), cards.INDEX[c], int(k)) for s, c, k in last[0]]
                game.last_trick = (plays, int(last[1]), int(last[2]), int(last[3]))
            game.deals = [dict(d) for d in data["deals"]]
            game.totals = [int(t) for t in data["totals"]]
            game.game_points = [int(p) for p in data["game_points"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise SetupError(Reason.INVALID_STATE, f"bad Doubleduck state: {exc!r}") from exc
        return game

    # --- lean path for bots -------------------------------------------------------------

    def playout(self, rng: random.Random) -> tuple[int, int]:
        """Finish the current deal with random moves and no events; returns the deal score.

        Each move is a uniformly chosen card of the hand to act and then, when the card allows
        one, a call chosen uniformly among none and the legal calls. Runs on `self`: clone first.
        """
        play = self._play
        hands = self.hands
        rand = rng.random
        while self.phase == PLAY:
            seat = (self.leader + len(self.trick)) % SEATS
            hand = hands[seat]
            card = hand[int(rand() * len(hand))]
            call = NO_CALL
            if self.trick:
                lead = self.trick[0][1]
                if card % 13 == lead % 13:
                    r = rand()
                    if card == lead:
                        call = NO_CALL if r < 1 / 3 else QUACK if r < 2 / 3 else DOUBLEDUCK
                    elif r < 0.5:
                        call = QUACK
            play(seat, card, call, None)
        last = self.deals[-1]["score"]
        return last[0], last[1]


def _play_json(
    play: tuple[int, int, int], before: list[tuple[int, int, int]] | None = None
) -> JSON:
    seat, card, call = play
    out: JSON = {"seat": seat, "card": cards.NAMES[card]}
    if call:
        out["call"] = CALL_NAMES[call]
        if before is not None:
            out["spoken"] = spoken(call, quack_count(before, card))
    return out


def game_points(totals: list[int], target: int, unplayed: int) -> list[int]:
    """1 to the higher total; 2 + 1 per unplayed deal (at most 5) if only the winner reached the
    target; equal totals are a draw (RULES.md, decided)."""
    if totals[0] == totals[1]:
        return [0, 0]
    win = 0 if totals[0] > totals[1] else 1
    points = 1
    if totals[win] >= target > totals[1 - win]:
        points = min(5, 2 + unplayed)
    out = [0, 0]
    out[win] = points
    return out

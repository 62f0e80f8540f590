"""Duck Soup: David Parlett's two-player trick game, parent of Doubleduck (RULES.md section 2).

Layout: constants, trick resolution, the Game class (creation, turn, moves, automatic steps,
deals and result, views, persistence), then the lean playout path for bots and benchmarks.

Readings this module decides where RULES.md is silent (each one is also noted where it acts):
- A double trick (a quack answered by a third card) is played with no draw in between, so both
  its pairs score in the course in which it was led, and the draws come after it.
- Whoever takes a trick, single or double, leads the next one and draws first.
- A double trick is one trick (one `trick_no`) that stores two units.
- Duck Soup has no calls: a move with `call` is malformed, so is a `concede` naming a card.
- The quack sequence starts only from the follower's first card; the fourth card of the rank is
  duck soup, never a new choice.
- Game points: 1 to the winner, 0 to the loser; the game cannot end in a draw (a tie at the
  target means another deal, as often as it happens).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
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

SEATS = 2
HAND = 13
STOCK = 26
DECK: tuple[int, ...] = cards.PACK
DECK_NAMES: tuple[str, ...] = cards.NAMES

DUCK, SOUP = 0, 1
COURSE_NAMES = ("duck", "soup")

# Strength of a card of the led suit, higher is better: Duck K..2 A (lowest wins, ace lowest of
# all), Soup A K..2 (highest wins, ace highest). The same tables as Doubleduck's.
_STRENGTH = (
    tuple(-r for r in range(13)),  # Duck: A(0) is strongest, K(12) weakest
    tuple((r - 1) % 13 for r in range(13)),  # Soup: 2 -> 0 ... K -> 11, A -> 12
)

PLAY, DEAL_OVER, GAME_OVER = "play", "deal_over", "game_over"
PHASES = (PLAY, DEAL_OVER, GAME_OVER)

# How a trick was taken, as named in events, views and saved states.
PLAIN = "trick"  # two cards of different ranks: the better card of the led suit
CONCEDED = "conceded"  # the leader conceded the pair after a quack
NO_CARD_LEFT = "no_card_left"  # a quack on the leader's last card: the follower takes the pair
DUCK_SOUP = "duck_soup"  # the fourth card of the rank: the follower takes all four
LEADER_TAKES_BOTH = "leader_takes_both"  # third card of the rank answered by another card
HOWS = (PLAIN, CONCEDED, NO_CARD_LEFT, DUCK_SOUP, LEADER_TAKES_BOTH)

TrickRecord = tuple[int, tuple[int, ...], int, int, str]
"""(leader, cards in play order, taker, course, how) of one finished trick."""


def follower_wins(lead: int, follow: int, course: int) -> bool:
    """A plain two-card trick: only a better card of the led suit beats the lead."""
    if lead // 13 != follow // 13:
        return False
    strength = _STRENGTH[course]
    return strength[follow % 13] > strength[lead % 13]


def unit_points(a: int, b: int) -> int:
    """A stored pair: one suit is face down (1 point), two suits face up (2 points)."""
    return 1 if a // 13 == b // 13 else 2


def trick_points(played: Sequence[int]) -> int:
    """Points of a finished trick: its cards pair up in play order (lead+follow, third+fourth)."""
    return sum(unit_points(played[i], played[i + 1]) for i in range(0, len(played), 2))


class Ducksoup(Game):
    name = "ducksoup"
    title = "Duck Soup"
    min_seats = SEATS
    max_seats = SEATS
    options_spec = (
        Option("first_dealer", int, 0, "Seat that deals the first deal.", minimum=0, maximum=1),
        Option(
            "target",
            int,
            250,
            "After a deal in which a total reaches this, the higher total wins.",
            minimum=1,
        ),
    )
    move_shapes = (
        {"type": "play", "card": "JS"},
        {"type": "concede"},
    )

    def __init__(self, seats: int, options: Mapping[str, Any], seed: str) -> None:
        super().__init__(seats, options, seed)
        self.phase = DEAL_OVER
        self.deal_no = 0
        self.dealer = (self.options["first_dealer"] - 1) % SEATS
        self.hands: list[list[int]] = [[], []]
        self.stock: list[int] = []  # top of the stock is the LAST element
        self.trick: list[int] = []  # cards in play order; seat of card i is (leader + i) % 2
        self.leader = 0
        self.tricks: list[TrickRecord] = []  # this deal's finished tricks, all public
        self.points: list[list[int]] = [[0, 0], [0, 0]]  # [seat][course]
        self.units: list[list[int]] = [[0, 0], [0, 0]]  # stored two-card units, [seat][course]
        self.deals: list[JSON] = []
        self.totals = [0, 0]
        self.game_points = [0, 0]

    # --- creation -----------------------------------------------------------------------

    def deal_pending(self) -> bool:
        return self.phase == DEAL_OVER

    def _next_deal(self, deal: Deal | None) -> list[Event]:
        dealer = (self.dealer + 1) % SEATS
        if deal is not None:
            hands, stock = [cards.ints(h) for h in deal.hands], cards.ints(deal.stock)
        else:
            order = list(DECK)
            self.deal_rng(self.deal_no + 1).shuffle(order)
            # One card at a time from the dealer's left: card i goes to seat dealer+1+i; the
            # rest is the stock, top first.
            hands = [[], []]
            for i in range(SEATS * HAND):
                hands[(dealer + 1 + i) % SEATS].append(order[i])
            stock = order[SEATS * HAND :]
        self.deal_no += 1
        self.dealer = dealer
        self.hands = [sorted(h) for h in hands]
        self.stock = stock[::-1]
        self.trick = []
        self.leader = (dealer + 1) % SEATS  # the non-dealer leads the first trick
        self.tricks = []
        self.points = [[0, 0], [0, 0]]
        self.units = [[0, 0], [0, 0]]
        self.phase = PLAY
        events = [
            Event(
                "deal_started",
                {
                    "deal_no": self.deal_no,
                    "dealer": self.dealer,
                    "leader": self.leader,
                    "stock_count": len(self.stock),
                },
            )
        ]
        events += [
            Event("hand_dealt", {"seat": s, "cards": cards.names(self.hands[s])}, visible_to=s)
            for s in range(SEATS)
        ]
        return events

    def deal_shape(self) -> DealShape:
        return DealShape(HAND, DECK_NAMES, stock=STOCK)

    # --- the turn -----------------------------------------------------------------------

    def course(self) -> int:
        """Duck while the stock has cards; a trick's course is fixed when it is led."""
        return DUCK if self.stock else SOUP

    def choice_pending(self) -> bool:
        """The follower matched the led rank: the leader must concede or play the third card."""
        return self.phase == PLAY and len(self.trick) == 2

    def _turn(self) -> int:
        # Leader, follower, leader (the choice), follower (the fourth card).
        return (self.leader + len(self.trick)) % SEATS

    def to_act(self) -> frozenset[int]:
        if self.phase != PLAY:
            return frozenset()
        return frozenset((self._turn(),))

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase != PLAY or seat != self._turn():
            return []
        hand = sorted(self.hands[seat])
        if len(self.trick) == 2:
            led_rank = self.trick[0] % 13
            return [Move("concede")] + [
                Move("play", cards.NAMES[c]) for c in hand if c % 13 == led_rank
            ]
        return [Move("play", cards.NAMES[c]) for c in hand]

    def _apply(self, seat: int, move: Move, events: list[Event] | None) -> None:
        if move.call is not None:
            raise MoveError(Reason.MALFORMED_MOVE, "Duck Soup has no calls: a quack needs none")
        if move.cards is not None or move.draw is not None:
            raise MoveError(Reason.MALFORMED_MOVE, "a Duck Soup move names at most one 'card'")
        if move.type == "concede":
            if move.card is not None:
                raise MoveError(Reason.MALFORMED_MOVE, "a concede names no card")
            if len(self.trick) != 2:
                raise MoveError(
                    Reason.ILLEGAL_MOVE, "concede only answers a follower's card of the led rank"
                )
            self._concede(events)
            return
        if move.type != "play":
            raise MoveError(Reason.MALFORMED_MOVE, "Duck Soup moves are 'play' and 'concede'")
        if move.card is None:
            raise MoveError(Reason.MALFORMED_MOVE, "a play needs a 'card'")
        card = cards.parse(move.card)
        if card is None:
            raise MoveError(Reason.MALFORMED_MOVE, f"unknown card {move.card!r}")
        if card not in self.hands[seat]:
            raise MoveError(Reason.CARD_NOT_IN_HAND, f"{move.card} is not in your hand")
        if len(self.trick) == 2 and card % 13 != self.trick[0] % 13:
            rank = cards.RANKS[self.trick[0] % 13]
            raise MoveError(Reason.ILLEGAL_MOVE, f"concede, or play the third card of rank {rank}")
        self._play(seat, card, events)

    # --- automatic steps ----------------------------------------------------------------

    def _play(self, seat: int, card: int, events: list[Event] | None) -> None:
        """Play a checked card, then resolve, draw, change course and score as they fall due."""
        self.hands[seat].remove(card)
        if events is not None:
            events.append(Event("card_played", {"seat": seat, "card": cards.NAMES[card]}))
        trick = self.trick
        trick.append(card)
        n = len(trick)
        if n == 2:
            lead, follow = trick
            if lead % 13 == follow % 13:
                if self.hands[self.leader]:
                    if events is not None:
                        events.append(
                            Event(
                                "rank_matched",
                                {"seat": self.leader, "rank": cards.RANKS[lead % 13]},
                            )
                        )
                    return
                self._take(1 - self.leader, NO_CARD_LEFT, events)
            elif follower_wins(lead, follow, self.course()):
                self._take(1 - self.leader, PLAIN, events)
            else:
                self._take(self.leader, PLAIN, events)
        elif n == 4:
            if card % 13 == trick[0] % 13:
                self._take(1 - self.leader, DUCK_SOUP, events)
            else:
                self._take(self.leader, LEADER_TAKES_BOTH, events)

    def _concede(self, events: list[Event] | None) -> None:
        if events is not None:
            events.append(Event("conceded", {"seat": self.leader}))
        self._take(1 - self.leader, CONCEDED, events)

    def _take(self, taker: int, how: str, events: list[Event] | None) -> None:
        """Store the trick's pairs for `taker`, who leads next; then draw or score.

        Decided: a double trick scores in the course in which it was led (no draw happens
        between its pairs), and its draws come after it.
        """
        course = DUCK if self.stock else SOUP
        played = tuple(self.trick)
        self.points[taker][course] += trick_points(played)
        self.units[taker][course] += len(played) // 2
        record = (self.leader, played, taker, course, how)
        self.tricks.append(record)
        self.trick = []
        self.leader = taker
        if events is not None:
            events.append(Event("trick_won", _trick_json(record, len(self.tricks))))
        if course == DUCK:
            self._draw(taker, events)
            if not self.stock and events is not None:
                events.append(
                    Event(
                        "course_changed",
                        {"course": "soup", "hand_size": len(self.hands[0]), "leader": taker},
                    )
                )
        elif not self.hands[0] and not self.hands[1]:
            self._score_deal(events)

    def _draw(self, first: int, events: list[Event] | None) -> None:
        """One card at a time, alternately, the taker first, until each holds 13 or the stock
        is empty (two each after a double trick)."""
        hands, stock = self.hands, self.stock
        order: list[int] = []
        seat = first
        while stock and (len(hands[0]) < HAND or len(hands[1]) < HAND):
            if len(hands[seat]) < HAND:
                card = stock.pop()
                hands[seat].append(card)
                order.append(seat)
                if events is not None:
                    events.append(
                        Event(
                            "card_drawn", {"seat": seat, "card": cards.NAMES[card]}, visible_to=seat
                        )
                    )
            seat = 1 - seat
        if events is not None:
            events.append(
                Event(
                    "cards_drawn",
                    {
                        "order": order,
                        "counts": [order.count(0), order.count(1)],
                        "stock_count": len(stock),
                    },
                )
            )

    def _score_deal(self, events: list[Event] | None) -> None:
        """Deal score = Duck points x Soup points; a total at the target ends the game unless the
        totals are equal, which means another deal (RULES.md, decided)."""
        pts = self.points
        score = [pts[0][DUCK] * pts[0][SOUP], pts[1][DUCK] * pts[1][SOUP]]
        self.totals = [self.totals[0] + score[0], self.totals[1] + score[1]]
        record: JSON = {
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "duck": [pts[0][DUCK], pts[1][DUCK]],
            "soup": [pts[0][SOUP], pts[1][SOUP]],
            "score": score,
            "totals": list(self.totals),
        }
        self.deals.append(record)
        if events is not None:
            events.append(Event("deal_scored", dict(record)))
        reached = max(self.totals) >= self.options["target"]
        if reached and self.totals[0] != self.totals[1]:
            self.phase = GAME_OVER
            winner = 0 if self.totals[0] > self.totals[1] else 1
            self.game_points = [0, 0]
            self.game_points[winner] = 1
            if events is not None:
                events.append(
                    Event(
                        "game_over",
                        {
                            "totals": list(self.totals),
                            "game_points": list(self.game_points),
                            "winners": [winner],
                        },
                    )
                )
        else:
            self.phase = DEAL_OVER
            if reached and events is not None:
                events.append(Event("tie_at_target", {"totals": list(self.totals)}))

    # --- result and views ---------------------------------------------------------------

    def result(self) -> Result:
        over = self.phase == GAME_OVER
        winners: tuple[int, ...] = ()
        if over:
            winners = (0 if self.totals[0] > self.totals[1] else 1,)
        return Result(
            over=over,
            deals=tuple(dict(d) for d in self.deals),
            totals=tuple(self.totals),
            game_points=tuple(self.game_points),
            winners=winners,
        )

    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def view(self, seat: int | None) -> JSON:
        """Own hand, every played card, counts and scores: never the other hand, the stock
        order or the seed."""
        res = self.result()
        playing = self.phase == PLAY
        out: JSON = {
            "game": self.name,
            "seats": SEATS,
            "phase": self.phase,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "course": COURSE_NAMES[self.course()] if playing else None,
            "trick_no": len(self.tricks) + 1 if playing else None,
            "leader": self.leader if playing else None,
            "to_act": sorted(self.to_act()),
            "choice_pending": self.choice_pending(),
            "hand_sizes": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "trick": [
                {"seat": (self.leader + i) % SEATS, "card": cards.NAMES[c]}
                for i, c in enumerate(self.trick)
            ],
            "tricks": [_trick_json(t, i + 1) for i, t in enumerate(self.tricks)],
            "points": {
                "duck": [self.points[0][DUCK], self.points[1][DUCK]],
                "soup": [self.points[0][SOUP], self.points[1][SOUP]],
            },
            "units": {
                "duck": [self.units[0][DUCK], self.units[1][DUCK]],
                "soup": [self.units[0][SOUP], self.units[1][SOUP]],
            },
            "deals": list(res.deals),
            "totals": list(res.totals),
            "game_points": list(res.game_points),
            "winners": list(res.winners),
            "options": dict(self.options),
        }
        if seat is not None:
            out["seat"] = seat
            out["hand"] = cards.names(sorted(self.hands[seat]))
            out["legal_moves"] = [m.to_json() for m in self.legal_moves(seat)]
        return out

    # --- persistence --------------------------------------------------------------------

    def to_dict(self) -> JSON:
        return {
            **self.state_header(),
            "phase": self.phase,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "hands": [cards.names(h) for h in self.hands],
            "stock": cards.names(reversed(self.stock)),
            "trick": cards.names(self.trick),
            "leader": self.leader,
            "tricks": [
                [leader, cards.names(played), taker, course, how]
                for leader, played, taker, course, how in self.tricks
            ],
            "deals": [dict(d) for d in self.deals],
            "totals": list(self.totals),
            "game_points": list(self.game_points),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a saved state; stored points and units are recounted from the tricks."""
        try:
            game = cls.from_header(data)
            game.phase = str(data["phase"])
            game.deal_no = int(data["deal_no"])
            game.dealer = int(data["dealer"])
            game.hands = [cards.ints(h) for h in data["hands"]]
            game.stock = cards.ints(data["stock"])[::-1]
            game.trick = cards.ints(data["trick"])
            game.leader = int(data["leader"])
            game.tricks = [
                (int(lead), tuple(cards.ints(played)), int(taker), int(course), str(how))
                for lead, played, taker, course, how in data["tricks"]
            ]
            for _, played, taker, course, _ in game.tricks:
                game.points[taker][course] += trick_points(played)
                game.units[taker][course] += len(played) // 2
            game.deals = [dict(d) for d in data["deals"]]
            game.totals = [int(t) for t in data["totals"]]
            game.game_points = [int(p) for p in data["game_points"]]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SetupError(Reason.INVALID_STATE, f"bad Duck Soup state: {exc!r}") from exc
        everything = [c for h in game.hands for c in h] + game.stock + game.trick
        everything += [c for t in game.tricks for c in t[1]]
        if (
            game.phase not in PHASES
            or len(game.hands) != SEATS
            or sorted(everything) != list(DECK)
            or any(t[4] not in HOWS for t in game.tricks)
        ):
            raise SetupError(Reason.INVALID_STATE, "bad Duck Soup state: not one whole deal")
        return game

    # --- lean path for bots -------------------------------------------------------------

    def playout(self, rng: random.Random) -> tuple[int, int]:
        """Finish the current deal with random moves and no events; returns the deal score.

        Each move is a uniformly chosen card of the hand to act; at the choice step the leader
        picks uniformly among concede and each card of the led rank. Runs on `self`: clone first.
        """
        play = self._play
        hands = self.hands
        rand = rng.random
        while self.phase == PLAY:
            trick = self.trick
            seat = (self.leader + len(trick)) % SEATS
            hand = hands[seat]
            if len(trick) == 2:
                led_rank = trick[0] % 13
                third = [c for c in hand if c % 13 == led_rank]
                k = int(rand() * (len(third) + 1))
                if k == len(third):
                    self._concede(None)
                    continue
                card = third[k]
            else:
                card = hand[int(rand() * len(hand))]
            play(seat, card, None)
        last = self.deals[-1]["score"]
        return last[0], last[1]


def _trick_json(record: TrickRecord, trick_no: int) -> JSON:
    leader, played, taker, course, how = record
    return {
        "trick_no": trick_no,
        "course": COURSE_NAMES[course],
        "plays": [
            {"seat": (leader + i) % SEATS, "card": cards.NAMES[c]} for i, c in enumerate(played)
        ],
        "winner": taker,
        "how": how,
        "units": [
            {
                "cards": [cards.NAMES[played[i]], cards.NAMES[played[i + 1]]],
                "face_up": unit_points(played[i], played[i + 1]) == 2,
            }
            for i in range(0, len(played), 2)
        ],
        "points": trick_points(played),
    }

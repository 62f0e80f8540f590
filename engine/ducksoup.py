"""Duck Soup: David Parlett's two-player trick game, parent of Doubleduck
(rules: docs/rules/ducksoup.md).

Layout: constants and the two courses' card strengths (Doubleduck's too), trick resolution,
the game's rules on the trick core (`engine.tricks`: the deal, turn, records, result and the
frames of views and saved states are there): new-deal state, moves, automatic steps, scoring,
its view and saved fields, then the lean playout path for bots and benchmarks.

Readings this module decides where the rules are silent (each one is also noted where it acts):
- A double trick (a quack answered by a third card) is played with no draw in between, so both
  its pairs score in the course in which it was led, and the draws come after it.
- Whoever takes a trick, single or double, leads the next one and draws first.
- A double trick is one trick (one `trick_no`) that stores two units.
- Duck Soup has no calls: a move with `call` is malformed, so is a `concede` naming a card.
- The quack sequence starts only from the follower's first card; the fourth card of the rank is
  duck soup, never a new choice.
- Game points: 1 to the winner, 0 to the loser; the game cannot end in a draw (a tie at the
  target means another deal, as often as it happens).
- A resignation ends the game at once: the other seat wins it (1 game point), the deal in play
  is not scored.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine import cards
from engine.protocol import JSON, Event, Move, MoveError, Option, Reason
from engine.tricks import DEAL_OVER, GAME_OVER, PLAY, PLAY_MOVES, TrickGame
from engine.wire import (
    BOOL,
    CARD,
    CARD_PLAYED,
    CARDS,
    COUNT,
    COUNTS_PER_SEAT,
    DISCLOSED,
    GAME_OVER_DATA,
    HAND_DEALT,
    PER_TEAM,
    RESIGNED,
    SEAT,
    SEAT_LIST,
    SEAT_RESIGNED,
    TEXT,
    TRICK_PLAY,
    Contract,
    array,
    enum,
    nullable,
    obj,
)

SEATS = 2
HAND = 13
STOCK = 26
DECK: tuple[int, ...] = cards.PACK
DECK_NAMES: tuple[str, ...] = cards.NAMES
TARGET_MAX = 1000
"""The largest `target` (four times the default)."""
DEAL_CAP = 40
"""The game ends after this many deals whatever the totals (the deal cap, decided): a deal may
score 0 for both, so without it a game could run forever."""

# The two courses of a deal, Doubleduck's too: Duck while the stock lasts, then Soup.
DUCK, SOUP = 0, 1
COURSE_NAMES = ("duck", "soup")

STRENGTH: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(12 - r for r in range(13)),  # Duck: lowest wins, ace lowest of all: A 12 ... K 0
    tuple((r - 1) % 13 for r in range(13)),  # Soup: highest wins, ace highest: 2 0 ... A 12
)
"""Strength of a card of the led suit by course and rank (`cards.rank`): 0 to 12, higher takes
the trick. The one card-strength table of both games (and of their bots)."""

CONCEDE = Move("concede")

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
    strength = STRENGTH[course]
    return strength[follow % 13] > strength[lead % 13]


def unit_points(a: int, b: int) -> int:
    """A stored pair: one suit is face down (1 point), two suits face up (2 points)."""
    return 1 if a // 13 == b // 13 else 2


def trick_points(played: Sequence[int]) -> int:
    """Points of a finished trick: its cards pair up in play order (lead+follow, third+fourth)."""
    return sum(unit_points(played[i], played[i + 1]) for i in range(0, len(played), 2))


def by_course(table: Sequence[Sequence[int]]) -> JSON:
    """A [team][course] table as views and deal records show it: per course, per team."""
    return {"duck": [t[DUCK] for t in table], "soup": [t[SOUP] for t in table]}


def score_courses(table: Sequence[Sequence[int]]) -> list[int]:
    """The deal score of each team: what it stored in Duck times what it stored in Soup."""
    return [t[DUCK] * t[SOUP] for t in table]


# --- the wire contract (`engine.wire`) ----------------------------------------------------

COURSE = enum(COURSE_NAMES, "The course: `duck` while the stock lasts, then `soup`.")
BY_COURSE = obj({"duck": PER_TEAM, "soup": PER_TEAM}, description="Per course, per team.")
TRICK_DEAL = obj(
    {"deal_no": COUNT, "dealer": SEAT, "duck": PER_TEAM, "soup": PER_TEAM, "score": PER_TEAM,
     "totals": PER_TEAM},
    description="A scored deal: what each team stored per course, its score, running totals.",
)  # fmt: skip
"""A scored deal of the two-course games (Duck Soup, Doubleduck)."""
DUCKSOUP_TRICK = obj(
    {
        "trick_no": COUNT,
        "course": COURSE,
        "plays": array(TRICK_PLAY),
        "winner": SEAT,
        "how": enum(HOWS),
        "units": array(obj({"cards": CARDS, "face_up": BOOL})),
        "points": COUNT,
    }
)
CONTRACT = Contract(
    view={
        "leader": nullable(SEAT),
        "stock_count": COUNT,
        "course": nullable(COURSE),
        "trick_no": nullable(COUNT),
        "choice_pending": BOOL,
        "trick": array(TRICK_PLAY),
        "tricks": array(DUCKSOUP_TRICK),
        "points": BY_COURSE,
        "units": BY_COURSE,
        "resigned": RESIGNED,
        "game_points": PER_TEAM,
    },
    deal=TRICK_DEAL,
    events={
        "deal_started": obj(
            {"deal_no": COUNT, "dealer": SEAT, "leader": SEAT, "stock_count": COUNT, **DISCLOSED}
        ),
        "hand_dealt": HAND_DEALT,
        "card_played": CARD_PLAYED,
        "rank_matched": obj({"seat": SEAT, "rank": TEXT}),
        "conceded": obj({"seat": SEAT}),
        "trick_won": DUCKSOUP_TRICK,
        "card_drawn": obj({"seat": SEAT, "card": CARD}),
        "cards_drawn": obj({"order": SEAT_LIST, "counts": COUNTS_PER_SEAT, "stock_count": COUNT}),
        "course_changed": obj({"course": COURSE, "hand_size": COUNT, "leader": SEAT}),
        "deal_scored": TRICK_DEAL,
        "tie_at_target": obj({"totals": PER_TEAM}),
        "resigned": SEAT_RESIGNED,
        "game_over": GAME_OVER_DATA,
    },
)
"""Duck Soup on the wire: its view fields, deal records and events."""


class Ducksoup(TrickGame[int]):
    """The trick in play holds its cards in play order; card i is seat (leader + i) % 2's, so
    the turn runs leader, follower, leader (the choice), follower (the fourth card)."""

    name = "ducksoup"
    title = "Duck Soup"
    min_seats = SEATS
    max_seats = SEATS
    hand_size = HAND
    deck = DECK
    stock_size = STOCK
    options_spec = (
        Option("first_dealer", int, 0, "Seat that deals the first deal.", minimum=0, maximum=1),
        Option(
            "target",
            int,
            250,
            "After a deal in which a total reaches this, the higher total wins.",
            minimum=1,
            maximum=TARGET_MAX,
        ),
    )
    move_shapes = (
        {"type": "play", "card": "JS"},
        {"type": "concede"},
    )
    deal_cap = DEAL_CAP
    deal_move_cap = len(DECK) + len(DECK) // 2  # every card once, a concede at most per trick
    resign_offered = True
    resignation = (
        "The resigning seat loses the game: the other seat wins it (1 game point); the deal in "
        "play is not scored and the totals stay as they were."
    )
    contract = CONTRACT

    def _start_deal(self) -> list[Event]:
        self.tricks: list[TrickRecord] = []  # this deal's finished tricks, all public
        self.points: list[list[int]] = [[0, 0], [0, 0]]  # [seat][course]
        self.units: list[list[int]] = [[0, 0], [0, 0]]  # stored two-card units, [seat][course]
        return []

    def _deal_started(self) -> JSON:
        return {**super()._deal_started(), "stock_count": len(self.stock)}

    # --- the turn -----------------------------------------------------------------------

    def course(self) -> int:
        """Duck while the stock has cards; a trick's course is fixed when it is led."""
        return DUCK if self.stock else SOUP

    def choice_pending(self) -> bool:
        """The follower matched the led rank: the leader must concede or play the third card."""
        return self.phase == PLAY and len(self.trick) == 2

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase != PLAY or seat != self._turn():
            return []
        hand = sorted(self.hands[seat])
        if len(self.trick) == 2:
            led_rank = self.trick[0] % 13
            return [CONCEDE] + [PLAY_MOVES[c] for c in hand if c % 13 == led_rank]
        return [PLAY_MOVES[c] for c in hand]

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
        card = self._held_card(seat, move)
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
        totals are equal, which means another deal (a reading decided here)."""
        pts = self.points
        score = score_courses(pts)
        self.totals = [self.totals[0] + score[0], self.totals[1] + score[1]]
        record = self._deal_record({**by_course(pts), "score": score})
        reached = max(self.totals) >= self.options["target"]
        self._file_deal(record, reached and self.totals[0] != self.totals[1], events)
        if self.phase == DEAL_OVER and reached and events is not None:
            events.append(Event("tie_at_target", {"totals": list(self.totals)}))

    def _resign(self, seat: int, events: list[Event]) -> None:
        """A two-player game has one result for it: the other seat wins (a reading decided
        here, as a chess player resigns); whatever the totals, as a won game scores."""
        self.resigned.append(seat)
        events.append(Event("resigned", {"seat": seat}))
        self._end_by_resignation(events)

    # --- result and views ---------------------------------------------------------------

    def _game_points(self) -> list[int]:
        """1 to the winner, 0 to the loser; a draw (equal totals at the deal cap) 0 to both;
        after a resignation 1 to the seat that did not resign."""
        if self.phase != GAME_OVER:
            return [0, 0]
        if self.resigned:
            return [0 if seat in self.resigned else 1 for seat in range(SEATS)]
        if self.totals[0] == self.totals[1]:
            return [0, 0]
        return [1 if t == max(self.totals) else 0 for t in self.totals]

    def _table_view(self, seat: int | None) -> JSON:
        playing = self.phase == PLAY
        return {
            "course": COURSE_NAMES[self.course()] if playing else None,
            "trick_no": len(self.tricks) + 1 if playing else None,
            "choice_pending": self.choice_pending(),
            "trick": [
                {"seat": (self.leader + i) % SEATS, "card": cards.NAMES[c]}
                for i, c in enumerate(self.trick)
            ],
            "tricks": [_trick_json(t, i + 1) for i, t in enumerate(self.tricks)],
            "points": by_course(self.points),
            "units": by_course(self.units),
            "resigned": list(self.resigned),
        }

    # --- persistence --------------------------------------------------------------------

    def _play_state(self) -> JSON:
        return {
            "trick": cards.names(self.trick),
            "leader": self.leader,
            "tricks": [
                [leader, cards.names(played), taker, course, how]
                for leader, played, taker, course, how in self.tricks
            ],
        }

    def _load_play_state(self, data: Mapping[str, Any]) -> None:
        """Stored points and units are recounted from the tricks."""
        self.trick = cards.ints(data["trick"])
        self.leader = int(data["leader"])
        self.tricks = [
            (int(lead), tuple(cards.ints(played)), int(taker), int(course), str(how))
            for lead, played, taker, course, how in data["tricks"]
        ]
        for _, played, taker, course, _ in self.tricks:
            self.points[taker][course] += trick_points(played)
            self.units[taker][course] += len(played) // 2

    def _state_problem(self) -> str | None:
        everything = [c for h in self.hands for c in h] + self.stock + self.trick
        everything += [c for t in self.tricks for c in t[1]]
        if sorted(everything) != list(DECK) or any(t[4] not in HOWS for t in self.tricks):
            return "not one whole deal"
        return None

    # --- worlds for search ---------------------------------------------------------------

    @classmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Ducksoup:
        """Nobody must follow suit, so every unseen card (not in the seat's hand, not played
        this deal) is as likely in the other hand as in the stock: one shuffle deals them. The
        finished tricks are the view's own `tricks`."""
        game = cls._world_frame(view, rng)
        me = int(view["seat"])
        for t in view["tricks"]:
            played = tuple(cards.INDEX[p["card"]] for p in t["plays"])
            taker, course = int(t["winner"]), COURSE_NAMES.index(t["course"])
            game.tricks.append((int(t["plays"][0]["seat"]), played, taker, course, str(t["how"])))
            game.points[taker][course] += trick_points(played)
            game.units[taker][course] += len(played) // 2
        game.trick = [cards.INDEX[p["card"]] for p in view["trick"]]
        hand = cards.ints(view["hand"])
        seen = set(hand) | set(game.trick) | {c for t in game.tricks for c in t[1]}
        pool = [c for c in DECK if c not in seen]
        rng.shuffle(pool)
        other = int(view["hand_sizes"][1 - me])
        game.hands[me], game.hands[1 - me], game.stock = hand, pool[:other], pool[other:]
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
        return self.deal_score()

    def deal_score(self) -> tuple[int, int]:
        seat0, seat1 = self.deals[-1]["score"]
        return seat0, seat1


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

"""Doubleduck: Duck Soup for four in two sides with two packs
(rules: docs/rules/doubleduck.md).

The courses and the strength of cards in each are Duck Soup's (`engine.ducksoup`).

Layout: constants, trick resolution, the game's rules on the trick core (`engine.tricks`: the
deal, turn, records, result and the frames of views and saved states are there): new-deal
state, moves, automatic steps, scoring, its view and saved fields, then the lean playout path.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine import cards
from engine.ducksoup import (
    BY_COURSE,
    COURSE,
    COURSE_NAMES,
    DUCK,
    SOUP,
    STRENGTH,
    TRICK_DEAL,
    by_course,
    score_courses,
)
from engine.protocol import JSON, Event, Move, MoveError, Option, Reason
from engine.tricks import GAME_OVER, PLAY, PLAY_MOVES, TrickGame
from engine.wire import (
    CARD,
    CARD_PLAYED,
    COUNT,
    GAME_OVER_DATA,
    HAND_DEALT,
    PER_TEAM,
    RESIGNED,
    SEAT,
    SEAT_LIST,
    SEAT_RESIGNED,
    TRICK_DEAL_STARTED,
    TRICK_PLAY,
    Contract,
    array,
    nullable,
    obj,
)

SEATS = 4
HAND = 13
TRICKS_PER_COURSE = 13
DECK: tuple[int, ...] = cards.PACK + cards.PACK
DECK_NAMES: tuple[str, ...] = tuple(cards.NAMES[c] for c in DECK)
TARGET_MAX = 100_000
"""The largest `target`: far beyond what four deals score (a deal scores at most 52 x 52)."""

NO_CALL, QUACK, DOUBLEDUCK = 0, 1, 2
CALL_NAMES = {QUACK: "quack", DOUBLEDUCK: "doubleduck"}
_CALLS = {None: NO_CALL, "quack": QUACK, "doubleduck": DOUBLEDUCK}
"""A history move's call (always a word there) as an int."""

QUACK_MOVES = tuple(Move("play", name, "quack") for name in cards.NAMES)
DOUBLEDUCK_MOVES = tuple(Move("play", name, "doubleduck") for name in cards.NAMES)
"""By card int, shared as `PLAY_MOVES` is."""

Play = tuple[int, int, int]
"""(seat, card, call) of one card in a trick."""


def side_of(seat: int) -> int:
    """Partners sit opposite: seats 0+2 are side 0, 1+3 side 1 (a reading decided here)."""
    return seat & 1


def trick_winner(plays: list[Play], course: int) -> int:
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
    strength = STRENGTH[course]
    top = strength[led % 13]
    best = 0
    for i in range(1, len(plays)):
        card = plays[i][1]
        if card // 13 == led_suit:
            s = strength[card % 13]
            if s >= top:
                top, best = s, i
    return best


def quack_count(plays: list[Play], card: int) -> int:
    """Quacks in the spoken call: cards of the led rank after the lead so far, this one included."""
    led_rank = plays[0][1] % 13
    return 1 + sum(1 for p in plays[1:] if p[1] % 13 == led_rank) if card % 13 == led_rank else 0


def spoken(call: int, count: int) -> str:
    if call == DOUBLEDUCK:
        return "Doubleduck!"
    return "-".join(["Quack"] + ["quack"] * (count - 1))


# --- the wire contract (`engine.wire`) ----------------------------------------------------

DOUBLEDUCK_TRICK = obj(
    {"trick_no": COUNT, "course": COURSE, "plays": array(TRICK_PLAY), "winner": SEAT,
     "side": COUNT, "stored": COUNT},
)  # fmt: skip
CONTRACT = Contract(
    view={
        "leader": nullable(SEAT),
        "stock_count": COUNT,
        "sides": array(SEAT_LIST),
        "course": nullable(COURSE),
        "trick_no": nullable(COUNT),
        "trick": array(TRICK_PLAY),
        "last_trick": nullable(DOUBLEDUCK_TRICK),
        "stored": BY_COURSE,
        "waste_count": COUNT,
        "resigned": RESIGNED,
        "game_points": PER_TEAM,
    },
    seat={"side": COUNT},
    deal=TRICK_DEAL,
    events={
        "deal_started": TRICK_DEAL_STARTED,
        "hand_dealt": HAND_DEALT,
        "card_played": CARD_PLAYED,
        "trick_won": DOUBLEDUCK_TRICK,
        "card_drawn": obj({"seat": SEAT, "card": CARD}),
        "cards_drawn": obj({"order": SEAT_LIST, "stock_count": COUNT}),
        "course_changed": obj({"course": COURSE}),
        "deal_scored": TRICK_DEAL,
        "resigned": SEAT_RESIGNED,
        "game_over": GAME_OVER_DATA,
    },
)
"""Doubleduck on the wire: its view and seat fields, deal records and events."""


class Doubleduck(TrickGame[Play]):
    name = "doubleduck"
    title = "Doubleduck"
    min_seats = SEATS
    max_seats = SEATS
    hand_size = HAND
    deck = DECK
    stock_size = 52
    deal_cap = 4
    deal_move_cap = len(DECK)  # each play takes one card of the deal, calls go with plays
    resign_offered = True
    resignation = (
        "A side resigns when both its players have (one partner's resignation stands, shown "
        "to all, until the other's): the other side wins the game with 2 game points plus 1 "
        "per deal not played (at most 5); the deal in play is not scored."
    )
    options_spec = (
        Option("first_dealer", int, 0, "Seat that deals the first deal.", minimum=0, maximum=3),
        Option("max_deals", int, 4, "The game ends after this many deals.", minimum=1, maximum=4),
        Option(
            "target",
            int,
            1000,
            "A side whose total reaches this ends the game.",
            minimum=1,
            maximum=TARGET_MAX,
        ),
    )
    move_shapes = (
        {"type": "play", "card": "JS"},
        {"type": "play", "card": "JS", "call": "quack"},
        {"type": "play", "card": "JS", "call": "doubleduck"},
    )
    contract = CONTRACT

    def _start_deal(self) -> list[Event]:
        self.tricks_done = 0
        self.stored: list[list[int]] = [[0, 0], [0, 0]]  # [side][course]
        self.piles: list[list[int]] = [[], []]  # stored cards per side, this deal
        self.waste: list[int] = []
        self.last_trick: tuple[list[Play], int, int, int] | None = None
        """(plays, winner seat, cards stored, course) of the last trick, for views."""
        return []

    # --- the turn -----------------------------------------------------------------------

    def course(self) -> int:
        return DUCK if self.tricks_done < TRICKS_PER_COURSE else SOUP

    def legal_moves(self, seat: int) -> list[Move]:
        trick = self.trick
        if self.phase != PLAY or seat != (self.leader + len(trick)) % SEATS:
            return []
        hand = sorted(set(self.hands[seat]))
        if not trick:
            return [PLAY_MOVES[c] for c in hand]
        moves: list[Move] = []
        lead = trick[0][1]
        led_rank = lead % 13
        for c in hand:
            moves.append(PLAY_MOVES[c])
            if c % 13 == led_rank:
                moves.append(QUACK_MOVES[c])
                if c == lead:
                    moves.append(DOUBLEDUCK_MOVES[c])
        return moves

    def _apply(self, seat: int, move: Move, events: list[Event] | None) -> None:
        if move.type != "play":
            raise MoveError(Reason.MALFORMED_MOVE, "Doubleduck has only 'play' moves")
        if move.cards is not None or move.draw is not None:
            raise MoveError(Reason.MALFORMED_MOVE, "a Doubleduck play names one 'card'")
        card = self._held_card(seat, move)
        call = NO_CALL if move.call is None else self._check_call(card, move.call)
        self._play(seat, card, call, events)

    def public_move(self, move: Move) -> Move:
        """A call as its word ("quack", "doubleduck"), whichever spoken form the seat sent."""
        if move.call is None or move.card is None:
            return move
        card = cards.INDEX[move.card]
        spoken_call = move.call.strip().lower().rstrip("!")
        return (DOUBLEDUCK_MOVES if spoken_call == "doubleduck" else QUACK_MOVES)[card]

    def _check_call(self, card: int, text: str) -> int:
        """The call as an int; the spoken forms are accepted when they match the count."""
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
        trick = self.trick
        if events is not None:
            data: JSON = {"seat": seat, "card": cards.NAMES[card]}
            if call:
                data["call"] = CALL_NAMES[call]
                data["spoken"] = spoken(call, quack_count(trick, card))
            events.append(Event("card_played", data))
        trick.append((seat, card, call))
        if len(trick) == SEATS:
            self._finish_trick(events)

    def _finish_trick(self, events: list[Event] | None) -> None:
        course = self.course()
        winner = self._store_trick(course)
        if events is not None:
            assert self.last_trick is not None
            events.append(Event("trick_won", self._trick_json(self.last_trick)))
        if course == DUCK:
            self._draw(winner, events)
            if self.tricks_done == TRICKS_PER_COURSE and events is not None:
                events.append(Event("course_changed", {"course": "soup"}))
        if self.tricks_done == 2 * TRICKS_PER_COURSE:
            self._score_deal(events)

    def _store_trick(self, course: int) -> int:
        """File the full trick: one card of each suit to the winner's side pile, the rest to the
        waste; the winner leads next. Returns the winner (draws and scoring are the caller's)."""
        trick = self.trick
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
        return winner

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
        score = score_courses(self.stored)
        self.totals = [self.totals[0] + score[0], self.totals[1] + score[1]]
        record = self._deal_record({**by_course(self.stored), "score": score})
        over = self.deal_no >= self.options["max_deals"]
        self._file_deal(record, over or max(self.totals) >= self.options["target"], events)

    def _resign(self, seat: int, events: list[Event]) -> None:
        """A side plays as one, so it resigns as one: both partners must resign (readings
        decided here, as a defender's concession at bridge needs its partner's assent). The
        side that resigns concedes the target: the other wins as a side that reached it alone."""
        if seat in self.resigned:
            raise MoveError(
                Reason.ILLEGAL_MOVE, f"seat {seat} has resigned already: its partner has not"
            )
        self.resigned.append(seat)
        events.append(Event("resigned", {"seat": seat}))
        if self.resigned_team() is not None:
            self._end_by_resignation(events)

    # --- result and views ---------------------------------------------------------------

    def _game_points(self) -> list[int]:
        if self.phase != GAME_OVER:
            return [0, 0]
        gave_up = self.resigned_team()
        if gave_up is not None:
            out = [0, 0]
            out[1 - gave_up] = min(5, 2 + self.options["max_deals"] - len(self.deals))
            return out
        unplayed = self.options["max_deals"] - self.deal_no
        return game_points(self.totals, self.options["target"], unplayed)

    def teams(self) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def _table_view(self, seat: int | None) -> JSON:
        playing = self.phase == PLAY
        return {
            "sides": self.teams(),
            "course": COURSE_NAMES[self.course()] if playing else None,
            "trick_no": self.tricks_done + 1 if playing else None,
            "trick": [_play_json(p, self.trick[:i]) for i, p in enumerate(self.trick)],
            "last_trick": self._trick_json(self.last_trick) if self.last_trick else None,
            "stored": by_course(self.stored),
            "waste_count": len(self.waste),
            "resigned": list(self.resigned),
        }

    def _seat_view(self, seat: int, table: JSON) -> JSON:
        return {"side": side_of(seat)}

    def _trick_json(self, last: tuple[list[Play], int, int, int]) -> JSON:
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

    def _play_state(self) -> JSON:
        return {
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
        }

    def _load_play_state(self, data: Mapping[str, Any]) -> None:
        self.trick = [(int(s), cards.INDEX[c], int(k)) for s, c, k in data["trick"]]
        self.leader = int(data["leader"])
        self.tricks_done = int(data["tricks_done"])
        self.stored = [[int(x) for x in s] for s in data["stored"]]
        self.piles = [cards.ints(p) for p in data["piles"]]
        self.waste = cards.ints(data["waste"])
        last = data["last_trick"]
        if last is not None:
            plays = [(int(s), cards.INDEX[c], int(k)) for s, c, k in last[0]]
            self.last_trick = (plays, int(last[1]), int(last[2]), int(last[3]))

    def _state_problem(self) -> str | None:
        """Every card of the two packs is in a hand, the stock, the trick, a pile or the waste
        (none at all only before the first deal)."""
        everything = [c for h in self.hands for c in h] + self.stock + self.waste
        everything += [c for _, c, _ in self.trick] + [c for p in self.piles for c in p]
        if sorted(everything) != sorted(DECK) and (everything or self.deal_no):
            return "not one whole deal"
        return None

    # --- worlds for search ---------------------------------------------------------------

    @classmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Doubleduck:
        """Nobody must follow suit, so every unseen card (not in the seat's hand, not played
        this deal) is as likely in any other hand or the stock: one shuffle deals them out.
        The piles, waste and stored counts follow from the history's tricks."""
        game = cls._world_frame(view, rng)
        me = int(view["seat"])
        plays = [(s, cards.INDEX[m.card or ""], _CALLS[m.call]) for s, m in game.history]
        full = len(plays) - len(plays) % SEATS
        for start in range(0, full, SEATS):
            game.trick = plays[start : start + SEATS]
            game._store_trick(game.course())
        game.trick = plays[full:]
        game.leader = int(view["leader"])
        unseen = Counter(DECK)
        unseen.subtract(cards.ints(view["hand"]))
        unseen.subtract(card for _, card, _ in plays)
        pool = list(unseen.elements())
        rng.shuffle(pool)
        sizes = view["hand_sizes"]
        for seat in range(SEATS):
            if seat == me:
                game.hands[seat] = cards.ints(view["hand"])
            else:
                game.hands[seat], pool = pool[: sizes[seat]], pool[sizes[seat] :]
        game.stock = pool
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
        return self.deal_score()

    def deal_score(self) -> tuple[int, int]:
        side0, side1 = self.deals[-1]["score"]
        return side0, side1


def _play_json(play: Play, before: list[Play] | None = None) -> JSON:
    seat, card, call = play
    out: JSON = {"seat": seat, "card": cards.NAMES[card]}
    if call:
        out["call"] = CALL_NAMES[call]
        if before is not None:
            out["spoken"] = spoken(call, quack_count(before, card))
    return out


def game_points(totals: list[int], target: int, unplayed: int) -> list[int]:
    """1 to the higher total; 2 + 1 per unplayed deal (at most 5) if only the winner reached the
    target; equal totals are a draw (a reading decided here)."""
    if totals[0] == totals[1]:
        return [0, 0]
    win = 0 if totals[0] > totals[1] else 1
    points = 1
    if totals[win] >= target > totals[1 - win]:
        points = min(5, 2 + unplayed)
    out = [0, 0]
    out[win] = points
    return out

"""Duck: a shedding game with ducking and lifebelts, for 3 to 5 players (rules: docs/rules/duck.md).

Layout: constants and card helpers, the shape of a play, the Game class (creation and deals,
the turn, moves, the end of a round, result, views, persistence), then the lean playout path
for bots and benchmarks.

A card is `colour * 9 + number` (colours Y, B, R; numbers 0-8); the wire name is colour then
number (`B7`). Piles are lists with the top LAST; the draw pile too (`to_dict` writes it top
first, as `Deal.stock` does).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Self

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
    game_over_event,
)
from engine.wire import (
    CARD,
    CARDS,
    COUNT,
    DISCLOSED,
    GAME_OVER_DATA,
    HAND_DEALT,
    INT,
    PER_SEAT,
    PER_TEAM,
    SEAT,
    SEAT_LIST,
    Contract,
    array,
    enum,
    nullable,
    obj,
)

COLOURS = "YBR"
NUMBERS = 9
NAMES: tuple[str, ...] = tuple(c + str(n) for c in COLOURS for n in range(NUMBERS))
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
COPIES = (1, 3, 3, 3, 3, 3, 3, 3, 1)
"""Copies of each number per colour: one 0, three each of 1-7, one 8 (23 per colour)."""
DECK: tuple[int, ...] = tuple(
    col * NUMBERS + n
    for col in range(len(COLOURS))
    for n in range(NUMBERS)
    for _ in range(COPIES[n])
)
DECK_NAMES: tuple[str, ...] = tuple(NAMES[c] for c in DECK)

HAND = 7
ROUNDS = 5
TURN_CAP = 300
"""A round that reaches this many turns ends with nothing banked and no lifebelt (decided)."""
DUCK_LIMIT = 10
LIFEBELTS = (6, 7, 8, 9, 10)
"""Lifebelt of round k (1-based) is LIFEBELTS[k - 1]: the stack is handed out top first."""
RED_PENALTIES = [2, 2, 3, 3, 4]
RED_PENALTY_MAX = 20
"""The largest red penalty: five times the default's largest."""

NO_DRAW, STOCK, LEFT, RIGHT = -1, 0, 1, 2
SOURCES = ("stock", "left", "right")
SOURCE_INDEX = {name: i for i, name in enumerate(SOURCES)}

PLAY, ROUND_OVER, GAME_OVER = "play", "deal_over", "game_over"
OUT, DUCK, CAP = "out", "duck", "cap"


def names(cards: Iterable[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def hand_sum(hand: Iterable[int]) -> int:
    return sum(c % NUMBERS for c in hand)


def highest(hand: Sequence[int]) -> int:
    """The card a player banks: the highest number; among equal numbers the first colour in
    Y, B, R order, so the choice is deterministic (the colour never changes the score)."""
    return max(hand, key=lambda c: (c % NUMBERS, -(c // NUMBERS)))


def shape(cards: Sequence[int]) -> str:
    """'set' or 'run' for a legal play in this order, else MoveError(ILLEGAL_MOVE) saying why.

    A set is 1+ cards of one number in any colours and any order. A run is 3+ cards of one
    colour with consecutive numbers, laid ascending or descending as the rulebook says (the
    order decides the top card and what shows when it is drawn), never wrapping from 8 to 0.
    """
    nums = [c % NUMBERS for c in cards]
    if all(n == nums[0] for n in nums):
        return "set"
    text = " ".join(names(cards))
    if len(cards) < 3:
        raise MoveError(
            Reason.ILLEGAL_MOVE,
            f"{text} is not a set (one number) and a run needs 3 or more cards",
        )
    if any(c // NUMBERS != cards[0] // NUMBERS for c in cards):
        raise MoveError(Reason.ILLEGAL_MOVE, f"{text} is not a run: a run is of one colour")
    steps = {b - a for a, b in itertools.pairwise(nums)}
    if steps in ({1}, {-1}):
        return "run"
    if steps <= {1, -(NUMBERS - 1)} or steps <= {-1, NUMBERS - 1}:
        raise MoveError(Reason.ILLEGAL_MOVE, f"{text} is not a run: runs do not wrap from 8 to 0")
    if sorted(nums) == list(range(min(nums), min(nums) + len(nums))):
        raise MoveError(
            Reason.ILLEGAL_MOVE, f"{text} is not a run: lay a run ascending or descending"
        )
    raise MoveError(
        Reason.ILLEGAL_MOVE,
        f"{text} is not a run: the numbers must be consecutive, without gaps or repeats",
    )


def plays_of(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every legal play from `hand`, each order once: sets (every distinct order of every
    sub-multiset of one number), then runs ascending and descending. A hand never exceeds 7
    cards, so this stays small (at most 649 sets for seven cards of one number)."""
    counts = Counter(hand)
    out: list[tuple[int, ...]] = []
    for num in range(NUMBERS):
        kinds = [c for c in sorted(counts) if c % NUMBERS == num]
        if kinds:
            _orders(kinds, {c: counts[c] for c in kinds}, [], out)
    for col in range(len(COLOURS)):
        present = {c % NUMBERS for c in counts if c // NUMBERS == col}
        for lo in range(NUMBERS):
            for hi in range(lo, NUMBERS):
                if hi not in present:
                    break
                if hi - lo >= 2:
                    run = tuple(col * NUMBERS + n for n in range(lo, hi + 1))
                    out.append(run)
                    out.append(run[::-1])
    return out


def _orders(
    kinds: list[int], left: dict[int, int], seq: list[int], out: list[tuple[int, ...]]
) -> None:
    for c in kinds:
        if left[c]:
            left[c] -= 1
            seq.append(c)
            out.append(tuple(seq))
            _orders(kinds, left, seq, out)
            seq.pop()
            left[c] += 1


def _copy_json(data: Any) -> Any:
    """A copy of JSON-shaped data (records and lifebelts), much cheaper than `copy.deepcopy`,
    so callers never share a list with the state."""
    if isinstance(data, dict):
        return {k: _copy_json(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy_json(v) for v in data]
    return data


# --- the wire contract (`engine.wire`) ----------------------------------------------------

LIFEBELT_WON = obj(
    {"deal_no": COUNT, "value": INT, "side": enum(["green", "red"]), "points": INT},
    description="A lifebelt a seat holds: its value, the side it lies on, what it scored.",
)
LIFEBELT_GIVEN = obj({"seat": SEAT, **LIFEBELT_WON["properties"]})
DUCK_DEAL = obj(
    {
        "deal_no": COUNT,
        "dealer": SEAT,
        "turns": COUNT,
        "end": enum(["out", "duck", "cap"]),
        "seat": nullable(SEAT),
        "duck_verdict": nullable(enum(["correct", "wrong"])),
        "revealed": array(CARDS, "Every hand, laid open."),
        "sums": PER_SEAT,
        "banked": array(nullable(CARD), "The card each seat banked, or null."),
        "discarded": SEAT_LIST,
        "lifebelt": nullable(LIFEBELT_GIVEN),
        "score": PER_TEAM,
        "totals": PER_TEAM,
    }
)
CONTRACT = Contract(
    view={
        "max_deals": COUNT,
        "turns": COUNT,
        "turn_cap": {**COUNT, "const": TURN_CAP},
        "stock_count": COUNT,
        "gathered_count": COUNT,
        "piles": array(obj({"top": nullable(CARD), "size": COUNT})),
        "lifebelt": nullable(
            {
                "type": "integer",
                "minimum": LIFEBELTS[0],
                "maximum": LIFEBELTS[-1],
                "description": "The lifebelt this deal hands out.",
            }
        ),
        "banked": array(CARDS),
        "face_up": {**CARDS, "description": "The cards dealt face up at the deal's start."},
        "lifebelts": array(array(LIFEBELT_WON)),
        "game_points": PER_TEAM,
    },
    seat={"left": SEAT, "right": SEAT, "hand_sum": COUNT},
    deal=DUCK_DEAL,
    events={
        "deal_started": obj(
            {
                "deal_no": COUNT,
                "dealer": SEAT,
                "first": SEAT,
                "face_up": CARDS,
                "stock_count": COUNT,
                "lifebelt": INT,
                **DISCLOSED,
            },
        ),
        "hand_dealt": HAND_DEALT,
        "cards_played": obj(
            {"seat": SEAT, "cards": CARDS, "kind": enum(["set", "run"]), "hand_size": COUNT}
        ),
        "stock_card": obj({"seat": SEAT, "card": CARD}),
        "card_drawn": obj(
            {
                "seat": SEAT,
                "source": enum(SOURCES),
                "stock_count": COUNT,
                "from_seat": SEAT,
                "card": CARD,
                "top": nullable(CARD),
            },
            optional=["stock_count", "from_seat", "card", "top"],
        ),
        "ducked": obj({"seat": SEAT}),
        "deal_scored": DUCK_DEAL,
        "game_over": GAME_OVER_DATA,
    },
)
"""Duck on the wire: its view and seat fields, deal records and events."""


class Duck(Game):
    name = "duck"
    title = "Duck"
    min_seats = 3
    max_seats = 5
    deal_cap = ROUNDS
    deal_move_cap = TURN_CAP
    options_spec = (
        Option("first_dealer", int, 0, "Seat that deals the first deal.", minimum=0, maximum=4),
        Option(
            "red_penalties",
            list,
            RED_PENALTIES,
            "Penalty of the red side of the lifebelt of deals 1-5 (5 numbers from 0 to 20).",
            minimum=0,
            maximum=RED_PENALTY_MAX,
            length=ROUNDS,
        ),
    )
    move_shapes = (
        {"type": "play", "cards": ["B2", "B3", "B4"], "draw": "stock"},
        {"type": "play", "cards": ["Y5", "R5"], "draw": "left"},
        {"type": "play", "cards": ["R7"], "draw": "right"},
        {"type": "play", "cards": ["R7"]},
        {"type": "duck"},
    )
    deck_shrinks = True
    contract = CONTRACT

    def __init__(self, seats: int, options: Mapping[str, Any], seed: str) -> None:
        super().__init__(seats, options, seed)
        if self.options["first_dealer"] >= seats:
            raise SetupError(
                Reason.INVALID_OPTIONS, f"option 'first_dealer' must be a seat below {seats}"
            )
        self.options["red_penalties"] = list(self.options["red_penalties"])  # its length: `Option`
        self.phase = ROUND_OVER
        self.round_no = 0
        self.dealer = (self.options["first_dealer"] - 1) % seats
        self.turn = 0
        self.turns = 0
        """Turns taken in this round, for the safety cap."""
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.piles: list[list[int]] = [[] for _ in range(seats)]
        self.face_up: list[int] = []
        """The round's face-up cards by seat, the first card of each pile: dealt in sight of all."""
        self.stock: list[int] = sorted(DECK)
        """The draw pile, top last; between rounds, every card still in the game (gathered)."""
        self.banked: list[list[int]] = [[] for _ in range(seats)]
        self.lifebelts: list[list[JSON]] = [[] for _ in range(seats)]
        self.rounds: list[JSON] = []
        self.totals = [0] * seats

    resignation = (
        "Not offered: a race of 3 to 5 players has no result for one who leaves (the others' "
        "places depend on the deals not played); hand the seat to a bot instead."
    )

    def _resign(self, seat: int, events: list[Event]) -> None:
        """No resignation (a reading decided here): each player scores alone, over 5 deals, so
        one player's leaving settles nobody's place; and the table cannot lose a seat mid-game
        (the discard piles are drawn from by the neighbours)."""
        raise MoveError(
            Reason.RESIGN_NOT_OFFERED,
            f"{self.title} offers no resignation: the others' places would depend on deals "
            "not played",
        )

    # --- creation and deals -------------------------------------------------------------

    def deal_pending(self) -> bool:
        return self.phase == ROUND_OVER

    def remaining(self) -> list[int]:
        """The cards still in the game: the deck minus every banked card, sorted."""
        rest = Counter(DECK)
        rest.subtract(c for bank in self.banked for c in bank)
        return sorted(rest.elements())

    def _next_deal(self, deal: Deal | None) -> list[Event]:
        n = self.seats
        dealer = (self.dealer + 1) % n
        first = (dealer + 1) % n
        if deal is not None:
            hands = [[INDEX[c] for c in h] for h in deal.hands]
            face_up = [INDEX[c] for c in deal.extra["face_up"]]
            stock = [INDEX[c] for c in deal.stock]
        else:
            order = self.remaining()
            self.deal_rng(self.round_no + 1).shuffle(order)
            # One card at a time from the dealer's left, then one face up each, the rest is stock.
            hands = [[] for _ in range(n)]
            for i in range(HAND * n):
                hands[(first + i) % n].append(order[i])
            face_up = [0] * n
            for i in range(n):
                face_up[(first + i) % n] = order[HAND * n + i]
            stock = order[(HAND + 1) * n :]
        self.round_no += 1
        self.dealer = dealer
        self.turn = first
        self.turns = 0
        self.hands = hands
        self.piles = [[c] for c in face_up]
        self.face_up = face_up
        self.stock = stock[::-1]
        self.phase = PLAY
        events = [
            Event(
                "deal_started",
                {
                    "deal_no": self.round_no,
                    "dealer": dealer,
                    "first": first,
                    "face_up": names(face_up),
                    "stock_count": len(self.stock),
                    "lifebelt": LIFEBELTS[self.round_no - 1],
                },
            )
        ]
        events += [
            Event("hand_dealt", {"seat": s, "cards": names(sorted(self.hands[s]))}, visible_to=s)
            for s in range(n)
        ]
        return events

    def deal_shape(self) -> DealShape:
        """7 cards a hand, `face_up` one per seat, and as the stock (top first) exactly the rest
        of the cards still in the game (banked cards have left it)."""
        rest = self.remaining()
        note = f" (deal {self.round_no + 1} deals the {len(rest)} cards not banked)"
        return DealShape(HAND, names(rest), piles=("face_up",), note=note if self.round_no else "")

    # --- the turn -----------------------------------------------------------------------

    def to_act(self) -> frozenset[int]:
        return frozenset((self.turn,)) if self.phase == PLAY else frozenset()

    def left_of(self, seat: int) -> int:
        """Seats run clockwise and "left" is the next seat (the rules' convention)."""
        return (seat + 1) % self.seats

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.seats

    def _sources(self, seat: int) -> list[int]:
        """The draw sources that hold a card now, in the order stock, left, right."""
        out = [STOCK] if self.stock else []
        if self.piles[self.left_of(seat)]:
            out.append(LEFT)
        if self.piles[self.right_of(seat)]:
            out.append(RIGHT)
        return out

    def legal_moves(self, seat: int) -> list[Move]:
        """Duck first when allowed, then every play in every distinct order (see `plays_of`),
        each with every draw source that holds a card; no draw when the play empties the hand
        or every source is empty."""
        if self.phase != PLAY or seat != self.turn:
            return []
        hand = self.hands[seat]
        moves = [Move("duck")] if hand_sum(hand) <= DUCK_LIMIT else []
        draws = [SOURCES[s] for s in self._sources(seat)]
        for play in plays_of(hand):
            played = tuple(NAMES[c] for c in play)
            if len(play) == len(hand) or not draws:
                moves.append(Move("play", cards=played))
            else:
                moves.extend(Move("play", cards=played, draw=d) for d in draws)
        return moves

    def _apply(self, seat: int, move: Move, events: list[Event] | None) -> None:
        if move.card is not None or move.call is not None:
            raise MoveError(
                Reason.MALFORMED_MOVE, "a Duck move has no 'card' or 'call': plays name 'cards'"
            )
        if move.type == "duck":
            if move.cards is not None or move.draw is not None:
                raise MoveError(Reason.MALFORMED_MOVE, 'a duck is just {"type": "duck"}')
            total = hand_sum(self.hands[seat])
            if total > DUCK_LIMIT:
                raise MoveError(
                    Reason.ILLEGAL_MOVE,
                    f"you may duck only with a hand sum of {DUCK_LIMIT} or less, not {total}",
                )
            self._duck(seat, events)
            return
        if move.type != "play":
            raise MoveError(Reason.MALFORMED_MOVE, "a Duck move is 'play' or 'duck'")
        if not move.cards:
            raise MoveError(Reason.MALFORMED_MOVE, "a play names 1 or more 'cards'")
        if move.draw is not None and move.draw not in SOURCE_INDEX:
            raise MoveError(
                Reason.MALFORMED_MOVE, f"'draw' is stock, left or right, not '{move.draw}'"
            )
        bad = [c for c in move.cards if c not in INDEX]
        if bad:
            raise MoveError(Reason.MALFORMED_MOVE, f"unknown cards: {' '.join(bad)}")
        played = [INDEX[c] for c in move.cards]
        hand = self.hands[seat]
        missing = Counter(played) - Counter(hand)
        if missing:
            raise MoveError(
                Reason.CARD_NOT_IN_HAND,
                f"not in your hand: {' '.join(names(sorted(missing.elements())))}",
            )
        shape(played)
        draw = self._check_draw(seat, len(hand) - len(played), move.draw)
        self._play(seat, played, draw, events)

    def _check_draw(self, seat: int, left_in_hand: int, draw: str | None) -> int:
        """The draw source as an int: exactly one card unless the hand is empty or no source
        holds a card (then the move must not name one)."""
        if not left_in_hand:
            if draw is not None:
                raise MoveError(Reason.ILLEGAL_MOVE, "you play your last card: there is no draw")
            return NO_DRAW
        sources = self._sources(seat)
        if not sources:
            if draw is not None:
                raise MoveError(Reason.ILLEGAL_MOVE, f"the {draw} source is empty: no draw now")
            return NO_DRAW
        if draw is None:
            options = ", ".join(repr(SOURCES[s]) for s in sources)
            raise MoveError(Reason.ILLEGAL_MOVE, f"after playing you must draw one card: {options}")
        source = SOURCE_INDEX[draw]
        if source not in sources:
            where = "the draw pile" if source == STOCK else f"your {draw} neighbour's pile"
            raise MoveError(Reason.ILLEGAL_MOVE, f"{where} is empty: draw from elsewhere")
        return source

    # --- automatic steps ----------------------------------------------------------------

    def _play(self, seat: int, played: list[int], draw: int, events: list[Event] | None) -> None:
        """Play checked cards onto the own pile, draw, and end the round or pass the turn."""
        hand = self.hands[seat]
        for c in played:
            hand.remove(c)
        self.piles[seat].extend(played)
        self.turns += 1
        if events is not None:
            events.append(
                Event(
                    "cards_played",
                    {
                        "seat": seat,
                        "cards": names(played),
                        "kind": shape(played),
                        "hand_size": len(hand),
                    },
                )
            )
        if not hand:
            self._end_round(OUT, seat, events)
            return
        if draw != NO_DRAW:
            self._draw(seat, draw, events)
        if self.turns >= TURN_CAP:
            self._end_round(CAP, None, events)
            return
        self.turn = (seat + 1) % self.seats

    def _draw(self, seat: int, source: int, events: list[Event] | None) -> None:
        if source == STOCK:
            card = self.stock.pop()
            self.hands[seat].append(card)
            if events is not None:
                events.append(
                    Event("stock_card", {"seat": seat, "card": NAMES[card]}, visible_to=seat)
                )
                events.append(
                    Event(
                        "card_drawn",
                        {"seat": seat, "source": "stock", "stock_count": len(self.stock)},
                    )
                )
            return
        owner = self.left_of(seat) if source == LEFT else self.right_of(seat)
        pile = self.piles[owner]
        card = pile.pop()
        self.hands[seat].append(card)
        if events is not None:
            events.append(
                Event(
                    "card_drawn",
                    {
                        "seat": seat,
                        "source": SOURCES[source],
                        "from_seat": owner,
                        "card": NAMES[card],
                        "top": NAMES[pile[-1]] if pile else None,
                    },
                )
            )

    def _duck(self, seat: int, events: list[Event] | None) -> None:
        self.turns += 1
        if events is not None:
            events.append(Event("ducked", {"seat": seat}))
        self._end_round(DUCK, seat, events)

    def _end_round(self, end: str, ender: int | None, events: list[Event] | None) -> None:
        """Show every hand, hand out the lifebelt, bank and discard, gather the rest.

        Going out: green. Duck: green and the ducker banks their highest card when their sum
        is strictly lower than every other sum, else red and nothing banked. Then, among the
        others, every player tied for the highest sum discards the hand and the rest bank
        their highest card. The turn cap: nothing banked, no lifebelt.
        """
        n = self.seats
        rnd = self.round_no
        hands = self.hands
        sums = [hand_sum(h) for h in hands]
        revealed = [names(sorted(h)) for h in hands]
        banked: list[str | None] = [None] * n
        discarded: list[int] = []
        score = [0] * n
        belt: JSON | None = None
        duck: str | None = None

        def bank(seat: int) -> None:
            card = highest(hands[seat])
            hands[seat].remove(card)
            self.banked[seat].append(card)
            banked[seat] = NAMES[card]
            score[seat] += card % NUMBERS

        if ender is not None:
            green = True
            if end == DUCK:
                green = all(sums[ender] < sums[s] for s in range(n) if s != ender)
                duck = "correct" if green else "wrong"
                if green:
                    bank(ender)
            value = LIFEBELTS[rnd - 1]
            points = value if green else -self.options["red_penalties"][rnd - 1]
            belt = {
                "seat": ender,
                "deal_no": rnd,
                "value": value,
                "side": "green" if green else "red",
                "points": points,
            }
            self.lifebelts[ender].append({k: v for k, v in belt.items() if k != "seat"})
            score[ender] += points
            others = [s for s in range(n) if s != ender]
            top = max(sums[s] for s in others)
            for s in others:
                if sums[s] == top:
                    discarded.append(s)
                else:
                    bank(s)
        self.totals = [t + s for t, s in zip(self.totals, score, strict=True)]
        record: JSON = {
            "deal_no": rnd,
            "dealer": self.dealer,
            "turns": self.turns,
            "end": end,
            "seat": ender,
            "duck_verdict": duck,
            "revealed": revealed,
            "sums": sums,
            "banked": banked,
            "discarded": discarded,
            "lifebelt": belt,
            "score": score,
            "totals": list(self.totals),
        }
        self.rounds.append(record)
        # Everything not banked is gathered for the next round's shuffle.
        gathered = [c for h in hands for c in h] + [c for p in self.piles for c in p] + self.stock
        self.stock = sorted(gathered)
        self.hands = [[] for _ in range(n)]
        self.piles = [[] for _ in range(n)]
        self.phase = GAME_OVER if rnd == ROUNDS else ROUND_OVER
        if events is not None:
            events.append(Event("deal_scored", _copy_json(record)))
            if self.phase == GAME_OVER:
                events.append(game_over_event(self.result(), game_points=False))

    # --- result and views ---------------------------------------------------------------

    def _winners(self) -> tuple[int, ...]:
        if self.phase != GAME_OVER:
            return ()
        best = max(self.totals)
        return tuple(s for s in range(self.seats) if self.totals[s] == best)

    def result(self) -> Result:
        """Totals are banked values + green lifebelts - red penalties; all tied highest win."""
        winners = self._winners()
        return Result(
            over=self.phase == GAME_OVER,
            deals=tuple(_copy_json(self.rounds)),
            totals=tuple(self.totals),
            game_points=tuple(1 if s in winners else 0 for s in range(self.seats)),
            winners=winners,
        )

    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def view(self, seat: int | None) -> JSON:
        """The table as `seat` sees it: pile tops and sizes but not the cards beneath (only the
        top is visible at a real table; the events show each play as it is laid), the draw
        pile count, hand sizes, banks, lifebelts and totals; only the seat's own hand."""
        play = self.phase == PLAY
        winners = self._winners()
        out: JSON = {
            "game": self.name,
            "seat_count": self.seats,
            "phase": self.phase,
            "deal_no": self.round_no,
            "max_deals": ROUNDS,
            "dealer": self.dealer,
            **self.disclosed(),
            "to_act": sorted(self.to_act()),
            "turns": self.turns,
            "turn_cap": TURN_CAP,
            "hand_sizes": [len(h) for h in self.hands],
            "stock_count": len(self.stock) if play else 0,
            "gathered_count": 0 if play else len(self.stock),
            "piles": [{"top": NAMES[p[-1]] if p else None, "size": len(p)} for p in self.piles],
            "face_up": names(self.face_up),
            "history": self.history_json(),
            "lifebelt": LIFEBELTS[self.round_no - 1] if play else None,
            "banked": [names(b) for b in self.banked],
            "lifebelts": _copy_json(self.lifebelts),
            "deals": _copy_json(self.rounds),
            "totals": list(self.totals),
            "game_points": [1 if s in winners else 0 for s in range(self.seats)],
            "winners": list(winners),
            "options": _copy_json(self.options),
        }
        if seat is not None:
            out["seat"] = seat
            out["left"] = self.left_of(seat)
            out["right"] = self.right_of(seat)
            out["hand"] = names(sorted(self.hands[seat]))
            out["hand_sum"] = hand_sum(self.hands[seat])
            out["legal_moves"] = [m.to_json() for m in self.legal_moves(seat)]
        return out

    # --- persistence --------------------------------------------------------------------

    def to_dict(self) -> JSON:
        return {
            **self.state_header(),
            "phase": self.phase,
            "round_no": self.round_no,
            "dealer": self.dealer,
            "turn": self.turn,
            "turns": self.turns,
            "hands": [names(h) for h in self.hands],
            "piles": [names(p) for p in self.piles],
            "face_up": names(self.face_up),
            "stock": names(reversed(self.stock)),
            "banked": [names(b) for b in self.banked],
            "lifebelts": _copy_json(self.lifebelts),
            "rounds": _copy_json(self.rounds),
            "totals": list(self.totals),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        try:
            game = cls.from_header(data)
            n = game.seats
            game.phase = str(data["phase"])
            game.round_no = int(data["round_no"])
            game.dealer = int(data["dealer"])
            game.turn = int(data["turn"])
            game.turns = int(data["turns"])
            game.hands = [[INDEX[c] for c in h] for h in data["hands"]]
            game.piles = [[INDEX[c] for c in p] for p in data["piles"]]
            game.face_up = [INDEX[c] for c in data["face_up"]]
            game.stock = [INDEX[c] for c in data["stock"]][::-1]
            game.banked = [[INDEX[c] for c in b] for b in data["banked"]]
            game.lifebelts = [[dict(b) for b in seat] for seat in data["lifebelts"]]
            game.rounds = _copy_json(list(data["rounds"]))
            game.totals = [int(t) for t in data["totals"]]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SetupError(Reason.INVALID_STATE, f"bad Duck state: {exc!r}") from exc
        sizes = [len(game.hands), len(game.piles), len(game.banked), len(game.lifebelts)]
        if (
            sizes != [n] * 4
            or len(game.totals) != n
            or len(game.face_up) not in (0, n)
            or game.phase not in (PLAY, ROUND_OVER, GAME_OVER)
            or not 0 <= game.turn < n
            or not 0 <= game.dealer < n
            or not 0 <= game.round_no <= ROUNDS
        ):
            raise SetupError(Reason.INVALID_STATE, "bad Duck state: inconsistent fields")
        held = [c for h in game.hands for c in h] + [c for p in game.piles for c in p]
        held += game.stock + [c for b in game.banked for c in b]
        if Counter(held) != Counter(DECK):
            raise SetupError(Reason.INVALID_STATE, "bad Duck state: the 69 cards do not add up")
        return game

    # --- worlds for search ---------------------------------------------------------------

    @classmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        """The piles replay from the face-up cards and the history exactly; a card a seat took
        from a pile stays in its hand until it plays that card (pinned); every other unseen
        card is as likely in any other hand as in the draw pile: one shuffle deals them."""
        if view.get("phase") != PLAY or view.get("seat") is None:
            raise SetupError(Reason.INVALID_STATE, "worlds are sampled from a seat's view in play")
        me, n = int(view["seat"]), int(view["seat_count"])
        game = cls(n, view["options"], f"world-{rng.getrandbits(64):016x}")
        game.history = cls.history_of(view)
        game.disclose_as(view)
        game.face_up = [INDEX[c] for c in view["face_up"]]
        piles = [[c] for c in game.face_up]
        pinned: list[Counter[int]] = [Counter() for _ in range(n)]
        for seat, move in game.history:
            played = [INDEX[c] for c in move.cards or ()]
            for card in played:
                if pinned[seat][card]:
                    pinned[seat][card] -= 1
            piles[seat] += played
            if move.draw in ("left", "right"):
                owner = game.left_of(seat) if move.draw == "left" else game.right_of(seat)
                pinned[seat][piles[owner].pop()] += 1
        hand = [INDEX[c] for c in view["hand"]]
        banked = [[INDEX[c] for c in b] for b in view["banked"]]
        unseen = Counter(DECK)
        unseen.subtract(c for b in banked for c in b)
        unseen.subtract(hand)
        unseen.subtract(c for p in piles for c in p)
        for seat in range(n):
            if seat != me:
                unseen.subtract(pinned[seat].elements())
        pool = list(unseen.elements())
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for seat in range(n):
            if seat == me:
                hands.append(hand)
                continue
            known = list(pinned[seat].elements())
            k = int(view["hand_sizes"][seat]) - len(known)
            hands.append(known + pool[:k])
            pool = pool[k:]
        game.phase = PLAY
        game.round_no = int(view["deal_no"])
        game.dealer = int(view["dealer"])
        game.turn = int(view["to_act"][0])
        game.turns = int(view["turns"])
        game.hands, game.piles, game.stock, game.banked = hands, piles, pool, banked
        game.lifebelts = _copy_json(view["lifebelts"])
        game.rounds = _copy_json(view["deals"])
        game.totals = [int(t) for t in view["totals"]]
        return game

    # --- lean path for bots -------------------------------------------------------------

    def playout(self, rng: random.Random) -> tuple[int, ...]:
        """Finish the current round with random legal moves and no events; returns its score.

        Policy: duck with probability 1/2 when allowed; else pick a random card and play it
        alone (1/3), with every card of its number (1/3), or as the longest run of its colour
        through it, either way round (1/3, a single card when there is no such run); then draw
        from a random source that holds a card. Runs on `self`: clone first.
        """
        rand = rng.random
        hands = self.hands
        while self.phase == PLAY:
            seat = self.turn
            hand = hands[seat]
            if hand_sum(hand) <= DUCK_LIMIT and rand() < 0.5:
                self._duck(seat, None)
                continue
            card = hand[int(rand() * len(hand))]
            num = card % NUMBERS
            r = rand()
            played = [card]
            if r < 1 / 3:
                played = [c for c in hand if c % NUMBERS == num]
            elif r < 2 / 3:
                base = card - num
                lo, hi = num, num
                while lo > 0 and base + lo - 1 in hand:
                    lo -= 1
                while hi < NUMBERS - 1 and base + hi + 1 in hand:
                    hi += 1
                if hi - lo >= 2:
                    played = [base + n for n in range(lo, hi + 1)]
                    if rand() < 0.5:
                        played.reverse()
            draw = NO_DRAW
            if len(played) < len(hand):
                sources = self._sources(seat)
                if sources:
                    draw = sources[int(rand() * len(sources))]
            self._play(seat, played, draw, None)
            hands = self.hands
        return self.deal_score()

    def deal_score(self) -> tuple[int, ...]:
        return tuple(self.rounds[-1]["score"])

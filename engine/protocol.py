"""The one protocol every game speaks, so the service, the bots and the tests treat all games alike.

A game is a class derived from `Game`. An instance is one play of that game: several deals from
creation to result. Everything here is pure: no I/O, no clock, and randomness only from
`random.Random` objects seeded from the game's own seed.
"""

from __future__ import annotations

import enum
import json
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from engine import fairness
from engine.wire import Contract

FORMAT_VERSION = 1

JSON = dict[str, Any]
RolloutPolicy = Callable[[Any, int, random.Random], "Move"]
"""A rollout policy for `Game.policy_playout`: (the game, the seat to act, a generator) -> that
seat's move. It reads the game's own state (a sampled world, in search), never a view."""


class Reason(enum.StrEnum):
    """Machine-readable reason codes; the service maps each to one HTTP status."""

    MALFORMED_MOVE = "malformed_move"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    ILLEGAL_CALL = "illegal_call"
    ILLEGAL_MOVE = "illegal_move"
    GAME_OVER = "game_over"
    NO_DEAL_PENDING = "no_deal_pending"
    DEAL_PENDING = "deal_pending"
    INVALID_DEAL = "invalid_deal"
    INVALID_OPTIONS = "invalid_options"
    INVALID_SEATS = "invalid_seats"
    INVALID_STATE = "invalid_state"
    RESIGN_NOT_OFFERED = "resign_not_offered"


class EngineError(Exception):
    """Every refusal of the engine: the state is unchanged when one is raised."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


class MoveError(EngineError):
    """A move that cannot be applied (malformed, not your turn, illegal here)."""


class SetupError(EngineError):
    """Bad options, seat count, explicit deal or serialised state."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move of any game; unused fields stay None.

    The shape is shared by all games: `card` (+ `call`) for trick games, `cards` and `draw` for
    Duck, a bare `type` for a concede, a duck or an announcement.
    """

    type: str
    card: str | None = None
    call: str | None = None
    cards: tuple[str, ...] | None = None
    draw: str | None = None
    wire: JSON = field(init=False, repr=False, compare=False)
    """The move's JSON, built once: every saved state and view lists the deal's moves again
    (a hundred late in a Doubleduck deal, twice a request), so they share it. Read-only:
    `to_json` hands out copies."""

    def __post_init__(self) -> None:
        out: JSON = {"type": self.type}
        if self.card is not None:
            out["card"] = self.card
        if self.call is not None:
            out["call"] = self.call
        if self.cards is not None:
            out["cards"] = list(self.cards)
        if self.draw is not None:
            out["draw"] = self.draw
        object.__setattr__(self, "wire", out)

    def to_json(self) -> JSON:
        if self.cards is not None:
            return {**self.wire, "cards": list(self.cards)}
        return dict(self.wire)

    def text(self) -> str:
        """Canonical JSON text, used in transcripts and as a stable key."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: object) -> Move:
        """The move `data` names, or MoveError. A move read once is kept and handed out again
        (`_KNOWN`): a saved state lists the deal's history, so decoding one read back from
        the store parsed a hundred moves (a third of the decode, late in a Doubleduck deal)."""
        key: tuple[Any, ...] | None = None
        if type(data) is dict and "cards" not in data:
            key = tuple(data.items())
            try:
                known = _KNOWN.get(key)
            except TypeError:  # a value no dict key can be (a list, a dict): parsed below
                known, key = None, None
            if known is not None:
                return known
        move = cls._parse(data)
        if key is not None and len(_KNOWN) < KNOWN_MOVES:
            _KNOWN[key] = move
        return move

    @classmethod
    def _parse(cls, data: object) -> Move:
        if not isinstance(data, Mapping):
            raise MoveError(Reason.MALFORMED_MOVE, "a move is a JSON object")
        unknown = set(data) - {"type", "card", "call", "cards", "draw"}
        if unknown:
            raise MoveError(Reason.MALFORMED_MOVE, f"unknown move fields: {listed(unknown)}")
        kind = data.get("type")
        if not isinstance(kind, str) or not kind:
            raise MoveError(Reason.MALFORMED_MOVE, "a move needs a string 'type'")
        for name in ("card", "call", "draw"):
            value = data.get(name)
            if value is not None and not isinstance(value, str):
                raise MoveError(Reason.MALFORMED_MOVE, f"'{name}' must be a string")
        cards = data.get("cards")
        if cards is not None and (
            not isinstance(cards, list) or not all(isinstance(c, str) for c in cards)
        ):
            raise MoveError(Reason.MALFORMED_MOVE, "'cards' must be a list of strings")
        return cls(
            type=kind,
            card=data.get("card"),
            call=data.get("call"),
            cards=tuple(cards) if cards is not None else None,
            draw=data.get("draw"),
        )


KNOWN_MOVES = 4096
"""At most this many parsed moves are kept: every move of the four games fits many times over
(only moves that parsed are kept, so a client sending odd ones cannot grow it past this)."""
_KNOWN: dict[tuple[Any, ...], Move] = {}
"""Parsed moves by their JSON's (name, value) pairs; a `Move` never changes, so one serves
every reader."""


@dataclass(slots=True)
class Event:
    """Something that happened. `visible_to` is None for public events, else the one seat.

    A record never changed once made. Not frozen, as every other value here is, because a game
    makes two or three a move and a frozen dataclass's `__init__` costs over twice as much.
    """

    type: str
    data: JSON = field(default_factory=dict)
    visible_to: int | None = None

    def to_json(self) -> JSON:
        out: JSON = {"type": self.type, **self.data}
        if self.visible_to is not None:
            out["visible_to"] = self.visible_to
        return out

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or self.visible_to == seat


@dataclass(frozen=True, slots=True)
class Deal:
    """An explicit deal: one hand per seat and the stock, top first.

    `extra` carries game-specific piles (Duck's face-up cards), keyed by name.
    """

    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...] = ()
    extra: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: object) -> Deal:
        if not isinstance(data, Mapping):
            raise SetupError(Reason.INVALID_DEAL, "a deal is an object with 'hands' and 'stock'")
        hands = data.get("hands")
        stock = data.get("stock", [])
        if not isinstance(hands, list) or not all(_is_str_list(h) for h in hands):
            raise SetupError(Reason.INVALID_DEAL, "'hands' must be a list of lists of card names")
        if not _is_str_list(stock):
            raise SetupError(Reason.INVALID_DEAL, "'stock' must be a list of card names")
        extra: dict[str, tuple[str, ...]] = {}
        for key, value in data.items():
            if key in ("hands", "stock"):
                continue
            if not _is_str_list(value):
                raise SetupError(Reason.INVALID_DEAL, f"'{key}' must be a list of card names")
            extra[str(key)] = tuple(value)
        return cls(tuple(tuple(h) for h in hands), tuple(stock), extra)

    def to_json(self) -> JSON:
        out: JSON = {"hands": [list(h) for h in self.hands], "stock": list(self.stock)}
        for key, value in self.extra.items():
            out[key] = list(value)
        return out


@dataclass(frozen=True, slots=True)
class DealShape:
    """What an explicit deal must be, for `Game.check_deal`: one hand of `hand` cards per seat,
    `piles` of one card per seat, a stock of `stock` cards (None: whatever is left), and all of
    it exactly `deck` as a multiset. `note` ends the refusal when the cards do not match."""

    hand: int
    deck: Sequence[str]
    stock: int | None = None
    piles: tuple[str, ...] = ()
    note: str = ""


KIND_WORDS: dict[type, str] = {
    int: "a whole number",
    bool: "true or false",
    list: "a list of whole numbers",
    str: "a string",
}
"""An option's type as a refusal says it to a person, not as Python names it."""


def listed(items: Iterable[object]) -> str:
    """Names for a message, sorted, as a person writes them: `a, b, c`."""
    return ", ".join(sorted(str(i) for i in items))


def seat_range(low: int, high: int) -> str:
    return f"{low} seats" if low == high else f"{low} to {high} seats"


def _is_str_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


@dataclass(frozen=True, slots=True)
class Option:
    """A variant setting of a game, listed in the catalogue with its default."""

    name: str
    kind: type
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    length: int | None = None
    """How many numbers a list option holds, when that is fixed."""

    def check(self, value: object) -> Any:
        ok = isinstance(value, self.kind) and not (self.kind is int and isinstance(value, bool))
        if self.kind is list:
            ok = isinstance(value, list) and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value
            )
        if not ok:
            raise SetupError(
                Reason.INVALID_OPTIONS, f"option '{self.name}' must be {KIND_WORDS[self.kind]}"
            )
        if self.choices is not None and value not in self.choices:
            raise SetupError(
                Reason.INVALID_OPTIONS,
                f"option '{self.name}' must be one of {listed(self.choices)}",
            )
        if isinstance(value, list) and self.length is not None and len(value) != self.length:
            raise SetupError(
                Reason.INVALID_OPTIONS, f"option '{self.name}' must hold {self.length} numbers"
            )
        if isinstance(value, list) and any(not self._in_range(v) for v in value):
            raise SetupError(
                Reason.INVALID_OPTIONS,
                f"option '{self.name}' must hold numbers from {self.minimum} to {self.maximum}",
            )
        if self.minimum is not None and isinstance(value, int) and value < self.minimum:
            raise SetupError(
                Reason.INVALID_OPTIONS, f"option '{self.name}' must be at least {self.minimum}"
            )
        if self.maximum is not None and isinstance(value, int) and value > self.maximum:
            raise SetupError(
                Reason.INVALID_OPTIONS, f"option '{self.name}' must be at most {self.maximum}"
            )
        return value

    def _in_range(self, value: int) -> bool:
        """A list's numbers each obey the option's bounds."""
        low = self.minimum if self.minimum is not None else value
        high = self.maximum if self.maximum is not None else value
        return low <= value <= high

    def to_json(self) -> JSON:
        out: JSON = {"name": self.name, "type": self.kind.__name__, "default": self.default}
        out["doc"] = self.doc
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.length is not None:
            out["length"] = self.length
        return out


@dataclass(frozen=True, slots=True)
class Result:
    """Where a game stands: per-deal scores, running totals, game points, winner."""

    over: bool
    deals: tuple[JSON, ...]
    totals: tuple[int, ...]
    game_points: tuple[int, ...]
    winners: tuple[int, ...]
    """Winning seats (a side's two seats, a solo player...), empty for a draw or an open game."""

    def to_json(self) -> JSON:
        return {
            "over": self.over,
            "deals": list(self.deals),
            "totals": list(self.totals),
            "game_points": list(self.game_points),
            "winners": list(self.winners),
        }


def top_teams(totals: Sequence[int], teams: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The seats of every team with the highest total; nobody when all totals are equal."""
    if len(set(totals)) <= 1:
        return ()
    top = max(totals)
    return tuple(s for team, total in zip(teams, totals, strict=True) if total == top for s in team)


def game_over_event(
    result: Result, game_points: bool = True, capped: bool = False, resigned: Sequence[int] = ()
) -> Event:
    """The last event of a game: final totals, game points (where a game scores them apart
    from its totals) and winners; `capped` only when the deal cap ended it (`Game.deal_cap`),
    `resigned` (the seats that gave up) only when a resignation did (`Game.resign`)."""
    data: JSON = {"totals": list(result.totals)}
    if game_points:
        data["game_points"] = list(result.game_points)
    data["winners"] = list(result.winners)
    if capped:
        data["capped"] = True
    if resigned:
        data["resigned"] = list(resigned)
    return Event("game_over", data)


class Game(ABC):
    """One play of a game. Subclasses hold the rules; this class holds what all games share."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    options_spec: ClassVar[tuple[Option, ...]] = ()
    move_shapes: ClassVar[tuple[JSON, ...]] = ()
    """JSON examples of each move type, for the catalogue."""
    deck_shrinks: ClassVar[bool] = False
    """Whether a later deal may deal fewer cards than the first (Duck's banked cards leave the
    game): its explicit deal is then the cards still in the game, which `deal_shape` says."""
    deal_cap: ClassVar[int]
    """Hard cap on deals, whatever the options say: the game ends after this many deals with
    the totals so far (`game_over` says `capped`), so no game runs forever."""
    deal_move_cap: ClassVar[int]
    """The most moves one deal can take (cards to play, calls, Duck's turn cap); with
    `deal_cap` it bounds the moves of a whole game (`move_cap`)."""
    resign_offered: ClassVar[bool] = False
    """Whether a seat may resign (`resign`); where not, `_resign` refuses (`resign_not_offered`)."""
    resignation: ClassVar[str] = ""
    """What a resignation records in this game, or why it offers none: one sentence for the
    catalogue (docs/rules says it at length)."""
    contract: ClassVar[Contract] = Contract()
    """The game on the wire: its view fields, seat fields, deal records and event data as JSON
    Schema (`engine.wire`), which the service publishes in its spec; a game that declares none
    has no fields of its own there."""

    @classmethod
    def move_cap(cls) -> int:
        """Hard cap on the moves of a whole game (deals are not moves)."""
        return cls.deal_cap * cls.deal_move_cap

    def __init__(self, seats: int, options: Mapping[str, Any], seed: str) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            raise SetupError(
                Reason.INVALID_SEATS,
                f"{self.title} is played by {seat_range(self.min_seats, self.max_seats)}, "
                f"not {seats}",
            )
        self.seats = seats
        self.options = self.check_options(options)
        self.seed = seed
        self.salt = ""
        """Secret with the seed, revealed with it in the record: it keeps each deal's
        commitment hiding even when a client chose a guessable seed (`engine.fairness`)."""
        self.client_seed = False
        """Whether a client chose the seed (then the deals say `client_seed`)."""
        self.commitments: list[JSON] = []
        """Each deal's disclosure as it was dealt: `deal_no`, `dealt_by`, `deal_commitment`."""
        self.history: list[tuple[int, Move]] = []
        """The deal's public moves so far, (seat, move) in the order `apply` took them: what a
        player at the table saw played. Cleared by `next_deal`; the lean path does not add to it."""

    # --- creation -----------------------------------------------------------------------

    @classmethod
    def check_options(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        known = {o.name: o for o in cls.options_spec}
        unknown = set(options) - set(known)
        if unknown:
            raise SetupError(Reason.INVALID_OPTIONS, f"unknown options: {listed(unknown)}")
        return {
            name: opt.check(options[name]) if name in options else opt.default
            for name, opt in known.items()
        }

    @classmethod
    def new(
        cls,
        seats: int | None = None,
        *,
        seed: str,
        options: Mapping[str, Any] | None = None,
        deal: Deal | None = None,
        salt: str = "",
        client_seed: bool = False,
    ) -> Self:
        """Start a game and its first deal (explicit, or shuffled from the seed)."""
        return cls.start(
            seats, seed=seed, options=options, deal=deal, salt=salt, client_seed=client_seed
        )[0]

    @classmethod
    def start(
        cls,
        seats: int | None = None,
        *,
        seed: str,
        options: Mapping[str, Any] | None = None,
        deal: Deal | None = None,
        salt: str = "",
        client_seed: bool = False,
    ) -> tuple[Self, list[Event]]:
        """As `new`, with the first deal's events (the hands dealt, privately). `salt` and
        `client_seed` go into each deal's commitment and disclosure (`engine.fairness`)."""
        if seats is None:
            if cls.min_seats != cls.max_seats:
                raise SetupError(Reason.INVALID_SEATS, f"{cls.name} needs a number of seats")
            seats = cls.min_seats
        game = cls(seats, options or {}, seed)
        game.salt, game.client_seed = salt, client_seed
        return game, game.next_deal(deal)

    def deal_rng(self, deal_no: int) -> random.Random:
        """Each deal's shuffle comes from (seed, deal number): no generator state to store."""
        return random.Random(fairness.shuffle_string(self.name, self.seed, deal_no))

    # --- the turn -----------------------------------------------------------------------

    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """Seats that may move now; empty between deals and after the end."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of `seat` now, in a stable order; empty when it is not to act."""

    def apply(self, seat: int, move: Move | Mapping[str, Any]) -> list[Event]:
        """Validate and play a move, then run every automatic step; returns what happened."""
        if not isinstance(move, Move):
            move = Move.from_json(move)
        if seat not in self.to_act():
            # Nobody is to act after the end or between deals, so the reasons are checked only
            # on this path, in this order.
            if self.is_over():
                raise MoveError(Reason.GAME_OVER, "the game is over")
            if self.deal_pending():
                raise MoveError(
                    Reason.DEAL_PENDING, "the deal is scored; the next deal must be dealt"
                )
            raise MoveError(Reason.NOT_YOUR_TURN, f"seat {seat} is not to act")
        events: list[Event] = []
        self._apply(seat, move, events)
        self.history.append((seat, self.public_move(move)))
        return events

    def step(self, seat: int, move: Move) -> None:
        """As `apply` (the same checks, the same automatic steps) without building events or
        filing the history: the lean path of search, which plays moves on sampled worlds."""
        if seat not in self.to_act():
            raise MoveError(Reason.NOT_YOUR_TURN, f"seat {seat} is not to act")
        self._apply(seat, move, None)

    def public_move(self, move: Move) -> Move:
        """The move as the table saw it, in canonical form (a game with several spellings of
        one move overrides this); `apply` files it in `history` once it is played."""
        return move

    def history_json(self) -> list[JSON]:
        """`history` as views show it: one `{"seat", "move"}` per move, oldest first."""
        return [{"seat": seat, "move": move.wire} for seat, move in self.history]

    @abstractmethod
    def _apply(self, seat: int, move: Move, events: list[Event] | None) -> None:
        """Validate fully before changing anything; record events when `events` is a list."""

    # --- resigning ----------------------------------------------------------------------

    def resign(self, seat: int) -> list[Event]:
        """`seat` gives up, on its turn or not, in play or between deals. Validated as `apply`
        is (`game_over` after the end, nothing changed on a refusal); what it records is the
        game's own rule (`_resign`), where the game allows a result at all."""
        if self.is_over():
            raise MoveError(Reason.GAME_OVER, "the game is over")
        if not 0 <= seat < self.seats:
            raise MoveError(Reason.MALFORMED_MOVE, f"{self.title} has no seat {seat}")
        events: list[Event] = []
        self._resign(seat, events)
        return events

    @abstractmethod
    def _resign(self, seat: int, events: list[Event]) -> None:
        """The game's rule for a resignation: validate, then record it (and end the game where
        it does); or refuse with `resign_not_offered` where the game has no result for it."""

    # --- deals --------------------------------------------------------------------------

    @abstractmethod
    def deal_pending(self) -> bool:
        """True when a deal is scored and the game waits for `next_deal`."""

    def next_deal(self, deal: Deal | None = None) -> list[Event]:
        """Validate, then deal the next deal (explicit, or shuffled from the seed).

        The guards stand here once, in the order of `apply`, so every game refuses the same
        mistake with the same reason: after the end `game_over`, mid-deal `no_deal_pending`,
        a wrong explicit deal `invalid_deal`.
        """
        if self.is_over():
            raise MoveError(Reason.GAME_OVER, "the game is over")
        if not self.deal_pending():
            raise MoveError(Reason.NO_DEAL_PENDING, "no deal is pending")
        if deal is not None:
            self.check_deal(deal)
        self.history = []
        events = self._next_deal(deal)
        self._disclose(events, deal)
        return events

    def _disclose(self, events: list[Event], deal: Deal | None) -> None:
        """Commit to the deal just dealt: its `deal_started` event (the first of `events`, in
        every game) and the views from now on carry how it was made and its commitment."""
        started = events[0]
        entry = fairness.disclosure(
            self.name,
            self.seed,
            self.salt,
            int(started.data["deal_no"]),
            deal.to_json() if deal is not None else None,
            self.client_seed,
        )
        self.commitments.append(entry)
        started.data["dealt_by"] = entry["dealt_by"]
        started.data["deal_commitment"] = entry["deal_commitment"]

    def disclosed(self) -> JSON:
        """The view's fields on the deal in play or last played: how it was made and its
        commitment (both None before the first deal)."""
        last = self.commitments[-1] if self.commitments else {}
        return {"dealt_by": last.get("dealt_by"), "deal_commitment": last.get("deal_commitment")}

    def disclose_as(self, view: Mapping[str, Any]) -> None:
        """Take the view's disclosure as this deal's (a world sampled from a view shows the
        same deal)."""
        self.commitments = [
            {
                "deal_no": int(view["deal_no"]),
                "dealt_by": view["dealt_by"],
                "deal_commitment": view["deal_commitment"],
            }
        ]

    @abstractmethod
    def _next_deal(self, deal: Deal | None) -> list[Event]:
        """Lay out the next deal: `deal` is None (shuffle from the seed) or already checked."""

    @abstractmethod
    def deal_shape(self) -> DealShape:
        """What an explicit next deal must look like; `check_deal` holds it to this."""

    def deal_of(self, cards: Sequence[str]) -> Deal:
        """The explicit next deal `cards` names, as one list in the order the table deals it:
        seat 0's hand, seat 1's, ..., then each pile of `deal_shape` (one card per seat), then
        the stock, top card first. A list of the wrong length is split all the same, for
        `check_deal` to refuse after the guards of `next_deal`."""
        shape, seats = self.deal_shape(), self.seats
        at = shape.hand * seats
        hands = tuple(tuple(cards[i * shape.hand : (i + 1) * shape.hand]) for i in range(seats))
        piles: dict[str, tuple[str, ...]] = {}
        for name in shape.piles:
            piles[name] = tuple(cards[at : at + seats])
            at += seats
        return Deal(hands, tuple(cards[at:]), piles)

    def check_deal(self, deal: Deal) -> None:
        """Refuse (`invalid_deal`) an explicit deal that is not the game's cards in its shape."""
        shape = self.deal_shape()
        title, seats = self.title, self.seats
        given = sum(map(len, deal.hands)) + len(deal.stock) + sum(map(len, deal.extra.values()))
        if given != len(shape.deck):
            raise SetupError(
                Reason.INVALID_DEAL,
                f"a {title} deal is {len(shape.deck)} cards, not {given}{shape.note}",
            )
        if len(deal.hands) != seats or any(len(h) != shape.hand for h in deal.hands):
            raise SetupError(
                Reason.INVALID_DEAL, f"a {title} deal is {seats} hands of {shape.hand} cards"
            )
        if shape.stock is not None and len(deal.stock) != shape.stock:
            raise SetupError(
                Reason.INVALID_DEAL,
                f"a {title} stock has {shape.stock} cards"
                if shape.stock
                else f"{title} has no stock",
            )
        unknown = set(deal.extra) - set(shape.piles)
        if unknown:
            raise SetupError(Reason.INVALID_DEAL, f"unknown deal fields: {listed(unknown)}")
        everything = [c for h in deal.hands for c in h]
        for name in shape.piles:
            pile = deal.extra.get(name)
            if pile is None or len(pile) != seats:
                raise SetupError(
                    Reason.INVALID_DEAL,
                    f"a {title} deal needs '{name}': one card for each of {seats} seats",
                )
            everything += pile
        check_deck(everything + list(deal.stock), shape.deck, shape.note)

    # --- what players see ---------------------------------------------------------------

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """What `seat` may know at a real table; None is a spectator."""

    @abstractmethod
    def result(self) -> Result: ...

    def teams(self) -> list[list[int]]:
        """Seats that share a score: `result().totals[i]` belongs to team i (one seat a team,
        unless the game scores fixed sides)."""
        return [[seat] for seat in range(self.seats)]

    def is_over(self) -> bool:
        return self.result().over

    # --- persistence --------------------------------------------------------------------

    def state_header(self) -> JSON:
        """The fields every saved state starts with, the deal's public history among them;
        `from_header` reads them back."""
        options = {k: list(v) if isinstance(v, list) else v for k, v in self.options.items()}
        return {
            "format": FORMAT_VERSION,
            "game": self.name,
            "seats": self.seats,
            "seed": self.seed,
            "salt": self.salt,
            "client_seed": self.client_seed,
            "commitments": [dict(c) for c in self.commitments],
            "options": options,
            "history": [[seat, move.wire] for seat, move in self.history],
        }

    @classmethod
    def from_header(cls, data: Mapping[str, Any]) -> Self:
        """An empty game of the saved seats, options and seed, once the format is checked."""
        check_format(data, cls.name)
        game = cls(int(data["seats"]), data["options"], str(data["seed"]))
        game.salt, game.client_seed = str(data["salt"]), bool(data["client_seed"])
        game.commitments = [dict(c) for c in data["commitments"]]
        try:
            game.history = [(int(seat), Move.from_json(move)) for seat, move in data["history"]]
        except MoveError as exc:
            raise SetupError(Reason.INVALID_STATE, f"bad history: {exc.message}") from exc
        return game

    @abstractmethod
    def to_dict(self) -> JSON:
        """The whole state as JSON-compatible data (secrets included)."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self: ...

    # --- search -------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy, cheap enough for search bots to take one per simulation.

        The default serves every game that keeps its changing state in lists (lists of lists
        at most), holding only values never changed in place (ints, strings, tuples, records
        once filed): those lists are copied, everything else is shared.
        """
        new = object.__new__(type(self))
        state = new.__dict__
        for key, value in self.__dict__.items():
            if type(value) is list:
                value = [list(v) if type(v) is list else v for v in value]
            state[key] = value
        return new

    @classmethod
    @abstractmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        """A whole state, hidden cards included, consistent with what `view`'s seat knows (its
        view, the public `history` in it), drawn uniformly over the consistent worlds: the
        sampling step of search bots (a "determinization"). Only for a seat's view of a deal in
        play; a world is every physical placement of the unseen cards (two copies of one card
        are two cards). The seed of the world is drawn from `rng`. Its `view(seat)` is `view`
        (tests/engine/test_worlds.py holds every game to that).
        """

    @staticmethod
    def history_of(view: Mapping[str, Any]) -> list[tuple[int, Move]]:
        """The public history a view carries, as (seat, move) pairs."""
        return [(int(entry["seat"]), Move.from_json(entry["move"])) for entry in view["history"]]

    @abstractmethod
    def deal_score(self) -> tuple[int, ...]:
        """The last scored deal's score, one number per team of `teams()`: what `playout`
        returns."""

    def policy_playout(self, policy: RolloutPolicy, rng: random.Random) -> tuple[int, ...]:
        """Finish the deal in play with `policy` choosing every move, no events; on `self`
        (clone first). Each move goes through the full check of `apply`, so a policy cannot
        break a rule; returns `deal_score()`, as `playout` does."""
        while to_act := self.to_act():
            seat = min(to_act)
            self._apply(seat, policy(self, seat, rng), None)
        return self.deal_score()

    @abstractmethod
    def playout(self, rng: random.Random) -> tuple[int, ...]:
        """Finish the deal in play with random legal moves and no events, on `self` (clone
        first); returns the last scored deal's score, one number per team of `teams()`.

        The lean path of search bots: each game plays its own cheap random policy (documented
        on its override) through its internal steps, never building events or views. With no
        deal in play it changes nothing and returns the last deal's score.
        """

    @classmethod
    def catalog(cls) -> JSON:
        return {
            "name": cls.name,
            "title": cls.title,
            "min_seats": cls.min_seats,
            "max_seats": cls.max_seats,
            "options": [o.to_json() for o in cls.options_spec],
            "moves": list(cls.move_shapes),
            "dealt_by": [{"name": k, "doc": v} for k, v in fairness.DEALT_BY.items()],
            "deal_cap": cls.deal_cap,
            "move_cap": cls.move_cap(),
            "resign": {"offered": cls.resign_offered, "doc": cls.resignation},
        }


def check_format(data: Mapping[str, Any], name: str) -> None:
    """Refuse serialised states of another game or format version."""
    if data.get("format") != FORMAT_VERSION or data.get("game") != name:
        raise SetupError(
            Reason.INVALID_STATE,
            f"not a {name} state of format {FORMAT_VERSION}",
        )


def check_deck(given: Sequence[str], deck: Sequence[str], note: str = "") -> None:
    """An explicit deal must be exactly the game's deck, as a multiset."""
    have, want = Counter(given), Counter(deck)
    if have != want:
        missing = sorted((want - have).elements())
        extra = sorted((have - want).elements())
        raise SetupError(
            Reason.INVALID_DEAL,
            f"the deal is not exactly the deck: missing {missing[:8]}, extra {extra[:8]}{note}",
        )

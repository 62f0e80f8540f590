"""The core of the trick-taking games (Doubleduck, Duck Soup, Doppelkopf): what they share.

`TrickGame` is to them what python-chess's `Board` is to its variants: it holds the deal (seeded
shuffle, one card at a time from the dealer's left, the stock), the turn, the filed deal records,
the result, the frame of every view and of the saved state; a game subclasses it and writes only
its own rules (legal moves, playing a card, taking a trick, scoring, its own view and saved
fields). Cards are the ints of `engine.cards`.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, Self, TypeVar

from engine import cards
from engine.protocol import (
    JSON,
    Deal,
    DealShape,
    Event,
    Game,
    Move,
    MoveError,
    Reason,
    Result,
    SetupError,
    game_over_event,
    top_teams,
)

P = TypeVar("P")
"""One entry of the trick in play: each game keeps what its rules need (a card, a seat, a call)."""

PLAY, DEAL_OVER, GAME_OVER = "play", "deal_over", "game_over"
PHASES = (PLAY, DEAL_OVER, GAME_OVER)

PLAY_MOVES: tuple[Move, ...] = tuple(Move("play", name) for name in cards.NAMES)
"""The move playing each card, by card int: `legal_moves` lists about ten moves a turn, so they
are built once here and shared (a `Move` is immutable)."""


class TrickGame(Game, Generic[P]):
    """A trick game for a fixed number of seats: the deal, the turn, records, result, frames."""

    hand_size: ClassVar[int]
    deck: ClassVar[tuple[int, ...]]
    """Every card of a deal; a shuffle deals `hand_size` to each seat, the rest is the stock."""
    stock_size: ClassVar[int]
    game_points_apart: ClassVar[bool] = True
    """Whether the game scores game points apart from the running totals (then they are saved,
    shown and announced at the end); Doppelkopf's totals are its game points."""
    _in_deck: ClassVar[frozenset[int]]
    _seat_alone: ClassVar[tuple[frozenset[int], ...]]
    """`to_act()` of each seat: one seat acts at a time, asked twice a move, so built once."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._in_deck = frozenset(cls.deck)
        cls._seat_alone = tuple(frozenset((s,)) for s in range(cls.max_seats))

    def __init__(self, seats: int, options: Mapping[str, Any], seed: str) -> None:
        super().__init__(seats, options, seed)
        self.phase = DEAL_OVER
        self.deal_no = 0
        self.dealer = (self.options["first_dealer"] - 1) % seats
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.stock: list[int] = []  # top of the stock is the LAST element
        self.trick: list[P] = []
        self.leader = 0
        self.deals: list[JSON] = []
        self.totals = [0] * len(self.teams())
        self.resigned: list[int] = []
        """Seats that resigned, in order: the games that offer it say what that does (`_resign`)."""
        self._start_deal()

    # --- deals --------------------------------------------------------------------------

    def deal_pending(self) -> bool:
        return self.phase == DEAL_OVER

    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def deal_shape(self) -> DealShape:
        names = tuple(cards.NAMES[c] for c in self.deck)
        return DealShape(self.hand_size, names, stock=self.stock_size)

    def _next_deal(self, deal: Deal | None) -> list[Event]:
        seats = self.seats
        dealer = (self.dealer + 1) % seats
        if deal is not None:
            hands = [cards.ints(h) for h in deal.hands]
            stock = cards.ints(deal.stock)
        else:
            order = list(self.deck)
            self.deal_rng(self.deal_no + 1).shuffle(order)
            # One card at a time from the dealer's left: card i goes to seat dealer+1+i; the
            # rest is the stock, top first.
            hands = [[] for _ in range(seats)]
            for i in range(seats * self.hand_size):
                hands[(dealer + 1 + i) % seats].append(order[i])
            stock = order[seats * self.hand_size :]
        self.deal_no += 1
        self.dealer = dealer
        self.hands = [sorted(h) for h in hands]
        self.stock = stock[::-1]
        self.trick = []
        self.leader = (dealer + 1) % seats
        self.phase = PLAY
        after = self._start_deal()
        events = [Event("deal_started", self._deal_started())]
        events += [
            Event("hand_dealt", {"seat": s, "cards": cards.names(self.hands[s])}, visible_to=s)
            for s in range(seats)
        ]
        return events + after

    def _deal_started(self) -> JSON:
        """The data of the public `deal_started` event."""
        return {"deal_no": self.deal_no, "dealer": self.dealer, "leader": self.leader}

    @abstractmethod
    def _start_deal(self) -> list[Event]:
        """Set the game's own state of a deal once the cards lie (at creation too, with empty
        hands, so it is where that state is declared); returns events that follow the hands."""

    # --- the turn -----------------------------------------------------------------------

    def _turn(self) -> int:
        return (self.leader + len(self.trick)) % self.seats

    def to_act(self) -> frozenset[int]:
        if self.phase != PLAY:
            return frozenset()
        return self._seat_alone[(self.leader + len(self.trick)) % self.seats]

    def _held_card(self, seat: int, move: Move) -> int:
        """The card a play names, once it is a card of this game and in the seat's hand."""
        if move.card is None:
            raise MoveError(Reason.MALFORMED_MOVE, "a play needs a 'card'")
        card = cards.parse(move.card)
        if card is None or card not in self._in_deck:
            raise MoveError(Reason.MALFORMED_MOVE, f"{move.card} is not a {self.title} card")
        if card not in self.hands[seat]:
            raise MoveError(Reason.CARD_NOT_IN_HAND, f"{move.card} is not in your hand")
        return card

    # --- the end of a deal --------------------------------------------------------------

    def _deal_record(self, scored: JSON) -> JSON:
        """The record of the deal just scored (after the totals took its score)."""
        return {
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            **scored,
            "totals": list(self.totals),
        }

    def _file_deal(self, record: JSON, over: bool, events: list[Event] | None) -> None:
        """File the scored deal, then wait for the next one or end the game: at the deal cap
        the game ends whatever its own rule says (`Game.deal_cap`)."""
        self.deals.append(record)
        capped = not over and self.deal_no >= self.deal_cap
        self.phase = GAME_OVER if over or capped else DEAL_OVER
        if events is not None:
            events.append(Event("deal_scored", dict(record)))
            if self.phase == GAME_OVER:
                events.append(game_over_event(self.result(), self.game_points_apart, capped))

    def _game_points(self) -> list[int]:
        """Game points so far, per team: the running totals unless the game scores apart."""
        return list(self.totals)

    # --- resigning (the rule is each game's `_resign`) ------------------------------------

    def resigned_team(self) -> int | None:
        """The team (index in `teams()`) every seat of which resigned: it lost the game."""
        for i, team in enumerate(self.teams()):
            if all(seat in self.resigned for seat in team):
                return i
        return None

    def _end_by_resignation(self, events: list[Event]) -> None:
        """The game ends now: the deal in play (if any) is not scored, the totals stay."""
        self.phase = GAME_OVER
        events.append(
            game_over_event(self.result(), self.game_points_apart, resigned=self.resigned)
        )

    def result(self) -> Result:
        """Winners once the game is over: every seat of the teams with the highest total,
        nobody when all totals are equal; after a resignation, every seat of the other teams."""
        over = self.phase == GAME_OVER
        gave_up = self.resigned_team() if over and self.resigned else None
        if gave_up is not None:
            winners = tuple(s for i, t in enumerate(self.teams()) if i != gave_up for s in t)
        else:
            winners = top_teams(self.totals, self.teams()) if over else ()
        return Result(
            over=over,
            deals=tuple(dict(d) for d in self.deals),
            totals=tuple(self.totals),
            game_points=tuple(self._game_points()),
            winners=winners,
        )

    # --- views --------------------------------------------------------------------------

    def view(self, seat: int | None) -> JSON:
        """Own hand and legal moves, what lies on the table, counts and scores: never another
        hand, the stock's order or the seed."""
        res = self.result()
        out: JSON = {
            "game": self.name,
            "seat_count": self.seats,
            "phase": self.phase,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            **self.disclosed(),
            "leader": self.leader if self.phase == PLAY else None,
            "to_act": sorted(self.to_act()),
            "hand_sizes": [len(h) for h in self.hands],
        }
        if self.stock_size:
            out["stock_count"] = len(self.stock)
        out.update(self._table_view(seat))
        out["history"] = self.history_json()
        out["deals"] = list(res.deals)
        out["totals"] = list(res.totals)
        if self.game_points_apart:
            out["game_points"] = list(res.game_points)
        out["winners"] = list(res.winners)
        out["options"] = dict(self.options)
        if seat is not None:
            out["seat"] = seat
            out.update(self._seat_view(seat, out))
            out["hand"] = cards.names(sorted(self.hands[seat]))
            out["legal_moves"] = [m.to_json() for m in self.legal_moves(seat)]
        return out

    @abstractmethod
    def _table_view(self, seat: int | None) -> JSON:
        """The game's own public fields of a view (trick, tricks, course, parties...)."""

    def _seat_view(self, seat: int, table: JSON) -> JSON:
        """Fields only a seat's view has, beside its hand and legal moves."""
        return {}

    # --- worlds for search ---------------------------------------------------------------

    @classmethod
    def _world_frame(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        """A game at the view's deal with everything public set (deal, dealer, leader, phase,
        records, totals, history) and no cards yet; each game's `from_view` deals the rest."""
        if view.get("phase") != PLAY or view.get("seat") is None:
            raise SetupError(Reason.INVALID_STATE, "worlds are sampled from a seat's view in play")
        game = cls(int(view["seat_count"]), view["options"], f"world-{rng.getrandbits(64):016x}")
        game.phase = PLAY
        game.deal_no = int(view["deal_no"])
        game.dealer = int(view["dealer"])
        game.leader = int(view["leader"])
        game.deals = [dict(d) for d in view["deals"]]
        game.totals = [int(t) for t in view["totals"]]
        game.history = cls.history_of(view)
        game.resigned = [int(seat) for seat in view.get("resigned", ())]
        game.disclose_as(view)
        return game

    @staticmethod
    def history_of(view: Mapping[str, Any]) -> list[tuple[int, Move]]:
        """As `Game.history_of`; a plain play is the shared `PLAY_MOVES` entry (sampling a
        world reads a whole deal's history, so this path is kept lean)."""
        out: list[tuple[int, Move]] = []
        for entry in view["history"]:
            data = entry["move"]
            card = data.get("card")
            if len(data) == 2 and data.get("type") == "play" and isinstance(card, str):
                index = cards.parse(card)
                move = PLAY_MOVES[index] if index is not None else Move.from_json(data)
            else:
                move = Move.from_json(data)
            out.append((int(entry["seat"]), move))
        return out

    # --- persistence --------------------------------------------------------------------

    def to_dict(self) -> JSON:
        out: JSON = {
            **self.state_header(),
            "phase": self.phase,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "hands": [cards.names(h) for h in self.hands],
        }
        if self.stock_size:
            out["stock"] = cards.names(reversed(self.stock))
        out.update(self._play_state())
        out["deals"] = [dict(d) for d in self.deals]
        out["totals"] = list(self.totals)
        if self.game_points_apart:
            out["game_points"] = self._game_points()
        if self.resigned:
            out["resigned"] = list(self.resigned)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        try:
            game = cls.from_header(data)
            game.resigned = [int(seat) for seat in data.get("resigned", ())]
            game.phase = str(data["phase"])
            game.deal_no = int(data["deal_no"])
            game.dealer = int(data["dealer"])
            game.hands = [cards.ints(h) for h in data["hands"]]
            if cls.stock_size:
                game.stock = cards.ints(data["stock"])[::-1]
            game._load_play_state(data)
            game.deals = [dict(d) for d in data["deals"]]
            game.totals = [int(t) for t in data["totals"]]
            saved_points = [int(p) for p in data["game_points"]] if cls.game_points_apart else []
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SetupError(Reason.INVALID_STATE, f"bad {cls.title} state: {exc!r}") from exc
        if (
            game.phase not in PHASES
            or len(game.hands) != game.seats
            or len(game.totals) != len(game.teams())
        ):
            problem: str | None = "wrong shapes"
        else:
            problem = game._state_problem()
        if problem is None and cls.game_points_apart and saved_points != game._game_points():
            problem = "the game points do not follow from the totals"
        if problem is not None:
            raise SetupError(Reason.INVALID_STATE, f"bad {cls.title} state: {problem}")
        return game

    @abstractmethod
    def _play_state(self) -> JSON:
        """The game's own saved fields, between the hands (and stock) and the deal records."""

    @abstractmethod
    def _load_play_state(self, data: Mapping[str, Any]) -> None:
        """Read back what `_play_state` wrote; a KeyError, TypeError, ValueError or IndexError
        is a bad state."""

    def _state_problem(self) -> str | None:
        """What makes a loaded state impossible, beyond the shapes every trick game checks."""
        return None

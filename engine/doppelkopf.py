"""Doppelkopf: four players, hidden Re and Kontra parties, wedding, announcements
(rules: docs/rules/doppelkopf.md).

Layout: constants and card tables, trick resolution and scoring (pure functions, so tests can
score bare trick lists), the game's rules on the trick core (`engine.tricks`: the deal, turn,
records, result and the frames of views and saved states are there): the wedding at the deal,
moves, automatic steps, its view and saved fields, then the lean playout path for bots.

Readings where the rules leave room, decided here (DDV tournament rules where they speak):
- Charlie: +1 to the party that wins the last trick when the card taking it is a JC. A JC that
  loses the last trick scores nothing for anybody (the house rule "Charlie caught" is not in the
  seed); of two JC in the last trick the first played takes it and scores the one point.
- Fox: +1 to the party taking a trick for each AD in it played by the other party; an AD taken
  by its own party scores nothing. Doppelkopf: a trick worth 40 or more (only four tens make
  exactly 40).
- Extra points count with the final parties, so tricks before a wedding is settled count too.
  "Against the queens of clubs" is one of the extra points: normal games (and settled weddings)
  only, never in a solo.
- The deal value is signed: base value + winners' extras - losers' extras. At 0 nobody pays;
  below 0 the winners pay the losers (DDV: the balance of the points goes to whichever party
  it favours; "the losers cannot win through the back door" is only a house rule).
- "Under 90" etc. are strict (90 card points is not under 90); "no trick" counts tricks, so a
  party with a trick worth 0 has a trick.
- Announcing: on your turn before your card, with 12 or 11 cards in hand, once per party, never
  in a wedding deal (not even once the wedding is settled: the seed says none in a wedding deal).
- Wedding: the first of tricks 1-3 won by another player, whatever was led, makes the partner.
  While it is open only the wedding player's party is known, to everybody, the guests included.
- Views show each seat's party when a QC played, an announcement or the wedding revealed it,
  the viewer's own party, and the other two once two of one party are known. All are shown once
  the deal is scored.
- Result: `totals` are the running game points (so `game_points` repeats them); the winners are
  every seat with the highest total, nobody if all four totals are equal.
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine import cards
from engine.protocol import JSON, Deal, Event, Move, MoveError, Option, Reason, SetupError
from engine.tricks import PLAY, PLAY_MOVES, TrickGame
from engine.wire import (
    BOOL,
    CARD_PLAYED,
    COUNT,
    COUNTS_PER_SEAT,
    GAME_OVER_DATA,
    HAND_DEALT,
    INT,
    PER_TEAM,
    SEAT,
    SEAT_LIST,
    TEXT,
    TRICK_DEAL_STARTED,
    TRICK_PLAY,
    Contract,
    array,
    enum,
    nullable,
    obj,
)

SEATS = 4
HAND = 12
TRICKS = 12
DECK: tuple[int, ...] = tuple(cards.INDEX[r + s] for s in cards.SUITS for r in "9TJQKA") * 2
DECK_NAMES: tuple[str, ...] = tuple(cards.NAMES[c] for c in DECK)

_RANK_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
POINTS: tuple[int, ...] = tuple(_RANK_POINTS.get(name[0], 0) for name in cards.NAMES)
"""Card points by card int (240 in the deck)."""

TRUMPS_HIGH_FIRST = ("TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D")
TRUMP = 4
"""The follow class of trumps: trumps are one suit of their own, apart from the four suits."""
_TRUMP_POWER = {name: 100 + len(TRUMPS_HIGH_FIRST) - i for i, name in enumerate(TRUMPS_HIGH_FIRST)}
FOLLOW: tuple[int, ...] = tuple(
    TRUMP if name in _TRUMP_POWER else cards.suit(c) for c, name in enumerate(cards.NAMES)
)
"""The suit a card belongs to for following: 0 C, 1 D (never: all diamonds are trumps), 2 H
(without TH), 3 S, or TRUMP."""
POWER: tuple[int, ...] = tuple(_TRUMP_POWER.get(name, "9KTA".find(name[0])) for name in cards.NAMES)
"""Strength within the follow class; every trump beats every plain card."""

QC = cards.INDEX["QC"]
AD = cards.INDEX["AD"]
JC = cards.INDEX["JC"]

RE, KONTRA = 0, 1
PARTY_NAMES = ("re", "kontra")
CALLS = ("Re", "Kontra")
ANNOUNCE = Move("announce")


# --- tricks and scoring -------------------------------------------------------------------


def trick_winner(played: Sequence[int]) -> int:
    """Index of the card taking the trick: the highest trump, else the highest card of the suit
    led. The comparison is strict, so of two identical cards the first played wins (TH too)."""
    led = FOLLOW[played[0]]
    best, top = 0, POWER[played[0]]
    for i in range(1, len(played)):
        card = played[i]
        follow = FOLLOW[card]
        if follow in (TRUMP, led) and POWER[card] > top:
            best, top = i, POWER[card]
    return best


def playable(hand: Sequence[int], led: int | None) -> list[int]:
    """The cards of `hand` that may be played: those of the led card's follow class if any."""
    if led is None:
        return list(hand)
    want = FOLLOW[led]
    follow = [c for c in hand if FOLLOW[c] == want]
    return follow or list(hand)


Trick = tuple[tuple[tuple[int, int], ...], int]
"""A finished trick: ((seat, card) in order of play, winner seat)."""


def score_deal(
    tricks: Sequence[Trick], re: Sequence[bool], *, solo: bool, announced: Sequence[bool]
) -> JSON:
    """Score a finished deal from its tricks and final parties; pure, so tests can call it.

    `re[seat]` is the seat's party, `announced` is (Re announced, Kontra announced). Winner, value
    and extra points as the rules say; see the module docstring for the readings decided here.
    """
    points = [0, 0]
    taken = [0, 0]
    extras: list[list[str]] = [[], []]
    last = len(tricks) - 1
    for i, (plays, winner) in enumerate(tricks):
        side = RE if re[winner] else KONTRA
        worth = sum(POINTS[c] for _, c in plays)
        points[side] += worth
        taken[side] += 1
        if solo:
            continue
        if worth >= 40:
            extras[side].append("doppelkopf")
        for seat, card in plays:
            if card == AD and re[seat] != re[winner]:
                extras[side].append("fox")
        if i == last == TRICKS - 1 and dict(plays)[winner] == JC:
            extras[side].append("charlie")
    only_kontra = announced[KONTRA] and not announced[RE]
    win = RE if points[RE] >= 121 or (points[RE] == 120 and only_kontra) else KONTRA
    lose = 1 - win
    if not solo and win == KONTRA:
        extras[KONTRA].append("against_the_queens")
    parts: dict[str, int] = {"won": 1}
    for limit in (90, 60, 30):
        if points[lose] < limit:
            parts[f"under_{limit}"] = 1
    if taken[lose] == 0:
        parts["no_trick"] = 1
    calls = sum(1 for a in announced if a)
    if calls:
        parts["announcements"] = 2 * calls
    if extras[win]:
        parts["extras_won"] = len(extras[win])
    if extras[lose]:
        parts["extras_lost"] = -len(extras[lose])
    value = sum(parts.values())
    results = [0] * SEATS
    for seat in range(SEATS):
        side = RE if re[seat] else KONTRA
        sign = 1 if side == win else -1
        factor = 3 if solo and side == RE else 1
        results[seat] = sign * factor * value
    return {
        "re": [s for s in range(SEATS) if re[s]],
        "kontra": [s for s in range(SEATS) if not re[s]],
        "solo": solo,
        "announced": [PARTY_NAMES[p] for p in (RE, KONTRA) if announced[p]],
        "points": {"re": points[RE], "kontra": points[KONTRA]},
        "tricks": {"re": taken[RE], "kontra": taken[KONTRA]},
        "winner": PARTY_NAMES[win],
        "value_parts": parts,
        "extras": {"re": extras[RE], "kontra": extras[KONTRA]},
        "value": value,
        "score": results,
    }


# --- the wire contract (`engine.wire`) ----------------------------------------------------

PARTY = enum(PARTY_NAMES)
PER_PARTY = obj({"re": INT, "kontra": INT})
ANNOUNCEMENT = obj({"seat": SEAT, "call": enum(CALLS)})
KIND = enum(["normal", "wedding", "solo"])
DOPPELKOPF_TRICK = obj(
    {"trick_no": COUNT, "plays": array(TRICK_PLAY), "winner": SEAT, "points": COUNT}
)
DOPPELKOPF_DEAL = obj(
    {
        "deal_no": COUNT,
        "dealer": SEAT,
        "kind": KIND,
        "wedding": nullable(SEAT),
        "partner": nullable(SEAT),
        "announcements": array(ANNOUNCEMENT),
        "re": SEAT_LIST,
        "kontra": SEAT_LIST,
        "solo": BOOL,
        "announced": array(PARTY),
        "points": PER_PARTY,
        "tricks": PER_PARTY,
        "winner": PARTY,
        "value_parts": {"type": "object", "additionalProperties": INT},
        "extras": obj({"re": array(TEXT), "kontra": array(TEXT)}),
        "value": INT,
        "score": PER_TEAM,
        "totals": PER_TEAM,
    }
)
CONTRACT = Contract(
    view={
        "leader": nullable(SEAT),
        "trick_no": nullable(COUNT),
        "trick": array(TRICK_PLAY),
        "last_trick": nullable(DOPPELKOPF_TRICK),
        "tricks_won": COUNTS_PER_SEAT,
        "kind": KIND,
        "wedding": nullable(SEAT),
        "partner": nullable(SEAT),
        "announcements": array(ANNOUNCEMENT),
        "parties": array(nullable(PARTY), "Each seat's party, where the caller can know it."),
    },
    seat={"party": nullable(PARTY)},
    deal=DOPPELKOPF_DEAL,
    events={
        "deal_started": TRICK_DEAL_STARTED,
        "hand_dealt": HAND_DEALT,
        "wedding": obj({"seat": SEAT}),
        "announced": obj({"seat": SEAT, "call": enum(CALLS), "party": PARTY}),
        "card_played": CARD_PLAYED,
        "party_revealed": obj({"seat": SEAT, "party": PARTY}),
        "trick_won": DOPPELKOPF_TRICK,
        "wedding_partner": obj({"seat": SEAT, "partner": SEAT}),
        "wedding_failed": obj({"seat": SEAT}),
        "deal_scored": DOPPELKOPF_DEAL,
        "game_over": GAME_OVER_DATA,
    },
)
"""Doppelkopf on the wire: its view and seat fields, deal records and events."""


# --- the game -----------------------------------------------------------------------------


class Doppelkopf(TrickGame[tuple[int, int]]):
    """The trick in play holds (seat, card) pairs."""

    name = "doppelkopf"
    title = "Doppelkopf"
    min_seats = SEATS
    max_seats = SEATS
    hand_size = HAND
    deck = DECK
    stock_size = 0
    game_points_apart = False
    deal_cap = 96
    deal_move_cap = len(DECK) + 2  # every card, and one announcement per party
    options_spec = (
        Option("first_dealer", int, 0, "Seat that deals the first deal.", minimum=0, maximum=3),
        Option(
            "max_deals", int, 8, "Number of deals; the deal passes left.", minimum=1, maximum=96
        ),
    )
    move_shapes = ({"type": "play", "card": "QC"}, {"type": "announce"})
    contract = CONTRACT
    resignation = (
        "Not offered: each deal is settled between parties nobody is told, so a resignation "
        "would concede for an unknown partner; hand the seat to a bot instead."
    )

    def _start_deal(self) -> list[Event]:
        """Two QC in one hand make a wedding, announced to all; else the QC holders are Re."""
        self.tricks: list[Trick] = []
        queens = [h.count(QC) for h in self.hands]
        self.wedding = queens.index(2) if 2 in queens else -1
        """The seat holding both QC, or -1."""
        self.partner = -1
        self.solo = False
        self.re = [q > 0 for q in queens]
        """Final parties; during an unsettled wedding only the wedding player is Re."""
        self.revealed = [s == self.wedding for s in range(SEATS)]
        """Seats whose party everybody knows (a QC played, an announcement, the wedding)."""
        self.announcers = [-1, -1]
        """The seat that announced, per party (Re, Kontra), or -1."""
        return [Event("wedding", {"seat": self.wedding})] if self.wedding >= 0 else []

    # --- the turn -----------------------------------------------------------------------

    def _led(self) -> int | None:
        return self.trick[0][1] if self.trick else None

    def wedding_open(self) -> bool:
        """A wedding whose partner is not found yet (and not failed): parties still open."""
        return self.wedding >= 0 and self.partner < 0 and not self.solo

    def _announce_refusal(self, seat: int) -> str | None:
        """Why `seat` may not announce now, or None if it may (its turn is checked apart)."""
        if self.wedding >= 0:
            return "no announcements in a wedding deal"
        if len(self.hands[seat]) < HAND - 1:
            return "announcements only while you hold 12 or 11 cards"
        party = RE if self.re[seat] else KONTRA
        if self.announcers[party] >= 0:
            return f"{CALLS[party]} has already been announced"
        return None

    def _resign(self, seat: int, events: list[Event]) -> None:
        """No resignation (a reading decided here): the parties change every deal and are
        secret, so giving up would concede a deal for a partner who did not agree, and each
        player's account runs over 8 deals that would settle nothing."""
        raise MoveError(
            Reason.RESIGN_NOT_OFFERED,
            f"{self.title} offers no resignation: it would concede for a partner nobody is told of",
        )

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase != PLAY or seat != self._turn():
            return []
        moves = [PLAY_MOVES[c] for c in sorted(set(playable(self.hands[seat], self._led())))]
        if self._announce_refusal(seat) is None:
            moves.append(ANNOUNCE)
        return moves

    def _apply(self, seat: int, move: Move, events: list[Event] | None) -> None:
        if move.type == "announce":
            if (
                move.card is not None
                or move.call is not None
                or move.cards is not None
                or move.draw is not None
            ):
                raise MoveError(
                    Reason.MALFORMED_MOVE, "an announcement is just {'type': 'announce'}"
                )
            why = self._announce_refusal(seat)
            if why is not None:
                raise MoveError(Reason.ILLEGAL_MOVE, why)
            self._announce(seat, events)
            return
        if move.type != "play":
            raise MoveError(Reason.MALFORMED_MOVE, "Doppelkopf moves are 'play' and 'announce'")
        if move.call is not None or move.cards is not None or move.draw is not None:
            raise MoveError(Reason.MALFORMED_MOVE, "a Doppelkopf play names one 'card' only")
        card = self._held_card(seat, move)
        hand = self.hands[seat]
        led = self._led()
        if (
            led is not None
            and FOLLOW[card] != FOLLOW[led]
            and any(FOLLOW[c] == FOLLOW[led] for c in hand)
        ):
            what = "trump" if FOLLOW[led] == TRUMP else f"{cards.SUITS[FOLLOW[led]]} (plain)"
            raise MoveError(Reason.ILLEGAL_MOVE, f"you must follow suit: {what}")
        self._play(seat, card, events)

    # --- automatic steps ----------------------------------------------------------------

    def _announce(self, seat: int, events: list[Event] | None) -> None:
        party = RE if self.re[seat] else KONTRA
        self.announcers[party] = seat
        self.revealed[seat] = True
        if events is not None:
            data: JSON = {"seat": seat, "call": CALLS[party], "party": PARTY_NAMES[party]}
            events.append(Event("announced", data))

    def _play(self, seat: int, card: int, events: list[Event] | None) -> None:
        """Play a checked card, then settle the trick, the wedding and the deal as they fall due."""
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        reveal = card == QC and not self.revealed[seat]
        if reveal:
            self.revealed[seat] = True
        if events is not None:
            events.append(Event("card_played", {"seat": seat, "card": cards.NAMES[card]}))
            if reveal:
                events.append(Event("party_revealed", {"seat": seat, "party": "re"}))
        if len(self.trick) == SEATS:
            self._finish_trick(events)

    def _finish_trick(self, events: list[Event] | None) -> None:
        plays = tuple(self.trick)
        winner = plays[trick_winner([c for _, c in plays])][0]
        self.tricks.append((plays, winner))
        self.trick = []
        self.leader = winner
        if events is not None:
            events.append(Event("trick_won", _trick_json(len(self.tricks), plays, winner)))
        if self.wedding_open():
            if winner != self.wedding:
                self.partner = winner
                self.re[winner] = True
                self.revealed = [True] * SEATS
                if events is not None:
                    data: JSON = {"seat": self.wedding, "partner": winner}
                    events.append(Event("wedding_partner", data))
            elif len(self.tricks) == 3:
                self.solo = True
                self.revealed = [True] * SEATS
                if events is not None:
                    events.append(Event("wedding_failed", {"seat": self.wedding}))
        if len(self.tricks) == TRICKS:
            self._score_deal(events)

    def _kind(self) -> str:
        return "normal" if self.wedding < 0 else "solo" if self.solo else "wedding"

    def _score_deal(self, events: list[Event] | None) -> None:
        announced = [a >= 0 for a in self.announcers]
        scored = score_deal(self.tricks, self.re, solo=self.solo, announced=announced)
        results: list[int] = scored["score"]
        self.totals = [t + r for t, r in zip(self.totals, results, strict=True)]
        record = self._deal_record(
            {
                "kind": self._kind(),
                "wedding": self.wedding if self.wedding >= 0 else None,
                "partner": self.partner if self.partner >= 0 else None,
                "announcements": self._announcements(),
                **scored,
            }
        )
        self.revealed = [True] * SEATS
        self._file_deal(record, self.deal_no >= self.options["max_deals"], events)

    def _announcements(self) -> list[JSON]:
        return [{"seat": s, "call": CALLS[p]} for p, s in enumerate(self.announcers) if s >= 0]

    # --- result and views ---------------------------------------------------------------

    def known_parties(self, seat: int | None) -> list[str | None]:
        """The parties `seat` can know: revealed ones, its own, and what two known seats of one
        party imply for the other two. Nobody's party is known in an open wedding but the
        wedding player's."""
        known: list[int | None] = [
            (RE if self.re[s] else KONTRA) if self.revealed[s] else None for s in range(SEATS)
        ]
        if self.wedding_open():
            return [PARTY_NAMES[p] if p is not None else None for p in known]
        if seat is not None:
            known[seat] = RE if self.re[seat] else KONTRA
        for party in (RE, KONTRA):
            if known.count(party) == 2:
                known = [p if p is not None else 1 - party for p in known]
        return [PARTY_NAMES[p] if p is not None else None for p in known]

    def _table_view(self, seat: int | None) -> JSON:
        """Parties as `known_parties(seat)` tells them."""
        last = self.tricks[-1] if self.tricks else None
        return {
            "trick_no": len(self.tricks) + 1 if self.phase == PLAY else None,
            "trick": _seat_plays(self.trick),
            "last_trick": _trick_json(len(self.tricks), *last) if last else None,
            "tricks_won": [sum(1 for _, w in self.tricks if w == s) for s in range(SEATS)],
            "kind": self._kind(),
            "wedding": self.wedding if self.wedding >= 0 else None,
            "partner": self.partner if self.partner >= 0 else None,
            "announcements": self._announcements(),
            "parties": self.known_parties(seat),
        }

    def _seat_view(self, seat: int, table: JSON) -> JSON:
        return {"party": table["parties"][seat]}

    # --- persistence --------------------------------------------------------------------

    def _play_state(self) -> JSON:
        return {
            "trick": [[s, cards.NAMES[c]] for s, c in self.trick],
            "leader": self.leader,
            "tricks": [[[[s, cards.NAMES[c]] for s, c in p], w] for p, w in self.tricks],
            "re": list(self.re),
            "revealed": list(self.revealed),
            "wedding": self.wedding,
            "partner": self.partner,
            "solo": self.solo,
            "announcers": list(self.announcers),
        }

    def _load_play_state(self, data: Mapping[str, Any]) -> None:
        self.trick = [(int(s), cards.INDEX[c]) for s, c in data["trick"]]
        self.leader = int(data["leader"])
        self.tricks = [
            (tuple((int(s), cards.INDEX[c]) for s, c in p), int(w)) for p, w in data["tricks"]
        ]
        self.re = [bool(x) for x in data["re"]]
        self.revealed = [bool(x) for x in data["revealed"]]
        self.wedding = int(data["wedding"])
        self.partner = int(data["partner"])
        self.solo = bool(data["solo"])
        self.announcers = [int(x) for x in data["announcers"]]

    def _state_problem(self) -> str | None:
        """Shapes, and every card of the deck in a hand, the trick or a finished trick."""
        if len(self.re) != SEATS or len(self.revealed) != SEATS or len(self.announcers) != 2:
            return "wrong shapes"
        everything = [c for h in self.hands for c in h] + [c for _, c in self.trick]
        everything += [c for plays, _ in self.tricks for _, c in plays]
        if sorted(everything) != sorted(DECK) and (everything or self.deal_no):
            return "not one whole deal"
        return None

    # --- worlds for search ---------------------------------------------------------------

    @classmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Doppelkopf:
        """Uniform over the deals that replay the history legally and show this view.

        Proposal: the unseen cards dealt uniformly among the placements that respect what the
        history proves (a seat that did not follow a class is void in it, trumps one class; a
        seat known Kontra, or anybody but the wedding player in a wedding, holds no QC),
        counted exactly per class (`_deal_hidden`). Each proposal is replayed from the deal's
        start through the rules (`_apply`) and kept only if it shows exactly `view` (parties
        from the QC holders, a wedding's partner, what announcements imply): a uniform proposal
        restricted by rejection stays uniform over the consistent worlds.
        """
        if view.get("phase") != PLAY or view.get("seat") is None:
            raise SetupError(Reason.INVALID_STATE, "worlds are sampled from a seat's view in play")
        me = int(view["seat"])
        history = cls.history_of(view)
        played: list[list[int]] = [[] for _ in range(SEATS)]
        void: list[set[int]] = [set() for _ in range(SEATS)]
        trick: list[tuple[int, int]] = []
        for seat, move in history:
            if move.card is None:
                continue
            card = cards.INDEX[move.card]
            played[seat].append(card)
            if trick and FOLLOW[card] != FOLLOW[trick[0][1]]:
                void[seat].add(FOLLOW[trick[0][1]])
            trick.append((seat, card))
            if len(trick) == SEATS:
                trick = []
        hand = cards.ints(view["hand"])
        unseen = Counter(DECK)
        unseen.subtract(hand)
        unseen.subtract(c for p in played for c in p)
        wedding = view["wedding"]
        others = [s for s in range(SEATS) if s != me]
        allowed = []
        for s in others:
            classes = {k for k in _CLASSES if _FOLLOW_OF[k] not in void[s]}
            no_queen = view["parties"][s] == "kontra" or (wedding is not None and wedding != s)
            allowed.append(classes - {_QC_CLASS} if no_queen else classes)
        sizes = [int(view["hand_sizes"][s]) for s in others]
        for _ in range(_WORLD_TRIES):
            dealt = _deal_hidden(unseen, allowed, sizes, rng)
            start = [list(played[s]) for s in range(SEATS)]
            start[me] += hand
            for s, extra in zip(others, dealt, strict=True):
                start[s] += extra
            game = cls(SEATS, view["options"], f"world-{rng.getrandbits(64):016x}")
            game.deal_no = int(view["deal_no"]) - 1
            game.dealer = (int(view["dealer"]) - 1) % SEATS
            game.deals = [dict(d) for d in view["deals"]]
            game.totals = [int(t) for t in view["totals"]]
            game._next_deal(Deal(tuple(tuple(cards.names(h)) for h in start)))
            try:
                for seat, move in history:
                    game._apply(seat, move, None)
            except MoveError:
                continue
            game.history = history
            game.disclose_as(view)
            if game.view(me) == view:
                return game
        raise SetupError(Reason.INVALID_STATE, "no world is consistent with this view")

    # --- lean path for bots -------------------------------------------------------------

    def playout(self, rng: random.Random) -> tuple[int, ...]:
        """Finish the current deal with random moves and no events; returns its four results.

        Each move is chosen uniformly among the legal moves (the playable cards, plus the
        announcement when it is allowed). Runs on `self`: clone first.
        """
        hands = self.hands
        randbelow = rng.randrange
        while self.phase == PLAY:
            seat = (self.leader + len(self.trick)) % SEATS
            hand = hands[seat]
            options = playable(hand, self.trick[0][1] if self.trick else None)
            n = len(options)
            may_announce = (
                len(hand) >= HAND - 1
                and self.wedding < 0
                and self.announcers[RE if self.re[seat] else KONTRA] < 0
            )
            pick = randbelow(n + 1 if may_announce else n)
            if pick == n:
                self._announce(seat, None)
            else:
                self._play(seat, options[pick], None)
        return self.deal_score()

    def deal_score(self) -> tuple[int, ...]:
        return tuple(self.deals[-1]["score"])


_QC_CLASS = 5
_CLASSES = (0, 2, 3, TRUMP, _QC_CLASS)
"""The classes unseen cards are dealt by in `from_view`: the three plain suits, the trumps but
the QC, and the QC (whose placement the parties constrain)."""
_FOLLOW_OF = {0: 0, 2: 2, 3: 3, TRUMP: TRUMP, _QC_CLASS: TRUMP}
_WORLD_TRIES = 10_000


def _class_of(card: int) -> int:
    return _QC_CLASS if card == QC else FOLLOW[card]


def _deal_hidden(
    unseen: Counter[int], allowed: list[set[int]], sizes: list[int], rng: random.Random
) -> list[list[int]]:
    """Deal the unseen cards to the seats, `sizes[i]` each, each card only to a seat whose
    `allowed` classes hold it, uniformly over every such placement of the physical cards.

    How: the placements are counted class by class (how many cards of the class each seat
    gets, times the ways to choose which: `_ways`), so each class's split is drawn with its
    exact share of the placements left; then the class's cards are shuffled into its split.
    The counts depend only on the class sizes, the allowed classes and the hand sizes, so they
    are cached: a search samples many worlds from one view."""
    by_class: dict[int, list[int]] = {k: [] for k in _CLASSES}
    for card in unseen.elements():
        by_class[_class_of(card)].append(card)
    order = tuple(k for k in _CLASSES if by_class[k])
    counts = tuple(len(by_class[k]) for k in order)
    room = tuple(tuple(k in seat for seat in allowed) for k in order)
    caps = tuple(sizes)
    if _ways(counts, room, caps) == 0:
        raise SetupError(Reason.INVALID_STATE, "no world is consistent with this view")
    hands: list[list[int]] = [[] for _ in sizes]
    for step, k in enumerate(order):
        options = _splits(counts[step], room[step], caps)
        rest_counts, rest_room = counts[step + 1 :], room[step + 1 :]
        weights = [
            _multinomial(counts[step], split) * _ways(rest_counts, rest_room, _less(caps, split))
            for split in options
        ]
        pick = rng.randrange(sum(weights))
        chosen = 0
        while pick >= weights[chosen]:
            pick -= weights[chosen]
            chosen += 1
        split = options[chosen]
        pool = by_class[k]
        rng.shuffle(pool)
        for i, x in enumerate(split):
            hands[i] += pool[:x]
            pool = pool[x:]
        caps = _less(caps, split)
    return hands


@functools.lru_cache(maxsize=4096)
def _ways(
    counts: tuple[int, ...], room: tuple[tuple[bool, ...], ...], caps: tuple[int, ...]
) -> int:
    """Placements of classes of `counts` cards (class i only to seats where `room[i]` is
    True) filling hands of `caps` cards exactly."""
    if not counts:
        return 1 if not any(caps) else 0
    n = counts[0]
    return sum(
        _multinomial(n, split) * _ways(counts[1:], room[1:], _less(caps, split))
        for split in _splits(n, room[0], caps)
    )


@functools.lru_cache(maxsize=4096)
def _splits(n: int, room: tuple[bool, ...], caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to give n cards of one class to the seats that may take them, within caps."""
    if len(caps) == 1:
        return ((n,),) if n <= (caps[0] if room[0] else 0) else ()
    most = min(n, caps[0]) if room[0] else 0
    return tuple((x, *rest) for x in range(most + 1) for rest in _splits(n - x, room[1:], caps[1:]))


def _less(caps: tuple[int, ...], split: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(c - x for c, x in zip(caps, split, strict=True))


def _multinomial(n: int, parts: Sequence[int]) -> int:
    out, left = 1, n
    for x in parts:
        out *= math.comb(left, x)
        left -= x
    return out


def _trick_json(trick_no: int, plays: Sequence[tuple[int, int]], winner: int) -> JSON:
    return {
        "trick_no": trick_no,
        "plays": _seat_plays(plays),
        "winner": winner,
        "points": sum(POINTS[c] for _, c in plays),
    }


def _seat_plays(plays: Sequence[tuple[int, int]]) -> list[JSON]:
    return [{"seat": s, "card": cards.NAMES[c]} for s, c in plays]

"""The heuristic Doppelkopf bot (bots/doppelkopf_heuristic.py): legal, deterministic, sees only
its view, and makes the clear choice in pinned situations (feeding, the fox, cheap ruffs,
announcing). Each situation is played through the engine so the bot gets a real view; the
expected card is worked out by hand in the test's comment."""

from __future__ import annotations

import copy
import random
import time
from collections import Counter
from collections.abc import Mapping

from bots import HEURISTICS, doppelkopf_heuristic
from bots.doppelkopf_heuristic import choose, hand_strength
from engine.doppelkopf import DECK_NAMES, Doppelkopf
from engine.protocol import Deal, Move

SEATS = 4
TRUMPS = {"TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D"}


def follow(card: str) -> str:
    return "T" if card in TRUMPS else card[1]


def deal(pins: Mapping[int, str], voids: Mapping[int, str] | None = None) -> Deal:
    """A full deal with the pinned hands; the rest of the deck is dealt in a fixed order (sorted,
    the two copies of a card half a deck apart), seats with voids (follow classes 'C', 'S', 'H',
    'T') first."""
    hands = {s: pins.get(s, "").split() for s in range(SEATS)}
    rest = sorted((Counter(DECK_NAMES) - Counter(c for h in hands.values() for c in h)).elements())
    rest = rest[::2] + rest[1::2]
    voids = voids or {}
    for seat in sorted(range(SEATS), key=lambda s: -len(voids.get(s, ""))):
        for card in list(rest):
            if len(hands[seat]) < 12 and follow(card) not in voids.get(seat, ""):
                hands[seat].append(card)
                rest.remove(card)
        assert len(hands[seat]) == 12, f"seat {seat} cannot be filled"
    assert not rest and all(h.count("QC") < 2 for h in hands.values()), "no accidental wedding"
    return Deal(hands=tuple(tuple(hands[s]) for s in range(SEATS)))


def game_after(d: Deal, cards: str) -> Doppelkopf:
    """Seat 0 leads the first trick; `cards` are played in turn from there."""
    game = Doppelkopf.new(SEATS, seed="t", options={"first_dealer": 3, "max_deals": 1}, deal=d)
    for card in cards.split():
        (seat,) = game.to_act()
        game.apply(seat, {"type": "play", "card": card})
    return game


def bot_moves(game: Doppelkopf, seeds: int = 20, *, cards_only: bool = True) -> set[str]:
    """What the bot plays in the seat to act, over several generator seeds. With `cards_only`
    an announcement is made and the bot asked again, as a real turn goes on after one."""
    (seat,) = game.to_act()
    out = set()
    for i in range(seeds):
        table = game.clone()
        view = table.view(seat)
        move = choose(view, view["legal_moves"], random.Random(i), 5.0)
        if move["type"] == "announce" and cards_only:
            table.apply(seat, Move.from_json(move))
            view = table.view(seat)
            move = choose(view, view["legal_moves"], random.Random(i), 5.0)
        out.add(move.get("card") or move["type"])
    return out


# --- legal, deterministic, fast, view only ----------------------------------------------------


def test_registered_as_the_doppelkopf_heuristic() -> None:
    assert HEURISTICS["doppelkopf"] is doppelkopf_heuristic.choose


def test_always_a_legal_move_in_random_games_with_the_bot_in_every_seat() -> None:
    moves = 0
    elapsed = 0.0
    for g in range(150):
        game = Doppelkopf.new(SEATS, seed=f"legal:{g}", options={"max_deals": 2})
        while not game.is_over():
            if game.deal_pending():
                game.next_deal()
                continue
            (seat,) = game.to_act()
            view = game.view(seat)
            legal = view["legal_moves"]
            start = time.perf_counter()
            move = choose(view, legal, random.Random(f"{g}:{moves}"), 5.0)
            elapsed += time.perf_counter() - start
            assert move in legal
            game.apply(seat, Move.from_json(move))
            moves += 1
    assert moves >= 150 * 2 * 48
    assert elapsed / moves < 0.005, "under 5 ms a move on average"


def test_deterministic_given_the_generator_and_leaves_the_view_alone() -> None:
    for g in range(30):
        game = Doppelkopf.new(SEATS, seed=f"det:{g}", options={"max_deals": 1})
        rng = random.Random(g)
        while not game.is_over():
            (seat,) = game.to_act()
            view = game.view(seat)
            before = copy.deepcopy(view)
            a = choose(view, view["legal_moves"], random.Random(f"x{g}"), 5.0)
            b = choose(copy.deepcopy(view), view["legal_moves"], random.Random(f"x{g}"), 5.0)
            assert a == b and view == before
            game.apply(seat, Move.from_json(rng.choice(view["legal_moves"])))


def test_hidden_cards_do_not_change_the_choice() -> None:
    # Seat 3's hand and the trick on the table are the same; the other hands are dealt
    # differently (the unplayed cards of seats 0-2 swapped around). The view is all the bot
    # has, so its choice must be identical.
    mine = "QC TS AS 9S AH 9H QD JD 9D KD JH JS"
    a = deal({0: "AC QC", 1: "9C", 2: "KC", 3: mine})
    hidden = [list(h) for h in a.hands]
    # Swap two unplayed non-club, non-QC cards between seats 0 and 2.
    x = next(c for c in hidden[0] if c not in ("AC", "QC") and follow(c) != "C")
    y = next(c for c in hidden[2] if c != "KC" and c != x and follow(c) != "C")
    hidden[0][hidden[0].index(x)], hidden[2][hidden[2].index(y)] = y, x
    b = Deal(hands=tuple(tuple(h) for h in hidden))
    assert sorted(a.hands[3]) == sorted(mine.split()) == sorted(b.hands[3])
    assert a.hands != b.hands
    ga, gb = game_after(a, "AC 9C KC"), game_after(b, "AC 9C KC")
    va, vb = ga.view(3), gb.view(3)
    # The deals' commitments differ (each binds its cards); the bot must not read them.
    vb["deal_commitment"] = va["deal_commitment"]
    assert va == vb
    for i in range(20):
        assert choose(va, va["legal_moves"], random.Random(i), 5.0) == choose(
            vb, vb["legal_moves"], random.Random(i), 5.0
        )


# --- pinned situations ------------------------------------------------------------------------


def test_feeds_a_ten_to_a_known_partner_holding_the_trick_with_the_queen_of_clubs() -> None:
    # Seat 0 leads AC, seat 1 (void in clubs) trumps with QC and so is Re, seat 2 follows 9C.
    # Seat 3 holds the other QC, so it is Re and knows seat 1 is its partner; nobody after it
    # can take the trick. Void in clubs, it feeds the ten (10 points, little worth kept) rather
    # than an ace (worth keeping to win a trick later) or a trump.
    d = deal({0: "AC", 1: "QC", 2: "9C", 3: "QC TS AS 9S AH 9H QD JD 9D KD JH JS"}, voids={1: "C"})
    game = game_after(d, "AC QC 9C")
    view = game.view(3)
    assert view["parties"] == ["kontra", "re", "kontra", "re"]
    assert bot_moves(game) == {"TS"}


def test_does_not_feed_points_to_an_opponent_holding_the_trick() -> None:
    # The same trick, but seat 3 is Kontra (the other QC is seat 0's): seat 1's QC holds the
    # trick for the other party, so seat 3 throws a card worth nothing (a nine).
    d = deal(
        {0: "AC QC", 1: "QC", 2: "9C", 3: "QH TS AS 9S AH 9H QD JD 9D KD JH JS"}, voids={1: "C"}
    )
    game = game_after(d, "AC QC 9C")
    assert game.view(3)["parties"][1] == "re" and game.view(3)["party"] == "kontra"
    assert bot_moves(game) <= {"9S", "9H", "9D"}


def test_keeps_the_fox_out_of_a_trick_the_other_party_holds() -> None:
    # Seat 0 leads QC (so it is Re) and holds the trick; seat 3 is Kontra and must follow
    # trumps with AD or TD. On card points alone AD (11) and TD (10) cost about the same, and
    # TD is the better trump to keep; but AD lost to Re is a fox, a game point: play TD.
    d = deal(
        {0: "QC", 1: "9D", 2: "KD", 3: "AD TD AC TC KC AS TS KS 9S AH KH 9H"},
        voids={3: "T"},
    )
    game = game_after(d, "QC 9D KD")
    assert game.view(3)["parties"][0] == "re" and game.view(3)["party"] == "kontra"
    assert bot_moves(game) == {"TD"}


def test_takes_a_rich_trick_with_its_lowest_trump() -> None:
    # AC, TC, KC are on the table (25 points); seat 3 is void in clubs and plays last. Any
    # trump takes the trick: the 9D does it for free, the high trumps are kept.
    d = deal({0: "AC", 1: "TC", 2: "KC", 3: "9D JH QS TH JC AS 9S KS AH 9H KH TS"})
    game = game_after(d, "AC TC KC")
    assert bot_moves(game) == {"9D"}


def test_follows_with_a_low_trump_when_it_cannot_win() -> None:
    # Seat 0 leads TH (the first TH cannot be beaten); seat 3 must follow trumps and cannot
    # win, so it gives the least: the 9D, not a queen, a jack or the TD.
    d = deal({0: "TH", 1: "9D", 2: "KD", 3: "QS QH JC JS TD 9D AC TC AS TS AH KH"}, voids={3: ""})
    game = game_after(d, "TH 9D KD")
    assert bot_moves(game) == {"9D"}


STRONG = "TH TH QC QS QS QH JC JC AC AS AH 9D"
WEAK = "9C 9C KC 9S 9S KS 9H 9H KH JD KD TD"


def test_announces_with_a_very_strong_hand_and_not_with_a_weak_one() -> None:
    assert hand_strength(STRONG.split()) >= doppelkopf_heuristic.ANNOUNCE_AT
    assert hand_strength(WEAK.split()) < doppelkopf_heuristic.ANNOUNCE_AT
    strong = game_after(deal({0: STRONG}), "")
    assert {"type": "announce"} in strong.view(0)["legal_moves"]
    assert bot_moves(strong, cards_only=False) == {"announce"}
    weak = game_after(deal({0: WEAK}), "")
    assert {"type": "announce"} in weak.view(0)["legal_moves"]
    assert "announce" not in bot_moves(weak, cards_only=False)


def test_plays_a_card_once_its_party_has_announced() -> None:
    game = game_after(deal({0: STRONG}), "")
    game.apply(0, {"type": "announce"})
    view = game.view(0)
    assert {"type": "announce"} not in view["legal_moves"]
    assert bot_moves(game) <= {m["card"] for m in view["legal_moves"]}

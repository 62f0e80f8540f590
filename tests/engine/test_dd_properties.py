"""Property tests: persistence, replay, secrecy of views and events, the lean playout path."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from testkit.dd_scenario import pinned_deal, ref_stored, ref_winner

from engine import cards
from engine.doubleduck import DUCK, SOUP, Doubleduck, trick_winner
from engine.protocol import JSON, Event, Move
from engine.record import load, record_of, replay

SEED_MARK = "s3cr3t-seed"
CARD_NAMES = frozenset(cards.NAMES)
HIDDEN_KEYS = {"hands", "stock", "seed", "waste", "piles"}

# Per-test settings, never a global profile: other suites in the same run keep their own.
GAMES = settings(max_examples=60, deadline=None)


def random_game(
    seed: int, steps: int, *, deal: bool = False, **options: Any
) -> tuple[Doubleduck, list[JSON], list[Event], JSON | None]:
    """A seeded game after `steps` random actions; returns it, its actions and its events."""
    rng = random.Random(seed)
    explicit = pinned_deal(fill_seed=seed) if deal else None
    first_deal = explicit.to_json() if explicit else None
    game = Doubleduck.new(seed=f"{SEED_MARK}-{seed}", options=options, deal=explicit)
    actions: list[JSON] = []
    events: list[Event] = []
    for _ in range(steps):
        if game.is_over():
            break
        if game.deal_pending():
            actions.append({"deal": None})
            events += game.next_deal()
            continue
        (seat,) = game.to_act()
        move = rng.choice(game.legal_moves(seat))
        actions.append({"seat": seat, "move": move.to_json()})
        events += game.apply(seat, move)
    return game, actions, events, first_deal


def canon(game: Doubleduck) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


steps = st.integers(min_value=0, max_value=450)
seeds = st.integers(min_value=0, max_value=10**6)


@GAMES
@given(seed=seeds, n=steps, more=st.integers(min_value=0, max_value=60))
def test_serialise_round_trip_and_continue(seed: int, n: int, more: int) -> None:
    """to_dict -> JSON text -> from_dict gives the same state, which then plays on identically."""
    game, _, _, _ = random_game(seed, n, max_deals=2)
    text = json.dumps(game.to_dict())
    back = Doubleduck.from_dict(json.loads(text))
    assert canon(back) == canon(game)
    assert canon(load(json.loads(text))) == canon(game)  # type: ignore[arg-type]
    assert [back.view(s) for s in (None, 0, 1, 2, 3)] == [game.view(s) for s in (None, 0, 1, 2, 3)]
    rng = random.Random(seed)
    for _ in range(more):
        if game.is_over():
            break
        if game.deal_pending():
            assert [e.to_json() for e in game.next_deal()] == [
                e.to_json() for e in back.next_deal()
            ]
            continue
        (seat,) = game.to_act()
        assert back.legal_moves(seat) == game.legal_moves(seat)
        move = rng.choice(game.legal_moves(seat))
        assert game.apply(seat, move) == back.apply(seat, move)
    assert canon(back) == canon(game)


@GAMES
@given(seed=seeds, n=steps, explicit=st.booleans())
def test_replay_from_the_record(seed: int, n: int, explicit: bool) -> None:
    """(options, seed, first deal, actions) rebuild exactly the same state."""
    game, actions, _, first_deal = random_game(seed, n, deal=explicit, max_deals=2)
    record = json.loads(json.dumps(record_of(game, first_deal, actions)))
    assert canon(replay(record)) == canon(game)


def view_cards(view: JSON) -> Counter[str]:
    """Card names anywhere in a view, except the seat's legal moves (checked apart)."""
    found: Counter[str] = Counter()

    def walk(node: object, key: str = "") -> None:
        if key == "legal_moves":
            return
        if isinstance(node, dict):
            for k, v in node.items():
                assert k not in HIDDEN_KEYS, f"view carries {k!r}"
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and node in CARD_NAMES:
            found[node] += 1

    walk(view)
    return found


def trick_cards(game: Doubleduck) -> Counter[str]:
    """Cards on the table now and in the last trick, and every card played this deal (the
    history): public at a real table."""
    seen = Counter(cards.NAMES[c] for _s, c, _k in game.trick)
    if game.last_trick is not None:
        seen.update(cards.NAMES[c] for _s, c, _k in game.last_trick[0])
    seen.update(move.card for _s, move in game.history if move.card is not None)
    return seen


@GAMES
@given(seed=seeds, n=steps)
def test_views_show_own_hand_and_table_only(seed: int, n: int) -> None:
    game, _, _, _ = random_game(seed, n, max_deals=2)
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        text = json.dumps(view)
        assert SEED_MARK not in text and str(game.seed) not in text
        own = Counter(cards.NAMES[c] for c in game.hands[seat]) if seat is not None else Counter()
        assert view_cards(view) == own + trick_cards(game)
        if seat is None:
            assert "hand" not in view and "legal_moves" not in view
        else:
            assert Counter(view["hand"]) == own
            legal = {m["card"] for m in view["legal_moves"]}
            assert legal == (set(own) if game.to_act() == {seat} else set())
            assert view["hand_sizes"] == [len(h) for h in game.hands]


@GAMES
@given(seed=seeds, n=steps)
def test_events_reach_only_their_seat(seed: int, n: int) -> None:
    """Private events name their own seat and its own cards; public events only played cards."""
    rng = random.Random(seed)
    game = Doubleduck.new(seed=f"{SEED_MARK}-{seed}", options={"max_deals": 2})
    for _ in range(n):
        if game.is_over():
            break
        stock_before = [cards.NAMES[c] for c in reversed(game.stock)]
        if game.deal_pending():
            events = game.next_deal()
        else:
            (seat,) = game.to_act()
            events = game.apply(seat, rng.choice(game.legal_moves(seat)))
        table = set(trick_cards(game))
        for event in events:
            payload = json.dumps(event.to_json())
            assert SEED_MARK not in payload
            for seat in (None, 0, 1, 2, 3):
                assert event.visible(seat) == (event.visible_to in (None, seat))
            if event.visible_to is None:
                named = {v for v in _strings(event.data) if v in CARD_NAMES}
                assert named <= table, (event.type, named - table)
                assert event.type not in ("card_drawn", "hand_dealt")
            else:
                assert event.data["seat"] == event.visible_to
                if event.type == "card_drawn":
                    assert event.data["card"] in stock_before[:4]
                    assert not Counter([event.data["card"]]) - (
                        Counter(cards.NAMES[c] for c in game.hands[event.visible_to])
                        + trick_cards(game)
                    )
                else:
                    assert event.type == "hand_dealt"
                    assert Counter(event.data["cards"]) == Counter(
                        cards.NAMES[c] for c in game.hands[event.visible_to]
                    )


def _strings(node: object) -> list[str]:
    if isinstance(node, dict):
        return [s for v in node.values() for s in _strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return [node] if isinstance(node, str) else []


@GAMES
@given(seed=seeds, n=st.integers(min_value=0, max_value=103), play_seed=seeds)
def test_clone_playout_leaves_original_and_scores_the_deal(
    seed: int, n: int, play_seed: int
) -> None:
    game, _, _, _ = random_game(seed, n, max_deals=1)
    before = canon(game)
    copy = game.clone()
    score = copy.playout(random.Random(play_seed))
    assert canon(game) == before
    assert copy.deal_pending() or copy.is_over()
    assert copy.tricks_done == 26 and not any(copy.hands) and not copy.stock
    record = copy.deals[-1]
    assert score == tuple(record["score"])
    assert score == tuple(record["duck"][s] * record["soup"][s] for s in (0, 1))
    assert 13 <= sum(record["duck"]) <= 52 and 13 <= sum(record["soup"]) <= 52
    assert Counter(c for p in copy.piles for c in p) + Counter(copy.waste) == Counter(
        list(range(52)) * 2
    )
    # The same random stream gives the same playout: bots can rely on their own seeds.
    again = game.clone()
    assert again.playout(random.Random(play_seed)) == score


@st.composite
def tricks(draw: st.DrawFn) -> list[tuple[int, str, str | None]]:
    """Four cards of a two-pack deck, each follower with a call its card allows."""
    deck = [cards.NAMES[c] for c in range(52)] * 2
    idx = draw(st.lists(st.integers(0, 103), min_size=4, max_size=4, unique=True))
    picked = [deck[i] for i in idx]
    plays: list[tuple[int, str, str | None]] = [(0, picked[0], None)]
    doubled = False
    for seat, card in enumerate(picked[1:], start=1):
        options: list[str | None] = [None]
        if card[0] == picked[0][0]:
            options.append("quack")
        if card == picked[0] and not doubled:
            options.append("doubleduck")
        call = draw(st.sampled_from(options))
        doubled = doubled or call == "doubleduck"
        plays.append((seat, card, call))
    return plays


@settings(max_examples=400)
@given(plays=tricks(), course=st.sampled_from(["duck", "soup"]))
def test_trick_winner_matches_reference(
    plays: list[tuple[int, str, str | None]], course: str
) -> None:
    ints = [(s, cards.INDEX[c], {None: 0, "quack": 1, "doubleduck": 2}[k]) for s, c, k in plays]
    assert trick_winner(ints, DUCK if course == "duck" else SOUP) == ref_winner(plays, course)
    assert 1 <= ref_stored(plays) <= 4


def test_moves_round_trip_as_text() -> None:
    for move in (Move("play", "JS"), Move("play", "JS", "quack"), Move("play", "JS", "doubleduck")):
        assert Move.from_json(json.loads(move.text())) == move

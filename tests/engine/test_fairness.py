"""Provably fair deals (engine.fairness): every deal of every game discloses how it was made
and commits to what decided it, the commitment hides the seed and salt until the record
reveals them, a real finished record verifies, and any changed seed, salt, deal, commitment
or dealt hand fails the check.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from engine import GAMES, Deal, Event, Game
from engine.audit import verify
from engine.fairness import CLIENT_SEED, DEALT_BY, HOST_CARDS, SERVER_SHUFFLE
from engine.record import act, record_of, start

NAMES = sorted(GAMES)
OPTIONS: dict[str, dict[str, Any]] = {
    "doubleduck": {"max_deals": 2, "target": 100_000},
    "ducksoup": {"target": 250},
    "duck": {},
    "doppelkopf": {"max_deals": 2},
}
SEED, SALT = "5f1c0a9e7d3b2a184c6e0f9d8b7a6c5e", "c0ffee00badf00d1deadbeef12345678"
HEX64 = re.compile(r"^[0-9a-f]{64}$")
JSON = dict[str, Any]


def first_deal_of(name: str, seed: str = "host") -> JSON:
    """A valid explicit first deal: the cards a shuffle of `seed` lays, as a host would send."""
    cls = GAMES[name]
    state = cls.new(cls.min_seats, seed=seed, options=OPTIONS[name]).to_dict()
    deal: JSON = {"hands": state["hands"], "stock": state.get("stock", [])}
    if "face_up" in state:
        deal["face_up"] = state["face_up"]
    return deal


def shown(events: list[Event], seat: int | None) -> list[JSON]:
    """The events as the events endpoint lists them to `seat` (None: a spectator)."""
    return [{"type": e.type, "data": e.data} for e in events if e.visible(seat)]


def finished(
    name: str,
    *,
    client_seed: bool = False,
    deal: JSON | None = None,
    next_deal: Callable[[Game], JSON | None] = lambda game: None,
    rng_seed: int = 0,
) -> tuple[Game, JSON, list[Event]]:
    """A game played to its end with random legal moves: the game, its record as JSON (as the
    record endpoint sends it) and every event it made."""
    rng = random.Random(rng_seed)
    game, events = start(
        name,
        GAMES[name].min_seats,
        seed=SEED,
        options=OPTIONS[name],
        deal=deal,
        salt=SALT,
        client_seed=client_seed,
    )
    actions: list[JSON] = []
    while not game.is_over():
        action: JSON
        if game.deal_pending():
            action = {"deal": next_deal(game)}
        else:
            (seat,) = game.to_act()
            action = {"seat": seat, "move": rng.choice(game.legal_moves(seat)).to_json()}
        events += act(game, action)
        actions.append(action)
    record = json.loads(json.dumps(record_of(game, deal, actions)))
    return game, record, events


# --- disclosure ------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    ("client_seed", "host", "dealt_by"),
    [(False, False, SERVER_SHUFFLE), (True, False, CLIENT_SEED), (False, True, HOST_CARDS)],
)
def test_each_deal_tells_how_it_was_made_in_its_event_and_in_every_view(
    name: str, client_seed: bool, host: bool, dealt_by: str
) -> None:
    cls = GAMES[name]
    game, events = start(
        name,
        cls.min_seats,
        seed=SEED,
        options=OPTIONS[name],
        deal=first_deal_of(name) if host else None,
        salt=SALT,
        client_seed=client_seed,
    )
    (started,) = [e for e in events if e.type == "deal_started"]
    assert started.visible_to is None, "every seat and every spectator sees it"
    assert started.data["dealt_by"] == dealt_by
    assert HEX64.match(started.data["deal_commitment"])
    for seat in [None, *range(cls.min_seats)]:
        view = game.view(seat)
        assert (view["dealt_by"], view["deal_commitment"]) == (
            dealt_by,
            started.data["deal_commitment"],
        ), seat
    assert game.commitments == [
        {"deal_no": 1, "dealt_by": dealt_by, "deal_commitment": started.data["deal_commitment"]}
    ]


def test_the_commitment_is_the_documented_hash() -> None:
    """docs/fair-deals.md's formulas, so a client in any language can recompute them."""
    game, _ = start("doubleduck", 4, seed=SEED, salt=SALT)
    text = f"{SALT}:doubleduck:{SEED}:1"
    assert game.view(None)["deal_commitment"] == hashlib.sha256(text.encode()).hexdigest()
    deal = first_deal_of("duck")
    game, _ = start("duck", 3, seed=SEED, salt=SALT, deal=deal)
    canonical = json.dumps(deal, sort_keys=True, separators=(",", ":"))
    text = f"{SALT}:duck:{SEED}:1:{canonical}"
    assert game.view(None)["deal_commitment"] == hashlib.sha256(text.encode()).hexdigest()


def test_the_salt_hides_a_guessable_client_seed() -> None:
    """Knowing (or guessing) the seed is not enough to recompute the commitment."""
    with_salt, _ = start("doubleduck", 4, seed="s", salt=SALT, client_seed=True)
    other_salt, _ = start("doubleduck", 4, seed="s", salt="0" * 32, client_seed=True)
    commitment = with_salt.view(None)["deal_commitment"]
    assert commitment != other_salt.view(None)["deal_commitment"]
    for guess in ("doubleduck:s:1", ":doubleduck:s:1", "s"):
        assert commitment != hashlib.sha256(guess.encode()).hexdigest()


@pytest.mark.parametrize("name", NAMES)
def test_nothing_before_the_end_shows_the_seed_the_salt_or_another_hand(name: str) -> None:
    """Every view of every seat and spectator at every step, and every event: no seed, no salt
    (only the record, after the end, holds them); each hand goes to its own seat only."""
    game, record, events = finished(name)
    replayed, _ = start(name, record["seat_count"], seed=SEED, options=record["options"], salt=SALT)
    texts = [json.dumps(e.data) for e in events]
    for action in record["actions"]:
        texts += [json.dumps(replayed.view(seat)) for seat in [None, *range(replayed.seats)]]
        act(replayed, action)
    assert all(SEED not in t and SALT not in t for t in texts)
    assert all(e.visible_to == e.data["seat"] for e in events if e.type == "hand_dealt")
    numbers = [c["deal_commitment"] for c in game.commitments]
    assert len(set(numbers)) == len(numbers) > 1, "every deal has its own commitment"


# --- verifying ------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("mode", [SERVER_SHUFFLE, CLIENT_SEED, HOST_CARDS])
def test_a_finished_game_verifies_for_every_seat_and_spectator(name: str, mode: str) -> None:
    game, record, events = finished(
        name,
        client_seed=mode == CLIENT_SEED,
        deal=first_deal_of(name) if mode == HOST_CARDS else None,
    )
    assert game.commitments[0]["dealt_by"] == mode
    assert verify(record) == []
    assert verify({"id": "g", "version": 1, "status": "over", "record": record}) == []
    for seat in [None, *range(game.seats)]:
        assert verify(record, shown(events, seat)) == [], seat


def test_a_host_deal_between_deals_is_disclosed_and_verifies() -> None:
    later = Deal.from_json(first_deal_of("doubleduck", seed="second"))
    game, record, events = finished("doubleduck", next_deal=lambda g: later.to_json())
    assert [c["dealt_by"] for c in game.commitments] == [SERVER_SHUFFLE, HOST_CARDS]
    assert verify(record, shown(events, 0)) == []
    changed = copy.deepcopy(record)
    deal = next(a["deal"] for a in changed["actions"] if "deal" in a)
    deal["hands"][0][0], deal["hands"][1][0] = deal["hands"][1][0], deal["hands"][0][0]
    problems = verify(changed)
    assert any(p.startswith("deal 2: the record says deal_commitment") for p in problems)


def tampered(record: JSON, change: Callable[[JSON], None]) -> JSON:
    out = copy.deepcopy(record)
    change(out)
    return out


def swap_first_cards(deal: JSON) -> None:
    """Swap the first cards of seats 0 and 1 (a different deal of the same cards)."""
    hands = deal["hands"]
    assert hands[0][0] != hands[1][0]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]


CHANGES: dict[str, Callable[[JSON], None]] = {
    "seed": lambda r: r.update(seed=r["seed"] + "x"),
    "salt": lambda r: r.update(salt="0" * 32),
    "commitment": lambda r: r["commitments"][-1].update(deal_commitment="0" * 64),
    "dealt_by": lambda r: r["commitments"][0].update(dealt_by=CLIENT_SEED),
    "client_seed": lambda r: r.update(client_seed=True),
    "a deal dropped": lambda r: r["commitments"].pop(),
}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("what", sorted(CHANGES))
def test_a_changed_record_fails(name: str, what: str) -> None:
    _, record, _ = finished(name)
    assert verify(tampered(record, CHANGES[what])) != []


@pytest.mark.parametrize("name", NAMES)
def test_a_changed_host_deal_fails(name: str) -> None:
    _, record, _ = finished(name, deal=first_deal_of(name))
    changed = tampered(record, lambda r: swap_first_cards(r["deal"]))
    problems = verify(changed)
    assert any(p.startswith("deal 1: the record says deal_commitment") for p in problems)


@pytest.mark.parametrize("name", NAMES)
def test_a_hand_or_commitment_the_record_does_not_reproduce_fails(name: str) -> None:
    """What a seat was shown against the record: the server dealt it other cards than the
    revealed seed deals, or showed it another commitment than the record states."""
    _, record, events = finished(name)
    mine = shown(events, 0)
    hand = next(e for e in mine if e["type"] == "hand_dealt")
    other = next(
        c for c in first_deal_of(name, seed="other")["hands"][0] if c not in hand["data"]["cards"]
    )
    changed_hand = copy.deepcopy(mine)
    entry = next(e for e in changed_hand if e["type"] == "hand_dealt")
    entry["data"] = {**entry["data"], "cards": [other, *entry["data"]["cards"][1:]]}
    assert any("seat 0's hand is not the one the record deals" in p
               for p in verify(record, changed_hand))  # fmt: skip
    changed_start = copy.deepcopy(mine)
    entry = [e for e in changed_start if e["type"] == "deal_started"][-1]
    entry["data"] = {**entry["data"], "deal_commitment": "f" * 64}
    problems = verify(record, changed_start)
    assert any("you were shown deal_commitment" in p for p in problems)


def test_a_record_that_does_not_replay_fails_with_a_message() -> None:
    _, record, _ = finished("doubleduck")
    broken = tampered(record, lambda r: r["actions"][0]["move"].update(card="XX"))
    assert any(p.startswith("the record does not replay") for p in verify(broken))
    assert verify({"game": "doubleduck"})[0].startswith("not a record with commitments")


def test_the_catalog_documents_every_way_a_deal_is_made() -> None:
    for cls in GAMES.values():
        assert cls.catalog()["dealt_by"] == [{"name": k, "doc": v} for k, v in DEALT_BY.items()]
    assert set(DEALT_BY) == {SERVER_SHUFFLE, CLIENT_SEED, HOST_CARDS}

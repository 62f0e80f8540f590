"""The deprecated explicit deal `{hands, stock, face_up}` is read as the same deal as `{cards}`
(same cards to the same seats, same commitment), answered with the deprecation headers; and a
word that is no call is malformed (422) whatever the state, while a call the rules refuse
stays 409."""

from __future__ import annotations

import re
from email.utils import parsedate_to_datetime
from types import SimpleNamespace
from typing import Any

import pytest
from flask.testing import FlaskClient
from testkit.svc_helpers import API, auth, flat, pinned_deal
from werkzeug.test import TestResponse

import service.tables.create
from engine import GAMES

DEPRECATION_HEADERS = ("Deprecation", "Sunset", "Link")


def js(response: TestResponse) -> Any:
    """A JSON answer's body (typed for the checks that index it)."""
    return response.get_json()


@pytest.fixture(autouse=True)
def one_salt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game of these tests gets the same salt (create.py draws only the seed, given
    here, and the salt from `secrets`), so two games of one deal have one commitment."""
    monkeypatch.setattr(
        service.tables.create, "secrets", SimpleNamespace(token_hex=lambda n: "5a" * n)
    )


def create(client: FlaskClient, deal: dict[str, Any] | None, game: str = "doubleduck",
           seats: int = 4) -> Any:  # fmt: skip
    body: dict[str, Any] = {"game": game, "seats": [{}] * seats, "seed": "compat-seed"}
    if deal is not None:
        body["deal"] = deal
    return client.post(f"{API}/games", json=body)


def dealt(answer: dict[str, Any]) -> tuple[Any, ...]:
    """What a deal decides and discloses: each seat's hand and the deal's commitment."""
    view = answer["view"]
    started = [e for e in answer.get("events", []) if e["type"] == "deal_started"]
    return view.get("deal_commitment"), view.get("dealt_by"), started and started[-1]["data"]


def hands_of(client: FlaskClient, created: dict[str, Any]) -> list[list[str]]:
    out = []
    for seat in created["seats"]:
        r = client.get(f"{API}/games/{created['id']}", headers=auth(seat["token"]))
        out.append(js(r)["view"]["hand"])
    return out


def duck_deal() -> dict[str, Any]:
    """A whole Duck deal for 3 seats as the record holds it (hands, face_up, stock)."""
    game = GAMES["duck"](3, {}, "compat-seed")
    shape = game.deal_shape()
    return game.deal_of(list(shape.deck)).to_json()


@pytest.mark.parametrize("game,seats", [("doubleduck", 4), ("duck", 3)])
def test_the_old_creation_deal_is_the_same_deal_with_the_deprecation_headers(
    client: FlaskClient, game: str, seats: int
) -> None:
    old = pinned_deal({0: "JS 4H"}) if game == "doubleduck" else duck_deal()
    new = create(client, flat(old), game, seats)
    was = create(client, old, game, seats)
    assert new.status_code == was.status_code == 201, (new.json, was.json)
    assert hands_of(client, js(new)) == hands_of(client, js(was))
    assert sorted(hands_of(client, js(was))[0]) == sorted(old["hands"][0])
    assert js(new)["view"]["deal_commitment"] == js(was)["view"]["deal_commitment"]
    assert js(was)["view"]["dealt_by"] == "host_cards"
    for name in DEPRECATION_HEADERS:
        assert name not in new.headers, name
    assert re.fullmatch(r"@[0-9]+", was.headers["Deprecation"])
    sunset = parsedate_to_datetime(was.headers["Sunset"])
    assert (sunset.timestamp() - int(was.headers["Deprecation"][1:])) >= 180 * 86400
    assert was.headers["Link"].startswith("</docs/changelog#")
    assert 'rel="deprecation"' in was.headers["Link"]
    changelog = client.get(was.headers["Link"][1:].split(">")[0].split("#")[0])
    assert changelog.status_code == 200 and b"deal" in changelog.data


def to_deal_pending(client: FlaskClient, created: dict[str, Any]) -> None:
    """Play a Duck Soup game's first deal out with each seat's first legal move."""
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    for _ in range(500):
        pub = js(client.get(f"{API}/games/{created['id']}"))
        if pub["status"] == "deal_pending":
            return
        seat = pub["view"]["to_act"][0]
        view = js(client.get(f"{API}/games/{created['id']}", headers=auth(tokens[seat])))
        move = view["view"]["legal_moves"][0]
        r = client.post(
            f"{API}/games/{created['id']}/moves", json={"move": move}, headers=auth(tokens[seat])
        )
        assert r.status_code == 200, r.json
    raise AssertionError("the deal did not end")


def test_the_old_host_deal_is_the_same_deal_with_the_deprecation_headers(
    client: FlaskClient,
) -> None:
    """The host's next deal in both forms, on two games played to the same point."""
    game = GAMES["ducksoup"](2, {}, "compat-seed")
    cards = list(reversed(game.deal_shape().deck))
    answers = []
    for deal in ({"cards": cards}, game.deal_of(cards).to_json()):
        created = js(client.post(
            f"{API}/games",
            json={"game": "ducksoup", "seats": [{}, {}], "seed": "compat-seed",
                  "options": {"auto_deal": False}},
        ))  # fmt: skip
        to_deal_pending(client, created)
        r = client.post(
            f"{API}/games/{created['id']}/deal",
            json={"deal": deal},
            headers=auth(created["host_token"]),
        )
        assert r.status_code == 200, r.json
        answers.append((r, hands_of(client, created)))
    (new, new_hands), (old, old_hands) = answers
    assert new_hands == old_hands
    assert sorted(old_hands[0]) == sorted(game.deal_of(cards).hands[0])
    assert js(new)["view"]["deal_commitment"] == js(old)["view"]["deal_commitment"]
    assert js(old)["view"]["dealt_by"] == "host_cards"
    assert all(name not in new.headers for name in DEPRECATION_HEADERS)
    assert all(name in old.headers for name in DEPRECATION_HEADERS)


@pytest.mark.parametrize(
    "deal",
    [
        {"hands": [["JS"] * 13] * 4, "stock": []},  # not the game's cards
        {"hands": "JS"},  # not a list of hands
        {"hands": [[1, 2]]},  # not cards
        {"stock": ["JS"]},  # no hands
        {"hands": [], "stock": []},  # no hands
        {"hands": [["JS"]], "cards": ["JS"]},  # both forms
        {"hands": [["JS"]], "pile": ["JS"]},  # an unknown field
    ],
)
def test_the_old_forms_invalid_variants_are_422(client: FlaskClient, deal: Any) -> None:
    r = create(client, deal)
    assert r.status_code == 422, r.json
    assert js(r)["errors"]["reason"] in ("validation_error", "invalid_deal")
    assert all(name not in r.headers for name in DEPRECATION_HEADERS)


def test_an_old_deal_of_another_shape_is_refused_not_resplit(client: FlaskClient) -> None:
    """The right 104 cards as 3 hands of 20 and a longer stock: one list would deal them to 4
    seats of 13, other hands than the host wrote, so it is refused."""
    deal = pinned_deal()
    every = [c for hand in deal["hands"] for c in hand] + deal["stock"]
    odd = {"hands": [every[0:20], every[20:40], every[40:60]], "stock": every[60:]}
    r = create(client, odd)
    assert r.status_code == 422 and js(r)["errors"]["reason"] == "invalid_deal", r.json


def test_unknown_call_is_422_naming_the_field(client: FlaskClient) -> None:
    created = js(create(client, flat(pinned_deal({0: "JS 4H", 1: "QS"}))))
    for seat in created["seats"]:
        # Whoever it is, and whatever the state (not its turn, or its turn): 422.
        r = client.post(
            f"{API}/games/{created['id']}/moves",
            json={"move": {"type": "play", "card": "JS", "call": "honk"}},
            headers=auth(seat["token"]),
        )
        assert r.status_code == 422, (seat["seat"], r.json)
        assert js(r)["errors"]["reason"] == "validation_error"
        assert "call" in js(r)["message"]
        assert js(r)["errors"]["fields"] == {"json": {"move": {"call": ["Not a call."]}}}


@pytest.mark.parametrize("call", ["quack", "Quack-quack!", "doubleduck", " quack "])
def test_a_call_the_rules_refuse_here_stays_409(client: FlaskClient, call: str) -> None:
    """The leader may not call: a call's word is well formed, the state refuses it."""
    created = js(create(client, flat(pinned_deal())))
    leader = js(client.get(f"{API}/games/{created['id']}"))["view"]["to_act"][0]
    token = next(s["token"] for s in created["seats"] if s["seat"] == leader)
    card = js(client.get(f"{API}/games/{created['id']}", headers=auth(token)))["view"]["hand"][0]
    r = client.post(
        f"{API}/games/{created['id']}/moves",
        json={"move": {"type": "play", "card": card, "call": call}},
        headers=auth(token),
    )
    assert r.status_code == 409 and js(r)["errors"]["reason"] == "illegal_call", r.json

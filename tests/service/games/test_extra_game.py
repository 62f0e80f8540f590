"""A game that lives only in the tests (`extra_game.Highcard`) is served once it is registered:
one `register` line, nothing of it written in the service. The catalog lists it, the spec of an
app created after it has its components (moves, options, deal record, view, creation and match
bodies, and its views and events in the answers' unions), and it is played through the API:
views show only the seat's own hand, legal moves are taken and others refused, events are
listed, and the random bot plays a seat. Unregistered after the test, so nothing else sees it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from test_contract import check, closed
from testkit.extra_game import Highcard
from testkit.svc_helpers import API, Table, auth

from engine import GAMES, register
from engine.record import replay
from service.games import contract
from service.wiring import Layers

URI = "urn:duckpond:extra"


@pytest.fixture()
def highcard() -> Iterator[type[Highcard]]:
    register(Highcard)
    try:
        yield Highcard
    finally:
        GAMES.pop(Highcard.name, None)
        contract.components()  # the unions of views and events without it again


def spec_of(app: Flask) -> dict[str, Any]:
    answer = app.test_client().get("/openapi.json")
    assert answer.status_code == 200
    return dict(answer.json or {})


def validators(spec: dict[str, Any]) -> Callable[[str], Draft202012Validator]:
    """A closed validator of a component of this app's own spec, by name."""
    resource = Resource.from_contents(closed(spec), default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource(URI, resource)

    def of(name: str) -> Draft202012Validator:
        return Draft202012Validator(
            {"$ref": f"{URI}#/components/schemas/{name}"}, registry=registry
        )

    return of


def test_an_extra_game_is_served_from_its_registry_line(
    highcard: type[Highcard], make_app: Callable[..., Flask]
) -> None:
    app = make_app()
    client = app.test_client()

    # The catalog lists it, with the bot that plays any game.
    catalog = {g["name"]: g for g in client.get(f"{API}/catalog").json["games"]}
    assert list(catalog)[-1] == "highcard"
    assert catalog["highcard"]["title"] == "Highcard"
    assert catalog["highcard"]["bots"] == ["random"]
    assert (
        "highcard"
        in {b["name"]: b for b in client.get(f"{API}/bots").json["bots"]}["random"]["games"]
    )

    # The spec of this app has its components, and its views and events in the unions.
    spec = spec_of(app)
    schemas = spec["components"]["schemas"]
    for name in ("HighcardPlayMove", "HighcardOptions", "HighcardDeal", "HighcardView",
                 "HighcardGameIn", "HighcardMatchIn"):  # fmt: skip
        assert name in schemas, name
    assert schemas["HighcardView"]["properties"]["tricks_won"]["type"] == "array"
    view_union = schemas["GameOut"]["properties"]["view"]
    assert view_union["discriminator"]["mapping"]["highcard"].endswith("/HighcardView")
    assert "Highcard" in schemas["TrickWonData"]["description"]
    assert "Highcard" in schemas["DealRecord"]["description"]
    component = validators(spec)

    # A game: seat 0 a human, seat 1 the random bot; seat 0 leads (seat 1 deals).
    table = Table.create(
        client, game="highcard", seats=[{}, {"bot": "random"}], options={"first_dealer": 1}
    )
    assert table.created["seats"][1]["bot"] == "random"
    human = table.seat(0)
    layers: Layers = app.extensions["duckpond"]
    mine = human.view()["view"]["hand"]
    theirs = sorted(set(highcard(2, {}, "spec").deal_shape().deck) - set(mine))
    assert len(mine) == len(theirs) == 4  # no stock: the bot holds the rest

    public = table.public()["view"]
    check(component("HighcardView"), public, "public view")
    assert "hand" not in public and public["hand_sizes"] == [4, 4]
    assert public["to_act"] == [0]

    moves = 0
    while True:
        state = table.public()
        if state["view"]["phase"] != "play":
            break
        if state["view"]["to_act"] == [1]:
            assert layers.tables.bot_turn(table.gid, 1, state["version"]) == "moved"
            moves += 1
            continue
        view = human.view()["view"]
        check(component("HighcardView"), view, "seat view")
        assert set(view["hand"]) <= set(mine)  # its own hand, never the other's
        legal = view["legal_moves"]
        assert human.refused(theirs[0]) == (409, "card_not_in_hand")  # the bot's card
        off_suit = [c for c in view["hand"] if {"type": "play", "card": c} not in legal]
        if off_suit:  # a card held but not of the suit led, where one is
            assert human.refused(off_suit[0]) == (409, "illegal_move")
        assert human.refused("2C")[0] in (409, 422)  # a card of no Highcard deck
        changed = human.post_move(legal[0])
        assert changed.status_code == 200, changed.json
        for event in changed.json["events"]:
            check(component(f"{contract.camel(event['type'])}Event"), event, event["type"])
        moves += 1
    assert moves == 8

    # Events: the seat's own hand, never the other's; every one by the spec of this app.
    events = client.get(f"{API}/games/{table.gid}/events", headers=auth(human.token)).json
    kinds = [e["type"] for e in events["events"]]
    for kind in ("game_created", "deal_started", "hand_dealt", "card_played", "trick_won",
                 "deal_scored", "game_over"):  # fmt: skip
        assert kind in kinds, kind
    hands = [e for e in events["events"] if e["type"] == "hand_dealt"]
    assert [e["data"]["seat"] for e in hands] == [0]
    for event in events["events"]:
        check(component(f"{contract.camel(event['type'])}Event"), event, event["type"])
    assert kinds.count("card_played") == 8 and kinds.count("trick_won") == 4

    # Over: the score and the record, which replays to the same game.
    score = client.get(f"{API}/games/{table.gid}/score").json
    assert score["over"] and sum(score["totals"]) == 4
    check(component("HighcardDeal"), score["deals"][0], "deal record")
    record = client.get(f"{API}/games/{table.gid}/record").json["record"]
    assert replay(record).result().totals == tuple(score["totals"])


def test_the_extra_game_is_gone_once_unregistered(make_app: Callable[..., Flask]) -> None:
    """Without the registry line the service knows nothing of it (the fixture's cleanup)."""
    app = make_app()
    client = app.test_client()
    assert "highcard" not in {g["name"] for g in client.get(f"{API}/catalog").json["games"]}
    assert "HighcardView" not in spec_of(app)["components"]["schemas"]
    answer = client.post(f"{API}/games", json={"game": "highcard", "seats": [{}, {}]})
    assert answer.status_code in (400, 422)

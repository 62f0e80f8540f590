"""The games' typed contract in the spec (`service.games.contract`) tells the truth: real views and
events of seeded random games of every game validate against the spec's own JSON Schemas, held
closed here (a field the spec does not name fails), while the spec itself stays open for
clients (v1 grows by adding)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from engine import GAMES, Event
from engine.record import act
from engine.record import start as start_game
from service.games.bodies import event_entry, event_out
from service.games.contract import EVENT_DATA, SEAT_FIELDS, SERVICE_EVENTS, camel, title

ROOT = Path(__file__).resolve().parents[3]
SPEC_URI = "urn:duckpond:openapi"
SEEDS = range(3)
SAMPLE_EVERY = 7
"""Views are checked at every 7th step (and at each deal's start and end): Duck's legal moves
run to hundreds, and every step would cost seconds for no more coverage."""


def closed(schema: Any) -> Any:
    """`schema` with every object closed to fields it does not list (the test's strictness)."""
    if isinstance(schema, dict):
        out = {k: closed(v) for k, v in schema.items()}
        if "properties" in out and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(schema, list):
        return [closed(v) for v in schema]
    return schema


@cache
def registry() -> Registry[Any]:
    """The committed spec, closed, as the one resource `$ref`s point into."""
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    resource = Resource.from_contents(closed(spec), default_specification=DRAFT202012)
    return Registry().with_resource(SPEC_URI, resource)


def validator(schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator(closed(schema), registry=registry())


@cache
def component(name: str) -> Draft202012Validator:
    return validator({"$ref": f"{SPEC_URI}#/components/schemas/{name}"})


def check(v: Draft202012Validator, value: Any, where: str) -> None:
    errors = sorted(v.iter_errors(value), key=lambda e: list(e.path))
    assert not errors, f"{where}: {errors[0].message} at {list(errors[0].path)}"


def games(name: str) -> Iterator[tuple[Any, list[Event], bool]]:
    """(game, events of the step, step at a deal boundary) along seeded random games."""
    cls = GAMES[name]
    for i in SEEDS:
        seats = cls.min_seats + i % (cls.max_seats - cls.min_seats + 1)
        game, events = start_game(name, seats, seed=f"contract-{i}")
        rng = random.Random(i)
        yield game, events, True
        while not game.is_over():
            if game.deal_pending():
                yield game, act(game, {"deal": None}), True
                continue
            (seat,) = game.to_act()
            move = rng.choice(game.legal_moves(seat)).to_json()
            events = act(game, {"seat": seat, "move": move})
            yield game, events, game.deal_pending() or game.is_over()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_views_and_events_of_random_games_match_the_spec(name: str) -> None:
    view = component(f"{title(name)}View")
    own = {kind: validator(schema) for kind, schema in EVENT_DATA[name].items()}
    seat_only = {"seat", "hand", "legal_moves", *SEAT_FIELDS[name]}
    kinds: set[str] = set()
    for step, (game, events, boundary) in enumerate(games(name)):
        for event in events:
            kinds.add(event.type)
            out = event_out(event_entry(event, step), step + 1)
            check(component(f"{camel(event.type)}Event"), out, f"{name} {event.type}")
            check(own[event.type], event.data, f"{name} {event.type} (this game's own)")
        if step % SAMPLE_EVERY and not boundary:
            continue
        public = game.view(None)
        check(view, public, f"{name} public view")
        assert not seat_only & set(public), "a public view has no seat's fields"
        for seat in range(game.seats):
            mine = game.view(seat)
            check(view, mine, f"{name} view of seat {seat}")
            assert seat_only <= set(mine), f"a seat's view has {sorted(seat_only - set(mine))}"
    assert {"deal_started", "deal_scored", "game_over"} <= kinds, "the games reach their ends"


def test_the_service_event_and_every_game_event_is_in_the_spec() -> None:
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    schemas = spec["components"]["schemas"]
    for kind in [*SERVICE_EVENTS, *(k for events in EVENT_DATA.values() for k in events)]:
        assert f"{camel(kind)}Event" in schemas, kind
    created = {"game": "duck", "seat_count": 3, "bots": [None, "random", None]}
    check(component("GameCreatedEvent"), {"n": 1, "version": 0, "type": "game_created",
                                          "data": created}, "game_created")  # fmt: skip


def test_a_closed_check_does_catch_a_field_the_spec_does_not_name() -> None:
    """A guard on the guard: an unknown field or a wrong type fails the checks above."""
    game, _ = start_game("doubleduck", 4, seed="guard")
    wrong = copy.deepcopy(game.view(1))
    wrong["surprise"] = 1
    assert list(component("DoubleduckView").iter_errors(wrong))
    wrong = copy.deepcopy(game.view(1))
    wrong["legal_moves"][0]["card"] = 7
    assert list(component("DoubleduckView").iter_errors(wrong))


def test_every_example_in_the_spec_matches_its_schema() -> None:
    """The examples a reader copies from are real answers (games' views come from the engine)."""
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    seen = 0
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method == "parameters":
                continue
            bodies = [("request", op.get("requestBody", {}))]
            bodies += [(code, answer) for code, answer in op.get("responses", {}).items()]
            for where, body in bodies:
                media = body.get("content", {}).get("application/json", {})
                if "example" in media and "schema" in media:
                    seen += 1
                    check(validator(_pointed(media["schema"])), media["example"],
                          f"{method.upper()} {path} {where}")  # fmt: skip
    assert seen > 20


def _pointed(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with its `#/...` references pointing into the registry's spec."""
    text = json.dumps(schema).replace('"#/components/', f'"{SPEC_URI}#/components/')
    return dict(json.loads(text))

"""The rules pages under docs/rules/ keep up with the engine.

For every registered game its page must exist and name every option (with its default and
limits on the option's own table row), show every move shape as the exact JSON the engine
takes, name every event type the engine can emit with every data field it carries, and name
every reason code the game can raise. Event types come from seeded random games played
through the protocol and from the `Event("...")` literals in the game's module; reasons from
the `Reason.X` raised in the module and in the protocol every game goes through.
"""

from __future__ import annotations

import inspect
import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from testkit.random_play import random_actions

from engine import GAMES, Event, Game, Move, Reason, protocol
from engine.record import act
from engine.record import start as start_game

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
NAMES = sorted(GAMES)
SEEDS = range(4)
STEPS = 4000

EVENT_LITERAL = re.compile(r'Event\(\s*"([a-z_]+)"')
REASON_USE = re.compile(r"Reason\.([A-Z_]+)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")


def page(name: str) -> str:
    return (RULES / f"{name}.md").read_text(encoding="utf-8")


def spans(text: str) -> set[str]:
    """Everything written in backticks on a page."""
    return set(CODE_SPAN.findall(text))


def data_keys(value: Any) -> set[str]:
    """Every key of an event's data, nested objects and lists of objects included."""
    keys: set[str] = set()
    if isinstance(value, dict):
        for key, inner in value.items():
            keys.add(key)
            keys |= data_keys(inner)
    elif isinstance(value, list):
        for inner in value:
            keys |= data_keys(inner)
    return keys


@cache
def played_events(name: str) -> dict[str, set[str]]:
    """Event type -> data keys seen in seeded random games, replayed through the protocol."""
    cls = GAMES[name]
    seen: dict[str, set[str]] = {}

    def note(events: list[Event]) -> None:
        for event in events:
            seen.setdefault(event.type, set()).update(data_keys(event.data))

    for i in SEEDS:
        seats = cls.min_seats + i % (cls.max_seats - cls.min_seats + 1)
        seed = f"rules-docs-{i}"
        scout: Game = cls.new(seats, seed=seed)
        actions = random_actions(scout, random.Random(i), STEPS)
        game, events = start_game(name, seats, seed=seed)
        note(events)
        for action in actions:
            note(act(game, action))
    return seen


def module_source(name: str) -> str:
    return inspect.getsource(inspect.getmodule(GAMES[name]))


def event_types(name: str) -> set[str]:
    return set(played_events(name)) | set(EVENT_LITERAL.findall(module_source(name)))


def reasons(name: str) -> set[str]:
    """Reasons raised by the game's module, plus those the shared protocol raises for it."""
    used = REASON_USE.findall(module_source(name)) + REASON_USE.findall(inspect.getsource(protocol))
    return {Reason[member].value for member in used}


def test_the_index_links_every_page_and_no_other() -> None:
    index = (RULES / "README.md").read_text(encoding="utf-8")
    for name in NAMES:
        assert f"]({name}.md)" in index, f"the index does not link {name}.md"
    pages = {p.stem for p in RULES.glob("*.md")} - {"README"}
    assert pages == set(NAMES), "every page is a registered game and every game has a page"


@pytest.mark.parametrize("name", NAMES)
def test_the_page_has_every_part(name: str) -> None:
    text = page(name)
    headings = set(re.findall(r"^## (.+)$", text, re.MULTILINE))
    for part in ("Options", "Moves", "Events", "Refusals", "What a seat sees", "Readings"):
        assert part in headings, f"{name}.md has no '## {part}'"


@pytest.mark.parametrize("name", NAMES)
def test_every_option_with_its_default_and_limits(name: str) -> None:
    text = page(name)
    for option in GAMES[name].options_spec:
        rows = [line for line in text.splitlines() if line.startswith(f"| `{option.name}` |")]
        assert len(rows) == 1, f"{name}.md needs one options row for `{option.name}`"
        row = rows[0]
        assert f"| {json.dumps(option.default)} |" in row, f"default of {option.name}: {row}"
        for limit in (option.minimum, option.maximum):
            if limit is not None:
                assert str(limit) in row, f"limit {limit} of {option.name}: {row}"


@pytest.mark.parametrize("name", NAMES)
def test_every_move_shape_as_exact_json(name: str) -> None:
    text = page(name)
    for shape in GAMES[name].move_shapes:
        assert f"`{json.dumps(shape)}`" in text, f"{name}.md does not show {shape}"


@pytest.mark.parametrize("name", NAMES)
def test_every_json_move_on_the_page_is_a_move_of_the_game(name: str) -> None:
    kinds = {shape["type"] for shape in GAMES[name].move_shapes}
    written = [s for s in spans(page(name)) if s.startswith('{"type"')]
    assert written
    for text in written:
        move = Move.from_json(json.loads(text))
        assert move.type in kinds, f"{name}.md shows a move of unknown type: {text}"


@pytest.mark.parametrize("name", NAMES)
def test_every_event_and_its_data_fields(name: str) -> None:
    named = spans(page(name))
    missing = sorted(event_types(name) - named)
    assert not missing, f"{name}.md does not name the events {missing}"
    for kind, keys in played_events(name).items():
        absent = sorted(keys - named)
        assert not absent, f"{name}.md does not name the fields {absent} of `{kind}`"


@pytest.mark.parametrize("name", NAMES)
def test_every_reason_the_game_can_raise(name: str) -> None:
    named = spans(page(name))
    missing = sorted(reasons(name) - named)
    assert not missing, f"{name}.md does not name the reasons {missing}"


def test_the_random_games_reach_the_usual_events() -> None:
    """A guard on the guard: the seeded games do reach the ends of deals and games."""
    for name in NAMES:
        seen = set(played_events(name))
        assert "game_over" in seen, name
        assert {"hand_dealt", "card_played", "cards_played"} & seen, name


@pytest.mark.parametrize("name", [*NAMES, "README"])
def test_pages_stand_on_their_own(name: str) -> None:
    """Users do not have the project's working files: the pages never point at them."""
    text = page(name)
    for word in ("RULES.md", "seeds/", "shared/", "/work/"):
        assert word not in text, f"{name}.md mentions {word}"

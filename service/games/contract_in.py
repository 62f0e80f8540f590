"""What the service takes, per game, as the spec says it: a creation's body (its seats, bots,
options and deal), a match's, a move and a host's deal of any game; and the server's own
reading of a refused move or deal against them (`moved_somewhere`, `dealt_somewhere`).

All of it from the engine's metadata of the games registered now (`engine.GAMES`): seat
counts, options, move shapes, deal shapes; and the bots that play each game (`bots.BOTS`)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bots import BOTS
from engine import GAMES, Game
from engine.protocol import Option
from service.games.clocks import OPTIONS as CLOCK_OPTIONS
from service.games.clocks import default_stand_in
from service.games.contract_blocks import (
    BOOL,
    INT,
    JSON,
    MOVE_FIELDS,
    TEXT,
    array,
    enum,
    obj,
    option_schema,
)
from service.games.old_forms import CALL_PATTERN, with_old_deal

SEAT_OPTIONS = frozenset({"first_dealer"})
"""Options whose value is a seat: below the number of seats (the game refuses others)."""


def option_in(option: Option) -> JSON:
    """An option as a creation takes it: `option_schema`, a list's limits on its numbers."""
    out = option_schema(option)
    if option.kind is list:
        items = {k: out.pop(k) for k in ("minimum", "maximum") if k in out}
        out["items"] = {**INT, **items}
        if option.length is not None:
            out["minItems"] = out["maxItems"] = option.length
    return out


def options_in(cls: type[Game], service: bool) -> JSON:
    """The `options` a `cls` game takes, closed: its own options, and with `service` the
    service's `auto_deal` and turn clock (a game's creation; a match's games take only the
    game's)."""
    props: JSON = {o.name: option_in(o) for o in cls.options_spec}
    if service:
        props["auto_deal"] = {
            **BOOL,
            "description": "Service option: deal each next deal by itself. Default: on when "
            "at most one seat is human.",
        }
        for clock in CLOCK_OPTIONS:  # the turn clock's (`service.games.clocks`)
            schema = dict(INT) if clock["type"] == "int" else enum(bot_specs(cls.name))
            limits = {k: v for k, v in clock.items() if k in ("minimum", "maximum", "default")}
            if clock["name"] == "on_timeout":  # the game's own default stand-in
                limits["default"] = default_stand_in(cls.name)
            props[clock["name"]] = {
                **schema,
                **limits,
                "description": f"Service option: {clock['doc']}",
            }
    return {
        "type": "object",
        "properties": props,
        "additionalProperties": False,
        "description": f"Options of {cls.title} (the catalog lists them with their defaults); "
        "any other member is refused.",
    }


Fits = Callable[[int, str], JSON]
"""What a body with `n` seats obeys: `fits(n, "max")` for at most `n`, `"min"` at least `n`."""


def narrowing(schema: JSON) -> JSON:
    """A `then` that narrows some properties and says nothing of the others (which the
    enclosing schema holds). `unevaluatedProperties: true` is JSON Schema's default, said
    aloud: Redocly's example check (`no-invalid-media-type-examples`) otherwise closes every
    schema with `properties`, and would refuse a real creation body as an example."""
    return {**schema, "unevaluatedProperties": True}


def by_seat_count(cls: type[Game], seats: str, fits: Fits) -> list[JSON]:
    """What depends on the number of seats of a game that takes several (`if`/`then`): each
    count `n` but the last, the body whose `seats` array holds at most `n` entries also obeys
    `fits(n)`, and at least `n + 1` entries `fits` of more."""
    out: list[JSON] = []
    for n in range(cls.min_seats, cls.max_seats):
        for count, side in ((n, "max"), (n + 1, "min")):
            then = fits(count, side)
            if then:
                out.append({"if": {"properties": {seats: {f"{side}Items": count}}},
                            "then": narrowing(then)})  # fmt: skip
    return out


def seat_limits(cls: type[Game], options: str = "options") -> Fits:
    """`by_seat_count`'s rule of the seat options: a seat below the count."""

    def fits(n: int, side: str) -> JSON:
        if side == "min":
            return {}
        names = {o.name for o in cls.options_spec} & SEAT_OPTIONS
        bound = {name: {"maximum": n - 1} for name in sorted(names)}
        return {"properties": {options: narrowing({"properties": bound})}}

    return fits


def present(name: str) -> JSON:
    """A condition: the object has `name` (whatever its value). The property is named in
    `properties` too, as linters want every `required` property defined where it is required."""
    return {"properties": {name: {}}, "required": [name]}


OPEN_IS_HUMAN: JSON = {
    "if": {"properties": {"open": {"const": True}}, "required": ["open"]},
    "then": {"not": {"anyOf": [present("bot"), present("level")]}},
}
"""An open seat is a human's: it names no bot (else 422 `invalid_seats`)."""
INVITED_IS_HUMAN: JSON = {
    "if": {"properties": {"invited": {"const": True}}, "required": ["invited"]},
    "then": {
        "not": {
            "anyOf": [
                present("bot"),
                present("level"),
                {"properties": {"open": {"const": True}}, "required": ["open"]},
            ]
        }
    },
}
"""An invited seat is a human's whose token is handed out: no bot, and not open (a code takes
an open seat) (else 422 `invalid_seats`)."""
LISTED_HAS_OPEN_SEAT: JSON = {
    "if": present("lobby"),
    "then": {
        "properties": {
            "seats": {"contains": {"properties": {"open": {"const": True}}, "required": ["open"]}}
        }
    },
}
"""Only a table with an open seat is listed in the lobby (else 422 `invalid_seats`)."""


def seat_in(name: str) -> JSON:
    """A seat of a `name` game at creation: `{}` a human, else a bot that plays the game, and a
    level only for a bot that has it (`GET /api/v1/bots`). One object, not a choice of three:
    a generated client then builds any seat with one model."""
    bots = [bot for bot in BOTS.values() if name in bot.policies]
    levels = list(dict.fromkeys(lv.name for bot in bots for lv in bot.levels))
    rules = [
        {
            "if": {"properties": {"level": {"const": level}}, "required": ["level"]},
            "then": {
                "properties": {"bot": enum([b.name for b in bots if b.has_level(level)])},
                "required": ["bot"],
            },
        }
        for level in levels
    ]
    rules.extend([OPEN_IS_HUMAN, INVITED_IS_HUMAN])
    return _with_rules(
        {
            "type": "object",
            "properties": {
                "bot": enum([b.name for b in bots]),
                "level": enum(levels),
                "open": BOOL,
                "invited": BOOL,
            },
            "additionalProperties": False,
        },
        rules,
    )


def bot_specs(name: str) -> list[str]:
    """Every bot a match of a `name` game may seat: `heuristic`, `search:strong` (a level)."""
    bots = [bot for bot in BOTS.values() if name in bot.policies]
    return [b.name for b in bots] + [f"{b.name}:{lv.name}" for b in bots for lv in b.levels]


def deck(name: str) -> Counter[str]:
    """Every card of a `name` game, each as often as its packs hold it: a first deal's cards."""
    return deck_of(GAMES[name])


@functools.cache
def deck_of(cls: type[Game]) -> Counter[str]:
    """`deck` of the game class `cls` (kept per class: a name may be registered anew)."""
    return Counter(cls(cls.min_seats, {}, "spec").deal_shape().deck)


def cards_in(cards: Counter[str], exact: bool) -> JSON:
    """A list of `cards`: exactly them in any order, or (not `exact`) some of them, each at
    most as often as `cards` holds it. A flat list, so JSON Schema counts the copies."""
    total = sum(cards.values())
    out: JSON = {**array(enum(sorted(cards), "A card of the game.")), "maxItems": total}
    if exact:
        out["minItems"] = total
    if max(cards.values()) == 1:
        out["uniqueItems"] = True
    else:
        out["allOf"] = [
            {"contains": {"const": card}, "minContains": n if exact else 0, "maxContains": n}
            for card, n in sorted(cards.items())
        ]
    return out


def deal_order(cls: type[Game]) -> str:
    """How a `cls` deal's list is read, and its parts' sizes at each seat count."""
    sizes = []
    for n in range(cls.min_seats, cls.max_seats + 1):
        shape = cls(n, {}, "spec").deal_shape()
        parts = [f"{n} hands of {shape.hand}"] + [f"{n} {pile}" for pile in shape.piles]
        stock = len(shape.deck) - n * (shape.hand + len(shape.piles))
        parts += [f"a stock of {stock}"] if stock else []
        sizes.append(f"{n} seats: " + ", ".join(parts))
    piles = "".join(f"then `{p}` (one card per seat, seat 0 first), " for p in shape.piles)
    return (
        "The cards in the order the table deals them: seat 0's hand, then seat 1's, ..., "
        f"{piles}then the stock, top card first ({'; '.join(sizes)})."
    )


def deal_in(name: str) -> JSON:
    """An explicit first deal of a `name` game: exactly its cards, in the order `deal_order`
    says (`Game.deal_of` reads it), so a deal valid by the spec is a valid deal."""
    cls = GAMES[name]
    cards = deck(name)
    return {
        "type": "object",
        "properties": {"cards": {**cards_in(cards, exact=True), "description": deal_order(cls)}},
        "required": ["cards"],
        "additionalProperties": False,
        "description": f"A {cls.title} deal: exactly the game's {sum(cards.values())} cards.",
    }


def next_deal_in() -> JSON:
    """The host's next deal of any game (the path names the game, not the body): the whole
    deck of a game, or for a game whose later deals deal fewer cards (`Game.deck_shrinks`)
    some of its cards. That they are the cards this game deals now is the game's state (409
    `deck_mismatch`)."""
    choices: list[JSON] = []
    for name, cls in GAMES.items():
        cards = cards_in(deck(name), exact=not cls.deck_shrinks)
        described = {**cards, "description": f"{cls.title}: {deal_order(cls)}"}
        if cls.deck_shrinks:
            described["description"] += " A later deal deals only the cards still in the game."
        choices.append(described)
    return {
        "type": "object",
        "properties": {"cards": {"anyOf": choices}},
        "required": ["cards"],
        "additionalProperties": False,
        "description": "A deal of the game the path names, as one list (the schema of each "
        "game says its order): the cards that game deals now, else 409 `deck_mismatch`.",
    }


def dealt_somewhere(cards: Sequence[str]) -> bool:
    """Whether `cards` is a deal `next_deal_in` allows: some game's deck (or part of it)."""
    have = Counter(cards)
    for name, cls in GAMES.items():
        full = deck(name)
        if have == full or (cls.deck_shrinks and not have - full):
            return True
    return False


MOVE_LIMITS = {"cards": 64, "call": 64}
"""What `MoveBody` holds a move's lists and free strings to (more is a 422 anyway)."""


def move_in(name: str) -> list[JSON]:
    """Each move of a `name` game as a client sends it, closed: its fields, its cards, the
    values of `draw`; a call is free text (Doubleduck takes its spoken forms: `quack-quack`),
    which the rules read. A move of no game is refused as malformed (422); a move of another
    game than the path names is the game's state (409 `move_of_another_game`)."""
    cls = GAMES[name]
    card = enum(sorted(deck(name)), f"A card of {cls.title}.")
    fields: dict[str, JSON] = {
        "card": card,
        "cards": {**array(card), "minItems": 1, "maxItems": MOVE_LIMITS["cards"]},
        "call": {
            **TEXT,
            "maxLength": MOVE_LIMITS["call"],
            "pattern": CALL_PATTERN,
            "description": "`quack` or `doubleduck`, sent WITH the card it belongs to. The "
            "call is part of the play because the rules forbid a late call: a card accepted "
            "without a call can never be called afterwards, and the server never calls for "
            "you. The spoken form (`Quack-quack`) is accepted when it matches the count; a word "
            "that is no call is malformed (422 `validation_error`), a call the rules refuse "
            "here is 409 `illegal_call`.",
        },
        "draw": dict(TEXT),
    }
    shapes: dict[str, list[JSON]] = {}
    for shape in cls.move_shapes:
        shapes.setdefault(shape["type"], []).append(shape)
    out = []
    for kind, seen in shapes.items():
        names = [n for n in MOVE_FIELDS if any(n in s for s in seen)]
        props: JSON = {"type": {"type": "string", "const": kind}}
        for field in names:
            props[field] = dict(fields[field])
            if field == "draw":
                props[field]["enum"] = sorted({s[field] for s in seen if field in s})
        schema = obj(props, [n for n in names if not all(n in s for s in seen)])
        out.append({**schema, "additionalProperties": False,
                    "description": f"A `{kind}` move of {cls.title}."})  # fmt: skip
    return out


def any_move_in() -> JSON:
    """A move of any game (`move_in`): the path names the game, not the body."""
    return {"anyOf": [schema for name in GAMES for schema in move_in(name)]}


def moved_somewhere(move: Mapping[str, Any]) -> bool:
    """Whether `move` is a move `any_move_in` allows: a move of some game."""
    return any(satisfies(schema, move) for name in GAMES for schema in move_in(name))


def satisfies(schema: JSON, value: Any) -> bool:
    """Whether `value` is valid by `schema`, of the few keywords `move_in` uses: the server's
    own reading of the spec's moves (no JSON Schema library at run time), made only for a move
    the game refused as malformed."""
    kind = schema.get("type")
    if "const" in schema and value != schema["const"]:
        return False
    if "enum" in schema and value not in schema["enum"]:
        return False
    if kind == "string":
        return isinstance(value, str) and len(value) <= schema.get("maxLength", len(value))
    if kind == "array":
        return (
            isinstance(value, list)
            and schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value))
            and all(satisfies(schema["items"], item) for item in value)
        )
    if kind == "object":
        props = schema["properties"]
        return (
            isinstance(value, Mapping)
            and set(schema["required"]) <= set(value) <= set(props)
            and all(satisfies(props[k], v) for k, v in value.items())
        )
    return False


def game_in(name: str) -> JSON:
    """What creating a `name` game takes (beside `CreateGameIn`'s fields' own documentation):
    its name, its seat counts, its bots, its options, its deal."""
    cls = GAMES[name]
    return _with_rules({
        "type": "object",
        "properties": {
            "game": {"type": "string", "const": name, "description": f"`{name}`: {cls.title}."},
            "seats": {"items": seat_in(name), "minItems": cls.min_seats,
                      "maxItems": cls.max_seats},
            "deal": with_old_deal(deal_in(name)),
            "options": options_in(cls, service=True),
        },
    }, [*by_seat_count(cls, "seats", seat_limits(cls)), LISTED_HAS_OPEN_SEAT])  # fmt: skip


OUTSIDE_NAMES = (
    "The bot of each seat: a built-in one (listed), or a registered outside bot's name "
    "(`GET /api/v1/bots`, kind `outside`), which the list cannot name: which exist is the "
    "service's state. An unknown or retired name is a 422 (`unknown_bot`, `retired_bot`), "
    "another app key's bot a 403 `challenge_required`. Send outside names as plain JSON: a "
    "client's model of this list refuses them (the kit in `kit/` does)."
)


def match_in(name: str, max_games: int) -> JSON:
    """What starting a match of `name` games takes: its name, a bot that plays it per seat,
    at most `max_games` games (the service's `MAX_MATCH_GAMES`), the game's own options."""
    cls = GAMES[name]
    return _with_rules({
        "type": "object",
        "properties": {
            "game": {"type": "string", "const": name, "description": f"`{name}`: {cls.title}."},
            "bots": {"items": enum(bot_specs(name)), "minItems": cls.min_seats,
                     "maxItems": cls.max_seats, "description": OUTSIDE_NAMES},
            "games": {"maximum": max_games},
            "options": options_in(cls, service=False),
        },
    }, by_seat_count(cls, "bots", seat_limits(cls)))  # fmt: skip


def _with_rules(schema: JSON, rules: list[JSON]) -> JSON:
    """`schema` and its `rules` (`if`/`then`: a seat count's, a level's), if it has any."""
    return {**schema, "allOf": rules} if rules else schema

"""The typed contract of each game on the wire: its views, legal moves, events and deal records
as JSON Schemas, published in the spec's components so that generated clients get a typed
Duck view with typed legal moves (tests/service/test_contract.py holds real games to them).

What the engine describes is taken from it: each game's name, its move shapes (`move_shapes`:
one schema per move type, the fields every shape of the type has are required, a field's values
where the shapes list them), its options (`options_spec`: types, limits, defaults) and its
names (courses, calls, draw sources, how a trick was taken). Views and event data are declared
here, per game, in one table each. Events of one type share a schema across games: the types
of a field named alike must agree (`merged` refuses otherwise: one name per idea), a field is
required where every game sends it.

Views are told apart by `game`, moves and events by `type` (each a `const`, which is what a
generated client checks when it parses a union).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bots import BOTS
from engine import GAMES, Game
from engine.doppelkopf import CALLS, PARTY_NAMES
from engine.duck import LIFEBELTS, SOURCES, TURN_CAP
from engine.ducksoup import COURSE_NAMES, HOWS
from engine.fairness import DEALT_BY
from engine.protocol import Option
from service.games.clocks import OPTIONS as CLOCK_OPTIONS

JSON = dict[str, Any]
REF = "#/components/schemas/"

# --- building blocks ---------------------------------------------------------------------


def ref(name: str) -> JSON:
    return {"$ref": REF + name}


def obj(
    props: Mapping[str, JSON], optional: Iterable[str] = (), description: str | None = None
) -> JSON:
    """An object of `props`, each required unless `optional`. Open (no `additionalProperties`):
    v1 grows by adding fields, so clients must ignore those they do not know."""
    skip = set(optional)
    out: JSON = {
        "type": "object",
        "properties": dict(props),
        "required": [name for name in props if name not in skip],
    }
    if description:
        out["description"] = description
    return out


def array(items: JSON, description: str | None = None) -> JSON:
    out: JSON = {"type": "array", "items": items}
    if description:
        out["description"] = description
    return out


def enum(values: Iterable[str], description: str | None = None) -> JSON:
    out: JSON = {"type": "string", "enum": list(values)}
    if description:
        out["description"] = description
    return out


def nullable(schema: JSON) -> JSON:
    """`schema` or null (a JSON Schema 2020-12 type list where it can, else a choice)."""
    kind = schema.get("type")
    if isinstance(kind, str) and "$ref" not in schema:
        out = {**schema, "type": [kind, "null"]}
        if "enum" in schema:
            out["enum"] = [*schema["enum"], None]
        return out
    return {"anyOf": [schema, {"type": "null"}]}


INT: JSON = {"type": "integer"}
COUNT: JSON = {"type": "integer", "minimum": 0}
BOOL: JSON = {"type": "boolean"}
TEXT: JSON = {"type": "string"}
SEAT: JSON = {"type": "integer", "minimum": 0, "description": "A seat, from 0."}
SEATS = array(SEAT)
PER_SEAT = array(INT, "One number per seat, seat 0 first.")
PER_TEAM = array(INT, "One number per team of the game (a side in Doubleduck, else a seat).")
COUNTS_PER_SEAT = array(COUNT, "One count per seat, seat 0 first.")
CARD: JSON = {
    "type": "string",
    "pattern": "^(?:[A2-9TJQK][CDHS]|[YBR][0-8])$",
    "description": "A card: rank then suit (`JS`, `TC`), in Duck colour then number (`B7`).",
}
CARDS = array(CARD)
COURSE = enum(COURSE_NAMES, "The course: `duck` while the stock lasts, then `soup`.")
BY_COURSE = obj({"duck": PER_TEAM, "soup": PER_TEAM}, description="Per course, per team.")
PARTY = enum(PARTY_NAMES)
PER_PARTY = obj({"re": INT, "kontra": INT})
CALL = enum(["quack", "doubleduck"])
PLAY = obj(
    {"seat": SEAT, "card": CARD, "call": CALL, "spoken": TEXT},
    optional=["call", "spoken"],
    description="A card in a trick; Doubleduck adds its call and how it was spoken.",
)
PHASE = enum(
    ["play", "deal_over", "game_over"],
    "`play` while a deal is played, `deal_over` between deals, `game_over` at the end.",
)
ANNOUNCEMENT = obj({"seat": SEAT, "call": enum(CALLS)})
RESIGNED = array(
    SEAT,
    "The seats that resigned, in order (Doubleduck: one partner's stands until the other's).",
)
LIFEBELT_WON = obj(
    {"deal_no": COUNT, "value": INT, "side": enum(["green", "red"]), "points": INT},
    description="A lifebelt a seat holds: its value, the side it lies on, what it scored.",
)
LIFEBELT_GIVEN = obj({"seat": SEAT, **LIFEBELT_WON["properties"]})
DEALT = enum(
    DEALT_BY,
    "How the deal was made: "
    + "; ".join(f"`{k}`: {v}" for k, v in DEALT_BY.items())
    + " (docs/fair-deals.md).",
)
COMMITMENT: JSON = {
    "type": "string",
    "pattern": "^[0-9a-f]{64}$",
    "description": "SHA-256 hex of what decides the deal (salt, seed and deal number; the "
    "cards too when the host chose them), hiding until the record reveals the seed and salt: "
    "`python -m service.verify` checks the record against it (docs/fair-deals.md).",
}
DISCLOSED: JSON = {"dealt_by": DEALT, "deal_commitment": COMMITMENT}
"""What every `deal_started` and every view say of the deal: how it was made, its commitment."""

# --- per game: deal records, views, events -------------------------------------------------

TRICK_DEAL = obj(
    {"deal_no": COUNT, "dealer": SEAT, "duck": PER_TEAM, "soup": PER_TEAM, "score": PER_TEAM,
     "totals": PER_TEAM},
    description="A scored deal: what each team stored per course, its score, running totals.",
)  # fmt: skip
DEAL_RECORDS: dict[str, JSON] = {
    "doubleduck": TRICK_DEAL,
    "ducksoup": TRICK_DEAL,
    "duck": obj(
        {
            "deal_no": COUNT,
            "dealer": SEAT,
            "turns": COUNT,
            "end": enum(["out", "duck", "cap"]),
            "seat": nullable(SEAT),
            "duck_verdict": nullable(enum(["correct", "wrong"])),
            "revealed": array(CARDS, "Every hand, laid open."),
            "sums": PER_SEAT,
            "banked": array(nullable(CARD), "The card each seat banked, or null."),
            "discarded": SEATS,
            "lifebelt": nullable(LIFEBELT_GIVEN),
            "score": PER_TEAM,
            "totals": PER_TEAM,
        }
    ),
    "doppelkopf": obj(
        {
            "deal_no": COUNT,
            "dealer": SEAT,
            "kind": enum(["normal", "wedding", "solo"]),
            "wedding": nullable(SEAT),
            "partner": nullable(SEAT),
            "announcements": array(ANNOUNCEMENT),
            "re": SEATS,
            "kontra": SEATS,
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
    ),
}

DOUBLEDUCK_TRICK = obj(
    {"trick_no": COUNT, "course": COURSE, "plays": array(PLAY), "winner": SEAT,
     "side": COUNT, "stored": COUNT},
)  # fmt: skip
DUCKSOUP_TRICK = obj(
    {
        "trick_no": COUNT,
        "course": COURSE,
        "plays": array(PLAY),
        "winner": SEAT,
        "how": enum(HOWS),
        "units": array(obj({"cards": CARDS, "face_up": BOOL})),
        "points": COUNT,
    }
)
DOPPELKOPF_TRICK = obj({"trick_no": COUNT, "plays": array(PLAY), "winner": SEAT, "points": COUNT})

VIEW_FIELDS: dict[str, dict[str, JSON]] = {
    "doubleduck": {
        "leader": nullable(SEAT),
        "stock_count": COUNT,
        "sides": array(SEATS),
        "course": nullable(COURSE),
        "trick_no": nullable(COUNT),
        "trick": array(PLAY),
        "last_trick": nullable(DOUBLEDUCK_TRICK),
        "stored": BY_COURSE,
        "waste_count": COUNT,
        "resigned": RESIGNED,
        "game_points": PER_TEAM,
    },
    "ducksoup": {
        "leader": nullable(SEAT),
        "stock_count": COUNT,
        "course": nullable(COURSE),
        "trick_no": nullable(COUNT),
        "choice_pending": BOOL,
        "trick": array(PLAY),
        "tricks": array(DUCKSOUP_TRICK),
        "points": BY_COURSE,
        "units": BY_COURSE,
        "resigned": RESIGNED,
        "game_points": PER_TEAM,
    },
    "duck": {
        "max_deals": COUNT,
        "turns": COUNT,
        "turn_cap": {**COUNT, "const": TURN_CAP},
        "stock_count": COUNT,
        "gathered_count": COUNT,
        "piles": array(obj({"top": nullable(CARD), "size": COUNT})),
        "lifebelt": nullable(
            {
                "type": "integer",
                "minimum": LIFEBELTS[0],
                "maximum": LIFEBELTS[-1],
                "description": "The lifebelt this deal hands out.",
            }
        ),
        "banked": array(CARDS),
        "face_up": {**CARDS, "description": "The cards dealt face up at the deal's start."},
        "lifebelts": array(array(LIFEBELT_WON)),
        "game_points": PER_TEAM,
    },
    "doppelkopf": {
        "leader": nullable(SEAT),
        "trick_no": nullable(COUNT),
        "trick": array(PLAY),
        "last_trick": nullable(DOPPELKOPF_TRICK),
        "tricks_won": COUNTS_PER_SEAT,
        "kind": enum(["normal", "wedding", "solo"]),
        "wedding": nullable(SEAT),
        "partner": nullable(SEAT),
        "announcements": array(ANNOUNCEMENT),
        "parties": array(nullable(PARTY), "Each seat's party, where the caller can know it."),
    },
}
"""Each game's own public view fields (beside the frame every view has, `view_schema`)."""

SEAT_FIELDS: dict[str, dict[str, JSON]] = {
    "doubleduck": {"side": COUNT},
    "ducksoup": {},
    "duck": {"left": SEAT, "right": SEAT, "hand_sum": COUNT},
    "doppelkopf": {"party": nullable(PARTY)},
}
"""Fields only a seat's view has, beside `seat`, `hand` and `legal_moves`."""

HAND_DEALT = obj({"seat": SEAT, "cards": CARDS})
CARD_PLAYED = obj({"seat": SEAT, "card": CARD, "call": CALL, "spoken": TEXT}, ["call", "spoken"])
GAME_OVER = obj(
    {
        "totals": PER_TEAM,
        "game_points": PER_TEAM,
        "winners": SEATS,
        "capped": {**BOOL, "description": "Present (true) when the deal cap ended the game."},
        "resigned": {**RESIGNED, "description": "Present when a resignation ended the game."},
    },
    ["game_points", "capped", "resigned"],
)
SEAT_RESIGNED = obj({"seat": SEAT}, description="A seat resigned (`POST .../resign`).")

EVENT_DATA: dict[str, dict[str, JSON]] = {
    "doubleduck": {
        "deal_started": obj({"deal_no": COUNT, "dealer": SEAT, "leader": SEAT, **DISCLOSED}),
        "hand_dealt": HAND_DEALT,
        "card_played": CARD_PLAYED,
        "trick_won": DOUBLEDUCK_TRICK,
        "card_drawn": obj({"seat": SEAT, "card": CARD}),
        "cards_drawn": obj({"order": SEATS, "stock_count": COUNT}),
        "course_changed": obj({"course": COURSE}),
        "deal_scored": TRICK_DEAL,
        "resigned": SEAT_RESIGNED,
        "game_over": GAME_OVER,
    },
    "ducksoup": {
        "deal_started": obj(
            {"deal_no": COUNT, "dealer": SEAT, "leader": SEAT, "stock_count": COUNT, **DISCLOSED}
        ),
        "hand_dealt": HAND_DEALT,
        "card_played": CARD_PLAYED,
        "rank_matched": obj({"seat": SEAT, "rank": TEXT}),
        "conceded": obj({"seat": SEAT}),
        "trick_won": DUCKSOUP_TRICK,
        "card_drawn": obj({"seat": SEAT, "card": CARD}),
        "cards_drawn": obj({"order": SEATS, "counts": COUNTS_PER_SEAT, "stock_count": COUNT}),
        "course_changed": obj({"course": COURSE, "hand_size": COUNT, "leader": SEAT}),
        "deal_scored": TRICK_DEAL,
        "tie_at_target": obj({"totals": PER_TEAM}),
        "resigned": SEAT_RESIGNED,
        "game_over": GAME_OVER,
    },
    "duck": {
        "deal_started": obj(
            {
                "deal_no": COUNT,
                "dealer": SEAT,
                "first": SEAT,
                "face_up": CARDS,
                "stock_count": COUNT,
                "lifebelt": INT,
                **DISCLOSED,
            },
        ),
        "hand_dealt": HAND_DEALT,
        "cards_played": obj(
            {"seat": SEAT, "cards": CARDS, "kind": enum(["set", "run"]), "hand_size": COUNT}
        ),
        "stock_card": obj({"seat": SEAT, "card": CARD}),
        "card_drawn": obj(
            {
                "seat": SEAT,
                "source": enum(SOURCES),
                "stock_count": COUNT,
                "from_seat": SEAT,
                "card": CARD,
                "top": nullable(CARD),
            },
            optional=["stock_count", "from_seat", "card", "top"],
        ),
        "ducked": obj({"seat": SEAT}),
        "deal_scored": DEAL_RECORDS["duck"],
        "game_over": GAME_OVER,
    },
    "doppelkopf": {
        "deal_started": obj({"deal_no": COUNT, "dealer": SEAT, "leader": SEAT, **DISCLOSED}),
        "hand_dealt": HAND_DEALT,
        "wedding": obj({"seat": SEAT}),
        "announced": obj({"seat": SEAT, "call": enum(CALLS), "party": PARTY}),
        "card_played": CARD_PLAYED,
        "party_revealed": obj({"seat": SEAT, "party": PARTY}),
        "trick_won": DOPPELKOPF_TRICK,
        "wedding_partner": obj({"seat": SEAT, "partner": SEAT}),
        "wedding_failed": obj({"seat": SEAT}),
        "deal_scored": DEAL_RECORDS["doppelkopf"],
        "game_over": GAME_OVER,
    },
}
"""Each game's events: type -> the schema of its `data`."""

SERVICE_EVENTS: dict[str, JSON] = {
    "game_created": obj(
        {"game": TEXT, "seat_count": COUNT, "bots": array(nullable(TEXT))},
        description="The service's own first event: the game, its seats and their bots.",
    ),
    "game_abandoned": obj(
        {"by": TEXT},
        description="The service's own last event of a game the host abandoned (`by`: `host`).",
    ),
    "turn_timed_out": obj(
        {
            "seat": SEAT,
            "deadline": {**INT, "description": "The seat's deadline (ms since the epoch)."},
            "at": {**INT, "description": "When its bot played (ms since the epoch)."},
            "bot": {**TEXT, "description": "The `on_timeout` bot that played the move."},
        },
        description="A timed seat's time ran out: its `on_timeout` bot plays its move (the "
        "events that follow in this change).",
    ),
    "turn_started": obj(
        {
            "seat": SEAT,
            "at": {**INT, "description": "The turn's start (ms since the epoch)."},
            "deadline": {**INT, "description": "When its `on_timeout` bot plays for it."},
            "reserve_ms": {**COUNT, "description": "The seat's reserve, counted in `deadline`."},
        },
        description="A timed seat is to act: its clock runs from `at` to `deadline`, by the "
        "server's clock (a view's `clock.now` tells how far a client's is off).",
    ),
    "seat_away": obj(
        {"seat": SEAT, "by": enum(["seat", "timeouts"])},
        description="The seat is away: its `on_timeout` bot plays it until it returns (`by`: "
        "`seat` it left, `timeouts` it timed out `away_after` times in a row).",
    ),
    "seat_returned": obj(
        {"seat": SEAT, "by": enum(["seat", "move"])},
        description="The seat plays by its own hand again (`by`: `seat` it returned, `move` "
        "it moved).",
    ),
    "seat_taken": obj(
        {"seat": SEAT, "open": array(SEAT, "The seats still open: empty, the table starts.")},
        description="An open seat was taken (an invite code, or a rematch's seat holder).",
    ),
}

# --- from the engine's metadata --------------------------------------------------------------

MOVE_FIELDS: dict[str, JSON] = {"card": CARD, "cards": CARDS, "call": TEXT, "draw": TEXT}
"""The schema of each field a move may have (`engine.Move`)."""


def title(name: str) -> str:
    """A game's name as it starts its schemas' names: `Doubleduck`, `Ducksoup`."""
    return GAMES[name].__name__


def move_schemas(cls: type[Game]) -> dict[str, JSON]:
    """One schema per move type of `cls`, named `<Game><Type>Move`, from its move shapes."""
    shapes: dict[str, list[JSON]] = {}
    for shape in cls.move_shapes:
        shapes.setdefault(shape["type"], []).append(shape)
    out: dict[str, JSON] = {}
    for kind, seen in shapes.items():
        names = [n for n in MOVE_FIELDS if any(n in s for s in seen)]
        props: JSON = {"type": {"type": "string", "const": kind}}
        for name in names:
            props[name] = dict(MOVE_FIELDS[name])
            values = sorted({s[name] for s in seen if isinstance(s.get(name), str)})
            if name in ("call", "draw"):
                props[name]["enum"] = values
        optional = [n for n in names if not all(n in s for s in seen)]
        example = next(s for s in seen if len(s) == max(len(x) for x in seen))
        schema = obj(props, optional, f"A `{kind}` move of {cls.title}.")
        out[f"{cls.__name__}{kind.title()}Move"] = {**schema, "example": example}
    return out


def option_schema(option: Option) -> JSON:
    """An option of `options_spec` as JSON Schema: its type, limits, default and doc."""
    out: JSON
    if option.kind is list:
        out = array(INT)
    elif option.kind is bool:
        out = dict(BOOL)
    else:
        out = dict(INT)
    for key, value in (("minimum", option.minimum), ("maximum", option.maximum)):
        if value is not None:
            out[key] = value
    if option.choices is not None:
        out["enum"] = list(option.choices)
    return {**out, "default": option.default, "description": option.doc}


def one_of(names: Iterable[str], key: str, values: Mapping[str, str]) -> JSON:
    """A choice among named schemas told apart by the `const` of `key` (the discriminator)."""
    refs = [ref(n) for n in names]
    if len(refs) == 1:
        return refs[0]
    mapping = {value: REF + name for value, name in values.items()}
    return {"oneOf": refs, "discriminator": {"propertyName": key, "mapping": mapping}}


def view_schema(name: str, moves: Mapping[str, JSON]) -> JSON:
    """A game's view: the frame every view has, the game's own fields, and the fields only
    a seat's view has (optional here: a spectator's and the host's view lack them)."""
    cls = GAMES[name]
    frame: JSON = {
        "game": {"type": "string", "const": name},
        "seat_count": COUNT,
        "phase": PHASE,
        "deal_no": {**COUNT, "description": "The deal in play or last played; 0 before any."},
        "dealer": SEAT,
        "dealt_by": {
            **nullable(DEALT),
            "description": f"Of the deal in play or last played "
            f"(null before any). {DEALT['description']}",
        },
        "deal_commitment": {
            **nullable(COMMITMENT),
            "description": "The deal's commitment "
            f"(null before any deal). {COMMITMENT['description']}",
        },
        "to_act": array(SEAT, "The seats that may move now (empty between deals)."),
        "hand_sizes": COUNTS_PER_SEAT,
        "history": array(
            obj(
                {
                    "seat": SEAT,
                    "move": one_of(
                        moves,
                        "type",
                        {m["properties"]["type"]["const"]: n for n, m in moves.items()},
                    ),
                }
            ),
            "Every public move of this deal, in order, as a player at the table saw it.",
        ),
        **VIEW_FIELDS[name],
        "deals": array(ref(f"{cls.__name__}Deal"), "The scored deals, first first."),
        "totals": PER_TEAM,
        "winners": array(SEAT, "The winning seats once the game is over (empty before)."),
        "options": ref(f"{cls.__name__}Options"),
    }
    seat_only: JSON = {
        "seat": {**SEAT, "description": "The caller's seat."},
        **SEAT_FIELDS[name],
        "hand": {**CARDS, "description": "The caller's hand."},
        "legal_moves": array(
            one_of(moves, "type", {m["properties"]["type"]["const"]: n for n, m in moves.items()}),
            "Every legal move of the caller now (empty unless it is to act), as it is sent.",
        ),
    }
    seat_only = {
        k: {**v, "description": f"Only in a seat's view. {v.get('description', '')}".strip()}
        if "$ref" not in v
        else v
        for k, v in seat_only.items()
    }
    return obj(
        {**frame, **seat_only},
        optional=seat_only,
        description=f"What a {cls.title} player may know at a real table: the public view "
        "(a spectator's, the host's), and in a seat's view that seat's own fields too.",
    )


def merged(name: str, schemas: Mapping[str, JSON]) -> JSON:
    """One schema for what several games send under one name: every field of any game (its
    schema must be the same in each: one name per idea), required where every game has it."""
    props: JSON = {}
    required: set[str] | None = None
    for game, schema in schemas.items():
        for key, value in schema["properties"].items():
            if props.setdefault(key, value) != value:
                raise ValueError(f"{name}.{key} has another schema in {game}")
        have = set(schema["required"])
        required = have if required is None else required & have
    games = ", ".join(GAMES[g].title if g in GAMES else g for g in schemas)
    out = obj(props, set(props) - (required or set()))
    out["description"] = f"Sent by: {games}."
    return out


def record_schemas() -> dict[str, JSON]:
    """A finished game's record (`engine.record`): enough to replay it exactly."""
    move = obj(
        {"type": TEXT, **MOVE_FIELDS},
        optional=MOVE_FIELDS,
        description="A move as it was sent (one of the game's move shapes).",
    )
    deal = nullable(
        {
            "type": "object",
            "properties": {"hands": array(CARDS), "stock": CARDS},
            "additionalProperties": CARDS,
            "required": ["hands"],
            "description": "An explicit deal (Duck adds `face_up`); null: shuffled from the seed.",
        }
    )
    return {
        "MoveAction": obj({"seat": SEAT, "move": move}, description="A seat's move."),
        "ResignAction": obj(
            {"seat": SEAT, "resign": {"type": "boolean", "const": True}},
            description="A seat resigned (`Game.resign`).",
        ),
        "DealAction": obj({"deal": deal}, description="The next deal, dealt."),
        "GameRecord": obj(
            {
                "game": TEXT,
                "seat_count": COUNT,
                "seed": {**TEXT, "description": "The seed every shuffle came from."},
                "salt": {
                    **TEXT,
                    "description": "The salt of every deal's commitment, secret until the end.",
                },
                "client_seed": {**BOOL, "description": "Whether the creator chose the seed."},
                "options": {"type": "object", "description": "The options, defaults filled in."},
                "deal": deal,
                "actions": array(
                    {"oneOf": [ref("MoveAction"), ref("DealAction"), ref("ResignAction")]},
                    "Every change in order: `engine.record.replay` rebuilds the game from them.",
                ),
                "commitments": array(
                    ref("DealCommitment"),
                    "Each deal's disclosure as the table was shown it, first deal first: "
                    "`python -m service.verify` checks them against the seed, salt and deals.",
                ),
            }
        ),
        "DealCommitment": obj(
            {"deal_no": COUNT, **DISCLOSED},
            description="One deal's number, how it was made and its commitment.",
        ),
    }


def camel(snake: str) -> str:
    return "".join(part.title() for part in snake.split("_"))


def components() -> dict[str, JSON]:
    """Every schema of the games' contract, by component name."""
    out: dict[str, JSON] = {}
    for name, cls in GAMES.items():
        moves = move_schemas(cls)
        out.update(moves)
        out[f"{cls.__name__}Options"] = obj(
            {o.name: option_schema(o) for o in cls.options_spec},
            description=f"The options of this {cls.title} game, defaults filled in.",
        )
        out[f"{cls.__name__}Deal"] = DEAL_RECORDS[name]
        out[f"{cls.__name__}View"] = view_schema(name, moves)
    out["DealRecord"] = merged("DealRecord", DEAL_RECORDS)
    out.update(record_schemas())
    by_type: dict[str, dict[str, JSON]] = {}
    for game, events in {**EVENT_DATA, "service": SERVICE_EVENTS}.items():
        for kind, data in events.items():
            by_type.setdefault(kind, {})[game] = data
    for kind, per_game in by_type.items():
        out[f"{camel(kind)}Data"] = merged(kind, per_game)
        out[f"{camel(kind)}Event"] = obj(
            {
                "n": {**COUNT, "description": "Event number, from 1."},
                "version": {**COUNT, "description": "The version it produced."},
                "type": {"type": "string", "const": kind},
                "data": ref(f"{camel(kind)}Data"),
                "visible_to": {**SEAT, "description": "Present on private events only."},
            },
            optional=["visible_to"],
        )
    return out


EVENT_TYPES: tuple[str, ...] = tuple(
    dict.fromkeys(k for events in [SERVICE_EVENTS, *EVENT_DATA.values()] for k in events)
)
ANY_VIEW = one_of([f"{title(n)}View" for n in GAMES], "game", {n: f"{title(n)}View" for n in GAMES})
"""A view of any game, told apart by `game`."""
ANY_EVENT = one_of(
    [f"{camel(k)}Event" for k in EVENT_TYPES], "type", {k: f"{camel(k)}Event" for k in EVENT_TYPES}
)
"""An event of any game, told apart by `type`."""


# --- what a creation takes, per game ---------------------------------------------------------

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


def by_seat_count(cls: type[Game], seats: str, fits: Fits) -> list[JSON]:
    """What depends on the number of seats of a game that takes several (`if`/`then`): each
    count `n` but the last, the body whose `seats` array holds at most `n` entries also obeys
    `fits(n)`, and at least `n + 1` entries `fits` of more."""
    out: list[JSON] = []
    for n in range(cls.min_seats, cls.max_seats):
        for count, side in ((n, "max"), (n + 1, "min")):
            then = fits(count, side)
            if then:
                out.append({"if": {"properties": {seats: {f"{side}Items": count}}}, "then": then})
    return out


def seat_limits(cls: type[Game], options: str = "options") -> Fits:
    """`by_seat_count`'s rule of the seat options: a seat below the count."""

    def fits(n: int, side: str) -> JSON:
        if side == "min":
            return {}
        names = {o.name for o in cls.options_spec} & SEAT_OPTIONS
        bound = {name: {"maximum": n - 1} for name in sorted(names)}
        return {"properties": {options: {"properties": bound}}}

    return fits


OPEN_IS_HUMAN: JSON = {
    "if": {"properties": {"open": {"const": True}}, "required": ["open"]},
    "then": {"not": {"anyOf": [{"required": ["bot"]}, {"required": ["level"]}]}},
}
"""An open seat is a human's: it names no bot (else 422 `invalid_seats`)."""
LISTED_HAS_OPEN_SEAT: JSON = {
    "if": {"required": ["lobby"]},
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
    rules.append(OPEN_IS_HUMAN)
    return _with_rules(
        {
            "type": "object",
            "properties": {
                "bot": enum([b.name for b in bots]),
                "level": enum(levels),
                "open": BOOL,
            },
            "additionalProperties": False,
        },
        rules,
    )


def bot_specs(name: str) -> list[str]:
    """Every bot a match of a `name` game may seat: `heuristic`, `search:strong` (a level)."""
    bots = [bot for bot in BOTS.values() if name in bot.policies]
    return [b.name for b in bots] + [f"{b.name}:{lv.name}" for b in bots for lv in b.levels]


@functools.cache
def deck(name: str) -> Counter[str]:
    """Every card of a `name` game, each as often as its packs hold it: a first deal's cards."""
    cls = GAMES[name]
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
            "description": "`quack` or `doubleduck`, sent WITH the card it belongs to. The "
            "call is part of the play because the rules forbid a late call: a card accepted "
            "without a call can never be called afterwards, and the server never calls for "
            "you. The spoken form (`Quack-quack`) is accepted when it matches; any other word "
            "is refused by the rules (409 `illegal_call`).",
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
            "deal": nullable(deal_in(name)),
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

"""The games' contract as the spec's components: each registered game's moves, options, deal
records and views, the events every game sends (one schema a type), and a finished game's
record, built from whatever games `engine.GAMES` holds when an app is created (`components`).

Each game says its own part (`Game.contract`, `engine.wire`); the service adds the frame every
view has and its own events (`service.games.contract_blocks`)."""

from __future__ import annotations

from collections.abc import Mapping

from engine import GAMES, Game
from service.games.contract_blocks import (
    BOOL,
    CARDS,
    COMMITMENT,
    COUNT,
    COUNTS_PER_SEAT,
    DEALT,
    DISCLOSED,
    JSON,
    MOVE_FIELDS,
    PER_TEAM,
    PHASE,
    SEAT,
    SERVICE_EVENTS,
    TEXT,
    array,
    camel,
    nullable,
    obj,
    one_of,
    option_schema,
    ref,
    title,
)


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


def view_schema(cls: type[Game], moves: Mapping[str, JSON]) -> JSON:
    """A game's view: the frame every view has, the game's own fields, and the fields only
    a seat's view has (optional here: a spectator's and the host's view lack them)."""
    frame: JSON = {
        "game": {"type": "string", "const": cls.name},
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
        **cls.contract.view,
        "deals": array(ref(f"{cls.__name__}Deal"), "The scored deals, first first."),
        "totals": PER_TEAM,
        "winners": array(SEAT, "The winning seats once the game is over (empty before)."),
        "options": ref(f"{cls.__name__}Options"),
    }
    seat_only: JSON = {
        "seat": {**SEAT, "description": "The caller's seat."},
        **cls.contract.seat,
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


def deal_records() -> dict[str, JSON]:
    """Each registered game's deal record (`Game.contract`), by game name."""
    return {name: cls.contract.deal for name, cls in GAMES.items()}


def event_data() -> dict[str, Mapping[str, JSON]]:
    """Each registered game's events, type -> the schema of its `data`, by game name."""
    return {name: cls.contract.events for name, cls in GAMES.items()}


def event_types() -> tuple[str, ...]:
    """Every event type: the service's own, then each game's new ones, in order."""
    every = [SERVICE_EVENTS, *event_data().values()]
    return tuple(dict.fromkeys(kind for events in every for kind in events))


def event_schemas() -> dict[str, JSON]:
    """Per event type, its `<Type>Data` (what every game sends under it, `merged`) and its
    `<Type>Event`."""
    out: dict[str, JSON] = {}
    by_type: dict[str, dict[str, JSON]] = {}
    for game, events in {**event_data(), "service": SERVICE_EVENTS}.items():
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


ANY_VIEW: JSON = {}
"""A view of any game, told apart by `game` (`refresh_unions` fills it in)."""
ANY_EVENT: JSON = {}
"""An event of any game, told apart by `type` (`refresh_unions` fills it in)."""


def refresh_unions() -> None:
    """Make `ANY_VIEW` and `ANY_EVENT` name every registered game's views and events. They
    are filled in place: the answer schemas hold them from their import on
    (`service.api.schemas`), and the spec reads them when an app is created (`components`)."""
    views = {name: f"{title(name)}View" for name in GAMES}
    events = {kind: f"{camel(kind)}Event" for kind in event_types()}
    for union, now in (
        (ANY_VIEW, one_of(views.values(), "game", views)),
        (ANY_EVENT, one_of(events.values(), "type", events)),
    ):
        union.clear()
        union.update(now)


refresh_unions()


def components() -> dict[str, JSON]:
    """Every schema of the games' contract, by component name, of the games registered now
    (and `refresh_unions`, for the answers that hold a view or an event of any game)."""
    refresh_unions()
    out: dict[str, JSON] = {}
    for cls in GAMES.values():
        moves = move_schemas(cls)
        out.update(moves)
        out[f"{cls.__name__}Options"] = obj(
            {o.name: option_schema(o) for o in cls.options_spec},
            description=f"The options of this {cls.title} game, defaults filled in.",
        )
        out[f"{cls.__name__}Deal"] = cls.contract.deal
        out[f"{cls.__name__}View"] = view_schema(cls, moves)
    out["DealRecord"] = merged("DealRecord", deal_records())
    out.update(record_schemas())
    out.update(event_schemas())
    return out

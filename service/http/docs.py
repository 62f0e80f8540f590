"""The spec's front page (`info.description`), what the spec says beyond marshmallow (each
game's creation body, the links between operations), and Swagger UI's files served by the
app itself, so `/docs` works with no internet access.

flask-smorest renders the `/docs` page; the scripts and styles it loads come from the
`swagger-ui-py` package (Swagger UI 5, which reads OpenAPI 3.1) instead of a CDN.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import swagger_ui
from apispec import APISpec
from flask import Blueprint, Flask

from engine import GAMES
from service.games import contract
from service.games.old_forms import with_old_deal

DESCRIPTION = """\
duckpond hosts four card games by their rules (Doubleduck, Duck Soup, Duck, Doppelkopf), with
computer players (bots) that take seats, and bot-versus-bot matches. The rules of each game,
with the moves and events that express them, are in the repository's `docs/rules/`.

**A table.** `POST /api/v1/games` creates a game: one entry per seat, `{}` for a human or
`{"bot": name}` for a bot (`GET /api/v1/bots`, `GET /api/v1/catalog`). The answer shows each
human seat's token and the host token, once.

**Auth.** Send `Authorization: Bearer <token>`. Each operation's `security` names the tokens
it takes (the bearer schemes `seatToken`, `hostToken`, `appKey`; `{}` among them: none needed).
A seat token acts for its seat only and shows that seat's hand; the token alone names the
seat. The host token may deal an explicit deal and read what every spectator may read.
Without a token you are a spectator: you see what a spectator at a real table sees, never a
hand, the stock or the seed before the game ends.

**Playing.** `GET /api/v1/games/{id}` is your view, with `legal_moves` when you are to act;
`POST .../moves` plays one of them (a call travels with its card). Send `expected_version` (or
`If-Match`) to make a move that raced another a `409 stale_version` that changes nothing.

**Waiting for your turn.** `?wait=30` on your view or your move holds the answer until your
seat is to act (or the deal or game ended): one request per turn, no polling. Anyone waits
with `?wait=30&after_version=N` for any change after version N; a spectator's `?wait=30` alone
waits for the next change after the version it found.

**Fair deals.** Every deal says how it was made (`dealt_by`: `server_shuffle`, `client_seed`,
`host_cards`) and commits to what decided it (`deal_commitment`, a SHA-256 hex), in its
`deal_started` event and in every view. The record, after the end, reveals the seed and salt;
`python -m service.verify record.json events.json` checks it against the commitments you saw
(the repository's `docs/fair-deals.md`).

**App keys.** Creating a game or a match needs `Authorization: Bearer <app key>` (an
integrator's key, issued by the operator; `scripts/serve` prints a development key), with
quotas of live games, creations per minute and match games (429 `quota_*`). Every route is
rate limited per address, per app key and per refused credential: a 429 `rate_limited` says
how long to wait in `Retry-After`. Send `X-Request-Id` to follow a request through the logs.

**Retries.** When you cannot tell whether a change was made (a cut connection, a 503), send it
again with the same `Idempotency-Key` header: a change made once answers its first answer again
(`Idempotent-Replayed: true`), never twice. Keys are the caller's own: another caller's equal
key is another request.

**Errors.** Every error has one shape: `code`, `status`, `message` (for people) and
`errors.reason` (a stable code for programs; the enum lists them all).

**Versioning.** `info.version` is the semantic version of this contract, and `CHANGELOG.md`
(served at `/docs/changelog`) lists every change since the first release. A minor version only
adds: endpoints, optional inputs, fields in answers, event types, reasons. Clients must ignore
what they do not know. Anything else moves the major version. A form that is replaced keeps
working for at least 6 months. Until its sunset, its answers carry `Deprecation` (RFC 9745),
`Sunset` (RFC 8594) and `Link: <...>; rel="deprecation"`, which points to the changelog entry
that says what to send instead. The spec lists such a form under `x-deprecated-forms`,
marked `deprecated: true`.
"""

SERVERS = [{"url": "/", "description": "This server (the spec is served by the API itself)."}]
LICENSE = {"name": "MIT", "identifier": "MIT"}
"""The repository's licence (its `LICENSE` file), as the spec's `info.license`."""

ASSETS_URL = "/docs/static"
ASSETS_DIR = Path(swagger_ui.__file__).parent / "static"


def init_app(app: Flask) -> None:
    """Serve the assets outside the API blueprints, so they stay out of the spec."""
    assets = Blueprint(
        "swagger_ui_assets", __name__, static_folder=str(ASSETS_DIR), static_url_path=ASSETS_URL
    )
    app.register_blueprint(assets)


# --- the spec beyond marshmallow ------------------------------------------------------------

JSON = dict[str, Any]


def refine(spec: APISpec, max_match_games: int) -> None:
    """Say in the spec exactly what the server takes where one marshmallow schema serves every
    game: a creation's and a match's body become one schema per game, told apart by `game`
    (`oneOf` with a discriminator: its seat counts, its bots, its closed options, its deal,
    from `service.games.contract`); a move and a host's deal become closed choices of every game's
    (the path names the game); and add the links a client (or a stateful fuzzer)
    follows from a creation to the game's operations (`links`)."""
    schemas = spec.components.schemas
    per_game(schemas, "CreateGameIn", "GameIn", contract.game_in)
    per_game(schemas, "MatchIn", "MatchIn", lambda name: contract.match_in(name, max_match_games))
    schemas.pop("SeatIn")  # said per game now, in each `seats`
    # A move and a host's deal: the path names the game, so the body is any game's, closed.
    for base, field, exact, gone in (
        ("MoveIn", "move", contract.any_move_in(), "MoveBody"),
        ("DealRequestIn", "deal", with_old_deal(contract.next_deal_in()), "DealIn"),
    ):
        props = schemas[base]["properties"]
        props[field] = merge_value(inlined(props[field], schemas), exact)
        schemas.pop(gone)
    most_seats = max(cls.max_seats for cls in GAMES.values())
    for (path, method, status), found in links(most_seats).items():
        spec._paths[path][method]["responses"][status]["links"] = found


def per_game(
    schemas: dict[str, JSON], base: str, suffix: str, narrow: Callable[[str], JSON]
) -> None:
    """Replace the component `base` by one schema per game (`<Game><suffix>`): `base` as
    marshmallow documents it (descriptions, lengths), narrowed by `narrow(game)`."""
    generic = inlined(schemas[base], schemas)
    names = {name: f"{contract.title(name)}{suffix}" for name in GAMES}
    for name, component in names.items():
        schemas[component] = merge(generic, narrow(name))
    schemas[base] = {
        **contract.one_of(names.values(), "game", names),
        "description": "One schema per game, told apart by `game`.",
    }


def inlined(schema: JSON, schemas: dict[str, JSON]) -> JSON:
    """`schema` with its references to other components replaced by the components."""
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith(contract.REF):
            return inlined(schemas[ref.removeprefix(contract.REF)], schemas)
        return {k: inlined(v, schemas) for k, v in schema.items()}
    if isinstance(schema, list):
        return [inlined(v, schemas) for v in schema]
    return schema


def merge(generic: JSON, narrow: JSON) -> JSON:
    """`generic` with `narrow` on top, property by property (a `oneOf` or `enum` in `narrow`
    replaces what `generic` said of that value's shape, keeping its description)."""
    out = copy.deepcopy(generic)
    for key, value in narrow.items():
        have = out.get(key)
        if key == "properties" and isinstance(have, dict):
            for name, schema in value.items():
                out[key][name] = merge_value(have.get(name, {}), schema)
        else:
            out[key] = copy.deepcopy(value)
    return out


ANNOTATIONS = ("description", "title", "example", "examples", "default")
WHOLE = ("type", "oneOf", "anyOf", "enum", "const", "$ref")


def merge_value(generic: JSON, narrow: JSON) -> JSON:
    """One value's schema: a whole one in `narrow` (it has a type or is a choice) keeps only
    `generic`'s annotations; else `narrow` adds limits (`items` merged the same way)."""
    if any(key in narrow for key in WHOLE):
        kept = {k: v for k, v in generic.items() if k in ANNOTATIONS}
        out = {**kept, **copy.deepcopy(narrow)}
        if isinstance(narrow.get("properties"), dict):  # a property keeps its annotations
            mine = generic.get("properties", {})
            out["properties"] = {
                name: merge_value(mine.get(name, {}), value)
                for name, value in narrow["properties"].items()
            }
        return out
    out = copy.deepcopy(generic)
    for key, value in narrow.items():
        if key == "items" and isinstance(out.get("items"), dict):
            out["items"] = merge_value(out["items"], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


GAME_ID = {"game_id": "$response.body#/id"}
SAME_CALLER = {"path.game_id": "$request.path.game_id"}
"""A link names no credential: a token is the caller's security scheme (its client sends it),
which an OpenAPI link cannot set. The caller follows a link with the token it holds (a seat's
from the creation's `seats`, the host's from `host_token`)."""
WAIT = "30"
"""A link's `?wait=`: a string, as the OpenAPI 3.1 schema has a link's parameter values."""


def _link(operation: str, description: str, **parameters: Any) -> JSON:
    """A link to `operation`; a `requestBody` is the whole body (schemathesis' extension
    `merge_body` off: a legal move merged into another would be another move)."""
    body = parameters.pop("requestBody", None)
    out: JSON = {"operationId": operation, "description": description, "parameters": parameters}
    if body is not None:
        out["requestBody"] = body
        out["x-schemathesis"] = {"merge_body": False}
    return out


def links(most_seats: int) -> dict[tuple[str, str, str], dict[str, JSON]]:
    """The links of the spec: from a game's creation to its operations (`creation_links`),
    from a claim, a view, a move, a host's deal and a match to what follows (`LATER_LINKS`)."""
    return {("/api/v1/games", "post", "201"): creation_links(most_seats), **LATER_LINKS}


def creation_links(most_seats: int) -> dict[str, JSON]:
    """From a game's creation to its operations: a seat's view at its turn, its events, the
    host's deal, its score and record, a claim of an open seat. (`most_seats` is kept for the
    callers; a link no longer differs by seat, the token does.)"""
    del most_seats
    return {
        "SeatView": _link(
            "get_game",
            "A seat's view at its turn, with that seat's token from this answer's `seats`"
            " (seatToken; a bot's seat has none).",
            **{"path.game_id": "$response.body#/id", "query.wait": WAIT},
        ),
        "SeatEvents": _link(
            "list_events",
            "A seat's events (its private ones too), with its token.",
            **{"path.game_id": "$response.body#/id"},
        ),
        "HostDeals": _link(
            "deal_next",
            "The host deals the next deal (once a deal is scored), with `host_token`.",
            **{"path.game_id": "$response.body#/id"},
        ),
        "Score": _link("get_score", "The score sheet.", **GAME_ID),
        "Record": _link("get_record", "The record (once the game is over).", **GAME_ID),
        "ClaimOpenSeat": _link(
            "claim_seat",
            "Take the lowest open seat with the table's invite code (a table with open seats).",
            **GAME_ID,
            requestBody={"invite_code": "$response.body#/invite_code"},
        ),
    }  # fmt: skip


LATER_LINKS: dict[tuple[str, str, str], dict[str, JSON]] = {
    ("/api/v1/games/{game_id}/claim", "post", "200"): {
        "ClaimedSeatView": _link(
            "get_game",
            "The claimed seat's view at its turn, with the token the claim answered.",
            **{"path.game_id": "$response.body#/id", "query.wait": WAIT},
        ),
    },
    ("/api/v1/games/{game_id}", "get", "200"): {
        "PlayFirstLegal": _link(
            "play_move",
            "The caller plays the first of its legal moves, at the version it read.",
            **SAME_CALLER,
            **{
                "header.If-Match": "$response.header.ETag",
                # A key that names the move (game, version, seat): a retry is the same move.
                "header.Idempotency-Key": "{$request.path.game_id}-{$response.body#/version}"
                "-{$response.body#/seat}",
            },
            requestBody={
                "move": "$response.body#/view/legal_moves/0",
                "expected_version": "$response.body#/version",
            },
        ),
        "Events": _link("list_events", "The events the caller may see.", **SAME_CALLER),
    },
    ("/api/v1/games/{game_id}/moves", "post", "200"): {
        "WaitForTurn": _link(
            "get_game",
            "The mover's view at its next turn.",
            **SAME_CALLER,
            **{"query.wait": WAIT},
        ),
        "Events": _link("list_events", "The events the mover may see.", **SAME_CALLER),
    },
    ("/api/v1/games/{game_id}/deal", "post", "200"): {
        "PublicView": _link("get_game", "The public view of the new deal.",
                          **{"path.game_id": "$request.path.game_id"}),
    },
    ("/api/v1/matches", "post", "202"): {
        "Progress": _link("get_match", "The match's progress and results.",
                          match_id="$response.body#/id"),
        "Games": _link("list_match_games", "The match's recorded games.",
                       match_id="$response.body#/id"),
        "HostCancels": _link(
            "cancel_match",
            "The host cancels the match, with the match's `host_token`.",
            **{"path.match_id": "$response.body#/id"},
        ),
    },
}  # fmt: skip
"""The links from a claim to the claimed seat's view, from a view to the caller's first legal
move, from a move to the mover's next turn, from a host's deal to the public view, and from a
match to its own operations."""

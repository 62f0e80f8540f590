"""What every blueprint shares: the layers, the caller, HTTP helpers, documented errors."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from flask import Response, current_app, request
from flask_smorest import Blueprint

from engine import GAMES
from service.access import bot_registry
from service.api.common_schemas import IF_MATCH, ErrorOut
from service.core.errors import REASONS, ServiceError, payload, reasons_for
from service.games.bodies import event_entry, event_out, to_json
from service.games.callers import APP_KEY_HEADER, Caller
from service.http.edges import json_body
from service.matches.matches import Matches
from service.matches.ratings import Ratings
from service.storage.records import Stored
from service.tables.tables import Tables
from service.wiring import Layers

F = TypeVar("F", bound=Callable[..., Any])

Security = list[dict[str, list[str]]]
"""An operation's `security` in the spec: alternatives, each the schemes it sends together;
`{}` (none) as an alternative makes the credential optional. The schemes are declared in
`service.api.register`; every operation names its own (a test holds it)."""
APP_KEY: Security = [{"appKey": []}, {}]
"""Creations: an app key (or nothing, where the operator turned app keys off)."""
KEY_ONLY: Security = [{"appKey": []}]
"""What only an app key may do or read, whatever the mode (its feed, webhooks, challenges)."""
SEAT: Security = [{"seatToken": []}]
"""What a seat does for itself: move, resign, step away and back, take its invited seat."""
HOST: Security = [{"hostToken": []}]
"""What only the host does: abandon a game, cancel a match."""
SEAT_OR_HOST: Security = [{"seatToken": []}, {"hostToken": []}]
"""What a seat or the host may do: deal the next deal, a rematch."""
ANYONE: Security = [{}, {"seatToken": []}, {"hostToken": []}]
"""What a spectator reads too: a seat's token adds its own hand and private events."""
PUBLIC: Security = []
"""What takes no credential at all (`Authorization` is ignored, not refused)."""
TOKEN_MAX = 512
"""The longest `Authorization` a route that needs a token reads (no token of ours is near it)."""
EXAMPLE_ID = "q7Zk3xP2aB9w"


def _example_game() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    """Real views for the spec's examples, so they match the games' schemas: a Doubleduck game
    seeded `example`; the public view and the leader's at version 0, then the leader's view
    after its first card and the event it caused."""
    game = GAMES["doubleduck"].new(seed="example")
    (seat,) = game.to_act()
    public, mine = game.view(None), game.view(seat)
    events = game.apply(seat, game.legal_moves(seat)[0])
    return public, mine, game.view(seat), [event_out(event_entry(e, 1), 7) for e in events]


EXAMPLE_PUBLIC_VIEW, EXAMPLE_VIEW, EXAMPLE_VIEW_AFTER, EXAMPLE_EVENTS = _example_game()
EXAMPLE_SEAT: int = EXAMPLE_VIEW["seat"]


def _header(description: str, **schema: Any) -> dict[str, Any]:
    return {"description": description, "schema": {"type": "string", **schema}}


ETAG_HEADER = _header(
    'The game\'s version and whose view this is, as `"12.seat1"` (`host`, `public`): send it '
    "as `If-None-Match` to get a 304 while nothing changed, or as `If-Match` to move only at "
    "this version."
)
NO_STORE_HEADER = _header("`no-store`: the answer may hold tokens or a hand.", enum=["no-store"])
REPLAYED_HEADER = _header(
    "`true` when this is the stored first answer to a retried `Idempotency-Key`.", enum=["true"]
)
CHANGE_HEADERS = {
    "ETag": ETAG_HEADER,
    "Cache-Control": NO_STORE_HEADER,
    "Idempotent-Replayed": REPLAYED_HEADER,
}
VIEW_HEADERS = {"ETag": ETAG_HEADER, "Cache-Control": NO_STORE_HEADER}


def location_header(what: str) -> dict[str, Any]:
    return _header(f"The URL of the new {what}.", format="uri-reference")


def token_first(blp: Blueprint, *endpoints: str) -> None:
    """Make an operation that needs a token (every one of `blp`, or its `endpoints`) refuse
    its absence (401) before it reads anything else: a request without its credentials is
    told so, not that its body is wrong."""

    def check() -> None:
        if endpoints and request.endpoint not in endpoints:
            return
        header = request.headers.get("Authorization")
        if header is None or not header.strip():
            raise ServiceError("missing_token", "this needs Authorization: Bearer <token>")
        if len(header) > TOKEN_MAX:  # as the header's schema refused it when it had one
            raise ServiceError(
                "validation_error",
                "The request does not match the schema.",
                fields={"headers": {"Authorization": [f"Longer than maximum length {TOKEN_MAX}."]}},
            )

    blp.before_request(check)


def layers() -> Layers:
    """This app's layers, built once by `create_app` (`service.wiring`)."""
    return cast(Layers, current_app.extensions["duckpond"])


def registry() -> bot_registry.BotRegistry:
    """Outside bots: register, read, resolve, retire (`service.access.bot_registry`)."""
    found = layers().registry
    assert found is not None, "built by `service.wiring.build`"
    return found


def tables() -> Tables:
    return layers().tables


def matches() -> Matches:
    return layers().matches


def ratings() -> Ratings:
    found = layers().ratings
    assert found is not None, "built by `service.wiring.build`"
    return found


def caller(game_id: str, *, required: bool) -> Caller:
    """The caller of a route that needs no game state (`Tables.authenticate`)."""
    return tables().authenticate(
        game_id,
        request.headers.get("Authorization"),
        required=required,
        app_key=request.headers.get(APP_KEY_HEADER),
    )


def open_game(
    game_id: str, *, required: bool, expected: list[int | None] | None = None
) -> tuple[Caller, Stored]:
    """The caller and the game in one Redis read (`open_caller`), for views and changes."""
    auth, key = request.headers.get("Authorization"), request.headers.get(APP_KEY_HEADER)
    return open_caller(tables(), game_id, auth, required=required, expected=expected, app_key=key)


def open_caller(
    tables: Tables,
    game_id: str,
    authorization: str | None,
    *,
    required: bool,
    expected: list[int | None] | None = None,
    app_key: str | None = None,
) -> tuple[Caller, Stored]:
    """`Tables.open`: a change that expects one version may find that version in the
    process's cache. Framework-free, for the fast lane (`service.api.fast_lane`) too. `app_key`:
    the request's `Duckpond-App-Key`, which a bound seat's token needs."""
    versions = {v for v in expected or () if v is not None}
    version = versions.pop() if len(versions) == 1 else None
    return tables.open(game_id, authorization, required=required, version=version, app_key=app_key)


def json_response(
    body: Any, status: int = 200, headers: dict[str, str] | None = None, text: str | None = None
) -> Response:
    """`body` (or its JSON `text`, when already encoded) as the answer, without a marshmallow
    dump: for answers whose schema is a pass-through of a body the service built itself
    (tests/service/api/test_fast_answers.py checks each equals its schema's dump), that dump
    only copied them, at a third of a move's time. Same bytes as `jsonify`."""
    data = (to_json(body) if text is None else text) + "\n"
    return Response(data, status, headers, mimetype="application/json")


def etag(body: Mapping[str, Any]) -> str:
    """A game answer's ETag: its version and whose view it is. Each caller sees another body
    at one version (a seat its hand), so each gets its own tag; nothing in it is secret."""
    seat, role = body.get("seat"), body.get("role")
    who = f"seat{seat}" if seat is not None else "host" if role == "host" else "public"
    return f'"{body["version"]}.{who}"'


IF_MATCH_RE = re.compile(IF_MATCH)


def parse_if_match(header: str | None) -> int | None:
    """`If-Match: "12.seat1"` (an ETag of ours; or "12", W/"12", 12, *) as an expected version;
    None for none, nothing or *. Exactly the spec's pattern (`schemas.IF_MATCH`)."""
    if header is None:
        return None
    if not IF_MATCH_RE.fullmatch(header):
        raise ServiceError("invalid_if_match", 'If-Match must be an ETag such as "12.seat1"')
    digits = header.removeprefix("W/").strip('"').partition(".")[0]
    return int(digits) if digits.isdigit() else None


def not_modified(tag: str, header: str | None) -> bool:
    """Whether `If-None-Match: header` names `tag` (or is *)."""
    if not header:
        return False
    tags = {t.strip().removeprefix("W/") for t in header.split(",")}
    return "*" in tags or tag in tags


def expected_versions(body_version: int | None, headers: dict[str, Any]) -> list[int | None]:
    """Both ways to say which version a change expects: the body and `If-Match`."""
    return [body_version, parse_if_match(headers.get("if_match"))]


def errors(blp: Blueprint, *specs: int | str) -> Callable[[F], F]:
    """Document error responses from the one table: an int takes every reason of that status,
    a string adds one reason under its status. Each gets its reasons and an example."""
    by_status: dict[int, list[str]] = {}
    for spec in specs:
        listed = by_status.setdefault(spec if isinstance(spec, int) else REASONS[spec][0], [])
        for reason in reasons_for(spec) if isinstance(spec, int) else [str(spec)]:
            if reason not in listed:
                listed.append(reason)

    def decorate(func: F) -> F:
        documented: Any = func
        for status, reasons in sorted(by_status.items(), reverse=True):
            lines = "; ".join(f"`{r}`: {REASONS[r][1]}" for r in reasons)
            example = payload(status, REASONS[reasons[0]][1], reasons[0])
            documented = blp.alt_response(
                status, schema=ErrorOut, description=f"Reasons: {lines}", example=example
            )(documented)
        # `alt_response` only documents, yet each one wraps the view in one more call per
        # request (six on a move): keep the doc it collected, drop its wrappers.
        func.__dict__["_apidoc"] = documented._apidoc
        return func

    return decorate


# --- the lean path of the hot routes ----------------------------------------------------------

Parse = Callable[[], "dict[str, Any] | None"]
"""Reads a request's arguments without webargs, or answers None to leave it to the schemas."""

SECONDS = re.compile(r"^[0-9]{1,2}(\.[0-9]{1,6})?$")
VERSION = re.compile(r"^[0-9]{1,18}$")
MOVE_FIELDS: Mapping[str, int] = {"type": 32, "card": 8, "call": 64, "draw": 32}
"""The string fields of `MoveBody` and their longest length (`type` at least 1 long)."""


def lean(documented: Callable[..., Response], parse: Parse) -> Callable[[F], F]:
    """Serve a hot route (a move, a view) without webargs and marshmallow for the requests
    whose arguments are plainly valid, and through `documented` (the same view under the
    full schemas) for anything else, so every refusal is still the schemas' own.

    Why: parsing by schema costs a move more CPU than its rules, its read and its answer
    together. `parse` accepts only what the schemas would accept unchanged (it never
    converts or guesses), so both paths give the same arguments. The registered view
    carries `documented`'s OpenAPI doc, so the spec does not change."""

    def decorate(fast: F) -> F:
        def view(**path: Any) -> Response:
            args = parse() if current_app.config["LEAN_ROUTES"] else None
            if args is None:
                return documented(**path)
            return cast(Response, fast(**args, **path))

        view.__name__ = fast.__name__
        view.__doc__ = documented.__doc__
        view.__dict__["_apidoc"] = documented.__dict__["_apidoc"]
        return cast(F, view)

    return decorate


def plain_query(allowed: Mapping[str, re.Pattern[str]]) -> dict[str, str] | None:
    """The query's values when each is given once and matches its pattern, else None."""
    args = request.args
    if not args:
        return {}
    out: dict[str, str] = {}
    for name in args:
        pattern = allowed.get(name)
        values = args.getlist(name)
        if pattern is None or len(values) != 1 or not pattern.match(values[0]):
            return None
        out[name] = values[0]
    return out


def plain_wait(query: Mapping[str, str]) -> float | None:
    """`wait` from a plain query: 0 when absent, None when over 30 (the schema refuses it)."""
    wait = float(query.get("wait", 0))
    return wait if wait <= 30 else None


def plain_json() -> dict[str, Any] | None:
    """The body as a JSON object, when it is declared JSON and parses plainly."""
    if request.mimetype != "application/json":
        return None
    body = json_body()  # read (strictly) before the view ran
    return body if isinstance(body, dict) else None


def plain_move(move: object) -> bool:
    """Whether `move` passes `MoveBody` as it is: known fields, strings of allowed lengths."""
    if not isinstance(move, dict) or "type" not in move:
        return False
    for name, value in move.items():
        if name == "cards":
            if not isinstance(value, list) or len(value) > 64:
                return False
            if not all(isinstance(c, str) and len(c) <= 8 for c in value):
                return False
            continue
        longest = MOVE_FIELDS.get(name)
        if longest is None or not isinstance(value, str) or len(value) > longest:
            return False
    return len(move["type"]) >= 1


def plain_version(value: object) -> bool:
    """Whether `value` passes a strict, non-negative `fields.Integer`."""
    return type(value) is int and value >= 0

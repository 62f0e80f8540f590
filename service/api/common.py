"""What every blueprint shares: the layers, the caller, HTTP helpers, documented errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from flask import Response, current_app, request
from flask_smorest import Blueprint

from service.bodies import to_json
from service.callers import Caller
from service.errors import REASONS, ServiceError, payload, reasons_for
from service.matches import Matches
from service.schemas import ErrorOut
from service.store import Stored
from service.tables import Tables
from service.wiring import Layers

F = TypeVar("F", bound=Callable[..., Any])

BEARER: list[dict[str, list[str]]] = [{"bearerAuth": []}]
OPTIONAL_BEARER: list[dict[str, list[str]]] = [{"bearerAuth": []}, {}]

EXAMPLE_ID = "q7Zk3xP2aB9w"
EXAMPLE_VIEW: dict[str, Any] = {
    "game": "doubleduck",
    "phase": "play",
    "deal_no": 1,
    "course": "duck",
    "trick_no": 1,
    "to_act": [1],
    "trick": [{"seat": 0, "card": "JS"}],
    "hand": ["AC", "3C", "JH", "JS"],
    "legal_moves": [
        {"type": "play", "card": "JH"},
        {"type": "play", "card": "JH", "call": "quack"},
        {"type": "play", "card": "JS", "call": "doubleduck"},
    ],
}


def layers() -> Layers:
    """This app's layers, built once by `create_app` (`service.wiring`)."""
    return cast(Layers, current_app.extensions["duckpond"])


def tables() -> Tables:
    return layers().tables


def matches() -> Matches:
    return layers().matches


def caller(game_id: str, *, required: bool) -> Caller:
    return tables().authenticate(game_id, request.headers.get("Authorization"), required=required)


def open_game(game_id: str, *, required: bool) -> tuple[Caller, Stored]:
    """The caller and the game in one Redis read (`Tables.open`), for views and changes."""
    return tables().open(game_id, request.headers.get("Authorization"), required=required)


def json_response(
    body: Any, status: int = 200, headers: dict[str, str] | None = None, text: str | None = None
) -> Response:
    """`body` (or its JSON `text`, when already encoded) as the answer, without a marshmallow
    dump: for answers whose schema is a pass-through of a body the service built itself
    (tests/service/test_fast_answers.py checks each equals its schema's dump), that dump
    only copied them, at a third of a move's time. Same bytes as `jsonify`."""
    data = (to_json(body) if text is None else text) + "\n"
    return Response(data, status, headers, mimetype="application/json")


def parse_if_match(header: str | None) -> int | None:
    """`If-Match: "12"` (or W/"12", 12, *) as an expected version; None for none or *."""
    if header is None or header.strip() in ("", "*"):
        return None
    text = header.strip()
    if text.startswith("W/"):
        text = text[2:]
    text = text.strip('"')
    if not text.isdigit() or len(text) > 18:
        raise ServiceError("invalid_if_match", 'If-Match must be a version such as "12"')
    return int(text)


def expected_versions(body_version: int | None, headers: dict[str, Any]) -> list[int | None]:
    """Both ways to say which version a change expects: the body and `If-Match`."""
    return [body_version, parse_if_match(headers.get("if_match"))]


def errors(blp: Blueprint, *specs: int | str) -> Callable[[F], F]:
    """Document error responses from the one table: an int takes every reason of that status,
    a string adds one reason under its status. Each gets its reasons and an example."""
    by_status: dict[int, list[str]] = {}
    for spec in specs:
        if isinstance(spec, int):
            by_status.setdefault(spec, []).extend(reasons_for(spec))
        else:
            by_status.setdefault(REASONS[spec][0], []).append(str(spec))

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

"""What every blueprint shares: the use-case layer, the caller, documented error responses."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

from flask import current_app, request
from flask_smorest import Blueprint

from service.errors import REASONS, payload, reasons_for
from service.games import Caller, Games, parse_if_match
from service.schemas import ErrorOut

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


def games() -> Games:
    return cast(Games, current_app.extensions["duckpond"])


def caller(game_id: str, *, required: bool) -> Caller:
    return games().authenticate(game_id, request.headers.get("Authorization"), required=required)


def expected_versions(body_version: int | None, headers: dict[str, Any]) -> list[int | None]:
    """Both ways to say which version a change expects: the body and `If-Match`."""
    return [body_version, parse_if_match(headers.get("if_match"))]


def errors(blp: Blueprint, statuses: Iterable[int]) -> Callable[[F], F]:
    """Document each error status with its reasons (from the one table) and an example."""

    def decorate(func: F) -> F:
        for status in sorted(statuses, reverse=True):
            reasons = reasons_for(status)
            lines = "; ".join(f"`{r}`: {REASONS[r][1]}" for r in reasons)
            example = payload(status, REASONS[reasons[0]][1], reasons[0])
            func = blp.alt_response(
                status, schema=ErrorOut, description=f"Reasons: {lines}", example=example
            )(func)
        return func

    return decorate

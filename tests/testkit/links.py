"""Following the spec's own links by hand, deterministically: from a game's creation to each
seat's view (`SeatView`, with the seat's token), and from the view of the seat to act to its
first legal move
(`PlayFirstLegal`). What the links say is all the client knows: the operation by its id, and
every parameter and body value by its runtime expression (OpenAPI 3.1, "Runtime
Expressions"), resolved against the request and the answer the link starts from.

Whatever the deal, one seat of a table of humans is to act, so following the links must reach
a move the rules accept: no seed's luck in it. The requests go through `send`, so the same walk
runs in-process (Flask's test client) and against a served instance (HTTP).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

JSON = Any


@dataclass
class Exchange:
    """A request as sent and its answer: what a link's expressions read."""

    template: str
    method: str
    path: dict[str, str]
    headers: dict[str, str]
    query: dict[str, Any]
    body: JSON
    status: int = 0
    answer_headers: dict[str, str] = field(default_factory=dict)
    answer: JSON = None


Send = Callable[[Exchange], tuple[int, dict[str, str], JSON]]
"""A request (its operation's path template and method, its path parameters, headers, query
and JSON body or None) -> (status, headers, JSON answer)."""

EMBEDDED = re.compile(r"\{(\$[^}]+)\}")


def pointer(document: JSON, fragment: str) -> JSON:
    """A JSON Pointer (RFC 6901) into `document`; a KeyError/IndexError if it points nowhere."""
    for token in fragment.lstrip("/").split("/") if fragment else []:
        token = token.replace("~1", "/").replace("~0", "~")
        document = document[int(token)] if isinstance(document, list) else document[token]
    return document


def url(sent: Exchange) -> str:
    """The request's path: its template with its path parameters."""
    return re.sub(r"\{(\w+)\}", lambda m: quote(sent.path[m.group(1)], safe=""), sent.template)


def header(headers: dict[str, str], name: str) -> str:
    return next(v for k, v in headers.items() if k.lower() == name.lower())


def resolve(expression: JSON, source: Exchange) -> JSON:
    """A link's value: a runtime expression, a string embedding some (`{$...}`), a dict of
    them (a request body), or a constant."""
    if isinstance(expression, dict):
        return {k: resolve(v, source) for k, v in expression.items()}
    if not isinstance(expression, str):
        return expression
    if not expression.startswith("$"):
        return EMBEDDED.sub(lambda m: str(resolve(m.group(1), source)), expression)
    if expression.startswith("$response.body#"):
        return pointer(source.answer, expression.removeprefix("$response.body#"))
    if expression.startswith("$response.header."):
        return header(source.answer_headers, expression.removeprefix("$response.header."))
    if expression.startswith("$request.header."):
        return header(source.headers, expression.removeprefix("$request.header."))
    if expression.startswith("$request.path."):
        return source.path[expression.removeprefix("$request.path.")]
    raise AssertionError(f"a runtime expression this walk does not read: {expression}")


class Walk:
    """The served spec and a way to send requests: calls operations by id, follows links."""

    def __init__(self, spec: JSON, send: Send) -> None:
        self.spec = spec
        self.send = send
        self.operations = {
            operation["operationId"]: (path, method)
            for path, item in spec["paths"].items()
            for method, operation in item.items()
            if isinstance(operation, dict) and "operationId" in operation
        }

    def call(
        self,
        operation_id: str,
        *,
        path: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        query: dict[str, Any] | None = None,
        body: JSON = None,
    ) -> Exchange:
        template, method = self.operations[operation_id]
        sent = Exchange(
            template, method, dict(path or {}), dict(headers or {}), dict(query or {}), body
        )
        sent.status, sent.answer_headers, sent.answer = self.send(sent)
        return sent

    def links(self, source: Exchange) -> dict[str, JSON]:
        """The links of the answer `source` got (by its operation and status)."""
        responses = self.spec["paths"][source.template][source.method]["responses"]
        return dict(responses[str(source.status)].get("links", {}))

    def follow(self, source: Exchange, name: str, token: str | None = None) -> Exchange:
        """Send what the link `name` of `source`'s answer says, and nothing else but the
        caller's credential (`token`, as a client of the spec's security schemes sends it:
        a link cannot name one)."""
        link = self.links(source)[name]
        where: dict[str, dict[str, Any]] = {"path": {}, "header": {}, "query": {}}
        if token is not None:
            where["header"]["Authorization"] = f"Bearer {token}"
        for key, expression in link.get("parameters", {}).items():
            location, _, parameter = key.partition(".")
            assert parameter, f"link {name}: {key} names no location"
            where[location][parameter] = resolve(expression, source)
        body = resolve(link["requestBody"], source) if "requestBody" in link else None
        return self.call(
            link["operationId"],
            path=where["path"],
            headers=where["header"],
            query=where["query"],
            body=body,
        )


def create_and_move(walk: Walk, game: str, seats: int, seed: str) -> tuple[Exchange, Exchange]:
    """Create a table of `seats` humans, read every seat's view through the creation's
    `SeatView` link with that seat's token (from the creation's `seats`), and play through
    `PlayFirstLegal` from the view of the seat that has legal moves, with its token: (that
    view, the move's answer)."""
    created = walk.call("create_game", body={"game": game, "seats": [{}] * seats, "seed": seed})
    assert created.status == 201, created.answer
    tokens = [seat["token"] for seat in created.answer["seats"]]
    views = [walk.follow(created, "SeatView", token) for token in tokens]
    assert [v.status for v in views] == [200] * seats, [v.answer for v in views]
    assert [v.answer["seat"] for v in views] == list(range(seats))  # each link's own token
    to_act = [v for v in views if v.answer["view"]["legal_moves"]]
    assert len(to_act) == 1, [v.answer["view"] for v in views]  # one seat acts, whatever the deal
    view = to_act[0]
    moved = walk.follow(view, "PlayFirstLegal", tokens[view.answer["seat"]])
    return view, moved


def play_along(walk: Walk, game: str, seats: int, seed: str) -> tuple[Exchange, Exchange]:
    """Create a table of `seats` humans and follow the creation's `SeatView` and the view's
    `PlayFirstLegal` with no credential of the walk's own: the token is the one the walk's
    `send` supplies, as schemathesis' auth provider does (`via_schemathesis`). The provider
    must pick the seat to act from the creation's answer, or the view has no legal move to
    follow: (the view, the move's answer)."""
    created = walk.call("create_game", body={"game": game, "seats": [{}] * seats, "seed": seed})
    assert created.status == 201, created.answer
    view = walk.follow(created, "SeatView")
    assert view.status == 200, view.answer
    assert view.answer["role"] == "seat", view.answer  # a seat's token was sent
    assert view.answer["view"]["legal_moves"], view.answer["view"]  # the seat to act's
    return view, walk.follow(view, "PlayFirstLegal")


def via_schemathesis(schema: Any) -> Send:
    """`Send` as a case schemathesis generates for the operation, with every value the request
    names fixed and nothing else added (Hypothesis' smallest case, derandomized: the same case
    every time), sent by `case.call()` (which runs the loaded hooks' `after_call`) and checked by
    `case.validate_response()`. The credential is the loaded auth provider's, set as the case is
    generated: the walk sends none."""
    from hypothesis import Phase, find, settings
    from schemathesis.core import NOT_SET

    once = settings(database=None, derandomize=True, phases=[Phase.generate, Phase.shrink])

    def send(sent: Exchange) -> tuple[int, dict[str, str], JSON]:
        operation = schema[sent.template][sent.method.upper()]
        strategy = operation.as_strategy(
            path_parameters=sent.path or None,
            headers=sent.headers or None,
            query=sent.query or None,
            body=NOT_SET if sent.body is None else sent.body,
        )
        case = find(strategy, lambda _: True, settings=once)
        response = case.call()
        case.validate_response(response)
        sent.headers = dict(case.headers or {})  # what went out, the provider's token too
        headers = {k: v[0] if isinstance(v, list) else v for k, v in response.headers.items()}
        return response.status_code, headers, response.json() if response.content else None

    return send

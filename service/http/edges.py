"""HTTP edges: what every request and answer passes through, whatever the route.

- CORS (flask-cors), so a browser app on another origin can call the API: the origins allowed
  are a setting (`CORS_ORIGINS`); preflights are answered, and the headers a client reads
  (`ETag`, `Location`, `Idempotent-Replayed`, `Retry-After`) are exposed.
- A body must be JSON: anything else is a 415 in the one error shape, not a schema's 422
  about missing fields.
- Answers about games and matches carry `Cache-Control: no-store`: they hold tokens, hands
  or private events (a match's creation, its host token), which no cache between the client
  and us may keep.
- A JSON body is read once, strictly (`service.http.json_in`: I-JSON): a lone surrogate, nesting
  5,000 deep or a 5,000-digit integer is a 400 before any schema or use case sees it.
- A body sent in chunks (no Content-Length) is held to the same limit as any other: over it,
  413, not a truncated body that then reads as malformed JSON (`bounded_bodies`).
- Errors that the WSGI server answers before the app sees the request (a too long URL or
  header) use the one error shape too (`server_errors_as_json`, installed by `service.wsgi`).
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Callable, Iterable
from typing import Any, cast

from flask import Flask, Response, request
from flask_cors import CORS
from flask_smorest.arguments import ArgumentsMixin

from service.core.codec import dumps
from service.core.errors import REASONS, ServiceError, payload
from service.games.callers import APP_KEY_HEADER
from service.http.json_in import read_body

EXPOSED = ["ETag", "Location", "Idempotent-Replayed", "Retry-After", "X-Request-Id",
           "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset",
           "Deprecation", "Sunset", "Link"]  # fmt: skip
ALLOWED = ["Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key",
           "X-Request-Id", APP_KEY_HEADER]  # fmt: skip
PRIVATE_PREFIXES = ("/api/v1/games", "/api/v1/matches")


def init_app(app: Flask) -> None:
    origins = app.config["CORS_ORIGINS"]
    if origins:
        CORS(
            app,
            resources={r"/api/*": {}, r"/openapi.json": {}, r"/livez": {}, r"/readyz": {}},
            origins=origins,
            expose_headers=EXPOSED,
            allow_headers=ALLOWED,
            max_age=600,
            # Error answers get their CORS headers from the same answer hook as the rest
            # (`_only_with_origin`: only when the request came with an Origin).
            intercept_exceptions=False,
        )
        _only_with_origin(app, vary=origins != ["*"])
    app.before_request(_require_json)
    app.before_request(_read_json)
    _schemas_read_that_body()
    app.before_request(_single_query_values)
    app.after_request(_no_store)
    limit = int(app.config["MAX_CONTENT_LENGTH"])
    app.wsgi_app = bounded_bodies(app.wsgi_app, limit)  # type: ignore[method-assign,assignment]


WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def bounded_bodies(wsgi_app: WSGIApp, limit: int) -> WSGIApp:
    """Read a chunked body up to `limit` before the app runs: over it, a 413; else the app
    gets it with a Content-Length, as if it had been sent with one."""

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not environ.get("CONTENT_LENGTH"):
            data = environ["wsgi.input"].read(limit + 1)
            if len(data) > limit:
                body = dumps(payload(413, REASONS["body_too_large"][1], "body_too_large"))
                start_response(
                    "413 Request Entity Too Large",
                    [("Content-Type", "application/json"), ("Content-Length", str(len(body))),
                     ("Connection", "close")],
                )  # fmt: skip
                return [body]
            environ["wsgi.input"] = io.BytesIO(data)
            environ["CONTENT_LENGTH"] = str(len(data))
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            environ.pop("wsgi.input_terminated", None)
        return wsgi_app(environ, start_response)

    return app


def _only_with_origin(app: Flask, *, vary: bool) -> None:
    """Run flask-cors's answer hook only for requests that carry `Origin` (every cross-origin
    browser request does): for the rest it only costs time, a third of a `/livez`. With a
    list of origins, the answer varies by `Origin` either way, so caches keep them apart."""
    hooks = app.after_request_funcs.setdefault(None, [])
    cors_hook = hooks.pop()

    def hook(response: Response) -> Response:
        if "Origin" in request.headers:
            response = cast(Response, cors_hook(response))
        if vary:
            response.vary.add("Origin")
        return response

    hooks.append(hook)


def _require_json() -> None:
    """A request that carries a body must say it is JSON (a browser form, text or nothing
    would otherwise read as an empty object, and fail on the first required field)."""
    if request.method not in ("POST", "PUT", "PATCH"):
        return
    has_body = bool(request.content_length) or "chunked" in request.headers.get(
        "Transfer-Encoding", ""
    )
    if has_body and not request.is_json:
        raise ServiceError(
            "unsupported_media_type",
            "send the body as JSON, with Content-Type: application/json",
        )


BODY_KEY = "duckpond.json_body"
"""Where `_read_json` keeps the body it read, in the request's environ (`json_body`)."""


def _read_json() -> None:
    """Read a JSON body once, strictly, before any view: what it refuses never reaches a
    schema, a use case or a log line."""
    if request.method not in ("POST", "PUT", "PATCH") or not request.is_json:
        return
    data = request.get_data(cache=True)
    if data:
        request.environ[BODY_KEY] = read_body(data)


def _schemas_read_that_body() -> None:
    """flask-smorest's one argument parser (webargs) parses bodies again with `json`, which
    reads some numbers otherwise than orjson (`18446744073709551616` is an int there, a float
    here): make it take the value `_read_json` read, so the schemas see what was checked."""
    parser = ArgumentsMixin.ARGUMENTS_PARSER
    if getattr(parser, "_duckpond", False):
        return
    parse_again = parser._raw_load_json

    def raw_load_json(req: Any) -> Any:
        return req.environ[BODY_KEY] if BODY_KEY in req.environ else parse_again(req)

    parser._raw_load_json = raw_load_json
    parser._duckpond = True


def json_body() -> Any:
    """The body `_read_json` read (None when there was none)."""
    return request.environ.get(BODY_KEY)


LIST_QUERY_PARAMETERS = frozenset({"events"})
"""The query parameters the spec declares as arrays, the parameter repeated (OpenAPI's form
style, exploded: what generated clients send): `GET /api/v1/feed?events=`."""


def _single_query_values() -> None:
    """Every other query parameter of the API is one value: `?wait=1&wait=30` is refused, not
    read as one of them (the spec says each is a number, not a list)."""
    if not request.query_string:
        return
    for name in request.args:
        if name not in LIST_QUERY_PARAMETERS and len(request.args.getlist(name)) > 1:
            raise ServiceError(
                "validation_error",
                f"the query parameter '{name}' is given more than once",
                fields={"query": {name: ["Given more than once."]}},
            )


def _no_store(response: Response) -> Response:
    if request.path.startswith(PRIVATE_PREFIXES):
        response.headers["Cache-Control"] = "no-store"
    return response


# --- the WSGI server's own answers ------------------------------------------------------------

SERVER_REASONS = {400: "bad_request", 414: "uri_too_long", 431: "headers_too_large"}


def server_error_bytes(status: int, phrase: str) -> bytes:
    """A whole HTTP answer in the one error shape, for errors the server answers itself."""
    reason = SERVER_REASONS.get(status, "bad_request")
    body = dumps(payload(status, REASONS[reason][1], reason))
    head = (
        f"HTTP/1.1 {status} {phrase}\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


def server_errors_as_json() -> None:
    """gunicorn answers a request it cannot parse (URL over `limit_request_line`, headers over
    their limits, a broken request line) with an HTML page of its own, before any app code
    runs; this makes it send the one error shape instead, and log no text of the request."""
    from gunicorn import util

    def write_error(sock: Any, status_int: int, reason: str, mesg: str) -> None:
        util.write_nonblock(sock, server_error_bytes(int(status_int), reason))
        # The request's unread bytes (a 9 KB URL) would make the close a reset that can
        # discard this answer. gthread closes gracefully (FIN, drain) itself; the gevent
        # worker does not, so close gracefully here (gunicorn 27+; its later close is a no-op).
        close_graceful = getattr(util, "close_graceful", None)
        if close_graceful is not None:
            close_graceful(sock)

    util.write_error = write_error
    logging.getLogger("gunicorn.error").addFilter(_RequestTextOut())


class _RequestTextOut(logging.Filter):
    """gunicorn logs a request it refuses with the offending text, such as a whole malformed
    header line (`Authorization: Bearer <token>`): keep only what kind of refusal it was."""

    PREFIX = "Invalid request from ip="

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if message.startswith(self.PREFIX):
            head, _, error = message.partition(": ")
            kind = re.split(r"[:'(\[]", error, maxsplit=1)[0].strip()
            record.msg, record.args = f"{head}: {kind}", ()
        return True

"""The fast lane: plain moves and views answered beneath Flask, by the same use cases.

Why: every client sends a move or a view on every turn, and Flask's own work per request (the
request context, the URL map, a dozen hooks each reached through `request` and `g`, a Response
object and its header checks) cost as much CPU as the move's rules, its compare-and-set and its
answer together (docs/benchmarks.md, "The fast lane"). This WSGI layer, just inside the app's
body bound and proxy fix, takes `POST /api/v1/games/<id>/moves` and `GET /api/v1/games/<id>`
when the request is plain, and answers it with what Flask would have run:

- the same per-request policies, through the same framework-free functions the Flask hooks
  call: the request id (`request_log`), the rate limits (`RateLimits.admit`, `refused`,
  `settle`), the metrics and the request log line, the security headers and `no-store`;
- the same use cases (`Tables.open`, `move`, `view`), answer builders (`json_response`'s
  bytes, `etag`) and error answers (`errors.describe`).

A move's `Idempotency-Key` is taken when the schema would take it as it is (1 to 255
printable ASCII characters): every move of the client kit carries one (issue 25), and each
cost a trip through Flask and its schemas. Anything else goes to Flask untouched: a request
with a body or a query the lane does not read plainly (the schemas then say what is wrong),
an `Idempotency-Key` the schema would refuse, `If-None-Match`, an `Origin` (CORS), a missing
token (the route's own 401). It never guesses: when in doubt, Flask.
tests/service/api/test_fast_lane.py sends every kind of request both ways, headers included.
"""

from __future__ import annotations

import io
import logging
import re
import time
from collections.abc import Callable, Iterable
from typing import Any, cast

from flask import Flask, Response
from werkzeug.http import HTTP_STATUS_CODES

from service.api.common import (
    SECONDS,
    VERSION,
    etag,
    expected_versions,
    open_caller,
    plain_move,
    plain_version,
    plain_wait,
)
from service.core import metrics
from service.core.connections import peer_of
from service.core.errors import Described, ServiceError, describe, internal_error, where
from service.games.bodies import to_json
from service.games.callers import APP_KEY_HEADER
from service.http import request_log
from service.http.json_in import read_body
from service.http.rate_limits import Admission, RateLimits
from service.http.security_headers import API_LIST
from service.tables.tables import Tables

log = logging.getLogger("duckpond.errors")

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
Headers = list[tuple[str, str]]

GAME_PATH = re.compile(r"^/api/v1/games/([A-Za-z0-9_-]{1,64})(/moves)?$")
PLAIN_QUERY = re.compile(r"^[a-z_]{1,16}=[0-9.]{1,20}(&[a-z_]{1,16}=[0-9.]{1,20})?$")
MOVE_ROUTE, VIEW_ROUTE = metrics.MOVE_ENDPOINT, "games.get_game"
BODY_FIELDS = frozenset(("move", "expected_version"))
APP_KEY_ENVIRON = "HTTP_" + APP_KEY_HEADER.upper().replace("-", "_")
"""Where WSGI puts a bound seat's `Duckpond-App-Key` (the lane checks it as Flask does)."""
IF_MATCH_MAX = 64
"""The longest `If-Match` the lean move route reads itself (`api.moves._plain`)."""
IDEMPOTENCY_KEY = re.compile(r"[\x20-\x7e]{1,255}")
"""An `Idempotency-Key` the schema takes (`common_schemas.IDEMPOTENCY_KEY`), read whole."""


def install(app: Flask) -> None:
    """Put the lane in front of Flask's own WSGI handler, before the body bound and the proxy
    fix wrap `app.wsgi_app` (so the lane sees whole bodies and the client's address), when the
    lean routes are on. It finds the layers and the limits when the first request comes."""
    config = app.config
    if config["FAST_LANE"] and config["LEAN_ROUTES"]:
        app.wsgi_app = FastLane(app, app.wsgi_app)  # type: ignore[method-assign]


class FastLane:
    """The WSGI layer (module docstring)."""

    def __init__(self, app: Flask, flask: WSGIApp) -> None:
        self.flask = flask
        self.app = app
        config = app.config
        self.max_body = int(config["MAX_CONTENT_LENGTH"])
        self.metrics = config.get("METRICS", "off") == "on"
        origins = config["CORS_ORIGINS"]
        self.cors = bool(origins)
        # With a list of origins every answer varies by `Origin` (`edges._only_with_origin`).
        self.vary: Headers = [("Vary", "Origin")] if origins and origins != ["*"] else []
        self.tables: Tables | None = None
        self.limits: RateLimits | None = None

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        match = GAME_PATH.match(environ.get("PATH_INFO", ""))
        if match is None or environ.get("SCRIPT_NAME") or (self.cors and "HTTP_ORIGIN" in environ):
            return self.flask(environ, start_response)
        gid, moves = match.group(1), match.group(2)
        method = environ.get("REQUEST_METHOD")
        if moves and method == "POST":
            args = self._plain_move(environ)
            route = MOVE_ROUTE
        elif not moves and method == "GET" and "HTTP_IF_NONE_MATCH" not in environ:
            args = self._plain_view(environ)
            route = VIEW_ROUTE
        else:
            return self.flask(environ, start_response)
        if args is None:
            return self.flask(environ, start_response)
        if self.tables is None:
            self.tables = self.app.extensions["duckpond"].tables
            self.limits = self.app.extensions.get("duckpond_rate_limits")
        return self._answer(environ, start_response, route, gid, args, self.tables)

    # --- what the lane reads itself -------------------------------------------------------

    def _query(self, environ: dict[str, Any], allowed: dict[str, re.Pattern[str]]) -> Any:
        """The query's values when it is plain (no escapes, each name once, each value its
        pattern's), else None."""
        text = environ.get("QUERY_STRING", "")
        if not text:
            return {}
        if not PLAIN_QUERY.match(text):
            return None
        out: dict[str, str] = {}
        for pair in text.split("&"):
            name, _, value = pair.partition("=")
            pattern = allowed.get(name)
            if pattern is None or name in out or not pattern.match(value):
                return None
            out[name] = value
        return out

    def _plain_move(self, environ: dict[str, Any]) -> dict[str, Any] | None:
        query = self._query(environ, {"wait": SECONDS})
        wait = None if query is None else plain_wait(query)
        authorization = environ.get("HTTP_AUTHORIZATION")
        if_match = environ.get("HTTP_IF_MATCH")
        idempotency_key = environ.get("HTTP_IDEMPOTENCY_KEY")
        if (
            wait is None
            or not authorization
            or not authorization.strip()
            or (idempotency_key is not None and not IDEMPOTENCY_KEY.fullmatch(idempotency_key))
            or "HTTP_TRANSFER_ENCODING" in environ
            or (if_match is not None and len(if_match) > IF_MATCH_MAX)
            or environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
            != "application/json"
        ):
            return None
        length = environ.get("CONTENT_LENGTH", "")
        if not length.isdigit() or not 0 < int(length) <= self.max_body:
            return None
        data = environ["wsgi.input"].read(int(length))
        # Whatever the lane decides, Flask may read the body again.
        environ["wsgi.input"] = io.BytesIO(data)
        try:
            body = read_body(data)
        except ServiceError:
            return None  # Flask's own strict reader refuses it, in its words
        if not isinstance(body, dict) or not body.keys() <= BODY_FIELDS:
            return None
        if not plain_move(body.get("move")):
            return None
        if "expected_version" in body and not plain_version(body["expected_version"]):
            return None
        return {"body": body, "if_match": if_match, "wait": wait, "key": idempotency_key}

    def _plain_view(self, environ: dict[str, Any]) -> dict[str, Any] | None:
        query = self._query(environ, {"wait": SECONDS, "after_version": VERSION})
        wait = None if query is None else plain_wait(query)
        if query is None or wait is None:
            return None
        after = query.get("after_version")
        return {"wait": wait, "after": None if after is None else int(after)}

    # --- the answer -----------------------------------------------------------------------

    def _answer(
        self,
        environ: dict[str, Any],
        start_response: Callable[..., Any],
        route: str,
        gid: str,
        args: dict[str, Any],
        tables: Tables,
    ) -> list[bytes]:
        started = time.perf_counter()
        rid = request_log.request_id_for(environ.get("HTTP_X_REQUEST_ID"))
        token = request_log.CURRENT.set(rid)
        who = environ.get("REMOTE_ADDR") or "unknown"
        authorization = environ.get("HTTP_AUTHORIZATION")
        limits = self.limits
        admission: Admission | None = None
        reason: str | None = None
        replayed = False
        try:
            try:
                if limits is not None:
                    method, path = environ["REQUEST_METHOD"], environ["PATH_INFO"]
                    admission = limits.admit(who, authorization, method, path)
                if admission is not None and admission.refusal is not None:
                    raise admission.refusal
                if route == MOVE_ROUTE:
                    status, body, headers, replayed = _move(tables, environ, gid, args)
                else:
                    status, body, headers = _view(tables, environ, gid, args)
            except Exception as error:
                described = describe(error)
                if described is None:
                    method, path = environ["REQUEST_METHOD"], environ["PATH_INFO"]
                    log.error("internal error on %s %s: %s", method, path, where(error))
                    described = internal_error()
                status, payload, extra = described
                reason = payload["errors"]["reason"]
                # A locked-out address's refused credential: the lockout's 429 instead.
                locked = limits.refused(admission, status, lambda: reason) if limits else None
                if locked is not None and locked.refusal is not None:
                    admission = locked
                    status, payload, extra = cast(Described, describe(locked.refusal))
                    reason = payload["errors"]["reason"]
                body = cast(Response, self.app.json.response(payload)).get_data()
                headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
                headers += [(n, v) for n, v in extra if n.lower() not in CONTENT_HEADERS]
            if limits is not None:
                headers += limits.settle(who, authorization, status, lambda: reason, admission)
            headers += API_LIST
            if self.metrics:
                metrics.observe(
                    route,
                    environ["REQUEST_METHOD"],
                    status,
                    time.perf_counter() - started,
                    lambda: reason,
                    replayed,
                )
            headers.append((request_log.HEADER, rid))
            if request_log.log.isEnabledFor(logging.INFO):
                request_log.write(
                    environ["REQUEST_METHOD"],
                    route,
                    environ["PATH_INFO"],
                    status,
                    started,
                    environ.get("REMOTE_ADDR"),
                    None,
                    rid,
                )
            headers.append(NO_STORE)
            headers += self.vary
        finally:
            request_log.CURRENT.reset(token)
        start_response(STATUS_LINES.get(status) or status_line(status), headers)
        return [body]


def _move(
    tables: Tables, environ: dict[str, Any], gid: str, args: dict[str, Any]
) -> tuple[int, bytes, Headers, bool]:
    body = args["body"]
    expected = expected_versions(body.get("expected_version"), {"if_match": args["if_match"]})
    caller, stored = open_caller(
        tables,
        gid,
        environ.get("HTTP_AUTHORIZATION"),
        required=True,
        expected=expected,
        app_key=environ.get(APP_KEY_ENVIRON),
    )
    answer = tables.move(
        gid, caller, body["move"], expected, args["key"], stored, args["wait"], peer_of(environ)
    )
    data = ((to_json(answer.body) if answer.text is None else answer.text) + "\n").encode()
    headers = json_headers(data)
    headers.append(("ETag", etag(answer.body)))
    if answer.replayed:
        headers.append(("Idempotent-Replayed", "true"))
    return 200, data, headers, answer.replayed


def _view(
    tables: Tables, environ: dict[str, Any], gid: str, args: dict[str, Any]
) -> tuple[int, bytes, Headers]:
    authorization, key = environ.get("HTTP_AUTHORIZATION"), environ.get(APP_KEY_ENVIRON)
    caller, stored = open_caller(tables, gid, authorization, required=False, app_key=key)
    body = tables.view(gid, caller, stored, args["wait"], args["after"], peer_of(environ))
    data = (to_json(body) + "\n").encode()
    headers = json_headers(data)
    headers.append(("ETag", etag(body)))
    return 200, data, headers


CONTENT_HEADERS = ("content-type", "content-length")
NO_STORE = ("Cache-Control", "no-store")


def json_headers(data: bytes) -> Headers:
    return [("Content-Type", "application/json"), ("Content-Length", str(len(data)))]


def status_line(status: int) -> str:
    """werkzeug's status line for `status` (its phrase in capitals)."""
    return f"{status} {HTTP_STATUS_CODES.get(status, 'UNKNOWN').upper()}"


STATUS_LINES = {code: status_line(code) for code in (200, 401, 403, 404, 409, 422, 429, 503)}

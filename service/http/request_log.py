"""JSON logs: one line per request, with a request id the answer echoes in `X-Request-Id`.

A client (or the proxy in front) may send `X-Request-Id` (letters, digits, `._:-`, at most 128):
it is kept, so one id follows a request through every hop; otherwise the service makes one.
Every log line written while a request runs carries its id too.

What a line holds: time, level, logger, message, and for requests the method, the route (the
endpoint's name), the path, the status, the milliseconds, the client address and the app key's
id. Never a query string, a header's value, a body, a token, a seed or a hand: paths hold only
ids, and the web client keeps tokens in the URL's fragment, which browsers never send.
`LOG_FORMAT=text` keeps the plain lines of before.
"""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from contextvars import ContextVar
from typing import Any

from flask import Flask, Response, g, has_request_context, request

log = logging.getLogger("duckpond.requests")

REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
HEADER = "X-Request-Id"
FIELDS = ("method", "route", "path", "status", "ms", "address", "app_key")
CURRENT: ContextVar[str | None] = ContextVar("duckpond_request_id", default=None)
"""The id of the request the fast lane is answering (`service.api.fast_lane`); Flask's requests
keep theirs in `g`."""


class JsonFormatter(logging.Formatter):
    """One JSON object per line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        request_id = getattr(record, "request_id", None) or CURRENT.get()
        if request_id is None and has_request_context():
            request_id = g.get("request_id")
        if request_id is not None:
            line["request_id"] = request_id
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        if record.exc_info and record.exc_info[0] is not None:
            line["error"] = record.exc_info[0].__name__  # the kind only: a trace may quote state
        return json.dumps(line, separators=(",", ":"))


JsonFormatter.converter = time.gmtime


def init_app(app: Flask) -> None:
    app.before_request(_start)
    app.after_request(_finish)


def request_id() -> str:
    return str(g.get("request_id") or "")


def request_id_for(offered: str | None) -> str:
    """A request's id: the one it sent when well-formed, else a new one."""
    return offered if offered and REQUEST_ID.match(offered) else uuid.uuid4().hex


def _start() -> None:
    g.request_id = request_id_for(request.headers.get(HEADER))
    g.log_started = time.perf_counter()


def write(
    method: str,
    route: str,
    path: str,
    status: int,
    started: float,
    address: str | None,
    app_key: str | None,
    rid: str,
) -> None:
    """The request's one line (callers check `log.isEnabledFor(logging.INFO)` first, so a
    quiet service builds nothing). Framework-free: the Flask hook below and the fast lane
    (`service.api.fast_lane`) write it alike."""
    log.info(
        "%s %s %d",
        method,
        path[:256],
        status,
        extra={
            "method": method,
            "route": route,
            "path": path[:256],
            "status": status,
            "ms": round((time.perf_counter() - started) * 1000, 2),
            "address": address,
            "app_key": app_key,
            "request_id": rid,
        },
    )


def _finish(response: Response) -> Response:
    rid = g.get("request_id")
    if rid is None:  # an answer made before our hook ran (another hook refused it first)
        _start()
        rid = g.request_id
    response.headers[HEADER] = rid
    if not log.isEnabledFor(logging.INFO):
        return response
    key = g.get("app_key")
    write(
        request.method,
        request.endpoint or "unmatched",
        request.path,
        response.status_code,
        g.get("log_started") or time.perf_counter(),
        request.remote_addr,
        getattr(key, "id", None),
        rid,
    )
    return response

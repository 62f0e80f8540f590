"""Errors as HTTP answers: Flask's handlers for every refusal and for werkzeug's own errors.

What an error answers (status, payload, headers) is decided by `service.core.errors`; this
module only turns it into a Flask response, and logs a bug as one line with no traceback text.
"""

from __future__ import annotations

import re
from typing import Any

import redis
from flask import Flask, Response, jsonify, request
from redis.exceptions import RedisClusterException
from werkzeug.exceptions import HTTPException

from engine import EngineError
from service.core.errors import (
    HTTP_REASONS,
    REASONS,
    ServiceError,
    describe,
    log,
    payload,
    where,
)


def _respond(status: int, body: dict[str, Any], headers: list[tuple[str, str]]) -> Response:
    response = jsonify(body)
    response.status_code = status
    for name, value in headers:
        if name.lower() not in ("content-type", "content-length"):
            response.headers[name] = value
    return response


def handle_refusal(error: Exception) -> Response:
    described = describe(error)
    assert described is not None, "registered only for the kinds `describe` answers"
    return _respond(*described)


def handle_http_exception(error: HTTPException) -> Response:
    """werkzeug and webargs errors, keeping werkzeug's headers (a 405's Allow)."""
    status = error.code or 500
    reason = HTTP_REASONS.get(status) or _snake(error.name)
    message = error.description or error.name
    details: dict[str, Any] = {}
    data = getattr(error, "data", None)
    if isinstance(data, dict):
        messages = data.get("errors") or data.get("messages")
        if status == 400 and data.get("messages") == {"json": ["Invalid JSON body."]}:
            reason, message = "malformed_json", "The body is not valid JSON."
        elif messages:
            details["fields"] = messages
            message = data.get("message") or "The request does not match the schema."
    if status >= 500:
        if getattr(error, "original_exception", None) is None:  # else `_log_exception` did
            log.error("internal error: %s", where(error))
        message = REASONS["internal_error"][1]
    headers = error.get_headers() if status < 500 else []
    return _respond(status, payload(status, message, reason, **details), headers)


def _log_exception(exc_info: Any) -> None:
    """Flask's log of an unhandled exception, as one line by `where`: no traceback text."""
    error = exc_info[1] if isinstance(exc_info, tuple) else exc_info
    log.error(
        "internal error on %s %s: %s", request.method, request.path, where(error) if error else "?"
    )


def _snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def init_app(app: Flask) -> None:
    """Register every handler; call after `Api.init_app` so these replace its HTTP handler."""
    app.register_error_handler(ServiceError, handle_refusal)
    app.register_error_handler(EngineError, handle_refusal)
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(redis.RedisError, handle_refusal)
    app.log_exception = _log_exception  # type: ignore[method-assign]
    app.register_error_handler(RedisClusterException, handle_refusal)

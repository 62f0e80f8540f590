"""The one reader of request bodies: JSON as I-JSON (RFC 7493) has it, refused with a 400
before any schema, use case or log line sees a value the rest of the service cannot handle.

A body is read once (`edges` calls `read_body` for every JSON request with a body) and must be:

- UTF-8 with no byte order mark, and no lone surrogate in a string (`"\\ud800"` is valid JSON
  syntax but no text: it cannot be encoded, hashed or stored) -> `malformed_json`, as is any
  syntax error, `NaN` or `Infinity`;
- nested at most `MAX_DEPTH` deep, with no duplicate member names (two readers of one body
  must not see two requests), and no number beyond a double (a 5,000-digit integer, `1e400`)
  -> `unsupported_json`.

orjson checks the first list (and depth up to 1024) at C speed; the depth is walked only for a
body with more than `MAX_DEPTH` brackets, and duplicate names are found by counting names in the
body and in the value orjson writes back (a few microseconds for a move). Integers a double
holds (up to `1e308`) are read: each field's schema bounds its own, and none is taken as an
integer past 2**53 - 1 (`codec.MAX_SAFE_INTEGER`).
"""

from __future__ import annotations

import re
from typing import Any

import orjson

from service.core.errors import ServiceError

MAX_DEPTH = 32
"""Deepest nesting read; the deepest body of the API (an explicit deal) is 3 deep."""
BOM = b"\xef\xbb\xbf"


def read_body(data: bytes) -> Any:
    """`data` as a JSON value, or a `ServiceError` (400) saying what is wrong with it."""
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as error:
        raise _refusal(data, error) from None
    if data.count(b"[") + data.count(b"{") > MAX_DEPTH:  # else it cannot be that deep
        _not_too_deep(value)
    if b":" in data and _names(data) != _names(orjson.dumps(value)):
        raise _unsupported("an object has a member name twice")
    return value


STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
"""A JSON string (escapes included): with every string taken out, the colons left in a valid
JSON text are one per member name."""


def _names(text: bytes) -> int:
    """How many member names `text` (valid JSON) holds: the body's count is more than its
    value's (which orjson writes back) exactly when some object has a name twice."""
    return STRING.sub(b"", text).count(b":")


def _refusal(data: bytes, error: orjson.JSONDecodeError) -> ServiceError:
    """The refusal of a body orjson could not read, in words that name the rule broken (never
    quoting the body: it may hold a seed)."""
    if data.startswith(BOM):
        return _malformed("it starts with a byte order mark (send UTF-8 without one)")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as bad:
        return _malformed(f"byte {bad.start} is not UTF-8 (send UTF-8)")
    where = f"line {error.lineno}, column {error.colno}"
    if "surrogate" in error.msg:
        return _malformed(f"a string holds a lone UTF-16 surrogate escape ({where})")
    if "depth" in error.msg:
        return _unsupported(f"it is nested more than {MAX_DEPTH} deep")
    if "number" in error.msg:
        return _unsupported(f"a number is too large ({where})")
    token = error.doc[max(error.pos - 1, 0) : error.pos + 8]
    if "NaN" in token or "Infinity" in token:
        return _malformed(f"NaN and Infinity are not JSON numbers ({where})")
    return _malformed(f"{error.msg} ({where})")


def _not_too_deep(value: Any) -> None:
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            raise _unsupported(f"it is nested more than {MAX_DEPTH} deep")
        stack.extend((child, depth + 1) for child in children)


def _malformed(why: str) -> ServiceError:
    return ServiceError("malformed_json", f"The body is not valid JSON: {why}.")


def _unsupported(why: str) -> ServiceError:
    return ServiceError("unsupported_json", f"The body is JSON this service does not read: {why}.")

"""JSON in and out of Redis and HTTP, through orjson (several times faster than `json` on
the hot path: a move encodes its state, events and answer and decodes a stored game).

Output is compact and, for text, byte-for-byte what `json.dumps(separators=(",", ":"))` writes
for ASCII; non-ASCII is written as UTF-8 instead of `\\u` escapes, which any JSON reader reads
the same.
"""

from __future__ import annotations

from typing import Any

import orjson

loads = orjson.loads

MAX_SAFE_INTEGER = 2**53 - 1
"""The largest integer every JSON reader holds exactly (RFC 7493, section 2.2): a float past it
is not read as a whole number (`1e300` would be a 997-bit int no JSON writer or Redis takes)."""


def dumps(data: Any) -> bytes:
    """Compact JSON, keys in insertion order (HTTP answers)."""
    return orjson.dumps(data)


def dumps_sorted(data: Any) -> bytes:
    """Compact JSON, keys sorted (what Redis stores: equal data, equal bytes)."""
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)


def text(data: Any) -> str:
    """`dumps` as a str."""
    return orjson.dumps(data).decode()


def whole_numbers(data: Any) -> Any:
    """`data` with every float that has no fraction as an int, in lists and objects too. JSON
    does not tell `2` from `2.0` (nor does JSON Schema's `integer`), Python does: input headed
    for the engine, which checks for ints, goes through here."""
    if isinstance(data, float) and data.is_integer() and abs(data) <= MAX_SAFE_INTEGER:
        return int(data)
    if isinstance(data, list):
        return [whole_numbers(v) for v in data]
    if isinstance(data, dict):
        return {k: whole_numbers(v) for k, v in data.items()}
    return data

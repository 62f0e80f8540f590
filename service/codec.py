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


def dumps(data: Any) -> bytes:
    """Compact JSON, keys in insertion order (HTTP answers)."""
    return orjson.dumps(data)


def dumps_sorted(data: Any) -> bytes:
    """Compact JSON, keys sorted (what Redis stores: equal data, equal bytes)."""
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)


def text(data: Any) -> str:
    """`dumps` as a str."""
    return orjson.dumps(data).decode()

"""Idempotency-Key: a retried request gets the first answer back instead of acting twice.

A change stores its answer under a hashed key in the same compare-and-set that makes the change
(`service.storage.store`), so a retry after a lost answer finds either nothing (the change never
happened: it is made now) or the first answer. The request's fingerprint is stored with it: the
same key with another request is refused, never answered with the wrong body.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any, cast

from service.core.errors import ServiceError
from service.games.callers import sha256

JSON = dict[str, Any]


def fingerprint(*parts: Any) -> str:
    """What a retry must repeat exactly to get the stored answer."""
    return sha256(json.dumps(parts, sort_keys=True, separators=(",", ":")))


def change_field(principal: str, kind: str, key: str) -> str:
    """The field of a change's stored answer in the game's `idem` hash: per caller and kind,
    so a seat cannot read another's answer by guessing its key."""
    return sha256(f"{principal}\n{kind}\n{key}")


def create_key_hash(key: str, scope: str = "", kind: str = "create") -> str:
    """A creation has no id yet: its key points to the id it made. The pointer is the
    caller's own (`scope`: its app key, or its address with keys off), as payment APIs scope
    keys to the account: another caller with the same key and body makes its own game and
    learns nothing of the first (issue 17, "taking a table"). `kind` keeps a game's key and
    a match's apart (`create`, `match`): the same key may create one of each."""
    return sha256(f"{kind}\n{scope}\n{key}" if scope else f"{kind}\n{key}")


def stored_answer(fp: str, text: str) -> str:
    """The record `{"fp": ..., "body": ...}` around an answer already in JSON."""
    return f'{{"fp":{json.dumps(fp)},"body":{text}}}'


def replay(stored: str, fp: str) -> JSON:
    """The first answer's body, if this retry is the same request as the first."""
    first = json.loads(stored)
    if first.get("fp") != fp:
        raise ServiceError(
            "idempotency_key_reused", "this Idempotency-Key was used for another request"
        )
    return cast(JSON, first["body"])


def first_creation(prior: str | None, key: str, fp: str, reservation_ttl: int) -> JSON:
    """The first answer of a creation (of a game or a match) retried under its key: `prior` is
    its sealed record, None while the first request is still under way (a 409 to retry in
    `reservation_ttl` seconds, when its reservation has surely settled)."""
    if prior is None:
        raise ServiceError(
            "idempotency_in_progress",
            f"a creation with this key is still running; retry with the same key in "
            f"{reservation_ttl} s",
            retry_after=reservation_ttl,
        )
    return replay(unseal(key, prior), fp)


def seal(key: str, text: str) -> str:
    """Encrypt a stored creation answer (it holds tokens) with a keystream from the
    Idempotency-Key, which only the client knows: Redis never holds a usable token."""
    data = text.encode()
    return base64.b64encode(_xor(data, _pad(key, len(data)))).decode()


def unseal(key: str, sealed: str) -> str:
    data = base64.b64decode(sealed)
    return _xor(data, _pad(key, len(data))).decode()


def _pad(key: str, size: int) -> bytes:
    return hashlib.shake_256(b"duckpond:idem:" + key.encode()).digest(size)


def _xor(data: bytes, pad: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(data, pad, strict=True))

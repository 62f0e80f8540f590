"""Who is asking: seat tokens, the host token, and the anonymous spectator.

A token is `<game id>.<random>`; Redis keeps only its sha256 (in the game's meta), so a leaked
database holds no usable token. The token alone names the seat: a client never says which seat
it is, so it cannot claim another one.

A seat may be bound to an app key (the meta's `bound`, `{"<seat>": <key id>}`: an outside
bot's seat in a match): its token then works only beside that key, sent as
`Duckpond-App-Key`, so a token that travels through the key's feed is useless to anyone
else. `authenticate`, which every token route passes, checks it.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from service.core.errors import ServiceError
from service.storage.store import valid_id


@dataclass(frozen=True, slots=True)
class Caller:
    """Who asks: a seat (from its token alone), the host, or an anonymous spectator."""

    seat: int | None = None
    host: bool = False

    @property
    def principal(self) -> str:
        return f"seat:{self.seat}" if self.seat is not None else "host" if self.host else "public"

    @property
    def role(self) -> str:
        return "seat" if self.seat is not None else "host" if self.host else "spectator"


SPECTATOR = Caller()
HOST = Caller(host=True)


def sha256(text: str) -> str:
    # surrogatepass: a WSGI server may hand a header over with a lone surrogate; the same
    # bytes as `encode()` for every other text.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


TOKEN_BYTES = 24
TOKEN_FORMAT = re.compile(rf"^[A-Za-z0-9_-]{{1,64}}\.[A-Za-z0-9_-]{{{TOKEN_BYTES * 4 // 3}}}$")
"""What every token `new_token` makes looks like (a game or match id, a dot, the secret in
base64url): a credential of another shape is no token of ours, whatever the store holds."""


def new_token(gid: str) -> str:
    """A fresh secret token of game `gid` (its owner is readable; the rest is 192 random bits)."""
    return f"{gid}.{secrets.token_urlsafe(TOKEN_BYTES)}"


APP_KEY_HEADER = "Duckpond-App-Key"
"""The header that carries a bound seat's app key (beside its token in `Authorization`)."""

KeyCheck = Callable[[str], str]
"""The id of the live app key presented as `key` (`AppKeys.identify`): 401 `bad_app_key` for
no key of ours, 403 `app_key_revoked` for a revoked one."""


def authenticate(
    gid: str,
    authorization: str | None,
    *,
    required: bool,
    meta: Callable[[], Mapping[str, Any]],
    meta_of: Callable[[str], Mapping[str, Any] | None],
    app_key: str | None = None,
    key_check: KeyCheck | None = None,
) -> Caller:
    """The caller from `Authorization: Bearer <token>` (and, for a bound seat, `app_key`:
    the `Duckpond-App-Key` header, checked by `key_check`; `bound_to`).

    `meta()` reads this game's meta, raising 404 when the game does not exist; `meta_of(id)`
    reads another game's (None when there is none), only to tell a token of another game
    apart. Refusals come in a fixed order: 401 before any read when a required token is
    absent, 404 for a missing game, 403 for another game's token, 401 for a wrong one, then
    a bound seat's app key refusals."""
    if authorization is None or not authorization.strip():
        if required:
            raise ServiceError("missing_token", "this needs Authorization: Bearer <token>")
        meta()
        return SPECTATOR
    scheme, _, token = authorization.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise ServiceError("bad_token", "use Authorization: Bearer <token>")
    owner = token.split(".", 1)[0] if "." in token else ""
    if owner != gid:
        other = meta_of(owner) if valid_id(owner) else None
        if other is not None and match(other, token) is not None:
            raise ServiceError("token_of_another_game", "this token belongs to another game")
        meta()
        raise ServiceError("bad_token", "this is not a token of this game")
    stored = meta()
    caller = match(stored, token)
    if caller is None:
        raise ServiceError("bad_token", "this is not a token of this game")
    if caller.seat is not None:
        bound_to(stored, caller.seat, app_key, key_check)
    return caller


def bound_to(
    meta: Mapping[str, Any], seat: int, app_key: str | None, key_check: KeyCheck | None
) -> None:
    """Refuse a bound seat's token unless `app_key` is its owner's live key: 401
    `app_key_required` without one, the key's own refusal (401 `bad_app_key`, 403
    `app_key_revoked`) when it is no live key, 403 `seat_of_another_key` for another key.
    Unbound seats pass untouched (no read). Without a `key_check` nothing can be proved:
    refused."""
    owner = (meta.get("bound") or {}).get(str(seat))
    if owner is None:
        return
    presented = (app_key or "").strip()
    if not presented:
        raise ServiceError(
            "app_key_required",
            f"seat {seat} is bound to an app key: send it as {APP_KEY_HEADER} with the token",
        )
    if key_check is None or not hmac.compare_digest(key_check(presented), str(owner)):
        raise ServiceError(
            "seat_of_another_key", f"seat {seat} is bound to another app key than this one"
        )


def match(meta: Mapping[str, Any], token: str) -> Caller | None:
    """The seat (or host) whose stored hash matches; every hash is compared, in constant time."""
    digest = sha256(token)
    found: Caller | None = None
    for seat, stored in enumerate(meta.get("tokens", [])):
        if stored is not None and hmac.compare_digest(digest, stored):
            found = Caller(seat=seat)
    if hmac.compare_digest(digest, str(meta.get("host", ""))):
        found = Caller(host=True)
    return found

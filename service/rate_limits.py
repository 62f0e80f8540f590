"""Rate limits on every route, per client address and per app key, failed authentications too.

flask-limiter (with the `limits` library) keeps its counters in the service's Redis, so every
API process shares them. Three application-wide limits (all routes share each one's budget):

- `RATE_LIMIT_PER_ADDRESS` (default 3000 per minute): every request from one client address;
- `RATE_LIMIT_PER_APP_KEY` (default 600 per minute): requests that present an app key (the
  creations), counted per key: many clients behind one integrator share its key's budget;
- `RATE_LIMIT_AUTH_FAILURES` (default 300 per minute): answers that refused a credential
  (a wrong seat/host token or app key, another game's token, a revoked key), per address;
  once over it, that address is refused every request that carries a credential for the rest
  of the window (requests without one cannot fail, and skip this limit's read).

Over a limit: 429 `rate_limited` in the one error shape, with `Retry-After` (seconds) and
`RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the window resets,
as the IETF draft has it). Other answers carry those three only with `RATE_LIMIT_HEADERS=on`:
reading a window's state costs two more Redis commands per request, as much as the limits
themselves. Fixed windows: one round trip per limit and request, the cheapest strategy (the
failures' limit is only read before a request, and counted after a refusal).

The client address is the socket's peer, or, behind `TRUSTED_PROXIES` proxies (default 0), the
address that many hops back in `X-Forwarded-For` (werkzeug's ProxyFix): a client cannot claim
an address of its choosing by sending that header itself.

When Redis cannot be reached the limiter lets requests through (and logs it once a minute): the
request itself then gets its 503 from the store, never a 500 from the limiter.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, cast

from flask import Flask, Response, request
from flask_limiter import ApplicationLimit, Limiter
from werkzeug.middleware.proxy_fix import ProxyFix

from service import metrics
from service.app_keys import KEY_FORMAT, bearer, digest

log = logging.getLogger("duckpond.rate_limits")

AUTH_FAILURES = {"bad_token", "bad_app_key", "token_of_another_game", "app_key_revoked"}
"""Reasons of answers that count as failed authentications."""

HEADERS = ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")


def address() -> str:
    return request.remote_addr or "unknown"


def app_key_id() -> str:
    """Per key: the digest of the presented key, so a forged secret never spends the budget
    of the key whose id it borrows (it spends its address's, and counts as a failure)."""
    credential = bearer(request.headers.get("Authorization")) or ""
    return digest(credential)[:32]


def _no_credential() -> bool:
    """A request without a credential cannot fail to authenticate: it skips that limit's read
    (a spectator's view, a probe), one Redis round trip fewer."""
    return not request.headers.get("Authorization")


def _no_app_key() -> bool:
    credential = bearer(request.headers.get("Authorization"))
    return credential is None or KEY_FORMAT.match(credential) is None


def failed_authentication(response: Response) -> bool:
    """Whether an answer refused a credential (its reason, read from the one error shape)."""
    if response.status_code not in (401, 403):
        return False
    body = response.get_json(silent=True)
    reason = body.get("errors", {}).get("reason") if isinstance(body, dict) else None
    return reason in AUTH_FAILURES


class _QuietStorageLog(logging.Filter):
    """flask-limiter logs a traceback per request while Redis is away: one a minute is enough."""

    def __init__(self) -> None:
        super().__init__()
        self.last = 0.0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self.last < 60:
            return False
        self.last = now
        record.exc_info, record.exc_text = None, None
        record.msg, record.args = "rate limit storage unreachable: requests pass unlimited", ()
        return True


def init_app(app: Flask) -> Limiter | None:
    config = app.config
    proxies = int(config.get("TRUSTED_PROXIES", 0))
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)  # type: ignore[method-assign]
    if not config.get("RATE_LIMITS_ENABLED", True):
        return None
    limits = [
        ApplicationLimit(
            config["RATE_LIMIT_PER_ADDRESS"],
            key_function=address,
            scope="address",
            error_message="too many requests from this address; retry after Retry-After seconds",
        ),
        ApplicationLimit(
            config["RATE_LIMIT_PER_APP_KEY"],
            key_function=app_key_id,
            scope="app_key",
            exempt_when=_no_app_key,
            error_message="too many requests with this app key; retry after Retry-After seconds",
        ),
        ApplicationLimit(
            config["RATE_LIMIT_AUTH_FAILURES"],
            key_function=address,
            scope="auth_failures",
            deduct_when=failed_authentication,
            exempt_when=_no_credential,
            error_message="too many refused credentials from this address; retry later",
        ),
    ]
    limiter = Limiter(
        address,
        app=app,
        application_limits=cast(Any, limits),
        storage_uri=config["REDIS_URL"],
        storage_options={"socket_timeout": 1, "socket_connect_timeout": 1},
        strategy="fixed-window",
        key_prefix="dp:ratelimit",
        headers_enabled=False,
        swallow_errors=True,
        on_breach=_count_breach,
    )
    logging.getLogger("flask-limiter").addFilter(_QuietStorageLog())
    app.after_request(_headers(limiter, every=bool(config.get("RATE_LIMIT_HEADERS", False))))
    app.extensions["duckpond_limiter"] = limiter
    return limiter


def _count_breach(limit: Any) -> None:
    metrics.rate_limited(str(limit.limit))


def _headers(limiter: Limiter, *, every: bool) -> Callable[[Response], Response]:
    def add(response: Response) -> Response:
        if not every and response.status_code != 429:
            return response
        current = limiter.current_limit
        if current is None:
            return response
        try:
            reset = max(int(current.reset_at - time.time()), 0)
            remaining = current.remaining
        except Exception:  # the store went away between the check and now
            return response
        response.headers["RateLimit-Limit"] = str(current.limit.amount)
        response.headers["RateLimit-Remaining"] = str(remaining)
        response.headers["RateLimit-Reset"] = str(reset)
        if response.status_code == 429:
            response.headers["Retry-After"] = str(max(reset, 1))
        return response

    return add


RATE_HEADERS = {
    "RateLimit-Limit": "Requests the closest limit allows in its window.",
    "RateLimit-Remaining": "Requests left in that window.",
    "RateLimit-Reset": "Seconds until that window resets.",
}


def document(spec: Any) -> None:
    """A shared 429 on every operation of `spec` (an apispec `APISpec`), with its headers."""
    from service.errors import REASONS, payload

    def header(text: str) -> dict[str, Any]:
        return {"description": text, "schema": {"type": "integer", "minimum": 0}}

    spec.components.response(
        "RateLimited",
        {
            "description": "Reasons: `rate_limited`: " + REASONS["rate_limited"][1],
            "headers": {
                "Retry-After": header("Seconds to wait before trying again."),
                **{name: header(text) for name, text in RATE_HEADERS.items()},
            },
            "content": {
                "application/json": {
                    "schema": {"$ref": "#/components/schemas/ErrorOut"},
                    "example": payload(
                        429,
                        "too many requests from this address; retry after Retry-After seconds",
                        "rate_limited",
                    ),
                }
            },
        },
    )
    for operations in spec._paths.values():
        for method, operation in operations.items():
            if method in ("get", "post", "put", "patch", "delete") and isinstance(operation, dict):
                responses = operation.setdefault("responses", {})
                responses.setdefault("429", {"$ref": "#/components/responses/RateLimited"})

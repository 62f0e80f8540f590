"""Rate limits on every route, per client address and per app key, failed authentications too.

The `limits` library (the one flask-limiter is built on) counts in the service's Redis, fixed
windows, so every API process shares one count and a request costs one Redis round trip per
limit it meets. Three limits shared by every route, and one of the claims':

- `RATE_LIMIT_PER_ADDRESS` (default 60000 per minute, a flood guard: lower it where clients are
  known): every request from one client address;
- `RATE_LIMIT_PER_APP_KEY` (default 600 per minute): requests that present an app key (the
  creations), counted per key: many clients behind one integrator share its key's budget;
- `RATE_LIMIT_CLAIMS` (default 60 per minute): seat claims (`POST .../games/{id}/claim`),
  right code or wrong, per address: an invite code is the claim's credential, sent in the
  body where the failed-authentication count below does not see it, so without this one an
  address could try hundreds of codes a second. Not per table: whoever knows a table's id
  could then spend its budget and keep the invited friend out; the codes' 96 random bits
  make a guess per second from each address hopeless;
- `RATE_LIMIT_AUTH_FAILURES` (default 1200 per minute): answers that refused a credential
  (a wrong seat/host token or app key, another game's token, a revoked key), per address;
  once over it, the address is locked out for the rest of the window: its requests to the API
  whose credential is refused get this limit's 429 instead of their 401 or 403, and a valid
  credential is answered as ever (many players can share one address behind a NAT or a
  proxy: one guesser among them must not lock the others out). Requests without a credential
  cannot fail, and skip this limit's read.

Over a limit: 429 `rate_limited` in the one error shape, with `Retry-After` (seconds) and
`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds until the window resets,
as the IETF draft has it). Other answers carry those three only with `RATE_LIMIT_HEADERS=on`:
reading a window's state costs one more Redis command per limit and request.

Why not flask-limiter itself: measured here, its per-request machinery (filtering the limits
of each route, blueprint scopes, conditional deductions) cost several times the CPU of the
`limits` calls it makes, a third of a trivial request; these three application-wide limits need
none of it. `limits` keeps the storage, the window arithmetic and the Lua scripts.

The client address is the socket's peer, or, behind `TRUSTED_PROXIES` proxies (default 0), the
address that many hops back in `X-Forwarded-For` (werkzeug's ProxyFix): a client cannot claim
an address of its choosing by sending that header itself.

When Redis cannot be reached the limits let requests through (and say so once a minute): the
request itself then gets its 503 from the store, never a 500 from the limiter.

Counting in batches (issue 11: two Redis round trips per request were a third of a move's
CPU). A process counts a limit's hits in memory and adds them to Redis `batch` at a time
(`limits`' `hit(cost=n)`), where `batch` is a hundredth of the limit (1 for limits under 200,
and with `RATE_LIMIT_HEADERS=on`, whose numbers must be exact): a request that does not
complete a batch costs no round trip. Once Redis says a limit is spent, the process refuses
that client locally until the window ends. So each process may let through up to `batch - 1`
hits that Redis has not counted yet: with P API processes a limit can be exceeded by at most
P percent, and hits never sent (a client that stops mid-batch) are at most `batch - 1` per
process and limit. The failed-authentication lockout is read at most once a second per
address and process (a "not locked out" answer is kept for `LOCKOUT_CHECK_SECONDS`); the
failures themselves are counted in Redis at once, and the process that sees the limit spent
locks the address out at once (after a failure, its next credential reads Redis again).

What a locked-out address's refused credential costs. Telling a valid credential from a
refused one takes the check the route makes (the game's or key's record read from Redis, a
sha256): the lockout spares that check only where the answer is known without it. A credential
that is no token or app key of ours by its shape (`TOKEN_FORMAT`, `KEY_FORMAT`: what a guesser
or a fuzzer makes up) is refused from memory, as is one this process already refused on the
same method and path during a lockout (`MAX_TRACKED` of them; a refusal there is for good: a
game's tokens and a key's secret never change, a revoked key stays revoked). A new credential
shaped like a real one is checked as usual, and its refusal becomes the 429 (it is not counted
again: the window is spent). So a flood of made-up or repeated credentials costs no more than
before, while one of distinct well-shaped forgeries costs the route's check each (a read and a
sha256: less than a 401 from an address not locked out, which also counts the failure in Redis),
within the per-address limit (docs/operations.md has the figures).
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, g, request
from limits import RateLimitItem, parse_many
from limits.storage import RedisStorage
from limits.strategies import FixedWindowRateLimiter
from werkzeug.middleware.proxy_fix import ProxyFix

from service.access.app_keys import KEY_FORMAT, bearer, digest
from service.core import metrics
from service.core.errors import REASONS, ServiceError, payload
from service.core.shards import queue_url
from service.games.callers import TOKEN_FORMAT
from service.http.errors import handle_refusal

log = logging.getLogger("duckpond.rate_limits")

AUTH_FAILURES = {
    "bad_token",
    "bad_app_key",
    "token_of_another_game",
    "app_key_revoked",
    "seat_of_another_key",
}
"""Reasons of answers that count as failed authentications."""

MESSAGES = {
    "address": "too many requests from this address; retry after Retry-After seconds",
    "app_key": "too many requests with this app key; retry after Retry-After seconds",
    "auth_failures": "too many refused credentials from this address; retry later",
    "claims": "too many seat claims from this address; retry after Retry-After seconds",
}

CLAIM_PATH = re.compile(r"/api/v1/games/[^/]+/claim/?")
"""The claim route's path (`service.api.claim`), whose requests `RATE_LIMIT_CLAIMS` counts."""


LOCKED_PATHS = "/api/"
"""The lockout's reach: the API's routes, whose credentials are tokens and app keys (not, say,
`/metrics`' token of the operator's choosing)."""


def address() -> str:
    return request.remote_addr or "unknown"


def plausible(credential: str | None) -> bool:
    """Whether `credential` is shaped like a token or an app key of ours (it may be one)."""
    return credential is not None and (
        TOKEN_FORMAT.match(credential) is not None or KEY_FORMAT.match(credential) is not None
    )


def error_reason(response: Response) -> str | None:
    """An answer's reason, read from the one error shape."""
    body = response.get_json(silent=True)
    reason = body.get("errors", {}).get("reason") if isinstance(body, dict) else None
    return reason if isinstance(reason, str) else None


BATCH_SHARE = 100
"""A batch is this share of its limit (`RateLimits.batch`)."""
LOCKOUT_CHECK_SECONDS = 1.0
"""How long a process trusts Redis's "this address is not locked out"."""
MAX_TRACKED = 10_000
"""Clients (address or key, per limit) a process tracks; past it, it starts over (the
pending hits forgotten are an undercount of at most `batch - 1` each)."""


@dataclass(slots=True)
class Tally:
    """One client's count of one limit in this process: hits not yet in Redis, and until
    when (monotonic) Redis said the limit is spent."""

    pending: int = 0
    refused_until: float = 0.0
    known_ok_until: float = 0.0
    """For a limit only read (the lockout): until when Redis's "not spent" is trusted."""


@dataclass(frozen=True, slots=True)
class Met:
    """The limit closest to refusing that a request met, for its headers."""

    item: RateLimitItem
    ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Lockout:
    """A request let through while its address is locked out, its credential plausible: it
    gets the lockout's 429 (`RateLimits.refused`) if that credential is refused."""

    met: Met
    wait: int
    attempt: tuple[str, str, str]
    """Method, path and credential: refused once, refused from memory next time."""


@dataclass(frozen=True, slots=True)
class Admission:
    """What the limits said of one request: the limit it met, and when one is spent, the
    seconds to wait and the refusal to raise."""

    met: Met | None
    wait: int = 0
    refusal: ServiceError | None = None
    lockout: Lockout | None = None


class RateLimits:
    """The three limits of one app, on one `limits` storage (its own Redis pool, 1 s timeouts:
    a stalled Redis delays a request by a second, not by the store's five)."""

    def __init__(self, config: Any) -> None:
        # On the queues' standalone Redis (QUEUE_REDIS_URL, else REDIS_URL), never the game
        # data's cluster: `limits` speaks to one server, which then holds every counter.
        storage = RedisStorage(
            queue_url(config),
            key_prefix="ratelimit",  # outside dp:, the games' keys
            socket_timeout=1,
            socket_connect_timeout=1,
        )
        self.limiter = FixedWindowRateLimiter(storage)
        self.per_address = parse_many(config["RATE_LIMIT_PER_ADDRESS"])
        self.per_key = parse_many(config["RATE_LIMIT_PER_APP_KEY"])
        self.failures = parse_many(config["RATE_LIMIT_AUTH_FAILURES"])
        self.claims = parse_many(config["RATE_LIMIT_CLAIMS"])
        self.every_answer = bool(config.get("RATE_LIMIT_HEADERS", False))
        self._said = 0.0
        self._tallies: dict[tuple[str, tuple[str, ...]], Tally] = {}
        self._refused: set[tuple[str, str, str]] = set()
        """Attempts refused during a lockout (`Lockout.attempt`), refused from memory since."""

    def batch(self, item: RateLimitItem) -> int:
        """Hits counted in memory before they are added to Redis at once (module docstring)."""
        return 1 if self.every_answer else max(1, item.amount // BATCH_SHARE)

    def _tally(self, item: RateLimitItem, ids: tuple[str, ...]) -> Tally:
        key = (item.key_for(), ids)
        tally = self._tallies.get(key)
        if tally is None:
            if len(self._tallies) >= MAX_TRACKED:
                self._tallies.clear()
            tally = self._tallies[key] = Tally()
        return tally

    def _hit(self, item: RateLimitItem, ids: tuple[str, ...], counts: bool) -> float:
        """Count a hit (or, with `counts` False, only read the limit); the seconds until the
        client may try again when the limit is spent, else 0. A client refused once is
        refused here until its window ends, without asking Redis again."""
        tally = self._tally(item, ids)
        now = time.monotonic()
        if now < tally.refused_until:
            return tally.refused_until - now
        if counts:
            tally.pending += 1
            if tally.pending < self.batch(item):
                return 0.0
            cost, tally.pending = tally.pending, 0
            ok = self.limiter.hit(item, *ids, cost=cost)
        elif now < tally.known_ok_until:
            return 0.0
        else:
            ok = self.limiter.test(item, *ids)
            tally.known_ok_until = now + LOCKOUT_CHECK_SECONDS if ok else 0.0
        if ok:
            return 0.0
        wait = self._reset(item, ids)
        tally.refused_until = now + wait
        return float(wait)

    def _checks(
        self, who: str, authorization: str | None, method: str, path: str
    ) -> Iterator[tuple[str, RateLimitItem, tuple[str, ...], bool]]:
        """(scope, limit, identifiers, counts) of a request: `counts` False only reads."""
        for item in self.per_address:
            yield "address", item, ("address", who), True
        if method == "POST" and CLAIM_PATH.fullmatch(path):
            for item in self.claims:
                yield "claims", item, ("claims", who), True
        if not authorization or not authorization.strip():
            return
        credential = bearer(authorization)
        if credential is not None and KEY_FORMAT.match(credential):
            # The digest of the presented key: a forged secret never spends the budget of
            # the key whose id it borrows (it spends its address's, and counts as a failure).
            key = digest(credential)[:32]
            for item in self.per_key:
                yield "app_key", item, ("app_key", key), True
        if path.startswith(LOCKED_PATHS):
            for item in self.failures:
                yield "auth_failures", item, ("auth_failures", who), False

    def admit(
        self, who: str, authorization: str | None, method: str, path: str
    ) -> Admission | None:
        """Count a request from address `who` presenting `authorization` to `method` `path`:
        the limit it met (and, when spent, the refusal to raise; a locked-out address's
        plausible credential gets its `Lockout` instead, and is checked by the route); None
        when the store is away (the request passes). Framework-free: the Flask hooks and the
        fast lane (`service.api.fast_lane`) both call it, and `refused` after the route."""
        met: Met | None = None
        lockout: Lockout | None = None
        try:
            for scope, item, ids, counts in self._checks(who, authorization, method, path):
                wait = self._hit(item, ids, counts)
                if wait:
                    seconds = max(int(wait + 0.999), 1)
                    if scope == "auth_failures":
                        credential = bearer(authorization)
                        attempt = (method, path, credential or "")
                        if plausible(credential) and attempt not in self._refused:
                            lockout = Lockout(Met(item, ids), seconds, attempt)
                            continue
                    return self._refusal(scope, Met(item, ids), seconds)
                if met is None:
                    met = Met(item, ids)
        except Exception as error:  # the store is away: let the request through
            self._unreachable(error)
            return None
        return Admission(met, lockout=lockout)

    @staticmethod
    def _refusal(scope: str, met: Met, seconds: int) -> Admission:
        metrics.rate_limited(scope)
        refusal = ServiceError("rate_limited", MESSAGES[scope], retry_after=seconds)
        return Admission(met, seconds, refusal)

    def refused(
        self, admission: Admission | None, status: int, reason: Callable[[], str | None]
    ) -> Admission | None:
        """After the route, while the address is locked out (`admission.lockout`): when it
        refused the credential (a 401 or 403 for one of `AUTH_FAILURES`; `reason()` reads the
        answer's reason), the Admission whose refusal, the lockout's 429, is the answer
        instead; else None (the answer stands: a valid credential is never locked out)."""
        lockout = admission.lockout if admission is not None else None
        if lockout is None or status not in (401, 403) or reason() not in AUTH_FAILURES:
            return None
        if len(self._refused) >= MAX_TRACKED:
            self._refused.clear()
        self._refused.add(lockout.attempt)
        return self._refusal("auth_failures", lockout.met, lockout.wait)

    def settle(
        self,
        who: str,
        authorization: str | None,
        status: int,
        reason: Callable[[], str | None],
        admission: Admission | None,
    ) -> list[tuple[str, str]]:
        """After an answer: count a refused credential, and the `RateLimit-*` headers the
        answer gets (`reason()` reads the answer's error reason, only for a 401 or 403)."""
        if authorization and status in (401, 403) and reason() in AUTH_FAILURES:
            try:
                for item in self.failures:
                    self.limiter.hit(item, "auth_failures", who)
                    # The next credential from here reads the lockout from Redis again:
                    # once the failures reach the limit, this process refuses it at once.
                    self._tally(item, ("auth_failures", who)).known_ok_until = 0.0
            except Exception as error:
                self._unreachable(error)
        met = admission.met if admission is not None else None
        if met is None or not (self.every_answer or status == 429):
            return []
        limit = ("RateLimit-Limit", str(met.item.amount))
        if admission is not None and admission.wait:  # refused here: a flood costs Redis nothing
            return [limit, ("RateLimit-Remaining", "0"), ("RateLimit-Reset", str(admission.wait))]
        try:
            reset, remaining = self.limiter.get_window_stats(met.item, *met.ids)
        except Exception as error:
            self._unreachable(error)
            return []
        return [
            limit,
            ("RateLimit-Remaining", str(remaining)),
            ("RateLimit-Reset", str(max(int(reset - time.time()), 0))),
        ]

    def before(self) -> None:
        authorization = request.headers.get("Authorization")
        admission = self.admit(address(), authorization, request.method, request.path)
        g.rate_limit = admission
        if admission is not None and admission.refusal is not None:
            raise admission.refusal

    def after(self, response: Response) -> Response:
        """The first of the app's answer hooks (the last registered): a refusal made here is
        what the others (metrics, the request log, the headers) see."""
        admission = g.get("rate_limit")
        locked = self.refused(admission, response.status_code, lambda: error_reason(response))
        if locked is not None and locked.refusal is not None:
            response, admission = handle_refusal(locked.refusal), locked
        for name, value in self.settle(
            address(),
            request.headers.get("Authorization"),
            response.status_code,
            lambda: error_reason(response),
            admission,
        ):
            response.headers[name] = value
        return response

    def _reset(self, item: RateLimitItem, ids: tuple[str, ...]) -> int:
        try:
            reset = self.limiter.get_window_stats(item, *ids).reset_time
        except Exception:
            return int(item.get_expiry())
        return max(int(reset - time.time()) + 1, 1)

    def _unreachable(self, error: Exception) -> None:
        now = time.monotonic()
        if now - self._said >= 60:
            self._said = now
            log.warning("rate limit storage unreachable (%s): requests pass unlimited",
                        type(error).__name__)  # fmt: skip


def init_app(app: Flask) -> RateLimits | None:
    config = app.config
    proxies = int(config.get("TRUSTED_PROXIES", 0))
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)  # type: ignore[method-assign]
    if not config.get("RATE_LIMITS_ENABLED", True):
        return None
    limits = RateLimits(config)
    # First of the app's hooks: every request counts, even one another hook then refuses.
    app.before_request_funcs.setdefault(None, []).insert(0, limits.before)
    app.after_request(limits.after)
    app.extensions["duckpond_rate_limits"] = limits
    return limits


RATE_HEADERS = {
    "RateLimit-Limit": "Requests the closest limit allows in its window.",
    "RateLimit-Remaining": "Requests left in that window.",
    "RateLimit-Reset": "Seconds until that window resets.",
}


def document(spec: Any) -> None:
    """A shared 429 on every operation of `spec` (an apispec `APISpec`), with its headers."""

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

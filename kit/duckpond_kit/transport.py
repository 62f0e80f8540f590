"""Requests that survive a flaky network and a busy service: the one place the kit retries.

A request is retried, with the same headers and body (so the same `Idempotency-Key`: a change
is applied at most once, and the retry gets the first answer), when its outcome is unknown or
the service asks for patience: a network error (refused, cut, timed out), a 503 (Redis away,
no wait slot), a 429 (a rate limit; not a quota the request can never meet), a 409
`idempotency_in_progress` (the first attempt still runs). It waits the answer's `Retry-After`
when there is one, else backs off exponentially (0.25 s doubling to 30 s), with jitter so
that many seats do not come back at once.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import httpx

log = logging.getLogger("duckpond_kit")

JSON = dict[str, Any]
RETRIED_REASONS = frozenset({"idempotency_in_progress"})
"""409s that mean "the first attempt still runs": retried."""
FINAL_429 = frozenset({"quota_match_games"})
"""429s that no wait cures: a match larger than the key may ever start."""
FIRST_BACKOFF = 0.25
MAX_BACKOFF = 30.0


class KitError(Exception):
    """A refusal of the service (its one error shape: `status`, `reason`, `message`), or a
    request that could not be made within its retry budget (`status` 0)."""

    def __init__(self, status: int, reason: str, message: str, body: JSON | None = None) -> None:
        super().__init__(f"{status} {reason}: {message}")
        self.status = status
        self.reason = reason
        self.message = message
        self.body = body or {}

    @classmethod
    def of(cls, response: httpx.Response) -> KitError:
        body = json_of(response)
        found = body.get("errors")
        errors = found if isinstance(found, dict) else {}
        return cls(
            response.status_code,
            str(errors.get("reason") or response.reason_phrase),
            str(body.get("message") or response.text[:200]),
            body,
        )


def json_of(response: httpx.Response) -> JSON:
    """The answer's JSON object, or {} when it has none."""
    try:
        body = response.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def reason_of(response: httpx.Response) -> str:
    errors = json_of(response).get("errors")
    return str(errors.get("reason", "")) if isinstance(errors, dict) else ""


def retry_after(response: httpx.Response) -> float | None:
    """`Retry-After` in seconds (the service sends whole seconds), None without one."""
    raw = response.headers.get("Retry-After")
    try:
        return max(0.0, float(raw)) if raw is not None else None
    except ValueError:
        return None


def retryable(response: httpx.Response) -> bool:
    """Whether the answer asks the client to come back later (the module docstring's list)."""
    status = response.status_code
    if status == 503:
        return True
    if status == 429:
        return reason_of(response) not in FINAL_429
    return status == 409 and reason_of(response) in RETRIED_REASONS


class Retrier:
    """Runs a request until it has an answer worth returning; counts what it went through
    (`stats`: `requests`, `network_errors`, `retries`, `429`, `503`), shared by threads."""

    def __init__(self, *, budget: float = 600.0, stopped: Callable[[], bool] | None = None):
        self.budget = budget
        """Seconds a request may spend retrying before it gives up (KitError status 0)."""
        self.stopped = stopped or (lambda: False)
        self.stats: Counter[str] = Counter()
        self._lock = threading.Lock()

    def count(self, what: str, n: int = 1) -> None:
        with self._lock:
            self.stats[what] += n

    def run(
        self,
        send: Callable[[], httpx.Response],
        what: str = "request",
        stopped: Callable[[], bool] | None = None,
    ) -> httpx.Response:
        """`send()` again and again (the same request each time) until an answer that is no
        call to come back later, a stop (`stopped()`, or the retrier's own), or the budget
        is spent."""
        deadline = time.monotonic() + self.budget
        backoff = FIRST_BACKOFF
        while True:
            self.count("requests")
            try:
                response = send()
            except httpx.TransportError as exc:
                self.count("network_errors")
                pause, problem = backoff, f"{type(exc).__name__}: {exc}"
            else:
                if not retryable(response):
                    return response
                self.count(str(response.status_code))
                given = retry_after(response)
                pause = backoff if given is None else max(given, 0.05)
                problem = f"{response.status_code} {reason_of(response)}"
            backoff = min(backoff * 2, MAX_BACKOFF)
            pause *= 1 + random.random() * 0.2
            halt = self.stopped() or (stopped is not None and stopped())
            if halt or time.monotonic() + pause > deadline:
                raise KitError(0, "gave_up", f"{what}: {problem}, no answer within the budget")
            self.count("retries")
            log.debug("%s: %s; again in %.2f s", what, problem, pause)
            time.sleep(pause)


def headers_of(token: str, app_key: str | None = None, **extra: str) -> Mapping[str, str]:
    """A seat's headers: its token, and its owner's app key for a bound seat (an outside
    bot's seat answers 401 `app_key_required` without it)."""
    out = {"Authorization": f"Bearer {token}", **extra}
    if app_key:
        out["Duckpond-App-Key"] = app_key
    return out

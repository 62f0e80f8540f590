"""Refusals in one table (reason -> status and message), and the one error payload.

The payload is flask-smorest's (`code`, `status`, `message`, `errors`) with a stable
`errors.reason`. Code raises `ServiceError(reason, message)` or lets an engine `EngineError`
through; nothing sets a status by hand: `STATUS` below decides.
"""

from __future__ import annotations

import logging
import traceback
from http import HTTPStatus
from typing import Any, TypeVar

import redis
from redis.exceptions import ClusterDownError, RedisClusterException, TryAgainError

from engine import EngineError, Reason

log = logging.getLogger("duckpond.errors")


T = TypeVar("T")


class ServiceError(Exception):
    """A refusal by the service; `details` go into `errors` next to `reason`."""

    def __init__(self, reason: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.details = details


def found(value: T | None, gid: str) -> T:
    """`value` read for game `gid`, or the 404 of a game that does not exist (or expired)."""
    if value is None:
        raise ServiceError("no_such_game", f"no game {gid!r}")
    return value


# THE table: reason -> (HTTP status, what it means). Documented in the OpenAPI spec as well.
REASONS: dict[str, tuple[int, str]] = {
    "malformed_json": (400, "The body is not valid JSON."),
    "unsupported_json": (
        400,
        "The body is JSON this service does not read (I-JSON, RFC 7493): nested over 32 deep, "
        "a member name twice, or a number beyond a double.",
    ),
    "bad_request": (400, "The request could not be understood."),
    "invalid_event_id": (
        400,
        "`Last-Event-ID` (or `after`) must be an event number, as a stream's `id` is.",
    ),
    "missing_token": (401, "This needs `Authorization: Bearer <token>`."),
    "bad_token": (401, "The token is not a token of this game."),
    "missing_app_key": (401, "Creating work needs `Authorization: Bearer <app key>`."),
    "bad_app_key": (401, "The credential is not an app key of this service."),
    "app_key_required": (
        401,
        "The seat is bound to an app key: its token works only with `Duckpond-App-Key: <that"
        " app key>`.",
    ),
    "app_key_revoked": (403, "The app key (or the one that created this game) was revoked."),
    "seat_of_another_key": (
        403,
        "The seat is bound to another app key than the `Duckpond-App-Key` presented.",
    ),
    "token_of_another_game": (403, "The token belongs to another game."),
    "not_a_player": (403, "Only a seat's token may move; the host token has no seat."),
    "host_only": (403, "Only the host token may do this (an explicit deal, abandoning)."),
    "not_your_seat": (403, "The token holds another seat than the one named in the URL."),
    "not_your_challenge": (
        403,
        "The challenge is not the app key's: only its challenger and the keys it challenges "
        "may read it, and only a challenged key may answer it.",
    ),
    "not_your_tournament": (
        403,
        "Only an app key whose bot the tournament invites may accept or decline it, and only"
        " the key that created it may cancel it.",
    ),
    "bad_invite_code": (403, "The invite code is not this table's (or it has none)."),
    "challenge_required": (
        403,
        "The match seats another app key's bot: challenge it, and the match starts once its"
        " owner accepts.",
    ),
    "not_your_bot": (403, "The bot belongs to another app key: only its owner may do this."),
    "no_such_game": (404, "No game has this id (or it expired after its end)."),
    "no_such_match": (404, "No match has this id (or it expired after its end)."),
    "no_such_webhook": (404, "The app key has no webhook endpoint with this id."),
    "no_such_bot": (404, "No bot, built-in or outside, has this name."),
    "not_found": (404, "No such URL."),
    "no_such_challenge": (404, "No challenge has this id (or it is gone, a day after it expired)."),
    "no_such_tournament": (404, "No tournament has this id (or it is gone, a week after its end)."),
    "no_rematch": (404, "Nobody asked for a rematch of this game yet (POST asks for one)."),
    "method_not_allowed": (405, "The URL does not take this method; see the Allow header."),
    Reason.NOT_YOUR_TURN: (409, "The seat is not to act."),
    Reason.GAME_OVER: (409, "The game is over."),
    Reason.DEAL_PENDING: (409, "The deal is scored; the next deal must be dealt first."),
    Reason.NO_DEAL_PENDING: (409, "No deal is pending: the current deal is still being played."),
    "stale_version": (409, "The game is past the expected version (another change won)."),
    "future_version": (409, "The game has not reached the expected version."),
    "game_not_over": (409, "The record is available only after the game ends."),
    "rematch_started": (409, "Every player joined the rematch: it is under way, not declined."),
    "match_not_over": (
        409,
        "A game of an outside match keeps its record (and seed) until the whole match is done.",
    ),
    "game_abandoned": (409, "The host abandoned the game: it takes no more changes."),
    "seats_open": (409, "The table waits for its open seats to be taken: no move or deal yet."),
    "seat_taken": (409, "The seat is not open: someone holds it, or a bot plays it."),
    "no_open_seat": (409, "Every seat of the table is taken."),
    "challenge_closed": (
        409,
        "The challenge was accepted, declined or has expired: it takes no other answer.",
    ),
    "tournament_closed": (
        409,
        "The tournament has started, ended, was declined, cancelled or has expired: it takes"
        " no other answer (and one done, declined or expired no cancel).",
    ),
    "match_done": (409, "The match is done: there is nothing to cancel."),
    "bot_name_taken": (
        409,
        "The bot name is a built-in bot's or was registered before (names are never reused,"
        " even once retired).",
    ),
    "too_many_bots": (409, "The app key has as many live bots as it may: retire one first."),
    "idempotency_in_progress": (409, "A request with this Idempotency-Key is still running."),
    "idempotency_key_reused": (
        409,
        "This Idempotency-Key was used for another request: the key names that one.",
    ),
    # Well-formed, refused by the game's state (its hands, its trick, its turn): 409, as
    # `not_your_turn`. A 422 is for what is malformed whatever the state.
    Reason.CARD_NOT_IN_HAND: (409, "The card is not in the seat's hand."),
    Reason.ILLEGAL_CALL: (409, "The call is impossible with this card now."),
    Reason.ILLEGAL_MOVE: (409, "The move is against the rules in the game's state."),
    # The game the path names decides these (the body alone is well-formed): its state too.
    Reason.RESIGN_NOT_OFFERED: (409, "This game offers no resignation (see its rules)."),
    "no_such_seat": (409, "The table has no seat of this number."),
    "move_of_another_game": (
        409,
        "The move is well-formed, but of another game's kind (or cards): not one this game has.",
    ),
    "deck_mismatch": (
        409,
        "The deal is a well-formed deck, but not the cards this game deals now: another "
        "game's, or in Duck not exactly the cards still in the game.",
    ),
    "feed_expired": (
        410,
        "The feed no longer reaches this resume point (older than its retention): read the"
        " app key's live games (`errors.read_instead`), then open the feed without one.",
    ),
    "body_too_large": (413, "The body is larger than the service accepts."),
    "uri_too_long": (414, "The URL is longer than the service reads."),
    "unsupported_media_type": (415, "The body must be application/json."),
    "rate_limited": (429, "Too many requests from this address or app key; see Retry-After."),
    "quota_live_games": (429, "The app key has as many unfinished games as its quota allows."),
    "quota_creations": (429, "The app key made as many creations this minute as it may."),
    "quota_match_games": (429, "The match asks for more games than the app key may start."),
    "headers_too_large": (431, "The request's headers are larger than the service reads."),
    "validation_error": (422, "The body or a parameter does not match its schema."),
    "invalid_if_match": (422, 'If-Match must be an ETag of this API ("12.seat1", "12") or *.'),
    Reason.MALFORMED_MOVE: (422, "The move is no game's move (unknown type, card or field)."),
    Reason.INVALID_DEAL: (422, "The explicit deal is not exactly the game's cards."),
    Reason.INVALID_OPTIONS: (422, "Unknown game or bad option."),
    Reason.INVALID_SEATS: (422, "Wrong number of seats for this game, or a bad open seat."),
    "unknown_game": (422, "No game has this name; see the catalog."),
    "too_many_waits": (
        429,
        "This address has as many waits without a seat (`wait` with no token) as it may;"
        " see Retry-After.",
    ),
    "too_many_streams": (
        429,
        "This address (or the app key of this game) holds as many open streams as it may;"
        " close one, or retry after Retry-After.",
    ),
    "unknown_bot": (
        422,
        "No bot has this name, or it does not play this game; see `GET /api/v1/bots`.",
    ),
    "retired_bot": (422, "The bot was retired (by its owner, or its app key was revoked)."),
    "invalid_entrants": (
        422,
        "A tournament names 3 to 32 entrants, each once.",
    ),
    "no_challenged_bot": (
        422,
        "A challenge seats at least one other app key's bot (a match of the key's own and "
        "built-in bots needs none: create it directly).",
    ),
    "too_many_games": (422, "The match asks for more games than the service allows."),
    "webhook_url_refused": (
        422,
        "The webhook URL is not one this service delivers to: not http(s), not resolvable, or"
        " a private, loopback or link-local address the operator did not allow.",
    ),
    "too_many_webhooks": (422, "The app key has as many webhook endpoints as it may."),
    "internal_error": (500, "A bug: please report it."),
    Reason.INVALID_STATE: (500, "A stored game could not be read."),
    # Redis failures: never a 500. Each answer carries Retry-After. A change cut off by one of
    # them may or may not have been applied: retry it with the same Idempotency-Key.
    "redis_unavailable": (503, "The game store cannot be reached; retry later."),
    "redis_timeout": (503, "The game store did not answer in time; retry later."),
    "redis_loading": (503, "The game store is loading its data after a restart; retry soon."),
    "redis_read_only": (503, "The game store is a read-only replica (a failover?); retry soon."),
    "redis_out_of_memory": (503, "The game store is full and refuses writes; retry later."),
    "redis_error": (503, "The game store refused the command; retry later."),
    "stream_slots_full": (
        503,
        "This server holds as many open streams as it takes; retry after Retry-After.",
    ),
    "no_worker": (503, "No bot worker is alive: bot turns are not being played."),
    "turns_overdue": (503, "Bot turns are overdue: the workers are behind or stuck."),
    "wait_slots_full": (
        503,
        "This server has as many requests waiting (`wait`) as it takes; nothing was done:"
        " retry after Retry-After, or without `wait`.",
    ),
}

UNKNOWN_OUTCOME = (
    " If this was a change (a creation, a move, a deal), it may or may not have been applied:"
    " retry it with the same Idempotency-Key and body, which applies it at most once."
)
"""Appended to every Redis failure's message: the client cannot tell what happened."""

RETRY_AFTER = {"redis_loading": 2, "redis_read_only": 2, "redis_out_of_memory": 5}
"""Seconds in a Redis failure's Retry-After header (1 when not listed)."""

# Reasons for werkzeug's own exceptions (routing, body size, JSON parsing) by status.
HTTP_REASONS: dict[int, str] = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    429: "rate_limited",
    431: "headers_too_large",
    422: "validation_error",
    500: "internal_error",
}


def status_of(reason: str) -> int:
    return REASONS.get(reason, (422, ""))[0]


def reasons_for(status: int) -> list[str]:
    return [str(r) for r, (s, _) in REASONS.items() if s == status]


def payload(status: int, message: str, reason: str, **details: Any) -> dict[str, Any]:
    return {
        "code": status,
        "status": HTTPStatus(status).phrase,
        "message": message,
        "errors": {"reason": str(reason), **details},
    }


Described = tuple[int, dict[str, Any], list[tuple[str, str]]]
"""An error answer before it is an HTTP answer: status, payload and extra headers."""


def describe(error: Exception) -> Described | None:
    """The answer to a refusal (`ServiceError`, `EngineError`, a Redis failure), or None for
    anything else (a bug). Framework-free: Flask's handlers below and the fast lane
    (`service.api.fast_lane`) answer with it alike."""
    if isinstance(error, ServiceError):
        status = status_of(error.reason)
        headers = [("WWW-Authenticate", 'Bearer realm="duckpond"')] if status == 401 else []
        if "retry_after" in error.details:
            headers.append(("Retry-After", str(error.details["retry_after"])))
        return status, payload(status, error.message, error.reason, **error.details), headers
    if isinstance(error, EngineError):
        status = status_of(error.reason)
        if status >= 500:
            log.error("engine refused a stored state: %s", error.reason)
            return status, payload(status, REASONS[error.reason][1], error.reason), []
        return status, payload(status, error.message, error.reason), []
    if isinstance(error, redis.RedisError | RedisClusterException):
        reason = redis_reason(error)
        # The kind only: a Redis error's text may quote a command's arguments (a game's state).
        log.error("redis failure (%s): %s", reason, type(error).__name__)
        retry = RETRY_AFTER.get(reason, 1)
        message = REASONS[reason][1] + UNKNOWN_OUTCOME
        body = payload(503, message, reason, retry_after=retry)
        return 503, body, [("Retry-After", str(retry))]
    return None


def internal_error() -> Described:
    """The answer to a bug (its log line is the caller's: `where`)."""
    return 500, payload(500, REASONS["internal_error"][1], "internal_error"), []


CLUSTER_UNAVAILABLE = (RedisClusterException, ClusterDownError, TryAgainError)


def redis_reason(error: redis.RedisError | RedisClusterException) -> str:
    """The reason of a Redis failure, by its kind (redis-py's exception, else its message)."""
    text = str(error)
    if isinstance(error, CLUSTER_UNAVAILABLE) or text.startswith(("CLUSTERDOWN", "TRYAGAIN")):
        return "redis_unavailable"  # a shard's master is down or its slots move: a failover
    if isinstance(error, redis.exceptions.BusyLoadingError) or text.startswith("LOADING"):
        return "redis_loading"
    if isinstance(error, redis.TimeoutError):
        return "redis_timeout"
    if isinstance(error, redis.ConnectionError):
        return "redis_unavailable"
    if isinstance(error, redis.exceptions.ReadOnlyError) or text.startswith("READONLY"):
        return "redis_read_only"
    if isinstance(error, redis.exceptions.OutOfMemoryError) or text.startswith("OOM"):
        return "redis_out_of_memory"
    if "when used memory > 'maxmemory'" in text:  # the same refusal, met inside a Lua script
        return "redis_out_of_memory"
    if "READONLY" in text:
        return "redis_read_only"
    return "redis_error"


def where(error: BaseException) -> str:
    """A bug's kind and the code it went through (`ValueError at service/x.py:12 in f <- ...`),
    never its message or a traceback's text: those quote values (a seed, a body, a token)."""
    frames = traceback.extract_tb(error.__traceback__)[-4:]
    path = " <- ".join(f"{_short(f.filename)}:{f.lineno} in {f.name}" for f in reversed(frames))
    return f"{type(error).__name__} at {path or '?'}"


def _short(filename: str) -> str:
    for root in ("/service/", "/engine/", "/bots/", "/site-packages/"):
        if root in filename:
            return root.strip("/") + "/" + filename.split(root, 1)[1]
    return filename

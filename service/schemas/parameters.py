"""The headers and query parameters several resources read alike (tokens, the app key,
`If-Match`, `Idempotency-Key`, `wait`): one definition each, so every operation documents and
bounds them the same way."""

from __future__ import annotations

from marshmallow import Schema, fields, validate


def authorization_header() -> fields.String:
    """The optional `Authorization` header of what spectators may read too. A parameter, not a
    security requirement: generated clients make any operation with one (even an optional
    one) demand an authenticated client, and a spectator has no token."""
    return fields.String(
        data_key="Authorization",
        metadata={
            "description": "`Bearer <token>`: a seat's token shows that seat's own view (its "
            "hand, its legal moves, its private events); the host token or none, the public "
            "one.",
            "example": "Bearer q7Zk3xP2aB9w.s3cr3t-seat-1",
        },
    )


def token_header(whose: str) -> fields.String:
    """The `Authorization` header a change needs (`Bearer <token>`; 401 without it, before
    anything else is read). A parameter of each operation, like a view's, rather than a
    security scheme: the token is the game's (or the match's) own, handed out by its creation,
    and a client follows the spec's links to it."""
    return fields.String(
        data_key="Authorization",
        required=True,
        validate=validate.Length(max=512),
        metadata={
            "description": f"`Bearer <token>`: {whose}, from the creation's answer.",
            "example": "Bearer q7Zk3xP2aB9w.s3cr3t-seat-1",
        },
    )


def app_key_header() -> fields.String:
    """`Duckpond-App-Key`, which a bound seat's token needs (`service.callers.bound_to`). No
    length bound here: the lean routes read it unvalidated, so both ways refuse a bad one
    alike (401 `bad_app_key`)."""
    return fields.String(
        data_key="Duckpond-App-Key",
        metadata={
            "description": "The app key (`dpk_...`) a bound seat belongs to: an outside bot's "
            "seat in a match works only with its token AND its owner's app key (401 "
            "`app_key_required` without it, 403 `seat_of_another_key` with another). Ignored "
            "for every other seat and for the host.",
            "example": "dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-owner",
        },
    )


IF_MATCH = r'^(?:\*|(?:W/)?"[0-9]{1,18}(?:\.[A-Za-z0-9]{1,16})?"|[0-9]{1,18})?$'
"""What `If-Match` may be: an ETag of ours (`"12.seat1"`, `"12"`, weak or not), a bare
version (`12`), `*` or nothing. The spec's pattern, and what `api.common.parse_if_match`
reads (anything else is its 422 `invalid_if_match`, on the lean path too)."""


def if_match_header() -> fields.String:
    """`If-Match`, documented with its exact pattern but checked by `parse_if_match`, so that
    both ways a move is read refuse it with the same reason."""
    return fields.String(
        data_key="If-Match",
        validate=validate.Length(max=64),
        metadata={
            "description": 'Expected version, as `"12"`; same as `expected_version`.',
            "pattern": IF_MATCH,
        },
    )


def wait_query(more: str) -> fields.Float:
    """The `wait` query parameter of a view and of a move; `more` says what it adds there."""
    return fields.Float(
        load_default=0.0,
        validate=validate.Range(min=0, max=30),
        metadata={
            "description": "Seconds (at most 30) to hold the answer until the game is ready for "
            "you: your seat is to act, or the deal or the game has ended. Saves polling: one "
            "request per turn. The answer comes at once when it is already so; after the "
            "time, it is the game as it is then. A wait the server cannot take now is refused "
            "with `Retry-After` and nothing done: 503 `wait_slots_full`, or 429 "
            "`too_many_waits` for too many waits without a token from one address. " + more
        },
    )


IDEMPOTENCY_KEY = [
    validate.Length(min=1, max=255),
    # Printable ASCII, as the IETF draft's sf-string: a key any server, proxy and log reads alike.
    validate.Regexp(r"^[\x20-\x7e]+$", error="Printable ASCII only."),
]


def idempotency_key_header() -> fields.String:
    """`Idempotency-Key` of a creation or a change (`service.idempotency`)."""
    return fields.String(
        data_key="Idempotency-Key",
        validate=IDEMPOTENCY_KEY,
        metadata={"description": "A retry with the same key returns the first answer."},
    )


class CreateHeaders(Schema):
    idempotency_key = idempotency_key_header()

"""What every resource's schemas share: the base of answers, the error payload, whole numbers,
fields documented by the games' contract, and the headers several operations take (not
`Authorization`: credentials are the spec's security schemes, `service.api.SCHEMES`).

Marshmallow schemas are also the OpenAPI spec; each resource's own are in `<resource>_schemas.py`
beside its routes. Input schemas reject unknown fields (flask-smorest's default, against mass
assignment); server-owned fields (id, version, status, tokens) exist only in output schemas.
"""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, fields, validate

from service.core.codec import MAX_SAFE_INTEGER
from service.core.errors import REASONS

VERSION_DOC = "Number of accepted state changes of the game; 0 right after creation."
CARD = fields.String(metadata={"description": "A card name, rank then suit: `JS`, `TC`."})


def Documented(json_schema: dict[str, Any], **kwargs: Any) -> fields.Raw:
    """A value sent as the service built it, documented by a JSON Schema of its own: the games'
    contract (`service.games.contract`: a view of any game, an event of any type), which marshmallow
    cannot express. `documented` puts that schema in the spec."""
    metadata = {**kwargs.pop("metadata", {}), "json_schema": json_schema}
    return fields.Raw(metadata=metadata, **kwargs)


def documented(converter: Any, field: fields.Field[Any], **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: a field's own JSON Schema (`json_schema` in its metadata),
    on top of what apispec derived from the field."""
    return dict(field.metadata.get("json_schema", {}))


class WholeNumber(fields.Integer):
    """An integer as JSON Schema counts them: `198` and `198.0` alike; never a string, a
    boolean or a fraction (strict otherwise, as `fields.Integer(strict=True)`)."""

    def __init__(self, **kwargs: Any) -> None:
        given = kwargs.pop("validate", None)
        validators = [given] if callable(given) else list(given or [])
        # What every JSON reader holds exactly (I-JSON); the spec says so as its maximum.
        validators.append(validate.Range(min=-MAX_SAFE_INTEGER, max=MAX_SAFE_INTEGER))
        super().__init__(strict=True, validate=validators, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_SAFE_INTEGER:
            value = int(value)
        return int(super()._validated(value))


class Out(Schema):
    """An answer's schema. Its JSON Schema allows properties it does not list: v1 changes only
    by adding, so a client must ignore fields it does not know (and generated clients do)."""

    class Meta:
        unknown = EXCLUDE


def wait_param(more: str) -> fields.Float:
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


def app_key_param() -> fields.String:
    """`Duckpond-App-Key`, which a bound seat's token needs (`service.games.callers.bound_to`). No
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


IDEMPOTENCY_KEY = [
    validate.Length(min=1, max=255),
    # Printable ASCII, as the IETF draft's sf-string: a key any server, proxy and log reads alike.
    validate.Regexp(r"^[\x20-\x7e]+$", error="Printable ASCII only."),
]


def expected_version(what: str) -> WholeNumber:
    """The optional `expected_version` of a change: `what` it does only at that version."""
    return WholeNumber(
        validate=validate.Range(min=0),
        metadata={"description": f"{what} only if the game is still at this version."},
    )


IF_MATCH = r'^(?:\*|(?:W/)?"[0-9]{1,18}(?:\.[A-Za-z0-9]{1,16})?"|[0-9]{1,18})?$'
"""What `If-Match` may be: an ETag of ours (`"12.seat1"`, `"12"`, weak or not), a bare
version (`12`), `*` or nothing. The spec's pattern, and what `api.common.parse_if_match`
reads (anything else is its 422 `invalid_if_match`, on the lean path too)."""


def if_match_param() -> fields.String:
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


class CreateHeaders(Schema):
    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        validate=IDEMPOTENCY_KEY,
        metadata={"description": "A retry with the same key returns the first answer."},
    )


class ErrorDetailsOut(Out):
    """What went wrong, for machines: `reason` always, details by reason."""

    reason = fields.String(
        required=True,
        validate=validate.OneOf(sorted(str(r) for r in REASONS)),
        metadata={
            "description": "A stable machine-readable code (the table in the spec's "
            "description lists each with its HTTP status)."
        },
    )
    fields_ = fields.Dict(
        data_key="fields",
        metadata={"description": "With `validation_error`: the messages by location and field."},
    )
    version = fields.Integer(
        metadata={"description": "With `stale_version` and `game_not_over`: the game's version."}
    )
    yours = fields.Boolean(
        metadata={
            "description": "With `bot_name_taken`: `true` when the name is a live bot of the "
            "presenting app key (registering it again can reuse it), `false` when another "
            "key's, retired, or a built-in bot's."
        }
    )


class ErrorOut(Out):
    """Every error: flask-smorest's payload plus a stable `errors.reason`."""

    code = fields.Integer(required=True, metadata={"description": "HTTP status code."})
    status = fields.String(required=True, metadata={"description": "HTTP status phrase."})
    message = fields.String(required=True, metadata={"description": "For humans."})
    errors = fields.Nested(ErrorDetailsOut, required=True)

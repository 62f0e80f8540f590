"""What every schema module builds on: the answer base class, the strict whole number, and
the fields documented by a JSON Schema of their own (the games' contract)."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, fields, validate

from service.codec import MAX_SAFE_INTEGER

VERSION_DOC = "Number of accepted state changes of the game; 0 right after creation."


def Documented(json_schema: dict[str, Any], **kwargs: Any) -> fields.Raw:
    """A value sent as the service built it, documented by a JSON Schema of its own: the games'
    contract (`service.contract`: a view of any game, an event of any type), which marshmallow
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

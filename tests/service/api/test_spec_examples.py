"""Every example in the spec is an instance of its own schema (JSON Schema 2020-12, as OpenAPI
3.1 reads it): an example that drifts from what the code answers or takes fails here, before a
client author copies it (Redocly's `no-invalid-media-type-examples` checks the same in
scripts/test)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = Path(__file__).resolve().parents[3]
SPEC: dict[str, Any] = json.loads((ROOT / "openapi/openapi.json").read_text())
BASE = "urn:duckpond:openapi"
"""The spec as one resource, so each schema's `#/components/...` resolves inside it."""


def examples(spec: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], Any]]:
    """(where, schema, example) of every example of a request or response body, a parameter
    or a header, whether `example` or one of `examples`."""

    def of(where: str, holder: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], Any]]:
        schema = holder.get("schema")
        if schema is None:
            return
        if "example" in holder:
            yield where, schema, holder["example"]
        for name, example in (holder.get("examples") or {}).items():
            example = resolve(spec, example)
            if "value" in example:
                yield f"{where} ({name})", schema, example["value"]

    def content(where: str, body: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], Any]]:
        body = resolve(spec, body)
        for media, holder in (body.get("content") or {}).items():
            yield from of(f"{where} {media}", holder)
        for name, header in (body.get("headers") or {}).items():
            yield from of(f"{where} header {name}", resolve(spec, header))

    for path, item in spec["paths"].items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            where = f"{method.upper()} {path}"
            for parameter in op.get("parameters", []):
                parameter = resolve(spec, parameter)
                yield from of(f"{where} {parameter['in']} {parameter['name']}", parameter)
            if "requestBody" in op:
                yield from content(f"{where} body", op["requestBody"])
            for status, response in op["responses"].items():
                yield from content(f"{where} {status}", response)
    for name, response in spec["components"].get("responses", {}).items():
        yield from content(f"components response {name}", response)


def resolve(spec: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """`node`, or what its `$ref` (into this spec) names."""
    while "$ref" in node:
        found: Any = spec
        for part in node["$ref"].removeprefix("#/").split("/"):
            found = found[part.replace("~1", "/").replace("~0", "~")]
        node = found
    return node


def validator(spec: dict[str, Any], schema: dict[str, Any]) -> Draft202012Validator:
    registry: Registry[Any] = Registry().with_resource(
        BASE, Resource.from_contents(spec, default_specification=DRAFT202012)
    )
    rooted = {"$id": f"{BASE}/example", **schema} if "$ref" not in schema else schema
    rooted = json.loads(json.dumps(rooted).replace('"#/components/', f'"{BASE}#/components/'))
    return Draft202012Validator(rooted, registry=registry, format_checker=FormatChecker())


ALL = list(examples(SPEC))


def test_the_spec_has_examples_to_check() -> None:
    assert len(ALL) > 100
    assert any("POST /api/v1/games body" in where for where, _, _ in ALL)
    assert any("GET /api/v1/games/{game_id} 200" in where for where, _, _ in ALL)


@pytest.mark.parametrize(("where", "schema", "example"), ALL, ids=[w for w, _, _ in ALL])
def test_every_example_is_an_instance_of_its_schema(
    where: str, schema: dict[str, Any], example: Any
) -> None:
    problems = [
        f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"
        for error in validator(SPEC, schema).iter_errors(example)
    ]
    assert problems == [], where


def test_a_drifted_example_fails() -> None:
    """The check can fail: the creation's first example with a field no game takes."""
    where, schema, example = next(item for item in ALL if "POST /api/v1/games body" in item[0])
    assert list(validator(SPEC, schema).iter_errors(example)) == []
    drifted = {**example, "colour": "green"}
    assert list(validator(SPEC, schema).iter_errors(drifted)) != [], where

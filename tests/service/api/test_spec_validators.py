"""The committed spec passes the official OpenAPI 3.1 validation (openapi-spec-validator, as a
client author's tooling runs it). scripts/test runs the same validator's command and Redocly
CLI's recommended rules before pytest; this keeps the Python check beside the spec's tests."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from openapi_spec_validator import OpenAPIV31SpecValidator

ROOT = Path(__file__).resolve().parents[3]
SPEC: dict[str, Any] = json.loads((ROOT / "openapi/openapi.json").read_text())


def problems(spec: dict[str, Any]) -> list[str]:
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in OpenAPIV31SpecValidator(spec).iter_errors()
    ]


def test_openapi_spec_validator_accepts_the_spec() -> None:
    assert problems(SPEC) == []


def test_the_validator_refuses_what_is_not_openapi() -> None:
    broken = copy.deepcopy(SPEC)
    broken["components"]["securitySchemes"]["seatToken"]["type"] = "token"
    assert problems(broken) != []
    numbered = copy.deepcopy(SPEC)  # a link's parameter as a number, as the links once had
    numbered["paths"]["/api/v1/games"]["post"]["responses"]["201"]["links"]["SeatView"][
        "parameters"
    ]["query.wait"] = 30
    assert problems(numbered) != []


def test_the_spec_states_the_repository_licence() -> None:
    assert SPEC["info"]["license"] == {"name": "MIT", "identifier": "MIT"}
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")

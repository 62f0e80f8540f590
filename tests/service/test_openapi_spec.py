"""The committed spec is what the code generates, and documents what the issue asks for."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]


def _generated() -> tuple[str, dict[str, Any]]:
    spec = importlib.util.spec_from_file_location("openapi_script", ROOT / "scripts/openapi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    generated = module.generate()
    return module.render(generated), generated


def test_committed_spec_matches_the_code() -> None:
    text, _ = _generated()
    committed = (ROOT / "openapi/openapi.json").read_text()
    assert committed == text, (
        "openapi/openapi.json differs from what the code generates: "
        "run `.venv/bin/python scripts/openapi.py` and commit the result"
    )


def test_every_operation_is_documented() -> None:
    _, spec = _generated()
    assert spec["openapi"] == "3.1.0"
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method not in ("get", "post"):
                continue
            where = f"{method.upper()} {path}"
            assert op.get("summary"), where
            responses = op["responses"]
            ok = [c for c in responses if c.startswith("2")]
            assert ok, where
            content = responses[ok[0]]["content"]
            success = content.get("application/json") or next(iter(content.values()))  # streams
            assert "schema" in success and "example" in success, where
            if path.startswith("/api/v1/games"):
                errors = [c for c in responses if c[0] in "45"]
                assert "404" in errors or path == "/api/v1/games", where
                assert "503" in errors, where
            if method == "post":
                body = op["requestBody"]["content"]["application/json"]
                assert "schema" in body and "example" in body, where
                assert {"400", "413", "422"} <= set(responses), where


def test_calls_are_explained_where_a_reader_looks() -> None:
    _, spec = _generated()
    text = json.dumps(spec["paths"]["/api/v1/games/{game_id}/moves"]) + json.dumps(
        spec["components"]["schemas"]["MoveBody"]
    )
    assert "the rules forbid a late call" in text


def test_spec_and_swagger_ui_are_served(client: FlaskClient) -> None:
    assert client.get("/openapi.json").json["info"]["title"] == "duckpond"
    docs = client.get("/docs")
    assert docs.status_code == 200 and b"swagger-ui" in docs.data

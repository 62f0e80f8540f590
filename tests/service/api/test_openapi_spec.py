"""The committed spec is what the code generates, and documents what the issue asks for."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GAMES
from service.api.common import parse_if_match
from service.api.common_schemas import IF_MATCH
from service.core.errors import ServiceError
from service.games.clocks import NAMES as CLOCK_OPTIONS

ROOT = Path(__file__).resolve().parents[3]


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
            assert content, where
            for success in content.values():  # JSON, or a stream's media types
                assert "schema" in success, where
                assert "example" in success or success["examples"], where
            if path.startswith("/api/v1/games"):
                errors = [c for c in responses if c[0] in "45"]
                assert "404" in errors or path == "/api/v1/games", where
                assert "503" in errors, where
            if method == "post":
                body = op["requestBody"]["content"]["application/json"]
                assert "schema" in body and ("example" in body or "examples" in body), where
                assert {"400", "413", "422"} <= set(responses), where


def test_calls_are_explained_where_a_reader_looks() -> None:
    _, spec = _generated()
    text = json.dumps(spec["paths"]["/api/v1/games/{game_id}/moves"]) + json.dumps(
        spec["components"]["schemas"]["MoveIn"]
    )
    assert "the rules forbid a late call" in text


def test_spec_and_swagger_ui_are_served(client: FlaskClient) -> None:
    assert client.get("/openapi.json").json["info"]["title"] == "duckpond"
    docs = client.get("/docs")
    assert docs.status_code == 200 and b"swagger-ui" in docs.data


def test_every_operation_has_an_operation_id() -> None:
    _, spec = _generated()
    ids = [
        op.get("operationId")
        for item in spec["paths"].values()
        for method, op in item.items()
        if method in ("get", "post")
    ]
    assert all(ids) and len(ids) == len(set(ids)), ids


def test_each_game_has_its_own_creation_and_match_body() -> None:
    """The seat counts, bots and closed options of each game, told apart by `game`."""
    _, spec = _generated()
    schemas = spec["components"]["schemas"]
    for base, suffix, seats in (("CreateGameIn", "GameIn", "seats"),
                                ("MatchIn", "MatchIn", "bots")):  # fmt: skip
        mapping = schemas[base]["discriminator"]["mapping"]
        assert (
            set(mapping) == set(GAMES) and schemas[base]["discriminator"]["propertyName"] == "game"
        )
        for name, cls in GAMES.items():
            body = schemas[f"{cls.__name__}{suffix}"]
            assert mapping[name] == f"#/components/schemas/{cls.__name__}{suffix}"
            assert body["properties"]["game"]["const"] == name
            counts = body["properties"][seats]
            assert (counts["minItems"], counts["maxItems"]) == (cls.min_seats, cls.max_seats)
            options = body["properties"]["options"]
            assert options["additionalProperties"] is False
            own = {o.name for o in cls.options_spec} | (
                {"auto_deal", *CLOCK_OPTIONS} if seats == "seats" else set()
            )
            assert set(options["properties"]) == own


def test_links_lead_from_a_creation_to_the_games_operations() -> None:
    _, spec = _generated()
    ids = {op["operationId"] for item in spec["paths"].values() for op in item.values()
           if isinstance(op, dict) and "operationId" in op}  # fmt: skip
    created = spec["paths"]["/api/v1/games"]["post"]["responses"]["201"]["links"]
    targets = {link["operationId"] for link in created.values()}
    assert {"get_game", "list_events", "deal_next", "get_score", "get_record"} <= targets
    assert "SeatView" in set(created)
    view = spec["paths"]["/api/v1/games/{game_id}"]["get"]["responses"]["200"]["links"]
    assert view["PlayFirstLegal"]["requestBody"]["move"] == "$response.body#/view/legal_moves/0"
    match = spec["paths"]["/api/v1/matches"]["post"]["responses"]["202"]["links"]
    assert {link["operationId"] for link in match.values()} == {
        "get_match",
        "list_match_games",
        "cancel_match",
    }
    for path in spec["paths"].values():
        for op in path.values():
            for response in op.get("responses", {}).values() if isinstance(op, dict) else ():
                for link in response.get("links", {}).values():
                    assert link["operationId"] in ids, link


@given(st.one_of(st.from_regex(IF_MATCH, fullmatch=True), st.text(max_size=30)))
@settings(max_examples=300, deadline=None)
def test_if_match_is_read_exactly_as_the_spec_says(header: str) -> None:
    """`parse_if_match` takes exactly what the spec's pattern allows, and refuses the rest."""
    if re.fullmatch(IF_MATCH, header):
        parse_if_match(header)
    else:
        with pytest.raises(ServiceError) as refused:
            parse_if_match(header)
        assert refused.value.reason == "invalid_if_match"


def test_links_name_only_parameters_their_operation_declares() -> None:
    """A link's parameter is one its target declares, where it declares it, and its value a
    string (the 3.1 schema's): a credential is a security scheme, no parameter, so no link can
    carry one (`header.Authorization` would name nothing a client sends by its scheme)."""
    _, spec = _generated()
    declared = {  # an operation's own parameters and its path's
        op["operationId"]: {
            (p["in"], p["name"]) for p in [*item.get("parameters", []), *op.get("parameters", [])]
        }
        for item in spec["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and "operationId" in op
    }
    named = []
    for item in spec["paths"].values():
        for op in item.values():
            for response in op.get("responses", {}).values() if isinstance(op, dict) else ():
                for name, link in response.get("links", {}).items():
                    for key, value in link.get("parameters", {}).items():
                        where, _, parameter = key.rpartition(".")
                        places = {w for w, p in declared[link["operationId"]] if p == parameter}
                        assert (where in places) if where else places, (name, key)
                        assert isinstance(value, str), (name, key, value)
                        named.append(key)
    assert "path.game_id" in named and "query.wait" in named  # the links were read

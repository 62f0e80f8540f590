"""Credentials are the spec's named security schemes, never an `Authorization` parameter (which
OpenAPI says SHALL be ignored, and which generators make a required argument of every call);
and moving them there changed nothing the server answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth

ROOT = Path(__file__).resolve().parents[3]
SPEC: dict[str, Any] = json.loads((ROOT / "openapi/openapi.json").read_text())
METHODS = ("get", "put", "post", "delete", "patch", "options", "head", "trace")
Requirement = dict[str, list[str]]
SEAT: Requirement = {"seatToken": []}
HOST: Requirement = {"hostToken": []}
KEY: Requirement = {"appKey": []}
NONE: Requirement = {}
EXPECTED: dict[str, list[Requirement]] = {
    "get_game": [NONE, SEAT, HOST],
    "list_events": [NONE, SEAT, HOST],
    "stream_game": [NONE, SEAT, HOST],
    "play_move": [SEAT],
    "resign": [SEAT],
    "leave_seat": [SEAT],
    "return_to_seat": [SEAT],
    "take_invited_seat": [SEAT],
    "deal_next": [SEAT, HOST],
    "get_rematch": [SEAT, HOST],
    "ask_rematch": [SEAT, HOST],
    "decline_rematch": [SEAT, HOST],
    "abandon_game": [HOST],
    "cancel_match": [HOST],
    "create_game": [KEY, NONE],
    "create_match": [KEY, NONE],
    "get_lobby": [KEY, NONE],
    "claim_seat": [],
    "get_score": [],
    "get_record": [],
    "get_match": [],
    "check_health": [],
}
"""What each credentialed operation takes (alternatives; `{}`: none needed), and some that
take none; every other operation is checked only to say something."""


def operations(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        op["operationId"]: op
        for item in spec["paths"].values()
        for method, op in item.items()
        if method in METHODS
    }


def test_no_authorization_parameter_anywhere() -> None:
    """Not on an operation, a path, nor as a component a path could refer to."""
    found = [
        (where, p.get("name"))
        for where, params in [
            *((op["operationId"], op.get("parameters", [])) for op in operations(SPEC).values()),
            *((path, item.get("parameters", [])) for path, item in SPEC["paths"].items()),
            ("components", list(SPEC["components"].get("parameters", {}).values())),
        ]
        for p in params
        if str(p.get("name", "")).lower() == "authorization"
    ]
    assert found == []


def test_every_operation_says_which_credentials_it_takes() -> None:
    """`security` on each operation (`[]`: public), naming only declared schemes; the
    credentialed operations take exactly the schemes that work on them."""
    schemes = SPEC["components"]["securitySchemes"]
    assert {"appKey", "seatToken", "hostToken"} <= schemes.keys()
    for name in ("seatToken", "hostToken", "appKey"):
        assert schemes[name]["type"] == "http" and schemes[name]["scheme"] == "bearer"
        assert len(schemes[name]["description"]) > 80
    ops = operations(SPEC)
    missing = sorted(name for name, op in ops.items() if "security" not in op)
    assert missing == []
    for name, op in ops.items():
        for requirement in op["security"]:
            assert requirement.keys() <= schemes.keys(), name
    assert {name: ops[name]["security"] for name in EXPECTED} == EXPECTED


CREDENTIALED = [
    ("get", "/games/{g}"), ("get", "/games/{g}/events"), ("get", "/games/{g}/stream"),
    ("post", "/games/{g}/moves"), ("post", "/games/{g}/deal"), ("post", "/games/{g}/resign"),
    ("post", "/games/{g}/abandon"), ("get", "/games/{g}/rematch"),
    ("post", "/games/{g}/rematch"), ("post", "/games/{g}/rematch/decline"),
    ("post", "/games/{g}/seats/1/away"), ("post", "/games/{g}/seats/1/return"),
    ("post", "/games/{g}/seats/1/claim"), ("post", "/matches/nomatch/cancel"),
]  # fmt: skip
LONG = "Bearer " + "x" * 600
OPTIONAL = {"/games/{g}", "/games/{g}/events", "/games/{g}/stream"}


@pytest.mark.parametrize(("method", "path"), CREDENTIALED)
def test_credential_refusals_are_as_when_the_token_was_a_parameter(
    client: FlaskClient, method: str, path: str
) -> None:
    """The refusals the header schemas made (a token over 512 characters: 422 with the field
    named) are made by the code now; a missing or malformed token, as before."""
    table = Table.create(client)
    url = API + path.format(g=table.gid)
    body = {"move": {"type": "play", "card": "ZZ"}} if path.endswith("/moves") else {}
    seat_long = "Bearer " + table.seat(1).token + "x" * 600

    def ask(headers: dict[str, str]) -> tuple[int, str | None, Any]:
        kwargs: dict[str, Any] = {"json": body} if method == "post" else {}
        answer = getattr(client, method)(url, headers=headers, **kwargs)
        errors = (answer.get_json(silent=True) or {}).get("errors") or {}
        return answer.status_code, errors.get("reason"), errors.get("fields")

    if path in OPTIONAL:
        assert ask({})[0] == ask({"Authorization": " "})[0] == 200
        for value in (LONG, seat_long, "Basic x"):
            assert ask({"Authorization": value})[:2] == (401, "bad_token")
        assert ask(auth(table.seat(1).token))[0] == 200
        return
    assert ask({})[:2] == ask({"Authorization": " "})[:2] == (401, "missing_token")
    too_long: tuple[int, str | None, Any] = (422, "validation_error",
                {"headers": {"Authorization": ["Longer than maximum length 512."]}})  # fmt: skip
    if path.endswith("/moves"):  # a plain move is the fast lane's, which reads no length
        too_long = (401, "bad_token", None)
    assert ask({"Authorization": LONG}) == ask({"Authorization": seat_long}) == too_long
    if "/matches/" not in path:
        assert ask({"Authorization": "Basic x"})[:2] == (401, "bad_token")

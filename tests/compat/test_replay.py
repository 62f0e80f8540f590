"""The compatibility suite: the exchanges recorded from the released contract
(tests/compat/exchanges, `scripts/record_compat.py`) replayed against the code as it is. An
answer a client of the recording could no longer read (a status, a reason, a field or its
type, a header gone) fails, unless the spec's major version moved, or the exchange is a
deprecated form past its sunset. A deprecated form must also say so (its headers)."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from typing import Any

import pytest
import redis
from flask import Flask
from testkit import compat

from service.core.errors import REASONS
from service.http import deprecation

GROUPS = sorted(p.stem for p in compat.EXCHANGES.glob("*.json"))
SPEC = json.loads(compat.SPEC.read_text(encoding="utf-8"))
UNCOVERED = json.loads((compat.EXCHANGES.parent / "uncovered.json").read_text(encoding="utf-8"))


def replayable(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The exchanges the current contract still owes: none across a major version; a
    deprecated form only until its sunset."""
    if compat.major(SPEC["info"]["version"]) != compat.major(data["spec_version"]):
        return []
    now = datetime.now(UTC)
    sunsets = [form.sunset for form in deprecation.FORMS.values()]
    return [
        e for e in data["exchanges"] if not e.get("deprecated") or now <= min(sunsets, default=now)
    ]


def run(settings: dict[str, Any], r: redis.Redis, exchanges: list[dict[str, Any]]) -> list[str]:
    r.flushdb()
    return compat.replay(compat.clients(settings), exchanges, compat.issue_keys(r))


@pytest.mark.parametrize("group", GROUPS)
def test_the_recorded_exchanges_still_answer_as_released(
    group: str, settings: dict[str, Any], r: redis.Redis
) -> None:
    data = compat.load(compat.EXCHANGES / f"{group}.json")
    exchanges = replayable(data)
    if not exchanges:
        pytest.skip(f"recorded at {data['spec_version']}, the spec is {SPEC['info']['version']}")
    assert run(settings, r, exchanges) == []


def test_every_operation_is_recorded() -> None:
    spec_ops = {
        (method.upper(), path)
        for path, item in SPEC["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    recorded = {
        (e["request"]["method"], e["request"]["path"].split("?")[0])
        for group in GROUPS
        for e in compat.load(compat.EXCHANGES / f"{group}.json")["exchanges"]
    }
    assert spec_ops - recorded == set()


def test_every_reason_is_recorded_or_said_why_not() -> None:
    """A new reason must be recorded, or listed in uncovered.json with why it cannot be."""
    enum = set(SPEC["components"]["schemas"]["ErrorDetailsOut"]["properties"]["reason"]["enum"])
    recorded = {
        e["answer"]["reason"]
        for group in GROUPS
        for e in compat.load(compat.EXCHANGES / f"{group}.json")["exchanges"]
    } - {None}
    assert recorded | set(UNCOVERED) == enum
    assert recorded & set(UNCOVERED) == set()
    assert all(len(why) > 10 for why in UNCOVERED.values())


# A deliberate break must fail the replay: the suite has teeth.


def test_a_changed_status_or_renamed_field_in_the_recording_fails(
    settings: dict[str, Any], r: redis.Redis
) -> None:
    data = compat.load(compat.EXCHANGES / "games.json")
    exchanges = copy.deepcopy(data["exchanges"])
    move = next(e for e in exchanges if e["name"] == "move")
    move["answer"]["status"] = 201
    move["answer"]["shape"]["versions"] = move["answer"]["shape"].pop("version")
    refused = next(e for e in exchanges if e["name"] == "move not your turn")
    refused["answer"]["reason"] = "not_yours"
    broken = run(settings, r, exchanges)
    assert "move: status 201 became 200" in broken
    assert "move: body.versions: gone" in broken
    assert "move not your turn: reason 'not_yours' became 'not_your_turn'" in broken
    assert len(broken) == 3, broken


def test_an_app_that_renames_a_field_or_moves_a_status_fails(
    settings: dict[str, Any], r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same recording against an app whose answers say `ver` for `version`, and whose
    `card_not_in_hand` is a 422 again (4.0.0's break, undone)."""
    made = compat.clients

    def broken_clients(settings: dict[str, Any]) -> dict[str, Any]:
        out = made(settings)
        for client in out.values():
            app: Flask = client.application

            @app.after_request
            def rename(response: Any) -> Any:
                body = response.get_json(silent=True) if not response.is_streamed else None
                if isinstance(body, dict) and "version" in body:
                    body["ver"] = body.pop("version")
                    response.set_data(json.dumps(body))
                return response

        return out

    monkeypatch.setattr(compat, "clients", broken_clients)
    monkeypatch.setitem(REASONS, "card_not_in_hand", (422, REASONS["card_not_in_hand"][1]))
    data = compat.load(compat.EXCHANGES / "games.json")
    broken = run(settings, r, data["exchanges"])
    assert "create g: body.version: gone" in broken
    assert "move card not in hand: status 409 became 422" in broken, "\n".join(broken)


def test_a_deprecated_form_without_its_headers_fails(
    settings: dict[str, Any], r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(deprecation, "mark", lambda response, form: response)
    data = compat.load(compat.EXCHANGES / "games.json")
    mine = [e for e in data["exchanges"] if e.get("deprecated")]
    assert mine
    broken = run(settings, r, mine)
    assert "create with the deprecated deal: deprecated form without Deprecation" in broken

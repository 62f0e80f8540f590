"""Property-based API test: schemathesis drives every operation of the spec served by the app.

It must find no 500 and no answer that breaks the spec (status documented, body matching its
schema, invalid data refused, ...), with valid and with invalid data. Half of the cases of the
game endpoints are pointed at a real game, half of those with a real seat token, so they get
past 404 and 401. (schemathesis' `from_fixture` loader breaks on pytest 9, hence the explicit loop.)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance
from svc_helpers import Table

EXAMPLES = 25


def _aim(case: Any, game: Table) -> None:
    """Point some cases at the real game (and some of those at a seat), deterministically."""
    digest = hashlib.sha256(repr((case.body, case.query, case.headers)).encode()).digest()
    if case.path_parameters and "game_id" in case.path_parameters and digest[0] % 2 == 0:
        case.path_parameters["game_id"] = game.gid
        if digest[1] % 2 == 0:
            token = game.seats[digest[2] % 4].token
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_api_conforms_to_its_spec(make_app: Callable[..., Flask], mode: GenerationMode) -> None:
    # Generated `?wait=` values would hold answers for up to 30 s each: cap them (the waits
    # still run, and answer as the spec says).
    app = make_app(MAX_WAIT_SECONDS=0.02)
    schema = schemathesis.openapi.from_wsgi("/openapi.json", app)
    game = Table.create(app.test_client())
    for pool in ("live", "bulk", "recovery"):  # /healthz sees workers (none runs here)
        app.extensions["duckpond"].store.beat(f"{pool}:schemathesis")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10
    unsatisfiable = []
    for operation in operations:

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: Any) -> None:
            _aim(case, game)
            # Schema-valid is not rules-valid (seat counts per game, illegal moves): a 422
            # there is right, so only that one check is left out.
            case.call_and_validate(excluded_checks=[positive_data_acceptance])

        try:
            check()
        except Unsatisfiable:  # nothing to make invalid (no body, no typed parameter)
            unsatisfiable.append(operation.label)
    assert not [label for label in unsatisfiable if label.startswith("POST")]


# --- every phase and every check, as `st run` does ---------------------------------------------

RUN_SECONDS = 50
"""The fuzzing phase runs until the run's time is up: this bounds the whole run."""
SCHEMA_LAYER = frozenset(("validation_error", "malformed_json", "unsupported_media_type"))
"""Refusals by the schema layer, which schema-valid data must never get."""


@schemathesis.check
def schema_valid_data_passes_the_schema_layer(ctx: Any, response: Any, case: Any) -> None:
    """`positive_data_acceptance` made exact: data valid by the spec may be refused by the
    rules (a seat count, an illegal card: 422 with the rule's reason) but never by the schemas
    (`validation_error`): then the spec and the code disagree."""
    meta = case.meta
    if (
        meta is None
        or not meta.generation.mode.is_positive
        or response.status_code not in (400, 415, 422)
    ):
        return
    reason = response.json().get("errors", {}).get("reason")
    assert reason not in SCHEMA_LAYER, f"valid data refused by the schemas: {response.text[:300]}"


def test_every_phase_and_check_finds_nothing(make_app: Callable[..., Flask]) -> None:
    """Examples, coverage, fuzzing and stateful phases (links inferred from `Location`), all
    checks. Expected statuses are told where the rules, not the spec, decide: schema-valid data
    may be refused by the rules (422 with the rule's reason; the check above holds the schema
    layer to the spec), and a body over the limit is a 413."""
    from schemathesis.config import SchemathesisConfig
    from schemathesis.engine import events, from_schema

    # No worker runs here: /healthz must not turn 503 as the run's bot turns wait (a long
    # overdue bound) or its beats age (a long silence bound); the 503s have their own tests.
    app = make_app(MAX_WAIT_SECONDS=0.02, TURNS_OVERDUE_SECONDS=3600, WORKER_SILENT_SECONDS=3600)
    config = SchemathesisConfig.from_dict({
        "seed": 12,
        "max-time": RUN_SECONDS,
        "generation": {"max-examples": 5, "deterministic": True, "mode": "all"},
        "phases": {
            "examples": {"enabled": True},
            "coverage": {"enabled": True},
            "stateful": {"enabled": True, "max-steps": 10},
            "fuzzing": {"enabled": True},
        },
        "checks": {
            "schema_valid_data_passes_the_schema_layer": {"enabled": True},
            "positive_data_acceptance": {"expected-statuses": ["2xx", "401", "403", "404",
                                                               "409", "422"]},
            "negative_data_rejection": {"expected-statuses": ["400", "401", "403", "404", "405",
                                                              "406", "409", "413", "415", "422",
                                                              "428"]},
        },
    })  # fmt: skip
    schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=config)
    for pool in ("live", "bulk", "recovery"):  # /healthz sees workers (none runs here)
        app.extensions["duckpond"].store.beat(f"{pool}:schemathesis")
    failures: list[str] = []
    phases: set[str] = set()
    for event in from_schema(schema).execute():
        if isinstance(event, events.PhaseFinished):
            phases.add(event.phase.name.value)
        if isinstance(event, events.NonFatalError):
            failures.append(f"error: {event.value!r}"[:400])
        if isinstance(event, events.ScenarioFinished):
            for checks in event.recorder.checks.values():
                failures += [
                    f"{event.recorder.label}: {c.name}: {c.failure_info.failure.message}"[:400]
                    for c in checks
                    if c.failure_info is not None
                ]
    assert not failures, "\n".join(sorted(set(failures)))
    assert {"examples", "coverage", "stateful", "fuzzing"} <= phases, phases

"""Property-based API test: schemathesis drives every operation of the spec served by the app.

It must find no 500 and no answer that breaks the spec (status documented, body matching its
schema, invalid data refused, ...), with valid and with invalid data. Half of the cases of the
game endpoints are pointed at a real game, half of those with a real seat token, so they get
past 404 and 401. (schemathesis' `from_fixture` loader breaks on pytest 9, hence the explicit loop.)
The runs read the checked-in `schemathesis.toml` (its hooks, `testkit.st_hooks`, hold the
tokens each creation answered and send the right one per game: a link cannot carry a credential)
and follow the spec's own links (`service.http.docs.links()`) between create, read and move.
That they lead to real moves (a seat reads its view and plays the first of its legal moves) is
proven without luck twice over: `test_the_links_lead_to_a_real_move` follows them by hand with
each seat's token, `test_schemathesis_plays_along_the_links_with_the_hooks_tokens` sends them
as schemathesis cases whose token only the hooks supply (`links.py`). Schema-valid data is
accepted, or refused only by a rule the schema cannot say: what the state of a game or a key
refuses is a 409, which `positive_data_acceptance` allows (never a 422);
`tests/fuzz/test_schemathesis_cli.py` runs the same phases through the CLI.
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
from testkit import st_hooks
from testkit.links import Exchange, Walk, create_and_move, play_along, url, via_schemathesis
from testkit.svc_helpers import Table

from engine import GAMES

EXAMPLES = 40


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
    # Generated `?wait=` values would hold answers for up to 30 s each, and a stream runs
    # until its game ends: cap them (the waits and streams still run, and answer as the spec
    # says).
    app = make_app(MAX_WAIT_SECONDS=0.02, STREAM_MAX_SECONDS=0.02)
    config = checked_in_config()
    schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=config)
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
            case.call_and_validate()

        try:
            check()
        except Unsatisfiable:  # nothing to make invalid (no body, no typed parameter)
            unsatisfiable.append(operation.label)
    assert not [label for label in unsatisfiable if label.startswith("POST")]


# --- every phase and every check, as `st run` does ---------------------------------------------

RUN_SECONDS = 60
"""The fuzzing phase runs until the run's time is up: this bounds the whole run."""
STATEFUL_RUNS = 120
"""Runs of the state machine in the stateful test (each up to 20 steps)."""
STATEFUL_OPERATIONS = [
    "create_game",
    "claim_seat",
    "get_game",
    "play_move",
    "list_events",
    "deal_next",
]
"""What the stateful test drives: the operations the spec's links chain."""


@schemathesis.check
def a_change_needs_its_token(ctx: Any, response: Any, case: Any) -> None:
    """`ignored_auth` for the tokens of a game (a parameter of each change, not a security
    scheme, which that check reads): a move or a deal that was accepted is sent again with no
    token and with a made-up one (and no Idempotency-Key, so no stored answer is replayed):
    both are a 401. A claim's credential is its invite code (in the body), not a token."""
    if case.method.upper() != "POST" or "{game_id}/" not in case.path:
        return
    if case.path.endswith("/claim"):
        return
    if not 200 <= response.status_code < 300:
        return
    kept = {k: v for k, v in (case.headers or {}).items()
            if k.lower() not in ("authorization", "idempotency-key")}  # fmt: skip
    for auth in ({}, {"Authorization": f"Bearer {case.path_parameters['game_id']}.{'x' * 32}"}):
        again = case.derive(headers={**kept, **auth}).call()
        assert again.status_code == 401, f"accepted without its token: {again.text[:200]}"


CHECKS = {"a_change_needs_its_token": {"enabled": True}, "ignored_auth": {"enabled": False}}
"""This file's own check, beside the checked-in file's. `ignored_auth` (the same question of the
security schemes) runs in the CLI's run against gunicorn (tests/fuzz/test_schemathesis_cli.py),
not in-process: schemathesis 4.32's WSGI transport refuses the `max_redirects` its probe sends
(TypeError), where the network transport takes it."""


def checked_in_config(**extra: Any) -> Any:
    """The repository's `schemathesis.toml` with this file's check and a run's settings."""
    return st_hooks.checked_in_config(**{"checks": CHECKS, **extra})


def _run(
    make_app: Callable[..., Flask], operations: list[str] | None = None, **config: Any
) -> tuple[list[str], set[str]]:
    """A whole schemathesis run, as `st run` does, following the spec's links: every failure
    of every check, and the phases that ran."""
    from schemathesis.engine import events, from_schema

    # No worker runs here: /healthz must not turn 503 as the run's bot turns wait (a long
    # overdue bound) or its beats age (a long silence bound); the 503s have their own tests.
    # The fuzzer sends thousands of made-up tokens a minute from one address: under the
    # default refused-credential limit (1,200 a minute) a quick machine locked itself out and
    # every later request was a 429, valid data included. The limits stay on (their 429s are
    # checked against the spec whenever they come), this one out of the run's reach; the
    # lockout has its own tests (tests/service/http/test_rate_limits.py).
    app = make_app(
        MAX_WAIT_SECONDS=0.02,
        STREAM_MAX_SECONDS=0.02,
        TURNS_OVERDUE_SECONDS=3600,
        WORKER_SILENT_SECONDS=3600,
        RATE_LIMIT_AUTH_FAILURES="1000000 per minute",
        RATE_LIMIT_CLAIMS="1000000 per minute",  # as many claims as it makes, from one address
    )
    settings = checked_in_config(**config)
    schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=settings)
    if operations:
        schema = schema.include(operation_id=operations)
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
                    f"{event.recorder.label}: {c.name}: {c.failure_info.failure.message}"
                    f" {c.failure_info.code_sample}"[:900]
                    for c in checks
                    if c.failure_info is not None
                ]
    return sorted(set(failures)), phases


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_links_lead_to_a_real_move(make_app: Callable[..., Flask], game: str) -> None:
    """The spec's links, followed by hand, whatever the deal: the creation's `SeatView` gives
    each seat's view with that seat's token (from the creation); the one seat to act has legal
    moves, and its view's `PlayFirstLegal` plays the first of them, which the rules accept:
    200, the version advanced, in the game's public view too. Waits are capped: a seat not to
    act answers at once rather than after its link's `wait=30`."""
    app = make_app(MAX_WAIT_SECONDS=0.02)
    client = app.test_client()

    def send(sent: Exchange) -> tuple[int, dict[str, str], Any]:
        answer = client.open(url(sent), method=sent.method.upper(), headers=sent.headers,
                             query_string=sent.query, json=sent.body)  # fmt: skip
        return answer.status_code, dict(answer.headers), answer.get_json(silent=True)

    walk = Walk(client.get("/openapi.json").json, send)
    seats = GAMES[game].min_seats
    view, moved = create_and_move(walk, game, seats, seed=f"links-{game}")
    assert moved.status == 200, moved.answer
    version = view.answer["version"]
    assert moved.answer["version"] > version, (version, moved.answer["version"])
    assert moved.body == {
        "move": view.answer["view"]["legal_moves"][0],
        "expected_version": version,
    }
    assert moved.headers["If-Match"] == view.answer_headers["ETag"]  # the link's own header
    public = client.get(f"/api/v1/games/{view.path['game_id']}").json
    assert public["version"] == moved.answer["version"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_schemathesis_plays_along_the_links_with_the_hooks_tokens(
    make_app: Callable[..., Flask], game: str
) -> None:
    """The same links, sent as schemathesis cases under the checked-in configuration: the walk
    sends no token, the hooks it loads learn the creation's (`after_call`, from `case.call()`)
    and the auth provider sets the seat to act's on the view and on the move (the spec declares
    no `Authorization` parameter: a security scheme), every answer passes the checks, and the
    rules accept the move. Derandomized smallest cases: no seed in it."""
    app = make_app(MAX_WAIT_SECONDS=0.02)
    client = app.test_client()
    spec = client.get("/openapi.json").json
    declared = {
        parameter.get("name", "").lower()
        for item in spec["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        for parameter in operation.get("parameters", [])
    }
    assert "authorization" not in declared  # the credential is a security scheme
    schema = schemathesis.openapi.from_wsgi("/openapi.json", app, config=checked_in_config())
    view, moved = play_along(Walk(spec, via_schemathesis(schema)), game, GAMES[game].min_seats,
                             seed=f"st-{game}")  # fmt: skip
    seat = view.answer["seat"]
    game_id = view.path["game_id"]
    token = st_hooks.CREDENTIALS.games[game_id].seats[seat]
    assert view.headers["Authorization"] == moved.headers["Authorization"] == f"Bearer {token}"
    assert moved.status == 200, moved.answer
    assert moved.answer["version"] > view.answer["version"]
    assert client.get(f"/api/v1/games/{game_id}").json["version"] == moved.answer["version"]


def test_the_hooks_send_an_app_key_only_where_one_is_taken(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With `DUCKPOND_APP_KEY` set (a server with app keys on), a creation's case carries it; a
    made-up game's view (the spectator's path: no credential) carries nothing."""
    schema = schemathesis.openapi.from_wsgi("/openapi.json", make_app(),
                                            config=checked_in_config())  # fmt: skip
    create = schema["/api/v1/games"]["POST"].Case(body={"game": "duck", "seats": [{}] * 3})
    view = schema["/api/v1/games/{game_id}"]["GET"].Case(path_parameters={"game_id": "nope"})
    provider = st_hooks.GameTokens()
    assert provider.get(create, None) is None and provider.get(view, None) is None
    monkeypatch.setenv(st_hooks.APP_KEY, "dpk_test")
    assert provider.get(create, None) == "dpk_test"
    assert provider.get(view, None) is None


def test_stateful_runs_follow_links_and_find_nothing(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stateful phase alone on the game's operations, bounded by its number of runs (not by
    time, so a loaded machine runs the same cases): along the links it creates games, reads
    them as a seat and plays moves, and every check holds at each step. Whether a run happens
    on a legal move is the luck of its cases: `test_the_links_lead_to_a_real_move` proves the
    links lead to one.

    Hypothesis mixes into its data the string and number literals of every module of this
    repository the process has imported, so the cases would depend on which other tests ran
    first in this process: with no pool of literals, the same cases run alone, in the fuzz
    suite and in the whole suite."""
    from hypothesis.internal.conjecture import providers

    monkeypatch.setattr(providers, "_get_local_constants", providers.Constants)
    providers.CONSTANTS_CACHE.cache.clear()  # what earlier tests' literals allowed
    failures, phases = _run(make_app, STATEFUL_OPERATIONS, **{
        "generation": {"max-examples": STATEFUL_RUNS, "deterministic": True, "mode": "all"},
        "phases": {
            "examples": {"enabled": False},
            "coverage": {"enabled": False},
            "stateful": {"enabled": True, "max-steps": 20},
            "fuzzing": {"enabled": False},
        },
    })  # fmt: skip
    assert not failures, "\n".join(failures)
    assert "stateful" in phases


def test_every_phase_and_check_finds_nothing(make_app: Callable[..., Flask]) -> None:
    """Examples, coverage, fuzzing and stateful phases, all checks, within `RUN_SECONDS`."""
    failures, phases = _run(make_app, **{
        "max-time": RUN_SECONDS,
        "generation": {"max-examples": 10, "deterministic": True, "mode": "all"},
        "phases": {
            "examples": {"enabled": True},
            "coverage": {"enabled": True},
            "stateful": {"enabled": True, "max-steps": 20},
            "fuzzing": {"enabled": True},
        },
    })  # fmt: skip
    assert not failures, "\n".join(failures)
    assert {"examples", "coverage", "stateful", "fuzzing"} <= phases, phases

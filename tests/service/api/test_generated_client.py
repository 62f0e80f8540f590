"""A third party's client, generated from openapi/openapi.json with openapi-python-client (as a
client author would, offline), plays a whole game of every game against bots on the real
service (gunicorn, Redis, the RQ worker) with nothing but its typed models: it creates the game,
waits for its turns with `?wait=`, picks among its typed legal moves, has a move refused and
reads the typed error, and reads the score and the record at the end. It never deals: a lone
human's game deals by itself (`auto_deal`). Its credentials are its client objects' alone (one
`AuthenticatedClient` per token, as the spec's security schemes say): no operation takes one
as an argument."""

from __future__ import annotations

import importlib
import inspect
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engine import GAMES

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = "duckpond_client"
WAIT = 10.0
SHORT: dict[str, tuple[int, dict[str, Any]]] = {
    "doubleduck": (4, {"max_deals": 1}),
    "ducksoup": (2, {"target": 1}),
    "duck": (3, {}),
    "doppelkopf": (4, {"max_deals": 2}),
}
"""Seats and options that keep each game short; Doppelkopf plays two deals, so the lone human
goes on to the next deal with no host token."""


@pytest.fixture(scope="module")
def client_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The generated package, imported; its models and operations under `.models`, `.api`."""
    where = tmp_path_factory.mktemp("generated")
    config = where / "config.yaml"
    config.write_text("post_hooks: []\n")  # no formatter run: nothing to fetch, nothing to need
    done = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--meta", "none",
         "--path", str(ROOT / "openapi" / "openapi.json"), "--output-path", str(where / PACKAGE),
         "--config", str(config)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warning" not in done.stdout + done.stderr, done.stdout + done.stderr
    sys.path.insert(0, str(where))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(where))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def _mod(package: ModuleType, name: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{name}")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_generated_client_plays_a_whole_game(
    client_package: ModuleType, served_with_keys: tuple[int, str], name: str
) -> None:
    m = _mod(client_package, "models")
    api = {op: _mod(client_package, f"api.{tag}.{op}") for tag, op in (
        ("games", "create_game"), ("games", "get_game"), ("moves", "play_move"),
        ("scores", "get_score"), ("records", "get_record"), ("events", "list_events"),
    )}  # fmt: skip
    http = _mod(client_package, "client")
    port, app_key = served_with_keys
    base = f"http://127.0.0.1:{port}"
    anyone = http.Client(base_url=base, timeout=_timeout(WAIT + 20))
    # The integrator's client: creating a game needs its app key (the spec's `appKey`).
    integrator = http.AuthenticatedClient(base_url=base, token=app_key, timeout=_timeout(WAIT))
    seats, options = SHORT[name]
    seed = f"generated-{name}"
    # The body of this game's own schema (the spec has one per game, told apart by `game`).
    body = getattr(m, f"{GAMES[name].__name__}GameIn").from_dict(
        {"game": name, "seats": [{}, *({"bot": "random"} for _ in range(seats - 1))],
         "seed": seed, "options": options}
    )  # fmt: skip
    refused_key = api["create_game"].sync(client=anyone, body=body)
    assert isinstance(refused_key, m.ErrorOut), refused_key
    assert refused_key.errors.reason == m.ErrorDetailsOutReason.MISSING_APP_KEY
    created = api["create_game"].sync(client=integrator, body=body)
    assert isinstance(created, m.CreatedOut), created
    assert created.auto_deal is True
    # The seat's token lives in its own client object, as the spec's `seatToken` scheme says:
    # no operation takes it as an argument.
    me = http.AuthenticatedClient(
        base_url=base, token=created.seats[0].token, timeout=_timeout(WAIT + 20)
    )
    host = http.AuthenticatedClient(base_url=base, token=created.host_token, timeout=_timeout(WAIT))
    assert api["get_game"].sync(created.id, client=host).role == m.GameOutRole.HOST
    assert api["get_game"].sync(created.id, client=anyone).role == m.GameOutRole.SPECTATOR
    view_type = getattr(m, f"{GAMES[name].__name__}View")
    rng = random.Random(seed)

    game = api["get_game"].sync(created.id, client=me, wait=WAIT)
    refused = False
    deals_seen = set()
    while game.status != m.GameOutStatus.OVER:
        assert isinstance(game, m.GameOut | m.ChangeOut) and isinstance(game.view, view_type)
        deals_seen.add(game.view.deal_no)
        moves = game.view.legal_moves
        if not moves:  # not our turn yet (or the wait ran out): wait again
            game = api["get_game"].sync(created.id, client=me, wait=WAIT)
            continue
        if not refused:  # a stale version: the typed error says why, and nothing changed
            stale = m.MoveIn(move=_body(m, moves[0]), expected_version=game.version + 5)
            error = api["play_move"].sync(created.id, client=me, body=stale)
            assert isinstance(error, m.ErrorOut), error
            assert error.errors.reason == m.ErrorDetailsOutReason.FUTURE_VERSION
            assert error.code == 409
            refused = True
        move = _pick(m, moves, rng)
        answer = api["play_move"].sync(
            created.id,
            client=me,
            body=m.MoveIn(move=_body(m, move), expected_version=game.version),
            wait=WAIT,
        )
        assert isinstance(answer, m.ChangeOut), answer
        game = answer
    assert refused

    score = api["get_score"].sync(created.id, client=anyone)
    assert isinstance(score, m.ScoreOut) and score.over
    assert len(score.deals) == len(deals_seen) and all(
        isinstance(d, m.DealRecord) for d in score.deals
    )
    assert score.totals == score.deals[-1].totals
    record = api["get_record"].sync(created.id, client=anyone).record
    assert isinstance(record, m.GameRecord)
    assert (record.game, record.seat_count, record.seed) == (name, seats, seed)
    mine = [a for a in record.actions if isinstance(a, m.MoveAction) and a.seat == 0]
    assert mine and all(isinstance(a, m.MoveAction | m.DealAction) for a in record.actions)
    feed = api["list_events"].sync(created.id, client=anyone)
    assert isinstance(feed.events[0], m.GameCreatedEvent)
    assert isinstance(feed.events[-1], m.GameOverEvent)
    assert feed.events[-1].data.winners == score.winners


def test_no_generated_operation_takes_a_credential_argument(client_package: ModuleType) -> None:
    """Credentials come from the client object (the spec's security schemes): no operation of
    the generated client has an `authorization` argument, and those that need a token want an
    `AuthenticatedClient`."""
    api = Path(client_package.__file__ or "").parent / "api"
    operations = {
        path.stem: _mod(client_package, f"api.{path.parent.name}.{path.stem}")
        for path in api.glob("*/*.py")
        if path.stem != "__init__"
    }
    assert len(operations) > 40
    taking = {
        name: sorted(p for p in inspect.signature(op.sync_detailed).parameters if "auth" in p)
        for name, op in operations.items()
    }
    assert {name: found for name, found in taking.items() if found} == {}
    for name in ("play_move", "resign", "deal_next", "abandon_game", "cancel_match"):
        client = inspect.signature(operations[name].sync_detailed).parameters["client"]
        assert "AuthenticatedClient" in str(client.annotation), name
        assert "| Client" not in str(client.annotation), name


def _timeout(seconds: float) -> Any:
    import httpx

    return httpx.Timeout(seconds)


def _pick(m: Any, moves: list[Any], rng: random.Random) -> Any:
    """A random legal move; in Duck a duck when there is one, so that deals end sooner."""
    ducks = [move for move in moves if isinstance(move, m.DuckDuckMove)]
    return ducks[0] if ducks else rng.choice(moves)


def _body(m: Any, move: Any) -> Any:
    """A typed legal move as the body of a move: `MoveIn.move` is a choice of every game's
    moves, which the client's own parser picks from."""
    return m.MoveIn.from_dict({"move": move.to_dict()}).move

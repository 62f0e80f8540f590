"""Turn clocks and away seats: a timed-out seat is played by its `on_timeout` bot (the event
says so), the reserve is spent before the timeout, `away_after` timeouts make the seat away
until it returns, a seat leaves and returns by the explicit routes, a human move racing the
timeout (exactly one move at that version), and the clock options' bounds (422).

The tests play the jobs in-process (RQ's SimpleWorker, as tests/service/entry/test_bots_watchdog.py)
and fire the timers with the watchdog's own `fire`; timeouts are real (1 s turns).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from test_contract import check, component
from testkit.svc_helpers import API, Seat, Table, auth, run_queue, wait_for

import service.jobs
from service.games.clocks import options_of, parse_options
from service.games.contract import camel
from service.storage.keys import game_key
from service.tables.bot_turns import due_member, pool_of
from service.watchdog import Settings, Watchdog
from service.wiring import Layers

TWO = [{}, {}]


@pytest.fixture()
def games(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Layers:
    """The app's layers; in-process jobs (SimpleWorker) use them too."""
    layers: Layers = app.extensions["duckpond"]
    monkeypatch.setattr(service.jobs, "_layers", layers)
    return layers


def _timed(client: FlaskClient, **options: Any) -> Table:
    return Table.create(client, game="ducksoup", seats=TWO, options={"turn_seconds": 1, **options})


def _run_jobs(games: Layers) -> None:
    queue = games.bot_queue
    run_queue(queue)


def _time_out(games: Layers) -> int:
    """Wait for a timer's deadline, fire it as the watchdog does and play its job."""
    dog = Watchdog(games.store, games.turns, Settings())
    fired = wait_for(dog.fire, timeout=10, step=0.05)
    _run_jobs(games)
    return int(fired)


def _events(table: Table, version: int, token: str = "") -> list[dict[str, Any]]:
    headers = auth(token) if token else {}
    body = table.client.get(f"{API}/games/{table.gid}/events", headers=headers).json or {}
    return [e for e in body["events"] if e["version"] == version]


def _to_act(table: Table) -> Seat:
    return table.seat(table.to_act())


def _presence(table: Table, seat: int | str, kind: str, token: str, **body: Any) -> Any:
    url = f"{API}/games/{table.gid}/seats/{seat}/{kind}"
    return table.client.post(url, json=body, headers=auth(token) if token else {})


def test_a_timed_out_seat_is_played_by_its_bot(games: Layers, client: FlaskClient) -> None:
    table = _timed(client)
    mover = _to_act(table)
    seats = table.public()["seats"]
    clock = seats[mover.seat]["clock"]
    assert 0 < clock["remaining_ms"] <= 1000 and clock["timeouts"] == 0
    assert seats[1 - mover.seat]["clock"]["deadline"] is None  # not to act: off the clock
    timers = games.store.all_timers()
    assert timers == {due_member(table.gid, mover.seat, 0): clock["deadline"]}
    assert _time_out(games) == 1
    assert table.public()["version"] == 1
    timed_out, *moved = _events(table, 1)
    assert timed_out["type"] == "turn_timed_out"
    assert timed_out["data"]["seat"] == mover.seat and timed_out["data"]["bot"] == "heuristic"
    assert timed_out["data"]["deadline"] == clock["deadline"] <= timed_out["data"]["at"]
    assert [e["data"]["seat"] for e in moved if e["type"] == "card_played"] == [mover.seat]
    after = table.public()["seats"]
    assert after[mover.seat]["clock"]["timeouts"] == 1 and not after[mover.seat]["away"]
    nxt = after[1 - mover.seat]["clock"]["deadline"]  # the next seat's turn, told by an event
    assert moved[-1]["type"] == "turn_started" and moved[-1]["data"]["deadline"] == nxt
    assert moved[-1]["data"]["seat"] == 1 - mover.seat
    (first,) = [e for e in _events(table, 0) if e["type"] == "turn_started"]
    assert first["data"] == {
        "seat": mover.seat,
        "at": clock["deadline"] - 1000,
        "deadline": clock["deadline"],
        "reserve_ms": 0,
    }
    assert not games.store.all_due()  # the job's move took the turn out of the index


def test_the_reserve_is_spent_before_the_timeout(games: Layers, client: FlaskClient) -> None:
    table = _timed(client, reserve_seconds=2)
    mover = _to_act(table)
    clock = table.public()["seats"][mover.seat]["clock"]
    assert clock["reserve_ms"] == 2000 and 2000 < clock["remaining_ms"] <= 3000
    time.sleep(1.5)  # past its own second: half a second of the reserve goes
    mover.post_move(mover.view()["view"]["legal_moves"][0])
    reserve = table.public()["seats"][mover.seat]["clock"]["reserve_ms"]
    assert 1000 < reserve < 1600, reserve
    # The other seat times out: its whole reserve spent, its move played by the bot.
    other = table.seat(1 - mover.seat)
    assert table.public()["seats"][other.seat]["clock"]["remaining_ms"] > 2000
    _time_out(games)
    assert table.public()["seats"][other.seat]["clock"]["reserve_ms"] == 0
    assert next(e["type"] for e in _events(table, 2)) == "turn_timed_out"


def test_away_after_timeouts_until_the_seat_returns(games: Layers, client: FlaskClient) -> None:
    table = _timed(client, away_after=1)
    slow = _to_act(table)
    _time_out(games)
    kinds = {e["type"]: e["data"] for e in _events(table, 1)}
    assert next(iter(kinds)) == "turn_timed_out"
    assert kinds["seat_away"] == {"seat": slow.seat, "by": "timeouts"}
    seat = table.public()["seats"][slow.seat]
    assert seat["away"] and seat["stand_in"] == "heuristic"
    # Its turns are the bot's at once: due now, on no clock.
    while table.to_act() != slow.seat:
        _to_act(table).post_move(_to_act(table).view()["view"]["legal_moves"][0])
    version = table.public()["version"]
    assert games.store.due_turns(table.gid) == [due_member(table.gid, slow.seat, version)]
    assert not games.store.all_timers()
    _run_jobs(games)
    assert next(e["type"] for e in _events(table, version + 1)) != "turn_timed_out"
    # It returns: the seat is its own again, on a fresh clock when to act.
    back = _presence(table, slow.seat, "return", slow.token)
    assert back.status_code == 200, back.json
    assert [e["type"] for e in back.json["events"]] == ["seat_returned"]
    seat = table.public()["seats"][slow.seat]
    assert not seat["away"] and "stand_in" not in seat and seat["clock"]["timeouts"] == 0


def test_an_away_seats_own_move_brings_it_back(games: Layers, client: FlaskClient) -> None:
    table = Table.create(client, game="ducksoup", seats=TWO)  # untimed: away on purpose
    mover = _to_act(table)
    left = _presence(table, mover.seat, "away", mover.token)
    assert left.status_code == 200 and left.json["seats"][mover.seat]["away"]
    moved = mover.post_move(mover.view()["view"]["legal_moves"][0])  # before its bot's job
    assert moved.status_code == 200, moved.json
    assert moved.json["events"][-1] == {
        "n": moved.json["events"][-1]["n"],
        "version": 2,
        "type": "seat_returned",
        "data": {"seat": mover.seat, "by": "move"},
    }
    _run_jobs(games)  # the bot's job for version 1: stale, plays nothing
    assert table.public()["version"] == 2 and not table.public()["seats"][mover.seat]["away"]


def test_leave_and_return_by_the_explicit_routes(
    games: Layers, client: FlaskClient, r: redis.Redis
) -> None:
    table = Table.create(client, game="ducksoup", seats=TWO)
    waiting = table.seat(1 - table.to_act())  # not to act: its bot waits for its turn
    before = table.snapshot(r)
    refusals = [
        (_presence(table, waiting.seat, "away", table.seat(1 - waiting.seat).token), 403),
        (_presence(table, waiting.seat, "away", table.host), 403),
        (_presence(table, waiting.seat, "away", ""), 401),
        (_presence(table, waiting.seat, "away", waiting.token, expected_version=3), 409),
        (_presence(table, waiting.seat, "away", waiting.token, expected_version=-1), 422),
        (_presence(table, 99_999_999_999_999_999_999, "away", waiting.token), 403),
        (_presence(table, "x", "away", waiting.token), 403),
        (client.post(f"{API}/games/nope/seats/0/away", headers=auth(waiting.token)), 403),
    ]
    reasons = []
    for response, status in refusals:
        assert response.status_code == status, response.json
        assert set(response.json) == {"code", "status", "message", "errors"}
        reasons.append(response.json["errors"]["reason"])
    assert reasons[:4] == ["not_your_seat", "not_a_player", "missing_token", "future_version"]
    assert table.snapshot(r) == before  # nothing changed

    left = _presence(table, waiting.seat, "away", waiting.token, expected_version=0)
    assert left.status_code == 200 and left.json["version"] == 1
    assert [(e["type"], e["data"]) for e in left.json["events"]] == [
        ("seat_away", {"seat": waiting.seat, "by": "seat"})
    ]
    again = _presence(table, waiting.seat, "away", waiting.token)
    assert again.status_code == 200 and again.json["version"] == 1 and again.json["events"] == []
    # Its turn comes: the bot plays it at once.
    _to_act(table).post_move(_to_act(table).view()["view"]["legal_moves"][0])
    assert games.store.due_turns(table.gid) == [due_member(table.gid, waiting.seat, 2)]
    _run_jobs(games)
    assert [e["data"]["seat"] for e in _events(table, 3) if e["type"] == "card_played"] == [
        waiting.seat
    ]
    back = _presence(table, waiting.seat, "return", waiting.token)
    assert back.status_code == 200 and back.json["events"][0]["type"] == "seat_returned"
    assert "seating" not in json.loads(r.hget(game_key(table.gid), "state"))  # untimed, home
    assert _presence(table, waiting.seat, "return", waiting.token).json["events"] == []


def test_a_human_move_racing_the_timeout_moves_once(games: Layers, client: FlaskClient) -> None:
    table = _timed(client)
    mover = _to_act(table)
    legal = mover.view()["view"]["legal_moves"][0]
    time.sleep(1.05)  # past the deadline: the timeout's job is due
    dog = Watchdog(games.store, games.turns, Settings())
    assert wait_for(dog.fire, timeout=5) == 1

    def human_first() -> None:
        assert mover.post_move(legal, expected_version=0).status_code == 200

    # The human's move lands between the bot's decision and its commit: the bot's is stale.
    assert games.tables.bot_turn(table.gid, mover.seat, 0, before_submit=human_first) == "stale"
    moves = [e for e in _events(table, 1) if e["type"] in ("card_played", "turn_timed_out")]
    assert [e["type"] for e in moves] == ["card_played"] and table.public()["version"] == 1

    # The other way round: the timeout's move wins, the late human move is refused.
    other = _to_act(table)
    late = other.view()["view"]["legal_moves"][0]
    _time_out(games)
    refused = other.post_move(late, expected_version=1)
    assert refused.status_code == 409 and refused.json["errors"]["reason"] == "stale_version"
    assert next(e["type"] for e in _events(table, 2)) == "turn_timed_out"
    assert table.public()["version"] == 2


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"turn_seconds": -1}, "invalid_options"),
        ({"turn_seconds": 86_401}, "invalid_options"),
        ({"turn_seconds": 1.5}, "invalid_options"),
        ({"turn_seconds": "30"}, "invalid_options"),
        ({"turn_seconds": True}, "invalid_options"),
        ({"turn_seconds": 30, "reserve_seconds": -5}, "invalid_options"),
        ({"turn_seconds": 30, "reserve_seconds": 10**9}, "invalid_options"),
        ({"turn_seconds": 30, "away_after": 0}, "invalid_options"),
        ({"turn_seconds": 30, "away_after": 101}, "invalid_options"),
        ({"on_timeout": "nobody"}, "unknown_bot"),
        ({"on_timeout": "search:ultra"}, "unknown_bot"),
        ({"on_timeout": 3}, "invalid_options"),
        ({"on_timeout": "x" * 101}, "invalid_options"),
    ],
)
def test_clock_options_out_of_bounds_are_refused(
    client: FlaskClient, r: redis.Redis, options: dict[str, Any], reason: str
) -> None:
    response = client.post(
        f"{API}/games", json={"game": "ducksoup", "seats": TWO, "options": options}
    )
    assert response.status_code == 422, response.json
    assert response.json["errors"]["reason"] == reason
    assert set(response.json) == {"code", "status", "message", "errors"}
    assert not list(r.scan_iter("dp:*"))  # no game written


def test_the_clock_options_are_in_the_catalog_and_the_view(client: FlaskClient) -> None:
    catalog = client.get(f"{API}/catalog").json["games"]
    names = {o["name"] for o in catalog[0]["options"] if o["scope"] == "service"}
    assert {"turn_seconds", "reserve_seconds", "on_timeout", "away_after"} <= names
    table = _timed(client, reserve_seconds=30, on_timeout="search:fast", away_after=5)
    clock = table.public()["clock"]
    assert clock["turn_seconds"] == 1 and clock["reserve_seconds"] == 30
    assert clock["on_timeout"] == "search:fast" and clock["away_after"] == 5
    assert abs(clock["now"] - time.time() * 1000) < 5000  # the server's time (Redis TIME)
    untimed = Table.create(client, game="ducksoup", seats=TWO).public()
    assert "clock" not in untimed and "clock" not in untimed["seats"][0]


def test_clock_views_and_events_match_the_spec(games: Layers, client: FlaskClient) -> None:
    """The spec's own schemas, held closed (tests/service/games/test_contract.py), take every view
    and event of a timed game with a timeout, a seat away and back."""
    table = _timed(client, away_after=1, reserve_seconds=1)
    slow = _to_act(table)
    _time_out(games)
    assert _presence(table, slow.seat, "return", slow.token).status_code == 200
    other = table.seat(1 - slow.seat)
    assert _presence(table, other.seat, "away", other.token).status_code == 200
    bodies = [table.public(), slow.view(), other.view()]
    for body in bodies:
        check(component("GameOut"), body, f"view of {body['role']} {body['seat']}")
    assert bodies[0]["clock"] and bodies[2]["seats"][other.seat]["stand_in"] == "heuristic"
    events = client.get(f"{API}/games/{table.gid}/events").json["events"]
    kinds = {e["type"] for e in events}
    assert {"turn_started", "turn_timed_out", "seat_away", "seat_returned"} <= kinds
    for event in events:
        check(component(f"{camel(event['type'])}Event"), event, event["type"])


def test_a_thinking_stand_in_plays_on_the_think_pool() -> None:
    """A human seat's timed-out and away turns go where its `on_timeout` bot's belong."""
    table = {"seats": [{}, {"bot": "random"}]}
    assert pool_of(table, 0) == "live"
    assert pool_of({**table, "on_timeout": "search:fast"}, 0) == "think"
    assert pool_of({**table, "on_timeout": "search:fast"}, 1) == "live"  # a bot seat's own


def test_a_games_clock_options_are_given_back_as_created() -> None:
    """What a new game with the same options (a rematch) passes again."""
    for given in (
        {"turn_seconds": 30, "reserve_seconds": 120, "away_after": 2, "on_timeout": "search:fast"},
        {"on_timeout": "random"},
        {},
    ):
        meta = parse_options(dict(given), "ducksoup")
        again = options_of(meta)
        assert parse_options(dict(again), "ducksoup") == meta
        assert {k: again[k] for k in given} == given


def test_an_open_seat_holds_the_clock_and_a_rematch_keeps_it(
    games: Layers, client: FlaskClient
) -> None:
    """A table with an open seat waits, on no clock, until its last seat is taken; then the
    seat to act is on the clock. The rematch of a timed game is timed alike."""
    body = {"game": "ducksoup", "seats": [{}, {"open": True}], "options": {"turn_seconds": 5}}
    made = client.post(f"{API}/games", json=body).json
    gid = made["id"]
    assert made["status"] == "waiting" and not games.store.all_timers()
    assert all(s["clock"]["deadline"] is None for s in made["seats"])
    taken = client.post(f"{API}/games/{gid}/claim", json={"invite_code": made["invite_code"]})
    assert taken.status_code == 200, taken.json
    seats = client.get(f"{API}/games/{gid}").json["seats"]
    (on,) = [s["seat"] for s in seats if s["clock"]["deadline"] is not None]
    assert list(games.store.all_timers()) == [due_member(gid, on, 1)]
    assert [e["type"] for e in _events(Table(client, gid, {}), 1)][-1] == "turn_started"

    table = _timed(client, reserve_seconds=7, on_timeout="random", away_after=4)
    ended = client.post(
        f"{API}/games/{table.gid}/resign", json={}, headers=auth(table.seat(1).token)
    )
    assert ended.status_code == 200 and ended.json["status"] == "over", ended.json
    again = client.post(f"{API}/games/{table.gid}/rematch", headers=auth(table.seat(0).token))
    assert again.status_code in (200, 201), again.json
    clock = client.get(f"{API}/games/{again.json['id']}").json["clock"]
    assert {k: clock[k] for k in ("turn_seconds", "reserve_seconds", "on_timeout")} == {
        "turn_seconds": 1,
        "reserve_seconds": 7,
        "on_timeout": "random",
    }
    assert clock["away_after"] == 4

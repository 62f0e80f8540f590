"""Issue 31, item 2: a timed table waits for its invited friends, and a table that deals on
request has a clock between deals.

- A seat created `invited` (its token handed out as an invite link) counts as not yet
  seated: the table is `waiting`, no clock runs, no timeout fires and no bot plays, until
  the token's holder takes the seat (`POST .../seats/{seat}/claim`); the clocks then start
  fresh. Before, the clocks ran from creation: a friend who came 35 s later found the bot
  had played their first card.
- Between deals of a timed table with `auto_deal` off, the first present human seat is on the
  clock to deal; at its deadline the service deals (`turn_timed_out`, no timeout counted
  against the seat), so such a table never waits for ever.

Jobs run in-process and timers are fired with the watchdog's own `fire` (as test_clocks)."""

from __future__ import annotations

import time
from typing import Any

from flask.testing import FlaskClient
from test_clocks import _events, _run_jobs, _time_out, games  # noqa: F401 (a fixture)
from testkit.svc_helpers import API, Seat, Table, auth

from service.tables.bot_turns import due_member
from service.watchdog import Settings, Watchdog
from service.wiring import Layers


def _take(client: FlaskClient, gid: str, seat: int, token: str) -> Any:
    return client.post(f"{API}/games/{gid}/seats/{seat}/claim", headers=auth(token))


def test_an_invited_seat_holds_the_clocks_and_the_bots_until_its_holder_comes(
    games: Layers,  # noqa: F811 (the fixture)
    client: FlaskClient,
) -> None:
    seats = [{}, {"invited": True}, {"bot": "random"}, {"bot": "random"}]
    body = {"game": "doubleduck", "seats": seats, "options": {"turn_seconds": 1}, "seed": "inv"}
    made = client.post(f"{API}/games", json=body)
    assert made.status_code == 201, made.json
    created: dict[str, Any] = made.get_json()
    gid = created["id"]
    host, friend = created["seats"][0]["token"], created["seats"][1]["token"]
    assert created["status"] == "waiting"
    assert created["seats"][1]["invited"] is True and "invited" not in created["seats"][0]
    assert not games.store.all_timers() and not games.store.all_due()
    # The friend comes late: nothing ran meanwhile, neither clock nor bot.
    time.sleep(1.5)
    dog = Watchdog(games.store, games.turns, Settings())
    assert dog.fire() == 0
    _run_jobs(games)
    view = client.get(f"{API}/games/{gid}", headers=auth(host)).get_json()
    assert view["version"] == 0 and view["status"] == "waiting" and view["view"]["to_act"] == []
    assert all(s.get("clock", {}).get("deadline") is None for s in view["seats"])
    refused = Seat(client, gid, 0, host).post_move({"type": "play", "card": "JS"})
    assert refused.status_code == 409 and refused.get_json()["errors"]["reason"] == "seats_open"
    # Only the invited seat's own token takes it; a seat never invited changes nothing.
    assert _take(client, gid, 1, host).get_json()["errors"]["reason"] == "not_your_seat"
    assert _take(client, gid, 0, created["host_token"]).status_code == 403
    mine = _take(client, gid, 0, host)
    assert mine.status_code == 200 and mine.get_json()["version"] == 0
    arrived_ms = time.time() * 1000
    taken = _take(client, gid, 1, friend)
    assert taken.status_code == 200, taken.json
    answer = taken.get_json()
    assert answer["version"] == 1 and answer["status"] == "playing" and answer["seat"] == 1
    assert "invited" not in answer["seats"][1]
    types = [e["type"] for e in _events(Table(client, gid, {}), 1)]
    assert types[0] == "seat_taken"
    started = [e for e in _events(Table(client, gid, {}), 1) if e["type"] == "turn_started"]
    due = games.store.all_due()
    # The clocks start now, fresh: a human to act has its whole second from the claim on;
    # a bot to act is due now, not 1.5 s ago.
    for event in started:
        data = event["data"]
        assert data["deadline"] - data["at"] == 1000 and data["at"] >= arrived_ms - 250
    assert started or due, "the table started with nobody to act"
    again = _take(client, gid, 1, friend)
    assert again.status_code == 200 and again.get_json()["version"] >= 1


def _play_to_deal_end(table: Table) -> None:
    """Every seat plays its first legal move until the deal ends."""
    for _ in range(200):
        public = table.public()
        if public["status"] != "playing":
            return
        seat = table.seat(public["view"]["to_act"][0])
        answer = seat.post_move(seat.view()["view"]["legal_moves"][0])
        assert answer.status_code == 200, answer.json
    raise AssertionError("the deal did not end")


def test_between_deals_the_deal_is_on_the_clock_and_the_service_deals(
    games: Layers,  # noqa: F811 (the fixture)
    client: FlaskClient,
) -> None:
    body = {
        "game": "ducksoup",
        "seats": [{}, {}],
        "options": {"turn_seconds": 1, "reserve_seconds": 3, "auto_deal": False},
        "seed": "deal-clock",
    }
    made = client.post(f"{API}/games", json=body)
    assert made.status_code == 201, made.json
    data = made.get_json()
    table = Table(client, data["id"], data, host=data["host_token"])
    table.seats = [Seat(client, data["id"], s["seat"], s["token"]) for s in data["seats"]]
    _play_to_deal_end(table)
    pending = table.public()
    assert pending["status"] == "deal_pending", pending["status"]
    version = pending["version"]
    # Nobody is to act, yet seat 0 is on the clock to deal: its turn_seconds, no reserve.
    assert list(games.store.all_timers()) == [due_member(table.gid, 0, version)]
    (started,) = [e for e in _events(table, version) if e["type"] == "turn_started"]
    assert started["data"]["seat"] == 0 and started["data"]["reserve_ms"] == 0
    assert started["data"]["deadline"] - started["data"]["at"] == 1000
    reserve = pending["seats"][0]["clock"]["reserve_ms"]
    assert _time_out(games) == 1
    dealt = table.public()
    assert dealt["version"] == version + 1 and dealt["status"] == "playing"
    timed_out, *rest = _events(table, version + 1)
    assert timed_out["type"] == "turn_timed_out" and timed_out["data"]["seat"] == 0
    assert any(e["type"] == "deal_started" or e["type"].startswith("deal") for e in rest), rest
    # A deal is no move of the seat's: no timeout counted, its reserve kept.
    clock = dealt["seats"][0]["clock"]
    assert clock["timeouts"] == 0 and clock["reserve_ms"] == reserve
    assert games.store.all_timers(), "the new deal's first turn is on the clock"


def test_only_a_plain_human_seat_can_be_invited(client: FlaskClient) -> None:
    for seat in ({"invited": True, "bot": "random"}, {"invited": True, "open": True}):
        body = {"game": "ducksoup", "seats": [{}, seat]}
        refused = client.post(f"{API}/games", json=body)
        assert refused.status_code == 422, (seat, refused.json)
        assert refused.get_json()["errors"]["reason"] == "invalid_seats", refused.json

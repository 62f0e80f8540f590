"""Bot seats played by a REAL RQ worker process (`python -m service.worker`, JSON serializer)."""

from __future__ import annotations

import json
import re

import redis
from flask import Flask
from flask.testing import FlaskClient
from rq import Queue
from rq.serializers import JSONSerializer
from svc_helpers import API, Table, wait_for

from bots import decide, turn_rng
from engine import GAMES
from engine.record import replay
from service.games import bot_job_id

BOT = {"bot": "random"}


def test_human_against_three_random_bots(bot_client: FlaskClient) -> None:
    table = Table.create(bot_client, seats=[{}, BOT, BOT, BOT], seed="bots-vs-human")
    assert table.created["auto_deal"] is False
    human = table.seat(0)
    # Seat 1 leads; the worker plays seats 1, 2 and 3, then it is the human's turn.
    view = wait_for(lambda: (v := human.view())["view"]["to_act"] == [0] and v)
    assert view["version"] == 3
    for _ in range(6):
        card = view["view"]["legal_moves"][0]
        answer = human.post_move(card, expected_version=view["version"]).json
        assert answer["version"] == view["version"] + 1
        view = wait_for(lambda: (v := human.view())["view"]["to_act"] == [0] and v)
    events = bot_client.get(f"{API}/games/{table.gid}/events").json["events"]
    played = [e["data"]["seat"] for e in events if e["type"] == "card_played"]
    assert set(played) == {0, 1, 2, 3} and played.count(0) == 6
    assert view["version"] == len(played) >= 24


def test_bots_only_game_finishes_on_its_own(bot_client: FlaskClient) -> None:
    table = Table.create(bot_client, seats=[BOT] * 4, options={"max_deals": 2}, seed="bots-only")
    assert table.created["auto_deal"] is True and table.seats == []
    pub = wait_for(lambda: (p := table.public())["status"] == "over" and p, timeout=90)
    assert pub["version"] == 208  # auto_deal: the second deal came with the 104th move
    record = bot_client.get(f"{API}/games/{table.gid}/record").json["record"]
    assert record["actions"].count({"deal": None}) == 1
    assert replay(record).view(None) == pub["view"]


def test_bot_moves_are_the_seeded_random_choice(bot_app: Flask, bot_client: FlaskClient) -> None:
    """Each bot move is the random policy's pick from the seat's view with the turn's rng."""
    table = Table.create(bot_client, seats=[BOT] * 4, options={"max_deals": 1}, seed="det")
    wait_for(lambda: table.public()["status"] == "over", timeout=60)
    record = bot_client.get(f"{API}/games/{table.gid}/record").json["record"]
    game = GAMES["doubleduck"].new(4, seed="det", options={"max_deals": 1})
    for version, action in enumerate(record["actions"]):
        seat = action["seat"]
        expected = decide("random", game, seat, turn_rng("random", "det", version, seat))
        assert expected is not None and expected.to_json() == action["move"]
        game.apply(seat, expected)


def test_stale_bot_job_does_nothing(bot_app: Flask, bot_client: FlaskClient) -> None:
    table = Table.create(bot_client, seats=[{}, BOT, BOT, BOT])
    wait_for(lambda: table.public()["version"] == 3)
    games = bot_app.extensions["duckpond"]
    assert games.bot_turn(table.gid, 1, 0) == "stale"
    assert games.bot_turn(table.gid, 0, 3) == "not_a_bot"
    assert games.bot_turn("no-such-game", 1, 3) == "stale"
    assert table.public()["version"] == 3


def test_watchdog_requeues_a_lost_bot_turn(
    bot_app: Flask, bot_client: FlaskClient, redis_port: int
) -> None:
    """A bot turn whose job vanished (crash after the CAS) is enqueued again on the next read."""
    table = Table.create(bot_client, seats=[{}, {}, {}, {}])
    # Make seat 1 (to act) a bot behind the service's back: no job exists for it.
    r = redis.Redis(port=redis_port, db=1)
    key = f"dp:{{{table.gid}}}:game"
    meta = bot_app.extensions["duckpond"].store.load_meta(table.gid)
    meta["seats"][1] = BOT
    r.hset(key, "meta", json.dumps(meta))
    assert table.public()["version"] in (0, 1)  # this read enqueues the turn
    wait_for(lambda: table.public()["version"] == 1)


def test_job_ids_and_serializer() -> None:
    assert re.fullmatch(r"[A-Za-z0-9_-]+", bot_job_id("a-B_9", 3, 120))
    queue = Queue("x", connection=redis.Redis(), serializer=JSONSerializer)
    assert queue.serializer is JSONSerializer
    assert turn_rng("random", "s", 1, 0).random() == turn_rng("random", "s", 1, 0).random()
    assert turn_rng("random", "s", 1, 0).random() != turn_rng("random", "s", 2, 0).random()

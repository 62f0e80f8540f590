"""Bot seats played by a REAL RQ worker process (`python -m service.worker`, JSON serializer),
the bot registry over HTTP, and the due-turn record that each change writes with its bot turns.

The watchdog and the killed-worker test are in test_bots_watchdog.py; the view-only input of a
policy is proved in test_bots_view.py.
"""

from __future__ import annotations

import re

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from rq import Queue
from rq.serializers import JSONSerializer
from testkit.svc_helpers import API, Table, wait_for

from bots import BOTS, Bot, decide, random_bot, turn_rng
from engine import GAMES
from engine.record import replay
from service.storage.keys import attempts_key_of, due_key_of, game_key
from service.storage.store import Store
from service.tables.bot_turns import due_member, parse_due_member
from service.tables.bot_turns import job_id as bot_job_id
from service.wiring import Layers

BOT = {"bot": "random"}


def _due(r: redis.Redis, gid: str) -> list[str]:
    """The game's members of the due-turn index."""
    return sorted(m for m in Store(r).all_due() if m.startswith(gid))


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_human_against_three_bots(bot_client: FlaskClient, bot: str) -> None:
    table = Table.create(bot_client, seats=[{}, *[{"bot": bot}] * 3], seed="bots-vs-human")
    assert table.created["auto_deal"] is True  # a lone human never deals
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


def test_bots_only_game_finishes_on_its_own(bot_app: Flask, bot_client: FlaskClient) -> None:
    table = Table.create(bot_client, seats=[BOT] * 4, options={"max_deals": 2}, seed="bots-only")
    assert table.created["auto_deal"] is True and table.seats == []
    pub = wait_for(lambda: (p := table.public())["status"] == "over" and p, timeout=90)
    assert pub["version"] == 208  # auto_deal: the second deal came with the 104th move
    record = bot_client.get(f"{API}/games/{table.gid}/record").json["record"]
    assert record["actions"].count({"deal": None}) == 1
    assert replay(record).view(None) == pub["view"]
    # Over: no turn is due any more, in the game's hash or in the index.
    layers: Layers = bot_app.extensions["duckpond"]
    assert layers.store.due_turns(table.gid) == []
    assert _due(layers.store.redis, table.gid) == []


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
    layers = bot_app.extensions["duckpond"]
    assert layers.tables.bot_turn(table.gid, 1, 0) == "stale"
    assert layers.tables.bot_turn(table.gid, 0, 3) == "not_a_bot"
    assert layers.tables.bot_turn("no-such-game", 1, 3) == "stale"
    assert table.public()["version"] == 3


def test_job_ids_and_serializer() -> None:
    assert re.fullmatch(r"[A-Za-z0-9_-]+", bot_job_id("a-B_9", 3, 120))
    assert bot_job_id("a-B_9", 3, 120, 2) == "bot_a-B_9_3_120_r2"
    assert parse_due_member(due_member("a-B_9", 3, 120)) == ("a-B_9", 3, 120)
    assert parse_due_member("a:b:c") is None and parse_due_member("no colons") is None
    queue = Queue("x", connection=redis.Redis(), serializer=JSONSerializer)
    assert queue.serializer is JSONSerializer
    assert turn_rng("random", "s", 1, 0).random() == turn_rng("random", "s", 1, 0).random()
    assert turn_rng("random", "s", 1, 0).random() != turn_rng("random", "s", 2, 0).random()


def test_bots_are_listed(client: FlaskClient) -> None:
    r = client.get(f"{API}/bots")
    assert r.status_code == 200
    bots = {b["name"]: b for b in r.json["bots"]}
    assert bots["random"]["games"] == sorted(GAMES)
    assert "doubleduck" in bots["heuristic"]["games"]
    assert set(bots) == set(BOTS)
    for bot in bots.values():
        assert bot == {**BOTS[bot["name"]].to_json(), "kind": "builtin"}
        assert bot["description"] and bot["strength"]


def test_a_bot_that_does_not_play_the_game_is_refused(
    client: FlaskClient, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    only = Bot("dd-only", "Doubleduck only.", "none", {"doubleduck": random_bot.choose})
    monkeypatch.setitem(BOTS, only.name, only)
    body = {"game": "duck", "seats": [{}, {"bot": "dd-only"}, {}]}
    answer = client.post(f"{API}/games", json=body)
    assert answer.status_code == 422
    assert answer.json["errors"]["reason"] == "unknown_bot"
    assert not list(r.scan_iter("dp:{*"))  # nothing stored


def test_the_change_records_its_due_turns_and_the_next_clears_them(
    app: Flask, client: FlaskClient, r: redis.Redis
) -> None:
    """Without a worker: the creation records seat 1's turn, playing it records seat 2's."""
    table = Table.create(client, seats=[{}, BOT, BOT, {}])
    layers: Layers = app.extensions["duckpond"]
    assert layers.store.due_turns(table.gid) == [due_member(table.gid, 1, 0)]
    assert _due(r, table.gid) == [f"{table.gid}:1:0"]
    member = f"{table.gid}:1:0"
    assert r.zscore(due_key_of(member), member) is not None
    assert layers.store.claim_due(member, 0) == 1  # as the watchdog claims it for a retry
    assert r.hget(game_key(table.gid), "claimed") == b"1"
    assert layers.tables.bot_turn(table.gid, 1, 0) == "moved"
    assert _due(r, table.gid) == [f"{table.gid}:2:1"]
    assert not r.hexists(attempts_key_of(member), member)
    assert not r.hexists(game_key(table.gid), "claimed")  # the next change needs no HDEL
    assert layers.tables.bot_turn(table.gid, 2, 1) == "moved"
    assert layers.store.due_turns(table.gid) == [] and _due(r, table.gid) == []  # a human's turn


def test_a_turn_is_enqueued_once(app: Flask, client: FlaskClient, r: redis.Redis) -> None:
    """The same turn scheduled again (a retried request, a second scheduler) is one job."""
    table = Table.create(client, seats=[{}, BOT, {}, {}])
    layers: Layers = app.extensions["duckpond"]
    queue = layers.bot_queue
    assert queue.count == 1 and queue.job_ids == [bot_job_id(table.gid, 1, 0)]
    meta = layers.store.load_meta(table.gid)
    assert meta is not None
    layers.turns.schedule(table.gid, [1], 0, meta)
    layers.turns.schedule(table.gid, [1], 0, meta)
    assert layers.turns.enqueue(table.gid, 1, 0) is False
    assert queue.count == 1
    job = queue.fetch_job(bot_job_id(table.gid, 1, 0))
    assert job is not None and job.args == [table.gid, 1, 0]
    assert job.func_name == "service.jobs.bot_turn"


def test_a_search_seat_keeps_its_level_and_plays_at_it(app: Flask, client: FlaskClient) -> None:
    seat = {"bot": "search", "level": "fast"}
    table = Table.create(client, game="ducksoup", seats=[seat, {}], options={"first_dealer": 1})
    assert table.created["seats"][0] == {"seat": 0, "kind": "bot", "bot": "search", "level": "fast"}
    layers: Layers = app.extensions["duckpond"]
    assert layers.store.load(table.gid).meta["seats"][0] == seat
    assert layers.tables.bot_turn(table.gid, 0, 0) == "moved"
    listed = {b["name"]: b for b in client.get(f"{API}/bots").json["bots"]}
    assert [lv["name"] for lv in listed["search"]["levels"]] == ["fast", "normal", "strong"]
    assert "levels" not in listed["heuristic"]


@pytest.mark.parametrize(
    "seat",
    [{"bot": "search", "level": "deep"}, {"bot": "heuristic", "level": "fast"}, {"level": "fast"}],
)
def test_a_level_the_bot_does_not_have_is_refused(client: FlaskClient, seat: dict) -> None:
    answer = client.post(f"{API}/games", json={"game": "ducksoup", "seats": [seat, {}]})
    assert answer.status_code == 422
    assert answer.json["errors"]["reason"] == "unknown_bot"


def test_a_job_plays_the_bot_turns_that_follow_its_own(app: Flask, client: FlaskClient) -> None:
    """Chained turns: seats 1, 2 and 3 are bots; the job of seat 1's turn plays all three and
    enqueues nothing, and the game stops at the human's turn with nothing due."""
    table = Table.create(client, seats=[{}, BOT, BOT, BOT], seed="chain")
    layers: Layers = app.extensions["duckpond"]
    queue = layers.bot_queue
    assert queue.job_ids == [bot_job_id(table.gid, 1, 0)]
    assert layers.tables.bot_turn(table.gid, 1, 0, chain_seconds=30) == "moved"
    public = table.public()
    assert public["version"] == 3 and public["view"]["to_act"] == [0]
    assert [h["seat"] for h in public["view"]["history"]] == [1, 2, 3]
    assert queue.job_ids == [bot_job_id(table.gid, 1, 0)]  # no job for seats 2 and 3
    assert layers.store.due_turns(table.gid) == []
    # Without a chain (the default), a turn is one move and the next turn is a job.
    other = Table.create(client, seats=[{}, BOT, BOT, BOT], seed="chain")
    assert layers.tables.bot_turn(other.gid, 1, 0) == "moved"
    assert other.public()["version"] == 1
    assert bot_job_id(other.gid, 2, 1) in queue.job_ids


def test_a_chain_that_fails_hands_its_next_turn_to_the_queue(
    app: Flask, client: FlaskClient
) -> None:
    table = Table.create(client, seats=[{}, BOT, BOT, BOT], seed="chain")
    layers: Layers = app.extensions["duckpond"]
    calls: list[int] = []

    def fail_second() -> None:
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("the worker is stopping")

    with pytest.raises(RuntimeError):
        layers.tables.bot_turn(table.gid, 1, 0, fail_second, chain_seconds=30)
    assert table.public()["version"] == 1  # seat 1 moved; seat 2's turn was not played
    assert layers.store.due_turns(table.gid) == [due_member(table.gid, 2, 1)]
    assert bot_job_id(table.gid, 2, 1) in layers.bot_queue.job_ids

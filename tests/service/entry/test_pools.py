"""Live tables come first (issue 13): a table with a human seated is played by the live pool,
match games and bot-only games wait for the bulk pool, so no amount of bulk work can hold up a
human's opponents; and a bot that thinks (the search bot, issue 14) has a pool of its own, so
its think holds up no other table's quick bot. Proved with REAL worker processes."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator

import pytest
import redis
from flask import Flask
from rq import Queue
from rq.serializers import JSONSerializer
from testkit.svc_helpers import API, Table, wait_for

from service.app import create_app

DB = 3
LIVE, BULK, THINK = "pools-live", "pools-bulk", "pools-think"


@pytest.fixture()
def pools_app(redis_port: int) -> Iterator[Flask]:
    client = redis.Redis(port=redis_port, db=DB)
    client.flushdb()
    yield create_app(
        {
            "REDIS_URL": f"redis://127.0.0.1:{redis_port}/{DB}",
            "BOT_QUEUE": LIVE,
            "BULK_QUEUE": BULK,
            "THINK_QUEUE": THINK,
            "TESTING": True,
        }
    )
    client.flushdb()
    client.close()


def test_a_queued_match_and_bot_only_games_do_not_hold_up_a_live_table(
    pools_app: Flask, redis_port: int, spawn_worker: Callable[..., subprocess.Popen[bytes]]
) -> None:
    client = pools_app.test_client()
    match = client.post(
        f"{API}/matches",
        json={"game": "doubleduck", "bots": ["heuristic", "random"] * 2, "games": 500},
    )
    assert match.status_code == 202, match.json
    bot_only = Table.create(client, seats=[{"bot": "random"}] * 4)
    live = Table.create(client, seats=[{}, {"bot": "heuristic"}, {"bot": "heuristic"}, {}])
    connection = redis.Redis(port=redis_port, db=DB)
    bulk = Queue(BULK, connection=connection, serializer=JSONSerializer)
    queued_bulk = bulk.count
    assert queued_bulk >= 2  # the match's window of games and the bot-only game's first turn
    spawn_worker(DB, "live", BOT_QUEUE=LIVE, BULK_QUEUE=BULK)
    try:
        # Seats 1 and 2 are bots: the live worker plays both and the turn comes back to seat 3.
        wait_for(lambda: live.public()["version"] == 2, timeout=20)
        assert live.public()["view"]["to_act"] == [3]
        # Nothing of the bulk work was touched by the live pool.
        assert bulk.count == queued_bulk
        assert bot_only.public()["version"] == 0
        assert client.get(f"{API}/matches/{match.json['id']}").json["progress"]["done"] == 0
    finally:
        connection.close()


def test_a_search_bot_thinks_in_its_own_pool_and_holds_up_no_other_table(
    pools_app: Flask, redis_port: int, spawn_worker: Callable[..., subprocess.Popen[bytes]]
) -> None:
    client = pools_app.test_client()
    search = {"bot": "search", "level": "strong"}
    thinking = Table.create(client, seats=[search, {}], game="ducksoup")
    quick = Table.create(client, seats=[{}, {"bot": "heuristic"}, {"bot": "heuristic"}, {}])
    bot_only = Table.create(client, seats=[search, search], game="ducksoup")
    connection = redis.Redis(port=redis_port, db=DB)
    queues = {
        name: Queue(name, connection=connection, serializer=JSONSerializer)
        for name in (LIVE, BULK, THINK)
    }
    try:
        thinking_seat = thinking.public()["view"]["to_act"]
        if thinking_seat == [0]:  # the search bot leads: its turn waits for the think pool
            assert queues[THINK].count == 1
        assert queues[LIVE].count == 1  # the quick table's first bot turn
        assert queues[BULK].count == 1  # a bot-only game, search or not, is bulk work
        env = {"BOT_QUEUE": LIVE, "BULK_QUEUE": BULK, "THINK_QUEUE": THINK}
        spawn_worker(DB, "live", **env)
        wait_for(lambda: quick.public()["version"] == 2, timeout=20)
        assert queues[THINK].count == (1 if thinking_seat == [0] else 0)  # not the live pool's
        human = 1  # seat 0 is the search bot
        if thinking_seat != [0]:  # the human leads; the search bot then thinks
            legal = thinking.seat(human).view()["view"]["legal_moves"]
            assert thinking.seat(human).post_move(legal[0]).status_code == 200
            assert queues[THINK].count == 1
        spawn_worker(DB, "think", **env)
        wait_for(lambda: human in thinking.public()["view"]["to_act"], timeout=20)
        assert queues[THINK].count == 0 and bot_only.public()["version"] == 0
    finally:
        connection.close()


def test_healthz_wants_a_think_worker_only_where_thinking_bots_have_their_own_queue(
    pools_app: Flask, redis_port: int
) -> None:
    """A pool whose worker has not beaten is `no_worker`; `think` counts only where
    `THINK_QUEUE` names a queue of its own (else the live workers play those turns)."""
    store = pools_app.extensions["duckpond"].store
    for pool in ("live", "bulk", "recovery"):
        store.beat(f"{pool}:test-host:1")
    answer = pools_app.test_client().get("/healthz")
    assert answer.status_code == 503 and "think" in answer.json["message"]
    store.beat("think:test-host:1")
    answer = pools_app.test_client().get("/healthz")
    assert answer.status_code == 200 and answer.json["workers"]["think"] == 1
    shared = create_app(
        {"REDIS_URL": f"redis://127.0.0.1:{redis_port}/{DB}", "BOT_QUEUE": LIVE, "TESTING": True}
    )
    answer = shared.test_client().get("/healthz")
    assert answer.status_code == 200 and "think" not in answer.json["workers"]


def test_healthz_counts_the_webhooks_pool_and_does_not_require_it(
    pools_app: Flask, redis_port: int
) -> None:
    """Deliveries have a queue and pool of their own (issue 31, item 12): /healthz says how
    many of its processes beat, and stays 200 with none (a service without endpoints)."""
    store = pools_app.extensions["duckpond"].store
    for pool in ("live", "bulk", "recovery", "think"):
        store.beat(f"{pool}:test-host:1")
    answer = pools_app.test_client().get("/healthz")
    assert answer.status_code == 200 and answer.json["workers"]["webhooks"] == 0, answer.json
    store.beat("webhooks:webhooks-1-test")
    store.beat("webhooks:webhooks-2-test")
    assert pools_app.test_client().get("/healthz").json["workers"]["webhooks"] == 2

"""Waiting for a turn (`?wait=`) against a real redis-server: the compare-and-set publishes each
change, one listener thread per app process wakes only the request whose turn came.

Each waiting request runs in its own thread with its own test client, as a separate player's
device would; the test thread plays the other seats.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from redis.cluster import RedisCluster
from testkit.svc_helpers import API, Table, auth, wait_for

from service import jobs
from service.core.shards import all_tags, data_client, tag
from service.storage.keys import changes_channel, events_key, game_key
from service.storage.records import Head, Stored
from service.storage.store import Store
from service.streams.waits import Changes, News

ROOT = Path(__file__).resolve().parents[3]


class Pending:
    """A request running in its own thread; `result()` is (status, body, seconds taken)."""

    def __init__(self, call: Callable[[], Any]) -> None:
        self._out: list[Any] = []

        def run() -> None:
            start = time.monotonic()
            r = call()
            self._out.append((r.status_code, r.json, time.monotonic() - start))

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()

    def done(self) -> bool:
        return bool(self._out)

    def result(self, timeout: float = 10.0) -> tuple[int, dict[str, Any], float]:
        self._thread.join(timeout)
        assert self._out, "the waiting request did not answer"
        return self._out[0]


def view_wait(app: Flask, table: Table, seat: int, query: str) -> Pending:
    token = table.seat(seat).token
    return Pending(
        lambda: app.test_client().get(f"{API}/games/{table.gid}?{query}", headers=auth(token))
    )


def first_legal(table: Table, seat: int) -> dict[str, Any]:
    return dict(table.seat(seat).view()["view"]["legal_moves"][0])


def test_a_view_waits_for_its_seats_turn_and_not_for_other_changes(
    app: Flask, client: FlaskClient
) -> None:
    table = Table.create(client)
    first = table.to_act()
    second, third = (first + 1) % 4, (first + 2) % 4
    pending = view_wait(app, table, third, "wait=10")
    time.sleep(0.2)
    table.seat(first).post_move(first_legal(table, first))
    time.sleep(0.3)
    assert not pending.done(), "woken by a change that did not make it the seat's turn"
    table.seat(second).post_move(first_legal(table, second))
    status, body, seconds = pending.result()
    assert status == 200 and seconds < 5
    assert body["version"] == 2 and body["view"]["to_act"] == [third]
    assert body["view"]["legal_moves"], "the woken seat sees its legal moves"


def _waited_move(app: Flask, table: Table) -> tuple[int, int, dict[str, Any]]:
    """The first mover's move with `?wait=`, the others playing until it is to act again (the
    trick's winner leads next): the mover, the answer's status and body."""
    mover = table.to_act()
    token = table.seat(mover).token
    move = first_legal(table, mover)
    pending = Pending(
        lambda: app.test_client().post(
            f"{API}/games/{table.gid}/moves?wait=10",
            json={"move": move, "expected_version": 0},
            headers=auth(token),
        )
    )
    wait_for(lambda: table.public()["version"] == 1)
    assert not pending.done()
    while not pending.done():
        pub = table.public()
        if pub["status"] != "playing" or mover in pub["view"]["to_act"]:
            break
        seat = pub["view"]["to_act"][0]
        table.seat(seat).post_move(first_legal(table, seat))
    status, body, _ = pending.result()
    return mover, status, body


def test_a_move_that_waits_answers_at_the_next_turn_with_the_events_since(
    app: Flask, client: FlaskClient
) -> None:
    table = Table.create(client)
    mover, status, body = _waited_move(app, table)
    token = table.seat(mover).token
    assert status == 200
    assert mover in body["view"]["to_act"] and body["view"]["legal_moves"]
    assert body["version"] == table.public()["version"] > 1
    numbers = [e["n"] for e in body["events"]]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    plays = [e["data"]["seat"] for e in body["events"] if e["type"] == "card_played"]
    assert plays[0] == mover and len(plays) == body["version"]  # every play since the move
    # Private events (a draw) of other seats are not in it; the mover's own may be.
    assert all(e.get("visible_to") in (None, mover) for e in body["events"])
    feed = client.get(f"{API}/games/{table.gid}/events", headers=auth(token)).json["events"]
    assert body["events"] == [e for e in feed if e["n"] >= numbers[0]]


def _a_waited_move(app: Flask, client: FlaskClient, r: Any) -> dict[str, Any]:
    """`_waited_move` in a process whose listener is subscribed to every channel, as in one
    that served before (the first wait starts it, and each subscription's confirmation wakes
    every watch to read again)."""
    table = Table.create(client, seed="news")
    with app.extensions["duckpond"].changes.watch("-", lambda head: False) as quiet:
        assert quiet is not None
        wait_for(lambda: all(_subscribed(r, changes_channel(t)) for t in all_tags()))
        while quiet.sleep(0.3):  # until the last confirmation's wake-up
            quiet.arm()
    mover, status, body = _waited_move(app, table)
    assert status == 200 and mover in body["view"]["to_act"]
    return body


def test_a_waiting_move_answers_from_the_news_exactly_as_from_a_read(
    app: Flask, client: FlaskClient, r: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a live table each change publishes its state and events: the waiting move answers
    from them without reading the game back, and says the same as the read would."""
    reads: list[int] = []
    read = Store.load_with_events

    def counted(self: Store, gid: str, after: int, limit: int | None = None) -> Any:
        reads.append(after)
        return read(self, gid, after, limit)

    monkeypatch.setattr(Store, "load_with_events", counted)
    told = _a_waited_move(app, client, r)
    assert reads == []
    monkeypatch.setattr(News, "told", lambda self, after: None)  # as if a message was lost
    reread = _a_waited_move(app, client, r)
    assert len(reads) == 1  # the same answer, read back
    assert told["version"] == reread["version"] > 3  # a whole round of others' plays
    for body in (told, reread):  # the two games differ in their ids and salts only
        del body["id"], body["view"]["deal_commitment"]
    assert told == reread


def _base(version: int) -> Stored:
    return Stored(gid="g", version=version, state={}, meta={"m": 1}, status="playing", nevents=0)


def _news(before: int, state: str, *events: str) -> bytes:
    return "\n".join([str(before), state, *events]).encode()


def test_news_answers_only_while_the_changes_follow_one_another() -> None:
    news = News(_base(4))
    news.hear(Head(4, "playing", (1,)), _news(9, '{"old":1}', '{"n":9}'))  # heard late: ignored
    assert news.told(10) is None  # nothing heard yet
    news.hear(Head(5, "playing", (2,)), _news(10, '{"s":5}', '{"n":11}'))
    news.hear(Head(6, "playing", (0,)), _news(11, '{"s":6}', '{"n":12}', '{"n":13}'))
    told = news.told(10)
    assert told is not None
    stored, events = told
    assert (stored.version, stored.state, stored.to_act, stored.nevents) == (6, {"s": 6}, (0,), 13)
    assert stored.meta == {"m": 1} and not stored.cached
    assert events == [{"n": 11}, {"n": 12}, {"n": 13}]
    assert news.told(11) is None  # not from where the caller's events start
    gap = News(_base(4))
    gap.hear(Head(5, "playing", (2,)), _news(10, "{}"))
    gap.hear(Head(7, "playing", (0,)), _news(10, "{}"))  # version 6 was never heard
    assert gap.told(10) is None
    mute = News(_base(4))
    mute.hear(Head(5, "playing", (2,)), b"")  # a change published without news
    mute.hear(Head(6, "playing", (0,)), _news(10, "{}"))
    assert mute.told(10) is None
    skewed = News(_base(4))
    skewed.hear(Head(5, "playing", (2,)), _news(10, "{}", '{"n":11}'))
    skewed.hear(Head(6, "playing", (0,)), _news(12, "{}"))  # an event missing in between
    assert skewed.told(10) is None


def _published(r: Any, gid: str, change: Callable[[], Any]) -> bytes:
    """The message `change()` publishes on the game's channel."""
    channel = changes_channel(tag(gid))
    pubsub = r.pubsub()
    pubsub.ssubscribe(channel)
    try:
        read = getattr(pubsub, "get_sharded_message", None) or pubsub.get_message
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # the subscription's confirmation first
            message = read(timeout=0.1)
            if message is not None and message["type"] in ("ssubscribe", b"ssubscribe"):
                break
        change()
        while time.monotonic() < deadline:
            message = read(timeout=0.1)
            if message is not None and message["type"] in ("smessage", b"smessage"):
                return bytes(message["data"])
        raise AssertionError("nothing published")
    finally:
        pubsub.close()


def test_only_a_live_tables_changes_carry_news(app: Flask, client: FlaskClient, r: Any) -> None:
    table = Table.create(client)
    first = table.to_act()
    message = _published(
        r, table.gid, lambda: table.seat(first).post_move(first_legal(table, first))
    )
    head, before, state, *events = message.split(b"\n")
    assert head.split(b" ")[:3] == [table.gid.encode(), b"1", b"playing"]
    assert int(before) > 0 and events  # after the creation's events
    assert state == r.hget(game_key(table.gid), "state")  # the state, byte for byte as stored
    assert events == r.lrange(events_key(table.gid), -len(events), -1)
    bots = Table.create(client, seats=[{"bot": "random"}] * 4, seed="bot-only")
    jobs.install(app.extensions["duckpond"])
    try:
        seat = bots.to_act()
        message = _published(r, bots.gid, lambda: jobs.bot_turn(bots.gid, seat, 0))
    finally:
        jobs.install(None)
    assert b"\n" not in message and message.startswith(f"{bots.gid} 1 ".encode())


def test_a_move_that_waits_past_its_deadline_answers_the_game_as_it_is(
    client: FlaskClient,
) -> None:
    table = Table.create(client)
    mover = table.to_act()
    start = time.monotonic()
    r = table.seat(mover).post_move(first_legal(table, mover), expected_version=0)
    # Not its turn again, but the deadline is short: the answer is the game as it is then.
    assert r.status_code == 200
    plain = r.json
    r2 = client.post(
        f"{API}/games/{table.gid}/moves?wait=0.4",
        json={"move": first_legal(table, (mover + 1) % 4), "expected_version": 1},
        headers=auth(table.seat((mover + 1) % 4).token),
    )
    took = time.monotonic() - start
    assert r2.status_code == 200 and 0.35 < took < 5
    assert r2.json["version"] == 2 and plain["version"] == 1
    assert [e["type"] for e in r2.json["events"]][:1] == ["card_played"]


def test_a_wait_that_times_out_answers_the_unchanged_game(client: FlaskClient) -> None:
    table = Table.create(client)
    other = (table.to_act() + 1) % 4
    start = time.monotonic()
    r = client.get(f"{API}/games/{table.gid}?wait=0.5", headers=auth(table.seat(other).token))
    assert r.status_code == 200 and 0.45 < time.monotonic() - start < 5
    assert r.json["version"] == 0 and other not in r.json["view"]["to_act"]


def test_a_ready_seat_and_a_finished_wait_answer_at_once(client: FlaskClient) -> None:
    table = Table.create(client)
    seat = table.to_act()
    start = time.monotonic()
    r = client.get(f"{API}/games/{table.gid}?wait=20", headers=auth(table.seat(seat).token))
    assert r.status_code == 200 and time.monotonic() - start < 1
    assert r.json["view"]["to_act"] == [seat]


def test_a_spectator_waits_for_any_change_after_a_version(app: Flask, client: FlaskClient) -> None:
    """With `after_version`, or without it (a spectator has no turn: it waits for the next
    change after the version it found), the answer comes with the next move."""
    table = Table.create(client)
    given = Pending(
        lambda: app.test_client().get(f"{API}/games/{table.gid}?wait=10&after_version=0")
    )
    alone = Pending(lambda: app.test_client().get(f"{API}/games/{table.gid}?wait=10"))
    time.sleep(0.2)
    assert not given.done() and not alone.done()
    seat = table.to_act()
    table.seat(seat).post_move(first_legal(table, seat))
    for pending in (given, alone):
        status, body, _ = pending.result()
        assert status == 200 and body["version"] == 1 and body["role"] == "spectator"
        assert "hand" not in body["view"]


@pytest.mark.parametrize("query", ["wait=31", "wait=-1", "wait=soon", "wait=1&after_version=-2"])
def test_bad_wait_parameters_are_refused(client: FlaskClient, query: str) -> None:
    table = Table.create(client)
    token = table.seat(table.to_act()).token
    r = client.get(f"{API}/games/{table.gid}?{query}", headers=auth(token))
    assert r.status_code == 422 and r.json["errors"]["reason"] == "validation_error"
    if "after_version" in query:
        return  # a move takes no after_version
    r = client.post(
        f"{API}/games/{table.gid}/moves?{query}",
        json={"move": first_legal(table, table.to_act())},
        headers=auth(token),
    )
    assert r.status_code == 422 and table.public()["version"] == 0


def test_with_every_wait_slot_taken_a_wait_is_refused_with_retry_after_and_nothing_done(
    make_app: Callable[..., Flask],
) -> None:
    """A full server says so (503 `wait_slots_full`, Retry-After) instead of a 200 that did
    not wait; a refused waiting move is not played."""
    app = make_app(WAIT_SLOTS=1)
    client = app.test_client()
    table = Table.create(client)
    first = table.to_act()
    waiting = view_wait(app, table, (first + 2) % 4, "wait=10")
    time.sleep(0.2)
    start = time.monotonic()
    other = client.get(
        f"{API}/games/{table.gid}?wait=10", headers=auth(table.seat((first + 1) % 4).token)
    )
    assert other.status_code == 503 and time.monotonic() - start < 2
    assert other.json["errors"]["reason"] == "wait_slots_full"
    assert int(other.headers["Retry-After"]) >= 1
    refused = client.post(
        f"{API}/games/{table.gid}/moves?wait=10",
        json={"move": first_legal(table, first)},
        headers=auth(table.seat(first).token),
    )
    assert refused.status_code == 503 and refused.json["errors"]["reason"] == "wait_slots_full"
    assert "Retry-After" in refused.headers
    assert table.public()["version"] == 0, "a refused waiting move was played"
    assert client.get(f"{API}/games/{table.gid}").status_code == 200, "reads without wait work"
    assert not waiting.done()
    for _ in range(2):
        seat = table.to_act()
        table.seat(seat).post_move(first_legal(table, seat))
    assert waiting.result()[1]["version"] == 2
    # The slot is free again: a wait is taken.
    again = view_wait(app, table, (first + 3) % 4, "wait=10")
    time.sleep(0.3)
    assert not again.done(), "a wait after the slot came free was refused"
    seat = table.to_act()
    table.seat(seat).post_move(first_legal(table, seat))
    assert again.result()[0] == 200


def test_waits_without_a_seat_leave_a_quarter_of_the_slots_to_the_seats(
    make_app: Callable[..., Flask],
) -> None:
    """Spectators from many addresses cannot take every slot: the last quarter is for seats,
    so their waits never all answer at once for want of a slot."""
    app = make_app(WAIT_SLOTS=4, SPECTATOR_WAITS_PER_ADDRESS=0)
    client = app.test_client()
    table = Table.create(client)
    url = f"{API}/games/{table.gid}?wait=10&after_version=0"
    watchers = [
        Pending(
            lambda i=i: app.test_client().get(url, environ_base={"REMOTE_ADDR": f"192.0.2.{i}"})
        )
        for i in range(3)
    ]
    time.sleep(0.3)
    fourth = client.get(url, environ_base={"REMOTE_ADDR": "198.51.100.1"})
    assert fourth.status_code == 503 and fourth.json["errors"]["reason"] == "wait_slots_full"
    first = table.to_act()
    seat_wait = view_wait(app, table, (first + 1) % 4, "wait=10")
    time.sleep(0.3)
    assert not seat_wait.done(), "a seat found no slot: the spectators took them all"
    table.seat(first).post_move(first_legal(table, first))
    assert all(w.result()[0] == 200 for w in watchers) and seat_wait.result()[0] == 200


def test_spectator_waits_are_limited_per_address_and_seats_still_wait(
    make_app: Callable[..., Flask],
) -> None:
    """Waits without a token are bounded per client address (429 `too_many_waits`), so one
    address cannot take every slot; a seat's wait is not counted against it."""
    app = make_app(SPECTATOR_WAITS_PER_ADDRESS=2)
    client = app.test_client()
    table = Table.create(client)
    url = f"{API}/games/{table.gid}?wait=10&after_version=0"
    watchers = [Pending(lambda: app.test_client().get(url)) for _ in range(2)]
    time.sleep(0.3)
    third = client.get(url)
    assert third.status_code == 429 and third.json["errors"]["reason"] == "too_many_waits"
    assert int(third.headers["Retry-After"]) >= 1
    other = Pending(lambda: app.test_client().get(url, environ_base={"REMOTE_ADDR": "192.0.2.7"}))
    first = table.to_act()
    seat_wait = view_wait(app, table, (first + 1) % 4, "wait=10")
    time.sleep(0.3)
    assert not other.done(), "another address was limited by this one's waits"
    assert not seat_wait.done(), "a seat's wait was refused by the spectators' limit"
    table.seat(first).post_move(first_legal(table, first))
    assert all(w.result()[0] == 200 for w in [*watchers, other])
    assert seat_wait.result()[0] == 200
    assert client.get(url).status_code == 200, "the address's waits came free again"


def test_a_human_waits_through_the_bots_turns(bot_app: Flask, bot_client: FlaskClient) -> None:
    """The changes come from another process (the RQ worker): its writes wake the human."""
    table = Table.create(bot_client, seats=[{}, *[{"bot": "random"}] * 3], seed="bots-vs-human")
    human = table.seat(0)
    r = bot_client.get(f"{API}/games/{table.gid}?wait=20", headers=auth(human.token))
    assert r.status_code == 200 and r.json["view"]["to_act"] == [0] and r.json["version"] == 3
    version, bot_plays = r.json["version"], 0
    for _ in range(4):
        move = r.json["view"]["legal_moves"][0]
        r = bot_client.post(
            f"{API}/games/{table.gid}/moves?wait=20",
            json={"move": move, "expected_version": version},
            headers=auth(human.token),
        )
        assert r.status_code == 200 and r.json["view"]["to_act"] == [0]
        plays = [e["data"]["seat"] for e in r.json["events"] if e["type"] == "card_played"]
        assert plays[0] == 0 and set(plays[1:]) <= {1, 2, 3}
        assert len(plays) == r.json["version"] - version  # every play since the move
        bot_plays += len(plays) - 1
        version = r.json["version"]
    assert bot_plays >= 3  # at least one whole trick of bot plays was waited for


def _listened(r: Any, gid: str) -> bool:
    """A listener subscribes to the shard channel of the game's bucket (on a cluster: at the
    channel's shard)."""
    return _subscribed(r, changes_channel(tag(gid)))


def _subscribed(r: Any, channel: str) -> bool:
    where = {"target_nodes": r.get_node_from_key(channel)} if isinstance(r, RedisCluster) else {}
    return int(r.pubsub_shardnumsub(channel, **where)[0][1]) >= 1


def _kill_listeners(r: Any) -> int:
    """Cut every pub/sub connection (on a cluster: at every node)."""
    if not isinstance(r, RedisCluster):
        return int(r.client_kill_filter(_type="pubsub"))
    killed = r.client_kill_filter(_type="pubsub", target_nodes=RedisCluster.ALL_NODES)
    return sum(int(n) for n in killed.values()) if isinstance(killed, dict) else int(killed)


def test_a_lost_listener_connection_wakes_the_waiters_who_read_again(
    app: Flask, client: FlaskClient, r: Any
) -> None:
    """Pub/sub is at-most-once: when the listener's connection is cut, a change made while it
    reconnects is not heard, so the resubscription wakes every waiter to read the game."""
    table = Table.create(client)
    first = table.to_act()
    pending = view_wait(app, table, (first + 1) % 4, "wait=20")
    wait_for(lambda: _listened(r, table.gid))
    killed = _kill_listeners(r)
    assert killed >= 1
    table.seat(first).post_move(first_legal(table, first))  # likely published to nobody
    status, body, seconds = pending.result(timeout=15)
    assert status == 200 and body["version"] == 1 and body["view"]["to_act"] == [(first + 1) % 4]
    assert seconds < 4  # woken by the resubscription, not by the 5 s recheck (RECHECK_SECONDS)


def test_a_waiting_move_that_is_refused_answers_at_once_and_changes_nothing(
    client: FlaskClient, r: Any
) -> None:
    table = Table.create(client)
    seat = table.to_act()
    token = table.seat(seat).token
    before = table.snapshot(r)
    start = time.monotonic()
    stale = client.post(
        f"{API}/games/{table.gid}/moves?wait=20",
        json={"move": first_legal(table, seat), "expected_version": 7},
        headers=auth(token),
    )
    other = (seat + 1) % 4
    early = client.post(
        f"{API}/games/{table.gid}/moves?wait=20",
        json={"move": first_legal(table, seat)},
        headers=auth(table.seat(other).token),
    )
    assert time.monotonic() - start < 2
    assert (stale.status_code, stale.json["errors"]["reason"]) == (409, "future_version")
    assert early.status_code in (409, 422) and table.snapshot(r) == before


def test_a_retried_waiting_move_returns_the_first_answer_at_once(
    app: Flask, client: FlaskClient
) -> None:
    """The stored answer of an Idempotency-Key is the move's own (before any wait): a retry
    gets it at once, marked replayed, and the move is not played twice."""
    table = Table.create(client)
    seat = table.to_act()
    token = table.seat(seat).token
    body = {"move": first_legal(table, seat), "expected_version": 0}
    headers = {**auth(token), "Idempotency-Key": "k-1"}
    first = client.post(f"{API}/games/{table.gid}/moves?wait=0.3", json=body, headers=headers)
    assert first.status_code == 200 and first.json["version"] == 1
    start = time.monotonic()
    again = client.post(f"{API}/games/{table.gid}/moves?wait=20", json=body, headers=headers)
    assert time.monotonic() - start < 2
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json["version"] == 1 and table.public()["version"] == 1


def test_the_listener_wakes_every_watch_when_it_resubscribes(
    settings: dict[str, Any], r: Any
) -> None:
    """Even a watch that wants no change is woken after a reconnection, as changes published
    while the listener was away were not heard; a change it does not want does not wake it."""
    changes = Changes(data_client(settings), slots=2)
    with changes.watch("g1", lambda head: head.version > 5) as watch:
        assert watch is not None
        wait_for(lambda: _listened(r, "g1"))
        assert watch.sleep(0.2) is True  # the first subscription woke it
        watch.arm()
        while watch.sleep(0.3):  # one wake-up per shard channel's confirmation (64 buckets)
            watch.arm()
        r.spublish(
            changes_channel(tag("g1")), "g1 3 playing 0"
        )  # a change this watch does not want
        assert watch.sleep(0.3) is False
        r.spublish(changes_channel(tag("g1")), "g1 6 playing 0")
        assert watch.sleep(2) is True
        watch.arm()
        assert _kill_listeners(r) >= 1
        assert watch.sleep(4) is True


def test_a_stopping_process_answers_its_waiting_requests_at_once(
    app: Flask, client: FlaskClient
) -> None:
    table = Table.create(client)
    pending = view_wait(app, table, (table.to_act() + 1) % 4, "wait=20")
    time.sleep(0.2)
    assert not pending.done()
    app.extensions["duckpond"].changes.close()
    status, body, seconds = pending.result(timeout=5)
    assert status == 200 and body["version"] == 0 and seconds < 3
    start = time.monotonic()
    later = view_wait(app, table, (table.to_act() + 2) % 4, "wait=20").result(timeout=5)
    assert later[0] == 200 and time.monotonic() - start < 2  # no new wait starts


def test_the_wsgi_entry_point_answers_waiters_on_sigterm_then_runs_gunicorns_handler() -> None:
    """gunicorn installs its SIGTERM handler before it imports `service.wsgi`; the entry point
    chains one in front of it (in a child process, not to touch this one's signals)."""
    code = (
        "import os, signal\n"
        "signal.signal(signal.SIGTERM, lambda *a: print('gunicorn handler ran'))\n"
        "import service.wsgi as w\n"
        "os.kill(os.getpid(), signal.SIGTERM)\n"
        "print('closing', w.app.extensions['duckpond'].changes.closing)\n"
    )
    env = {**os.environ, "REDIS_URL": "redis://127.0.0.1:1/0", "LOG_LEVEL": "WARNING"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["gunicorn handler ran", "closing True"]

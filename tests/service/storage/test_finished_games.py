"""A finished game stored as what determines it (`service.storage.archive`): read back byte for
byte (events, every seat's view and the spectator's, the score, the record), a changed blob
refused as a server error, a reader that held an older version, compaction run twice, a
process that died before compacting, and a game the blob would not rebuild kept packed."""

from __future__ import annotations

import logging
import zlib
from collections.abc import Iterator
from typing import Any, cast

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth, play_out

from service.core.codec import dumps_sorted, loads
from service.storage.archive import EVENTS_FIELD, FINISHED_FIELD, FORMAT
from service.storage.keys import actions_key, events_key, game_key, game_keys
from service.storage.store import Store
from service.wiring import Layers

CASES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "doubleduck": ("doubleduck", 4, {"max_deals": 1}),
    "ducksoup": ("ducksoup", 2, {"target": 60}),
    "duck": ("duck", 4, {}),
    "doppelkopf": ("doppelkopf", 4, {"max_deals": 1}),
    # A timed table whose seat goes away and comes back: the clocks' events and the state's
    # `seating` are the service's, stored as they were beside the replayed game.
    "timed": ("ducksoup", 2, {"target": 60, "turn_seconds": 600}),
}
NOW = 1_790_000_000_000
"""The server's time while answers are compared: a timed view's `clock.now` is read at once."""


def layers(app: Flask) -> Layers:
    return app.extensions["duckpond"]  # type: ignore[no-any-return]


@pytest.fixture()
def frozen(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(layers(app).tables.commits.clock, "now_ms", lambda: NOW)
    yield


def callers(table: Table) -> list[dict[str, str]]:
    """The spectator, the host and every seat."""
    return [{}, auth(table.host), *(auth(s.token) for s in table.seats)]


def every_answer(client: FlaskClient, table: Table) -> list[tuple[str, int, bytes]]:
    """Every read of the game for every caller: views, event pages, score, record."""
    out = []
    gid = table.gid
    for headers in callers(table):
        paths = [f"{API}/games/{gid}", f"{API}/games/{gid}/score", f"{API}/games/{gid}/record"]
        for query in ("", "?after=0&limit=1000", "?after=5&limit=7", "?after=60&limit=500"):
            paths.append(f"{API}/games/{gid}/events{query}")
        for path in paths:
            answer = client.get(path, headers=headers)
            out.append((path, answer.status_code, answer.data))
    return out


def store_reads(store: Store, gid: str) -> dict[str, Any]:
    """What the store itself answers of the game, in every read it has."""
    stored = store.load(gid)
    assert stored is not None
    count = stored.nevents
    return {
        "state": dumps_sorted(stored.state),
        "head": (stored.version, stored.status, stored.nevents, stored.to_act),
        "events": [dumps_sorted(e) for e in store.events(gid, 0)],
        "actions": [dumps_sorted(a) for a in store.actions(gid)],
        "after": [store.events_after(gid, n) for n in (0, 1, count // 2, count - 1, count)],
        "with": [
            (s.version if s else None, [dumps_sorted(e) for e in es])
            for s, es in (store.load_with_events(gid, n, 9) for n in (0, count // 3, count))
        ],
    }


def finished_unpacked(client: FlaskClient, app: Flask, case: str) -> Table:
    """A game of `case` played to its end by its human seats, not compacted."""
    name, seats, options = CASES[case]
    store = layers(app).store
    compact = store.compact
    store.compact = lambda gid, version: False  # type: ignore[method-assign]
    try:
        table = Table.create(
            client, game=name, seats=[{}] * seats, options=options, seed=f"finish-{case}"
        )
        if case == "timed":
            for away in (True, False, True):  # the last one is returned by its own move
                path = f"{API}/games/{table.gid}/seats/1/{'away' if away else 'return'}"
                assert client.post(path, headers=auth(table.seat(1).token)).status_code == 200
        play_out(table)
    finally:
        store.compact = compact  # type: ignore[method-assign]
    assert table.public()["status"] == "over"
    return table


def usage(r: redis.Redis, gid: str) -> int:
    return sum(r.memory_usage(k, samples=0) or 0 for k in game_keys(gid) if r.exists(k))


@pytest.mark.parametrize("case", list(CASES))
def test_a_finished_game_reads_back_identical_from_what_determines_it(
    client: FlaskClient, app: Flask, r: redis.Redis, frozen: None, case: str
) -> None:
    store = layers(app).store
    table = finished_unpacked(client, app, case)
    gid = table.gid
    before, before_store = every_answer(client, table), store_reads(store, gid)
    assert all(status == 200 for _, status, _ in before)
    unpacked = usage(r, gid)

    assert store.compact(gid, table.public()["version"])
    fields = r.hgetall(game_key(gid))
    assert FINISHED_FIELD in fields and b"state" not in fields and EVENTS_FIELD not in fields
    assert not r.exists(events_key(gid)) and not r.exists(actions_key(gid))
    assert 3500 < r.ttl(game_key(gid)) <= 3600  # HSET kept the finished TTL
    assert usage(r, gid) <= 4096 < unpacked, (usage(r, gid), unpacked)

    assert every_answer(client, table) == before  # from the texts the compaction held
    assert store_reads(store, gid) == before_store
    store.archive.forget()  # now each read replays the blob from Redis
    assert every_answer(client, table) == before
    assert store_reads(Store(store.redis), gid) == before_store  # a process of its own


def test_an_abandoned_game_reads_back_identical(
    client: FlaskClient, app: Flask, r: redis.Redis
) -> None:
    store = layers(app).store
    table = Table.create(client, seed="left")
    for _ in range(6):
        seat = table.seat(table.to_act())
        assert seat.post_move(seat.view()["view"]["legal_moves"][0]).status_code == 200
    store.compact = lambda gid, version: False  # type: ignore[method-assign]
    answer = client.post(f"{API}/games/{table.gid}/abandon", headers=auth(table.host))
    assert answer.status_code == 200
    del store.compact
    before = every_answer(client, table)
    assert store.compact(table.gid, table.public()["version"])
    assert r.hexists(game_key(table.gid), FINISHED_FIELD)
    store.archive.forget()
    assert every_answer(client, table) == before


def rewrite(r: redis.Redis, gid: str, change: Any) -> None:
    """Change a finished game's blob in Redis: `change(digest, payload)` -> the new pair."""
    blob = cast(bytes, r.hget(game_key(gid), FINISHED_FIELD))
    assert blob.startswith(FORMAT)
    head = len(FORMAT)
    digest, payload = blob[head : head + 32], loads(zlib.decompress(blob[head + 32 :]))
    digest, payload = change(digest, payload)
    r.hset(game_key(gid), FINISHED_FIELD, FORMAT + digest + zlib.compress(dumps_sorted(payload)))


def another_action(digest: bytes, payload: dict[str, Any]) -> tuple[bytes, dict[str, Any]]:
    """The first deal played otherwise: the two first moves swapped (both legal or not)."""
    actions = payload["actions"]
    actions[0], actions[1] = actions[1], actions[0]
    return digest, payload


def another_event(digest: bytes, payload: dict[str, Any]) -> tuple[bytes, dict[str, Any]]:
    """A stored event of the service's changed: the game still replays, to other bytes."""
    payload["events"][0][1]["data"]["bots"] = ["heuristic", None]
    return digest, payload


def another_digest(digest: bytes, payload: dict[str, Any]) -> tuple[bytes, dict[str, Any]]:
    return bytes([digest[0] ^ 1]) + digest[1:], payload


@pytest.mark.parametrize("change", [another_action, another_event, another_digest])
def test_a_changed_blob_is_a_logged_server_error_never_other_data(
    client: FlaskClient,
    app: Flask,
    r: redis.Redis,
    change: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    store = layers(app).store
    table = finished_unpacked(client, app, "ducksoup")
    gid = table.gid
    assert store.compact(gid, table.public()["version"])
    rewrite(r, gid, change)
    store.archive.forget()
    caplog.set_level(logging.ERROR, logger="duckpond.storage")
    for path in ("", "/events", "/record", "/score"):
        for headers in callers(table):
            answer = client.get(f"{API}/games/{gid}{path}", headers=headers)
            assert answer.status_code == 500, (path, answer.json)
            assert (answer.json or {})["errors"]["reason"] == "invalid_state"
            assert "seed" not in answer.get_data(as_text=True)
    assert any(gid in rec.getMessage() for rec in caplog.records if rec.levelname == "ERROR")
    # Still the head reads (what waits and lists take), and the game is still found.
    assert client.get(f"{API}/games/{gid}/events", headers={}).status_code == 500
    assert store.head(gid) is not None


def test_a_reader_that_held_an_older_version(
    client: FlaskClient, app: Flask, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reader holds the game at an earlier version (decoded, cached, its events counted);
    the game ends and is compacted by the commit that ends it: what the reader reads next
    comes from the finished form, exactly what the lists held; its stale move is a 409."""
    tables, store = layers(app).tables, layers(app).store
    table = Table.create(client, game="ducksoup", seats=[{}, {}], options={"target": 60})
    for _ in range(5):
        seat = table.seat(table.to_act())
        assert seat.post_move(seat.view()["view"]["legal_moves"][0]).status_code == 200
    old = store.load(table.gid)
    assert old is not None and old.status == "playing"
    tables.commits.cache.put(old, tables.commits.game(old))
    seen = old.nevents
    lists: dict[str, list[bytes]] = {}
    compact = store.compact

    def snapshot_then_compact(gid: str, version: int) -> bool:
        lists["events"] = cast(list[bytes], r.lrange(events_key(gid), 0, -1))
        lists["actions"] = cast(list[bytes], r.lrange(actions_key(gid), 0, -1))
        lists["state"] = [cast(bytes, r.hget(game_key(gid), "state"))]
        return compact(gid, version)

    monkeypatch.setattr(store, "compact", snapshot_then_compact)
    play_out(table)
    assert not r.exists(events_key(table.gid)) and r.hexists(game_key(table.gid), FINISHED_FIELD)
    for fresh in (False, True):
        if fresh:
            store.archive.forget()
        head, count, texts = store.events_after(table.gid, seen)
        assert head is not None and head.status == "over" and count == len(lists["events"])
        assert texts == lists["events"][seen:]
        assert [dumps_sorted(e) for e in store.events(table.gid, seen)] == texts
        assert [dumps_sorted(a) for a in store.actions(table.gid)] == lists["actions"]
        stored = store.load(table.gid)
        assert stored is not None and dumps_sorted(stored.state) == lists["state"][0]
    seat = table.seat(old.to_act[0] if old.to_act else 0)
    legal = tables.commits.game(old).legal_moves(seat.seat)[0].to_json()
    stale = seat.post_move(legal, expected_version=old.version)
    assert stale.status_code == 409 and stale.json["errors"]["reason"] == "stale_version"


def test_compaction_twice_changes_nothing_the_second_time(
    client: FlaskClient, app: Flask, r: redis.Redis
) -> None:
    store = layers(app).store
    table = finished_unpacked(client, app, "duck")
    version = table.public()["version"]
    assert not store.compact(table.gid, version - 1)  # not the game's version: nothing
    assert r.exists(events_key(table.gid))
    assert store.compact(table.gid, version)
    after = table.snapshot(r)
    answers = every_answer(client, table)
    assert not store.compact(table.gid, version)
    assert table.snapshot(r) == after
    store.archive.forget()
    assert every_answer(client, table) == answers


def test_a_process_that_dies_before_compacting_leaves_a_readable_game(
    client: FlaskClient, app: Flask, r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commit that ends the game stands; compaction failing after it (the process, or
    Redis, gone) leaves the lists and the state as a live game has them: only bigger."""
    store = layers(app).store

    def dies(gid: str, version: int) -> bool:
        raise redis.ConnectionError("gone")

    monkeypatch.setattr(store, "compact", dies)
    table = Table.create(client, game="doppelkopf", options={"max_deals": 1}, seed="dies")
    play_out(table)
    assert r.exists(events_key(table.gid)) and r.hexists(game_key(table.gid), "state")
    assert not r.hexists(game_key(table.gid), FINISHED_FIELD)
    before = every_answer(client, table)
    assert all(status == 200 for _, status, _ in before)
    monkeypatch.undo()
    assert store.compact(table.gid, table.public()["version"])  # a later one still can
    store.archive.forget()
    assert every_answer(client, table) == before


def test_a_game_its_blob_would_not_rebuild_is_kept_packed(
    client: FlaskClient, app: Flask, r: redis.Redis, caplog: pytest.LogCaptureFixture
) -> None:
    """Compaction checks the blob against the texts before it writes it: a game whose stored
    events the engine would not make again (here one changed by hand) keeps the packed form,
    which gives back exactly what was stored."""
    store = layers(app).store
    table = finished_unpacked(client, app, "doubleduck")
    gid = table.gid
    texts = cast(list[bytes], r.lrange(events_key(gid), 0, -1))
    place = next(i for i, t in enumerate(texts) if b'"card_played"' in t)
    changed = texts[place].replace(b'"card_played"', b'"card_shown"').decode()
    r.lset(events_key(gid), place, changed)
    before = every_answer(client, table)
    caplog.set_level(logging.WARNING, logger="duckpond.storage")
    assert store.compact(gid, table.public()["version"])
    fields = r.hgetall(game_key(gid))
    assert EVENTS_FIELD in fields and b"state" in fields and FINISHED_FIELD not in fields
    assert not r.exists(events_key(gid))
    assert every_answer(client, table) == before
    assert any("kept packed" in rec.getMessage() for rec in caplog.records)

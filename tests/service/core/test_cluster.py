"""Game data on a REAL Redis Cluster: games spread over every shard, the watchdog's scan covers
every shard, and a master killed mid-play (with one replica per master) costs 503s until its
replica takes over, never a 500 and never an acknowledged move.

The rest of the service suite runs on the cluster too (`ON_BOTH` in conftest.py): any script
that touched two slots would fail there with CROSSSLOT.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit import clusterkit
from testkit.service_fixtures import QUEUE_DB
from testkit.svc_helpers import API, Table, auth, run_queue, wait_for

import service.jobs
from service.app import create_app
from service.core import shards
from service.games import idempotency
from service.storage.keys import (
    attempts_key,
    changes_channel,
    clocks_key,
    create_pointer_key,
    due_key,
    game_key,
    game_keys,
)
from service.tables.bot_turns import due_member
from service.tables.rematch import rematch_hash
from service.watchdog import Settings, Watchdog
from service.wiring import Layers

BOT = {"bot": "random"}


def slot(key: str) -> int:
    """Redis Cluster's slot of a key, hash tag included."""
    start = key.find("{")
    end = key.find("}", start + 1)
    if start >= 0 and end > start + 1:
        key = key[start + 1 : end]
    return shards.key_slot(key)


def owner(masters: dict[int, list[tuple[int, int]]], key: str) -> int:
    """The port of the master that holds `key`."""
    where = slot(key)
    return next(p for p, ranges in masters.items() if any(a <= where <= b for a, b in ranges))


def test_a_games_keys_its_index_bucket_and_its_channel_share_one_slot() -> None:
    gid = shards.new_id()
    bucket = shards.tag(gid)
    keys = [*game_keys(gid), due_key(bucket), attempts_key(bucket), changes_channel(bucket)]
    keys.append(clocks_key(bucket))
    assert len({slot(k) for k in keys}) == 1
    key_hash = idempotency.create_key_hash("retry-me")
    keyed = shards.new_id(key_hash)  # a creation's game shares its key pointer's slot
    assert slot(create_pointer_key(key_hash)) == slot(game_key(keyed))
    assert len(keyed) == len(gid) == 12 and keyed[1:] != gid[1:]


def test_the_buckets_spread_evenly_over_the_slots(cluster: clusterkit.Cluster) -> None:
    masters = cluster.masters()
    assert len(masters) == 3
    owned = Counter(owner(masters, f"{{{t}}}") for t in shards.all_tags())
    # 64 buckets over three equal slot ranges: 21 or 22 each, give or take the two buckets
    # whose 256 slots a range boundary cuts
    assert len(owned) == 3 and max(owned.values()) - min(owned.values()) <= 2, owned


def test_games_spread_over_all_three_shards(
    client: FlaskClient, r: Any, cluster: clusterkit.Cluster, backend: str
) -> None:
    assert backend == "cluster"
    masters = cluster.masters()
    gids = [Table.create(client, seed=f"spread-{n}").gid for n in range(30)]
    shards_used = Counter(owner(masters, game_key(g)) for g in gids)
    assert set(shards_used) == set(masters), shards_used
    for port in masters:  # each master really holds its games' keys, and only those
        node = redis.Redis(port=port)
        mine = {g for g in gids if owner(masters, game_key(g)) == port}
        assert {k.decode().split(":")[2] for k in node.scan_iter("dp:*:game")} == mine
        node.close()


def test_the_watchdog_recovers_lost_turns_on_every_shard(
    app: Flask, client: FlaskClient, cluster: clusterkit.Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    games: Layers = app.extensions["duckpond"]
    monkeypatch.setattr(service.jobs, "_layers", games)
    masters = cluster.masters()

    def refuse(*_: Any, **__: Any) -> None:
        raise redis.ConnectionError("lost")

    by_shard: dict[int, str] = {}
    with monkeypatch.context() as m:
        m.setattr(games.bot_queue, "enqueue_call", refuse)  # every enqueue lost
        while len(by_shard) < len(masters):
            table = Table.create(client, seats=[{}, BOT, {}, {}], seed=None)
            by_shard.setdefault(owner(masters, game_key(table.gid)), table.gid)
    assert games.bot_queue.count == 0
    lost = {due_member(g, 1, 0) for g in by_shard.values()}
    assert lost <= set(games.store.all_due())
    sweep = Watchdog(games.store, games.turns, Settings(stale_after=0)).sweep()
    assert sweep.requeued >= len(masters)
    queued = set(games.bot_queue.job_ids)
    assert {f"bot_{g}_1_0_r1" for g in by_shard.values()} <= queued
    health = games.store.health(60_000)
    assert health.due >= len(masters)


def test_timed_turns_time_out_on_every_shard(
    app: Flask, client: FlaskClient, cluster: clusterkit.Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Timed turns are in each shard's clock index; the watchdog fires them all, and the
    `on_timeout` bot plays each (its compare-and-set takes the turn out of both indexes
    and puts the next seat's on the clock)."""
    games: Layers = app.extensions["duckpond"]
    monkeypatch.setattr(service.jobs, "_layers", games)
    masters = cluster.masters()
    by_shard: dict[int, str] = {}
    timed = {"turn_seconds": 1}
    while len(by_shard) < len(masters):
        table = Table.create(client, game="ducksoup", seats=[{}, {}], seed=None, options=timed)
        by_shard.setdefault(owner(masters, game_key(table.gid)), table.gid)
    assert {g for g in by_shard.values()} <= {m.split(":")[0] for m in games.store.all_timers()}
    dog = Watchdog(games.store, games.turns, Settings())
    fired = 0
    while games.store.all_timers():
        fired += dog.fire()
        time.sleep(0.05)
    assert fired >= len(masters)
    queue = games.bot_queue
    run_queue(queue)
    for gid in by_shard.values():
        events = client.get(f"{API}/games/{gid}/events").json["events"]
        assert next(e["type"] for e in events if e["version"] == 1) == "turn_timed_out"
    # The version-0 turns are gone from both indexes; each game's next seat is on the clock.
    assert not games.store.all_due()
    assert {m.rsplit(":", 1)[1] for m in games.store.all_timers()} == {"1"}


# --- failover: a master killed mid-play ------------------------------------------------------


@pytest.fixture()
def replicated(redis_port: int) -> Iterator[tuple[clusterkit.Cluster, Flask]]:
    """Its own cluster, one replica per master (AOF, `appendfsync everysec`), queues on the
    single server's database 6; stopped after the test (a master of it gets killed)."""
    started = clusterkit.start(masters=3, replicas=1, aof=True)
    queues = redis.Redis(port=redis_port, db=6)
    queues.flushdb()
    try:
        app = create_app(
            {
                "REDIS_URL": f"redis://127.0.0.1:{redis_port}/6",
                "REDIS_CLUSTER_NODES": started.nodes,
                "BOT_QUEUE": "failover-bots",
                "BULK_QUEUE": "failover-bulk",
                "TESTING": True,
            }
        )
        yield started, app
    finally:
        started.stop()
        queues.flushdb()


def _legal(table: Table) -> tuple[int, dict[str, Any]]:
    seat = table.to_act()
    return seat, dict(table.seat(seat).view()["view"]["legal_moves"][0])


def test_a_killed_master_costs_503s_until_its_replica_takes_over(
    replicated: tuple[clusterkit.Cluster, Flask], backend: str
) -> None:
    cluster, app = replicated
    client = app.test_client()
    layers: Layers = app.extensions["duckpond"]
    masters = cluster.masters()
    tables: dict[int, Table] = {}
    while len(tables) < len(masters):  # one game on every shard
        table = Table.create(client, seed=None)
        tables.setdefault(owner(masters, game_key(table.gid)), table)
    acked = Counter[str]()
    for _ in range(3):  # some acknowledged moves everywhere
        for table in tables.values():
            seat, move = _legal(table)
            assert table.seat(seat).post_move(move).status_code == 200
            acked[table.gid] += 1

    victim_port = next(iter(tables))
    victim = tables[victim_port]
    seat, move = _legal(victim)  # read before the kill: after it, the game is unreachable
    cluster.kill(victim_port)  # SIGKILL, mid-play
    killed_at = time.monotonic()

    statuses: list[int] = []
    reasons: set[str] = set()
    headers = {**auth(victim.seat(seat).token), "Idempotency-Key": "during-failover"}
    body = {"move": move, "expected_version": acked[victim.gid]}
    while time.monotonic() - killed_at < 60:
        answer = client.post(f"{API}/games/{victim.gid}/moves", json=body, headers=headers)
        statuses.append(answer.status_code)
        if answer.status_code == 200:
            break
        assert answer.status_code == 503, answer.json  # never a 500
        assert answer.headers["Retry-After"]
        reasons.add(answer.json["errors"]["reason"])
        time.sleep(0.1)
    took_over = time.monotonic() - killed_at
    assert statuses[0] == 503 and statuses[-1] == 200, Counter(statuses)
    assert reasons <= {"redis_unavailable", "redis_timeout", "redis_error"}, reasons
    acked[victim.gid] += 1

    # Its replica is the master now, in every node's map once gossip has spread the news (the
    # client followed a MOVED to it already; the node asked here may learn it a moment later).
    def converged() -> dict[int, list[tuple[int, int]]] | None:
        now = cluster.masters()
        return now if victim_port not in now and len(now) == 3 else None

    promoted = wait_for(converged, timeout=15)
    assert victim_port not in promoted and len(promoted) == 3

    # Play resumes everywhere, and no acknowledged move was lost (replication is asynchronous:
    # docs/scaling.md says what the policy allows; on one machine nothing is lost).
    for table in tables.values():
        seat, move = _legal(table)
        assert table.seat(seat).post_move(move).status_code == 200
        acked[table.gid] += 1
        public = table.public()
        assert public["version"] == acked[table.gid]
        stored = layers.store.load(table.gid)
        assert stored is not None and stored.version == acked[table.gid]
        events = layers.store.events(table.gid, 0)  # every event, private ones too
        assert len(events) == stored.nevents
        assert len(layers.store.actions(table.gid)) == acked[table.gid]
    print(f"failover: 503 for {took_over:.1f} s, {len(statuses)} tries")


def test_app_keys_live_on_the_queue_redis_and_count_the_games_on_the_cluster(
    make_app: Any, redis_port: int, r: Any
) -> None:
    """App keys (and rate limits) are on the queues' standalone Redis; the live-games quota
    reads its games' statuses on the cluster, so a live game there holds its slot."""
    from service.access.app_keys import AppKeys

    queues = redis.Redis(port=redis_port, db=QUEUE_DB[0])
    try:
        issued = AppKeys(queues).issue("acme", live_games=1)
        # A limit under 200 is counted in Redis at every hit (`service.http.rate_limits`).
        client = make_app(
            APP_KEYS="required", RATE_LIMIT_PER_ADDRESS="100 per minute"
        ).test_client()
        headers = auth(issued.key)
        body = {"game": "doubleduck", "seats": [{}, {}, {}, {}], "seed": "keys"}
        first = client.post(f"{API}/games", json=body, headers=headers)
        assert first.status_code == 201, first.json
        over = client.post(f"{API}/games", json=body, headers=headers)
        assert over.status_code == 429 and over.json["errors"]["reason"] == "quota_live_games"
        for key in game_keys(first.json["id"]):  # the game expired: its slot is free again
            r.delete(key)
        assert client.post(f"{API}/games", json=body, headers=headers).status_code == 201
        assert not list(r.scan_iter("ratelimit:*"))  # no counter on the cluster
        assert list(queues.scan_iter("ratelimit:*"))
    finally:
        queues.close()


def test_the_lobby_lists_tables_of_every_shard_and_a_rematch_shares_its_pointers_slot(
    client: FlaskClient, cluster: clusterkit.Cluster, backend: str
) -> None:
    """The lobby is one key per app key and game (`service.tables.lobby`): one read lists tables
    whose keys sit on every master; a rematch is written in its pointer's slot."""
    masters = cluster.masters()
    body = {"game": "ducksoup", "seats": [{}, {"open": True}], "lobby": "key"}
    gids = [client.post(f"{API}/games", json=body).json["id"] for _ in range(24)]
    assert {owner(masters, game_key(g)) for g in gids} == set(masters)
    lobby = client.get(f"{API}/lobby/ducksoup?limit=100")
    assert lobby.status_code == 200, lobby.json
    assert {t["id"] for t in lobby.json["tables"]} == set(gids)

    table = Table.create(client, game="ducksoup", seats=[{}, {}])
    client.post(f"{API}/games/{table.gid}/resign", json={}, headers=auth(table.seat(1).token))
    made = client.post(f"{API}/games/{table.gid}/rematch", headers=auth(table.seat(0).token))
    assert made.status_code == 200, made.json
    pointer = create_pointer_key(rematch_hash(table.gid))
    assert slot(pointer) == slot(game_key(made.json["id"]))

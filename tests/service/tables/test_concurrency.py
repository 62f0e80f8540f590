"""Many threads fire conflicting moves at one game: exactly one change wins each version."""

from __future__ import annotations

import json
import random
import threading
from collections import Counter
from typing import Any

import pytest
import redis
from flask import Flask
from testkit.svc_helpers import API, Table, auth, pinned_deal

from engine.record import load, record_of, replay
from service.storage.cas import Write
from service.storage.keys import actions_key, events_key, game_key

THREADS = 8
TARGET_MOVES = 60


def test_conflicting_moves_one_winner_per_version(app: Flask, r: redis.Redis) -> None:
    table = Table.create(app.test_client(), deal=pinned_deal())
    tokens = {s.seat: s.token for s in table.seats}
    accepted: list[dict[str, Any]] = []
    refused: Counter[str] = Counter()
    lock = threading.Lock()
    start = threading.Barrier(THREADS)

    def player(n: int) -> None:
        client = app.test_client()
        rng = random.Random(n)
        start.wait()
        while True:
            with lock:
                if len(accepted) >= TARGET_MOVES:
                    return
            pub = client.get(f"{API}/games/{table.gid}").json
            seat = pub["view"]["to_act"][0]
            mine = client.get(f"{API}/games/{table.gid}", headers=auth(tokens[seat])).json
            if not mine["view"]["legal_moves"]:  # another thread moved in between
                continue
            move = rng.choice(mine["view"]["legal_moves"])
            body: dict[str, Any] = {"move": move}
            if rng.random() < 0.7:
                body["expected_version"] = mine["version"]
            resp = client.post(
                f"{API}/games/{table.gid}/moves", json=body, headers=auth(tokens[seat])
            )
            with lock:
                if resp.status_code == 200:
                    accepted.append(resp.json)
                else:
                    assert resp.status_code in (409, 422), resp.json
                    refused[resp.json["errors"]["reason"]] += 1

    crashes: list[BaseException] = []

    def guarded(n: int) -> None:
        try:
            player(n)
        except BaseException as exc:  # surfaced below: a dead thread must fail the test
            crashes.append(exc)

    threads = [threading.Thread(target=guarded, args=(n,)) for n in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    assert not crashes, crashes

    versions = sorted(a["version"] for a in accepted)
    final = table.public()
    assert versions == list(range(1, final["version"] + 1)), "one accepted change per version"
    assert sum(refused.values()) > 0, "the threads never collided"
    assert set(refused) <= {"stale_version", "not_your_turn", "card_not_in_hand", "illegal_call"}

    # Events: numbered without gaps, each accepted move's events are its own, one card each.
    events = r.lrange(events_key(table.gid), 0, -1)
    public = table.client.get(f"{API}/games/{table.gid}/events").json["events"]
    assert [e["n"] for e in public] == sorted({e["n"] for e in public})
    played = [e for e in public if e["type"] == "card_played"]
    assert len(played) == final["version"] == len(accepted)
    assert Counter(e["version"] for e in played) == {v: 1 for v in versions}
    numbers = [e["n"] for a in accepted for e in a["events"]]
    assert len(numbers) == len(set(numbers)) and max(numbers) <= len(events)
    assert int(r.hget(game_key(table.gid), "nevents")) == len(events)

    # Engine invariants: the stored state is exactly the replay of the stored actions, and
    # every one of the 104 cards is somewhere.
    stored = table.snapshot(r)
    state_key = game_key(table.gid).encode()
    state = json.loads(stored[state_key][b"state"])
    actions = [json.loads(a) for a in r.lrange(actions_key(table.gid), 0, -1)]
    assert len(actions) == final["version"]
    game = load(state)
    rebuilt = replay(record_of(game, pinned_deal(), actions))
    assert rebuilt.to_dict() == state
    cards = (
        sum(len(h) for h in state["hands"])
        + len(state["stock"])
        + len(state["trick"])
        + sum(len(p) for p in state["piles"])
        + len(state["waste"])
    )
    assert cards == 104


def test_lost_race_at_store_level_writes_nothing(app: Flask, r: redis.Redis) -> None:
    table = Table.create(app.test_client())
    store = app.extensions["duckpond"].store
    stored = store.load(table.gid)
    assert stored is not None
    write = Write(
        expected=0,
        state=stored.state,
        status="playing",
        ttl=0,
        events=[{"type": "x", "data": {}, "visible_to": None, "version": 1}],
        actions=[{"seat": 1, "move": {"type": "play", "card": "AC"}}],
    )
    assert store.write(table.gid, write).kind == "ok"
    before = table.snapshot(r)
    outcome = store.write(table.gid, write)
    assert (outcome.kind, outcome.version) == ("stale", 1)
    assert table.snapshot(r) == before
    assert store.write("nope", write).kind == "missing"


@pytest.mark.parametrize("with_version", [True, False])
def test_same_move_from_many_threads_is_accepted_once(
    app: Flask, r: redis.Redis, with_version: bool
) -> None:
    table = Table.create(app.test_client())
    seat = table.seat(table.to_act())
    move = seat.view()["view"]["legal_moves"][0]
    body: dict[str, Any] = {"move": move}
    if with_version:
        body["expected_version"] = 0
    results: list[int] = []
    start = threading.Barrier(THREADS)

    def fire() -> None:
        client = app.test_client()
        start.wait()
        resp = client.post(f"{API}/games/{table.gid}/moves", json=body, headers=auth(seat.token))
        results.append(resp.status_code)

    threads = [threading.Thread(target=fire) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count(200) == 1 and results.count(409) == THREADS - 1
    assert table.public()["version"] == 1

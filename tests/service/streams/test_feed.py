"""An app key's feed (issue 24): every turn, deal and end of the key's games and its matches'
progress, relayed exactly once from the game's slot to the key's, resumable without a gap,
410 past its retention, and safe across a crash between the commit and the relay. Runs on
one Redis and on the cluster (`ON_BOTH`): the feed and the game are in different slots there.

The feed is read from a real gunicorn (gevent, as deployed) while the test's own app commits
the moves: the relay runs in the committing process (in its compare-and-set on one Redis, in
its background relayer on the cluster), and the serving process hears of it through the
feed's shard channels."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Callable
from typing import Any

import pytest
import redis
from flask import Flask
from testkit.service_fixtures import QUEUE_DB
from testkit.streamkit import FeedReader as Reader
from testkit.svc_helpers import API, Table, auth, wait_for

from service.access.app_keys import AppKeys
from service.api.feed_schemas import FEED_TYPES
from service.core.shards import tag
from service.storage.keys import feed_key, game_key, key_tag, outbox_key, relayed_key
from service.streams import feed as feeds
from service.streams.feed_relay import TEST_SKIP_RELAY
from service.watchdog import Settings, Watchdog
from service.wiring import Layers

Frame = dict[str, Any]


def create(app: Flask, key: str, seats: list[dict[str, Any]] | None = None) -> Table:
    client = app.test_client()
    body = {"game": "ducksoup", "seats": seats or [{}, {}], "seed": "feed"}
    made = client.post(f"{API}/games", json=body, headers=auth(key))
    assert made.status_code == 201, made.json
    data = made.json
    table = Table(client, data["id"], data, host=data["host_token"])
    from testkit.svc_helpers import Seat

    table.seats = [Seat(client, data["id"], s["seat"], s["token"]) for s in data["seats"]]
    return table


def play(table: Table, moves: int) -> list[tuple[int, int]]:
    """`moves` moves, each by the seat to act with its first legal move: [(seat, version)]."""
    done = []
    for _ in range(moves):
        public = table.public()
        seat = table.seat(public["view"]["to_act"][0])
        legal = seat.view()["view"]["legal_moves"]
        answer = seat.post_move(legal[0])
        assert answer.status_code == 200, answer.json
        done.append((seat.seat, answer.json["version"]))
    return done


def layers_of(app: Flask) -> Layers:
    return app.extensions["duckpond"]  # type: ignore[no-any-return]


def test_the_feed_tells_the_keys_games_as_they_are_played_and_nothing_of_others(
    keyed: Flask, keys: AppKeys, served_feed: int
) -> None:
    mine, other = keys.issue("acme").key, keys.issue("other").key
    reader = Reader(served_feed, mine)
    theirs = Reader(served_feed, other)
    assert reader.status == 200 and reader.media.startswith("text/event-stream")
    opened = reader.next()
    assert opened["event"] == "feed_opened" and opened["data"]["retention_seconds"] == 3600
    assert theirs.next()["event"] == "feed_opened"
    table = create(keyed, mine)
    first = reader.take(3)
    assert [f["event"] for f in first] == ["game_created", "game_dealt", "turn"]
    assert all(f["data"]["game_id"] == table.gid for f in first)
    to_act = table.public()["view"]["to_act"][0]
    assert first[2]["data"] == {"type": "turn", "game_id": table.gid, "seat": to_act, "version": 0}
    ids = [int(f["id"]) for f in [opened, *first]]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    for _, version in play(table, 6):
        frame = reader.next()
        assert frame["event"] == "turn" and frame["data"]["version"] == version
        assert int(frame["id"]) > ids[-1]
        ids.append(int(frame["id"]))
    assert frame["data"]["seat"] == table.public()["view"]["to_act"][0]
    assert theirs.quiet(), "another key heard of this key's game"
    reader.close()
    theirs.close()


def test_a_resumed_feed_continues_without_gap_or_duplicate(
    keyed: Flask, keys: AppKeys, served_feed: int
) -> None:
    key = keys.issue("acme").key
    first = Reader(served_feed, key)
    start = first.next()["id"]
    table = create(keyed, key)
    play(table, 4)
    heard = first.take(3 + 4)
    first.close()
    play(table, 5)  # while nobody listens
    resumed = Reader(served_feed, key, last_id=heard[2]["id"])
    rest = resumed.take(4 + 5)
    assert resumed.quiet()
    whole = Reader(served_feed, key, last_id=start)  # the same from the start, for comparison
    everything = whole.take(3 + 4 + 5)
    assert [f["id"] for f in heard[:3] + rest] == [f["id"] for f in everything]
    assert [f["data"] for f in heard[:3] + rest] == [f["data"] for f in everything]
    resumed.close()
    whole.close()
    # The same in NDJSON, with ?after=
    ndjson = Reader(served_feed, key, accept="application/x-ndjson")
    assert ndjson.media.startswith("application/x-ndjson")
    assert ndjson.next()["event"] == "feed_opened"
    ndjson.close()


def test_a_resume_point_past_the_retention_is_a_410_that_says_what_to_read(
    make_app: Callable[..., Flask], keys: AppKeys
) -> None:
    app = make_app(APP_KEYS="required", FEED_MAX_ENTRIES=5)
    client = app.test_client()
    key = keys.issue("acme").key
    the_feed = layers_of(app).feed
    assert the_feed is not None
    key_id = key.split("_")[1]
    start = the_feed.position(key_id)
    table = create(app, key)
    play(table, 8)  # 3 + 8 entries, the feed keeps the last 5
    the_feed.flush()
    entries = the_feed.read(key_id, 0)
    assert len(entries) == 5
    # Just before the oldest kept: nothing lost, the feed goes on from there.
    kept = client.get(f"{API}/feed?after={entries[0][0] - 1}", headers=auth(key), buffered=False)
    assert kept.status_code == 200
    kept.close()
    an_hour_ago = str((int(time.time()) - 3700) * 1_000_000)
    for after in (an_hour_ago, str(start)):
        gone = client.get(f"{API}/feed?after={after}", headers=auth(key))
        assert gone.status_code == 410, gone.json
        assert gone.json["errors"]["reason"] == "feed_expired"
        assert gone.json["errors"]["read_instead"] == "/api/v1/feed/games"
    live = client.get(f"{API}/feed/games", headers=auth(key))
    assert live.status_code == 200
    (game,) = live.json["games"]
    assert game["id"] == table.gid and game["to_act"] == table.public()["view"]["to_act"]
    # Malformed, or never sent: 400 in the one error shape.
    for bad in ("x", "-1", "12-0", str(entries[-1][0] + 10**9)):
        refused = client.get(f"{API}/feed", headers={**auth(key), "Last-Event-ID": bad})
        assert refused.status_code == 400, (bad, refused.json)
        assert refused.json["errors"]["reason"] == "invalid_event_id"


def test_the_feed_needs_the_keys_own_credential(keyed: Flask, keys: AppKeys) -> None:
    client = keyed.test_client()
    issued = keys.issue("acme")
    for path in ("/feed", "/feed/games"):
        assert client.get(API + path).json["errors"]["reason"] == "missing_app_key"
        wrong = client.get(API + path, headers=auth(issued.key[:-4] + "AAAA"))
        assert wrong.status_code == 401 and wrong.json["errors"]["reason"] == "bad_app_key"
    table = create(keyed, issued.key)
    seat_token = table.seats[0].token
    assert client.get(f"{API}/feed", headers=auth(seat_token)).status_code == 401
    keys.revoke(issued.id)
    revoked = client.get(f"{API}/feed/games", headers=auth(issued.key))
    assert revoked.status_code == 403 and revoked.json["errors"]["reason"] == "app_key_revoked"


def test_a_crash_between_commit_and_relay_loses_nothing(
    keyed: Flask, keys: AppKeys, r: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The committing process dies right after its compare-and-set (the relay is skipped):
    the entries wait in the game's bucket's outbox, and the recovery loop relays them, once."""
    layers = layers_of(keyed)
    the_feed = layers.feed
    assert the_feed is not None
    issued = keys.issue("acme")
    monkeypatch.setenv(TEST_SKIP_RELAY, "1")
    table = create(keyed, issued.key)
    play(table, 3)
    assert the_feed.read(issued.id, 0) == []
    assert r.xlen(outbox_key(tag(table.gid))) == 4  # the creation and three moves
    monkeypatch.delenv(TEST_SKIP_RELAY)
    dog = Watchdog(layers.store, layers.turns, Settings(stale_after=60), feed=the_feed)
    assert dog.sweep().relayed == 0  # a second's grace: the committer may still relay it
    time.sleep(1.1)
    assert dog.sweep().relayed == 3 + 3
    assert dog.sweep().relayed == 0
    entries = the_feed.read(issued.id, 0)
    assert [t for _, t, _ in entries] == [
        "game_created",
        "game_dealt",
        "turn",
        "turn",
        "turn",
        "turn",
    ]
    assert the_feed.pending_outbox() == 0
    # Relaying the same outbox entries again (a slow second relay) appends nothing.
    gid = table.gid
    assert the_feed.relay(tag(gid), [("1-1", issued.id, [("turn", b"{}")])]) == 0
    assert len(the_feed.read(issued.id, 0)) == 6
    # Keys that share nothing: the game in its bucket's slot, the feed in the key's.
    if key_tag(issued.id) != tag(gid):
        assert game_key(gid).split("}")[0] != feed_key(issued.id).split("}")[0]


def test_entries_relayed_at_once_skip_an_empty_outbox_and_queue_behind_a_full_one(
    keyed: Flask, keys: AppKeys, r: Any, nodes: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On one Redis the compare-and-set relays a change's entries itself. Into an empty
    outbox they go straight to the feed (the outbox is never written: three commands fewer a
    change); behind entries still waiting there (a crashed relay's), they queue in the
    outbox, so the feed keeps their order."""
    if nodes:
        pytest.skip("on the cluster the feed is in another slot: the relay runs after")
    the_feed = layers_of(keyed).feed
    assert the_feed is not None
    issued = keys.issue("acme")
    table = create(keyed, issued.key)
    play(table, 3)
    outbox = outbox_key(tag(table.gid))
    assert not r.exists(outbox), "an entry passed through the outbox"
    kinds = [t for _, t, _ in the_feed.read(issued.id, 0)]
    assert kinds == ["game_created", "game_dealt", "turn", "turn", "turn", "turn"]
    # A change whose relay was skipped leaves its entry waiting in the outbox ...
    monkeypatch.setenv(TEST_SKIP_RELAY, "1")
    (waiting,) = play(table, 1)
    assert r.xlen(outbox) == 1
    monkeypatch.delenv(TEST_SKIP_RELAY)
    # ... and the next change's entry goes behind it: both relayed, in order, the outbox empty.
    (after,) = play(table, 1)
    entries = the_feed.read(issued.id, 0)
    versions = [json.loads(data)["version"] for _, _, data in entries[6:]]
    assert versions == [waiting[1], after[1]]
    assert r.xlen(outbox) == 0


def test_the_feeds_ttl_is_renewed_with_a_tenth_to_spare_and_only_once_spent(
    keyed: Flask, keys: AppKeys, r: Any
) -> None:
    """A relay renews the feed's TTL to 1.1 times the retention and notes until when it runs;
    the relays after it leave the TTL alone (two commands fewer each) until only the
    retention is left, so the feed never lives less than its retention after its newest
    entry, nor more than 1.1 times it."""
    issued = keys.issue("acme")
    table = create(keyed, issued.key)
    retention_ms = 3600 * 1000
    feed, relayed = feed_key(issued.id), relayed_key(issued.id)

    def relayed_at_least(n: int) -> None:
        wait_for(lambda: r.xlen(feed) >= n, timeout=10)

    relayed_at_least(3)  # on the cluster the relay runs after the commit
    assert retention_ms < r.pttl(feed) <= 1.1 * retention_ms
    until = int(r.hget(relayed, "until"))
    r.pexpire(feed, retention_ms + 60_000)  # as if the renewal were 5 minutes old
    play(table, 1)
    relayed_at_least(4)
    assert r.pttl(feed) <= retention_ms + 60_000, "renewed while a tenth was left"
    assert int(r.hget(relayed, "until")) == until
    r.hset(relayed, "until", until - 360_000 - 1)  # the spare tenth spent
    play(table, 1)
    relayed_at_least(5)
    assert retention_ms < r.pttl(feed) <= 1.1 * retention_ms
    assert int(r.hget(relayed, "until")) > until


def test_the_relay_counts_the_feed_and_trims_it_by_age_and_size_without_reading_it(
    make_app: Callable[..., Flask], keys: AppKeys, r: Any
) -> None:
    """The relayed hash counts the feed's entries and notes a time none is older than, so a
    relay reads the stream only when a trim may be due: past the size at once, past the
    retention once the oldest is a tenth of it older. A count left over from a feed that
    expired (too high) is checked before it trims, so it never trims an entry too many."""
    app = make_app(APP_KEYS="required", FEED_MAX_ENTRIES=6, FEED_RETENTION_SECONDS=2)
    issued = keys.issue("acme")
    feed, relayed = feed_key(issued.id), relayed_key(issued.id)
    table = create(app, issued.key)

    def note(field: str) -> int:
        return int(r.hget(relayed, field) or 0)

    def added() -> int:
        """Entries ever appended to the feed (trims do not lower it; 0 once it is gone)."""
        try:
            return int(r.xinfo_stream(feed)["entries-added"])
        except redis.ResponseError:  # no such key
            return 0

    def relayed_moves(n: int, exact: bool = True) -> int:
        """Play `n` moves, wait for their entries (on the cluster the relay runs after the
        commit, maybe one entry at a time): the feed's length, which the count matches
        (`exact`) or exceeds."""
        before = added()
        play(table, n)
        wait_for(lambda: added() >= before + n, timeout=10)
        length = int(r.xlen(feed))
        assert note("count") == length if exact else note("count") > length
        return length

    wait_for(lambda: note("count") >= 3, timeout=10)
    oldest = note("oldest")
    assert relayed_moves(2) == 5
    assert note("oldest") == oldest and note("trimmed") == 0, "no trim was due: nothing read"
    assert relayed_moves(3) == 6  # 8 entries: the 2 oldest go, by size
    first = note("trimmed")
    assert first > 0
    time.sleep(1.2)
    assert relayed_moves(1) == 6  # by size again, and the feed's TTL renewed
    time.sleep(1.2)  # all but the newest past the retention, and past its tenth of slack
    assert relayed_moves(1) == 2
    assert note("trimmed") > first and note("oldest") > oldest + 2000
    # The feed expired (its TTL), the relayed hash not yet: the count is too high.
    r.delete(feed)
    assert relayed_moves(2, exact=False) == 2
    assert relayed_moves(5) == 6  # 7 entries over a stale count: checked, trimmed to 6


def test_an_abandoned_game_and_a_games_end_are_told(keyed: Flask, keys: AppKeys) -> None:
    issued = keys.issue("acme")
    layers = layers_of(keyed)
    assert layers.feed is not None
    table = create(keyed, issued.key)
    answer = keyed.test_client().post(
        f"{API}/games/{table.gid}/abandon", json={}, headers=auth(table.host)
    )
    assert answer.status_code == 200, answer.json
    layers.feed.flush()
    kinds = [t for _, t, _ in layers.feed.read(issued.id, 0)]
    assert kinds == ["game_created", "game_dealt", "turn", "game_abandoned"]
    assert set(kinds) <= set(feeds.TYPES) == set(FEED_TYPES)


def test_a_keys_match_tells_its_progress(
    redis_port: int, nodes: str, bot_app: Flask, keys: AppKeys
) -> None:
    """A match made with a key: each recorded game and the end reach the key's feed (the
    worker that plays it relays)."""
    from service.app import create_app

    app = create_app({**bot_app.config, "APP_KEYS": "required"})
    queues = redis.Redis(port=redis_port, db=QUEUE_DB[1] if nodes else 1)
    issued = AppKeys(queues).issue("acme")
    body = {"game": "ducksoup", "bots": ["random", "random"], "games": 3, "seed": "m",
            "options": {"target": 1}}  # fmt: skip
    made = app.test_client().post(f"{API}/matches", json=body, headers=auth(issued.key))
    assert made.status_code == 202, made.json
    the_feed = layers_of(app).feed
    assert the_feed is not None

    def told() -> list[Any]:
        return [json.loads(d) for _, _, d in the_feed.read(issued.id, 0)]

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(told()) < 4:
        time.sleep(0.1)
    entries = told()
    assert [e["type"] for e in entries] == ["match_progress"] * 3 + ["match_finished"]
    assert [e["done"] for e in entries] == [1, 2, 3, 3]
    assert entries[-1]["status"] == "done" and entries[-1]["match_id"] == made.json["id"]
    queues.close()


def test_open_feeds_are_bounded_and_a_feed_that_is_not_read_is_dropped(
    keyed: Flask, keys: AppKeys, serve_api: Callable[..., Any]
) -> None:
    """A feed counts with the game streams against the address's bound (429
    `too_many_streams` beyond it), and one whose client stops reading is dropped within the
    send timeout instead of being buffered without limit: its place comes back."""
    key = keys.issue("bounded").key
    env = {"APP_KEYS": "required", "STREAMS_PER_ADDRESS": "1", "STREAM_SEND_BUFFER": "4096",
           "STREAM_SEND_TIMEOUT_SECONDS": "2", "STREAM_KEEPALIVE_SECONDS": "1"}  # fmt: skip
    with serve_api(**env) as (port, _):
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(("127.0.0.1", port))
        stalled.sendall(
            f"GET {API}/feed HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer {key}\r\n\r\n".encode()
        )
        stalled.settimeout(10)
        got = stalled.recv(4096)  # its headers and first frame: the feed is open
        assert got.startswith(b"HTTP/1.1 200"), got
        held = Reader(port, key)
        assert held.status == 429, "the stalled feed holds the address's one place"
        assert json.loads(held.response.read())["errors"]["reason"] == "too_many_streams"
        held.close()
        for _ in range(8):  # ~400 entries, far more than the stalled client's buffers hold
            play(create(keyed, key), 45)
        made = time.monotonic()
        while True:
            again = Reader(port, key)
            if again.status == 200:
                break
            again.close()
            assert time.monotonic() - made < 20, "the stalled feed was never dropped"
            time.sleep(0.3)
        assert again.next()["event"] == "feed_opened"
        again.close()
        stalled.settimeout(5)
        with contextlib.suppress(OSError):  # reset by the server: the drop
            while chunk := stalled.recv(65536):
                got += chunk
        stalled.close()
        assert b"HTTP/1.1 200" in got and got.count(b"event: turn") < 300, len(got)

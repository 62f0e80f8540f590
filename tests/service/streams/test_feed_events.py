"""A feed of some entry types (`GET /api/v1/feed?events=...`): it sends those only, resumes past
the others, and is not even woken by them, because each relay's news names the types it
appended. Runs on one Redis and on the cluster (`ON_BOTH`): there the relay is the background
relayer's, with the same script."""

from __future__ import annotations

import queue
import threading

from flask import Flask
from test_feed import create, layers_of, play
from testkit.streamkit import FeedReader as Reader
from testkit.svc_helpers import API, auth

from service.access.app_keys import AppKeys
from service.storage.keys import key_tag, news_channel
from service.streams.feed_hub import FeedHub
from service.streams.listener import Listener


def abandon(app: Flask, gid: str, host: str) -> None:
    answer = app.test_client().post(f"{API}/games/{gid}/abandon", json={}, headers=auth(host))
    assert answer.status_code == 200, answer.json


def test_a_feed_of_some_types_sends_only_those_and_resumes_past_the_others(
    keyed: Flask, keys: AppKeys, served_feed: int
) -> None:
    key = keys.issue("acme").key
    some = Reader(served_feed, key, events=["game_created", "game_abandoned"])
    every = Reader(served_feed, key)  # the same key's feed unfiltered, for comparison
    assert some.status == 200 and every.status == 200
    opened = some.next()
    assert opened["event"] == "feed_opened"
    assert every.next()["event"] == "feed_opened"
    table = create(keyed, key)
    created = some.next()
    assert created["event"] == "game_created" and created["data"]["game_id"] == table.gid
    play(table, 5)
    heard = every.take(3 + 5)  # created, dealt, the first turn, then a turn a move
    assert [f["event"] for f in heard] == ["game_created", "game_dealt"] + ["turn"] * 6
    assert some.quiet(), "a feed of two types sent another"
    abandon(keyed, table.gid, table.host)
    ended = some.next()
    assert ended["event"] == "game_abandoned" and ended["data"]["game_id"] == table.gid
    assert every.next()["event"] == "game_abandoned"
    assert int(ended["id"]) > int(heard[-1]["id"])  # the same numbering as the whole feed
    some.close()
    every.close()
    # Resumed after the first entry it sent: the next one it follows, none of the turns.
    resumed = Reader(served_feed, key, last_id=created["id"], events=["game_abandoned"])
    again = resumed.next()
    assert (again["id"], again["event"]) == (ended["id"], "game_abandoned")
    assert resumed.quiet()
    resumed.close()


def test_the_relays_news_names_the_types_and_the_hub_wakes_only_those_who_follow_them(
    keyed: Flask, keys: AppKeys
) -> None:
    issued = keys.issue("acme")
    layers = layers_of(keyed)
    assert layers.feed is not None
    heard: queue.Queue[bytes] = queue.Queue()
    listening = threading.Event()
    listener = Listener(layers.redis)
    listener.subscribe([news_channel(key_tag(issued.id))], heard.put, listening.set)
    listener.start()
    try:
        assert listening.wait(10)
        table = create(keyed, issued.key)
        play(table, 1)
        layers.feed.flush()
        news = [heard.get(timeout=10), heard.get(timeout=10)]
    finally:
        listener.close()
    # The creation relays three entries (game_created, game_dealt, turn), the move one turn.
    numbers = [n for n, _, _ in layers.feed.read(issued.id, 0)]
    first, second = (m.split(b" ") for m in news)
    assert first[0] == second[0] == issued.id.encode()
    assert first[2:] == [b"game_created", b"game_dealt", b"turn"]
    assert second[2:] == [b"turn"]
    assert [int(first[1]), int(second[1])] == [numbers[2], numbers[3]]

    # The hub: a feed that follows some types is woken by news naming one of them, or by
    # news naming none (an older relay's format); one that follows all by any.
    hub = FeedHub(layers.redis, listener=Listener(layers.redis))
    turns = hub.admit(issued.id, ["turn"])
    seats = hub.admit(issued.id, ["match_seat", "match_finished"])
    everything = hub.admit(issued.id)
    try:
        woken = []
        for message in (news[1], b"%s 9 match_seat turn" % issued.id.encode(), first[0] + b" 9"):
            for watcher in (turns, seats, everything):
                watcher.wake.clear()
            hub.notify(message)
            woken.append([w.wake.is_set() for w in (turns, seats, everything)])
        assert woken == [[True, False, True], [True, True, True], [True, True, True]]
    finally:
        for watcher in (turns, seats, everything):
            watcher.release()
        hub.close()


def test_an_unknown_type_is_a_422(keyed: Flask, keys: AppKeys) -> None:
    key = keys.issue("acme").key
    refused = keyed.test_client().get(f"{API}/feed?events=turn&events=moves", headers=auth(key))
    assert refused.status_code == 422, refused.json
    assert refused.json["errors"]["reason"] == "validation_error"
    assert "events" in refused.json["errors"]["fields"]["query"], refused.json
    # A feed of no type at all is refused too (an empty name), not opened unfiltered.
    empty = keyed.test_client().get(f"{API}/feed?events=", headers=auth(key))
    assert empty.status_code == 422, empty.json
    joined = keyed.test_client().get(f"{API}/feed?events=turn,game_ended", headers=auth(key))
    assert joined.status_code == 422, joined.json  # the parameter repeats, as the spec says
    after = keyed.test_client().get(f"{API}/feed?after=1&after=2", headers=auth(key))
    assert after.status_code == 422, after.json  # any other parameter is still one value

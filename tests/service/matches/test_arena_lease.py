"""The arena's pairer is one at a time and never makes a match twice (issue 34), on one Redis and
on the cluster (its records share one hash tag: each plan is one script under the lease, the
match is created under the id drawn with the plan). Two pairers in this process stand for two
worker processes; a crash is a pairer that stops between two steps of its round."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from testkit.svc_helpers import API, auth

from service.access.app_keys import AppKeys
from service.matches.arena import Arena, Settings
from service.storage.keys import arena_key


def pairer(app: Flask, lease: float = 15.0) -> Arena:
    layers = app.extensions["duckpond"]
    settings = Settings(anchors=("random",), match_games=1, lease_seconds=lease)
    return Arena(
        layers.redis, layers.registry, layers.matches, layers.ratings, layers.feed, settings
    )


def test_one_pairer_at_a_time_and_no_match_made_twice(
    make_app: Callable[..., Flask], keys: AppKeys
) -> None:
    app = make_app(APP_KEYS="required")
    client = app.test_client()
    key = keys.issue("author").key
    made = client.post(
        f"{API}/bots", json={"name": "arena-lease", "games": ["ducksoup"]}, headers=auth(key)
    )
    assert made.status_code == 201
    joined = client.put(
        f"{API}/bots/arena-lease/arena",
        json={"games": ["ducksoup"], "games_per_hour": 1200, "concurrency": 1},
        headers=auth(key),
    )
    assert joined.status_code == 200
    layers = app.extensions["duckpond"]
    first, second = pairer(app, lease=0.5), pairer(app, lease=0.5)
    assert first.hold()
    assert second.step().held is False  # the other holds the lease: this one does nothing
    assert layers.redis.smembers(arena_key("open")) == set()

    # The first plans a pairing and dies before it makes the match.
    planned = first._write_plan("ducksoup", ("arena-lease", "random"), 1, 2, 1)
    assert planned is not None
    mid = planned[0]
    assert layers.matches.store.load(mid) is None
    # A pairer whose lease is gone writes no plan, even if it runs on.
    time.sleep(0.7)
    assert second.hold()
    assert first._write_plan("ducksoup", ("arena-lease", "random"), 1, 2, 1) is None
    # The new holder makes the planned match, under the planned id; no second pairing (the
    # bot's one game at once is taken).
    done = second.step()
    assert done.made == [mid] and done.planned == []
    assert layers.matches.get(mid)["bots"] == ["arena-lease", "random"]
    # A crash between creating the match and noting it: the next round creates it again,
    # which answers the match made before; there is still one.
    layers.redis.hset(arena_key(f"pairing:{mid}"), "status", "planned")
    again = second.step()
    assert again.made == [mid] and again.planned == []
    assert layers.redis.smembers(arena_key("open")) == {mid.encode()}
    owned = layers.matches.store.seat_matches(keys.list()[0]["id"])
    assert owned == [mid]  # one match seats the bot
    standing: Any = client.get(f"{API}/bots/arena-lease/arena", headers=auth(key)).json
    assert standing["open_matches"] == [mid] and standing["hour_games"] == 2

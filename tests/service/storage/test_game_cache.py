"""The per-process cache of decoded games (`service.storage.cache`): a move that names the version
this
process last saw reads nothing before its compare-and-set, and a cached version that is behind
never changes what a client is told."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Table, auth, pinned_deal, redis_commands

from engine import GAMES
from service.storage.cache import GameCache
from service.storage.keys import events_key, game_key
from service.storage.records import Stored


@pytest.fixture()
def table(client: FlaskClient) -> Table:
    """Seat 1 leads 4H; seat 2 holds 4H 4C 9D; seat 3 holds 5S."""
    return Table.create(client, deal=pinned_deal({1: "4H", 2: "4H 4C 9D", 3: "5S"}))


def _reason(r: Any) -> tuple[int, str]:
    return r.status_code, r.json["errors"]["reason"]


def test_a_move_at_the_version_this_process_wrote_reads_nothing(
    app: Flask, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat1, seat2 = table.seat(1), table.seat(2)
    assert seat1.play("4H", expected_version=0)["version"] == 1  # v0 read, v1 cached
    with redis_commands(app, monkeypatch) as sent:
        moved = seat2.post_move({"type": "play", "card": "4C"}, expected_version=1)
        assert moved.status_code == 200 and moved.json["version"] == 2
    assert sent == ["EVALSHA"]
    with redis_commands(app, monkeypatch) as sent:  # If-Match names it as well
        r = table.seat(3).post_move({"type": "play", "card": "5S"}, headers={"If-Match": '"2"'})
        assert r.status_code == 200
    assert sent == ["EVALSHA"]
    legal = table.seat(0).view()["view"]["legal_moves"]
    with redis_commands(app, monkeypatch) as sent:  # no expected version: the game is read
        assert table.seat(0).post_move(legal[0]).status_code == 200
    assert sent == ["HGETALL", "EVALSHA"]


def test_a_view_fills_the_cache_for_the_next_move(
    app: Flask, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = table.seat(1).view()
    with redis_commands(app, monkeypatch) as sent:
        r = table.seat(1).post_move(
            {"type": "play", "card": "4H"}, expected_version=view["version"]
        )
        assert r.status_code == 200
    assert sent == ["EVALSHA"]


def test_a_cached_version_behind_redis_still_answers_409_and_writes_nothing(
    app: Flask, make_app: Any, table: Table, r: redis.Redis
) -> None:
    """Another API process moved the game: this one's cache holds v1 while Redis is at v2."""
    seat1, seat2 = table.seat(1), table.seat(2)
    assert seat1.play("4H", expected_version=0)["version"] == 1  # this process caches v1
    other = make_app().test_client()
    moved = other.post(
        f"{API}/games/{table.gid}/moves",
        json={"move": {"type": "play", "card": "4H"}, "expected_version": 1},
        headers=auth(seat2.token),
    )
    assert moved.status_code == 200 and moved.json["version"] == 2
    events = r.llen(events_key(table.gid))
    # Legal at the cached v1 (seat 2 to act, holds 4C): the compare-and-set refuses it.
    late = seat2.post_move({"type": "play", "card": "4C"}, expected_version=1)
    assert _reason(late) == (409, "stale_version") and late.json["errors"]["version"] == 2
    # Illegal at v1 (seat 2 holds no 5S): still the version's 409, from the game as Redis has
    # it, not the hand's.
    odd = seat2.post_move({"type": "play", "card": "5S"}, expected_version=1)
    assert _reason(odd) == (409, "stale_version") and odd.json["errors"]["version"] == 2
    assert r.llen(events_key(table.gid)) == events
    assert seat2.view()["version"] == 2


def test_an_illegal_move_at_a_cached_current_version_is_refused_as_without_cache(
    table: Table, r: redis.Redis
) -> None:
    seat1 = table.seat(1)
    seat1.play("4H", expected_version=0)
    before = r.hgetall(game_key(table.gid))
    assert table.seat(2).refused("5S", expected_version=1) == (409, "card_not_in_hand")
    assert table.seat(3).refused("5S", expected_version=1) == (409, "not_your_turn")
    assert r.hgetall(game_key(table.gid)) == before


def _stored(gid: str, version: int, game: Any) -> Stored:
    return Stored(gid, version, game.to_dict(), {"seats": []}, "playing", 0)


def test_the_cache_hands_out_copies_and_forgets_the_least_recently_used() -> None:
    cache = GameCache(size=2)
    game = GAMES["ducksoup"].new(2, seed="cache")
    cache.put(_stored("a", 0, game), game)
    copy = cache.game(_stored("a", 0, game))
    assert copy is not None and copy is not game
    seat = min(copy.to_act())
    copy.apply(seat, copy.legal_moves(seat)[0])  # changing the copy leaves the cached one
    assert copy.to_dict() != game.to_dict()
    assert cache.game(_stored("a", 0, game)).to_dict() == game.to_dict()  # type: ignore[union-attr]
    held = cache.stored("a", 0)
    assert held is not None and held.cached
    cache.put(_stored("b", 0, game), game)
    cache.stored("a", 0)  # a is used again: b is now the oldest
    cache.put(_stored("c", 0, game), game)
    assert cache.stored("b", 0) is None
    assert cache.stored("a", 0) is not None and cache.stored("c", 0) is not None
    assert cache.stored("a", 1) is None  # another version is another entry
    off = GameCache(size=0)
    off.put(_stored("a", 0, game), game)
    assert off.stored("a", 0) is None

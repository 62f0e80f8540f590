"""The kit's transport against the real service (gunicorn, Redis, the RQ workers): it follows
an app key's feed across a cut without a gap or a duplicate, retries a move whose answer was
cut with the same Idempotency-Key (applied once, the retry answered as a replay), backs off
on the service's own 429s until they pass, and plays a seat to the end of a game."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import redis
from duckpond_kit import Kit
from duckpond_kit.examples import heuristic
from duckpond_kit.feed import FeedReader
from testkit.kitproxy import CutProxy, Seen
from testkit.service_fixtures import QUEUE_DB, gunicorn

from service.access.app_keys import AppKeys

API = "/api/v1"


def create_game(kit: Kit, game: str = "ducksoup", **options: Any) -> dict[str, Any]:
    """A game of the kit's key: seat 0 human, the others the service's random bot."""
    seats = [{}, {"bot": "random"}] if game == "ducksoup" else [{}, *[{"bot": "random"}] * 3]
    body = {"game": game, "seats": seats, "options": {"target": 1, **options}}
    return kit.request("POST", f"{API}/games", body)


@pytest.fixture()
def kit(served_with_keys: tuple[int, str]) -> Iterator[Kit]:
    port, key = served_with_keys
    with Kit(f"http://127.0.0.1:{port}", key, wait=10) as made:
        yield made


def test_the_feed_resumes_after_a_cut_without_gap_or_duplicate(kit: Kit) -> None:
    reader = FeedReader(kit.http)
    entries: list[tuple[str, dict[str, Any]]] = []
    connected = threading.Event()

    def on_entry(kind: str, data: dict[str, Any]) -> None:
        entries.append((reader.last_id or "", data))

    def created() -> set[str]:
        return {d["game_id"] for _, d in entries if d.get("type") == "game_created"}

    thread = threading.Thread(target=reader.follow, args=(on_entry, connected.set), daemon=True)
    thread.start()
    assert connected.wait(10)
    started = time.monotonic()
    first = [create_game(kit)["id"] for _ in range(2)]
    _until(lambda: set(first) <= created())
    mark = reader.last_id
    assert mark is not None
    reader.cut()  # the connection is cut under the reader
    later = [create_game(kit)["id"] for _ in range(3)]  # while it is away
    _until(lambda: set(later) <= created() and reader.connects == 2)
    reader.stop()
    thread.join(10)
    assert not thread.is_alive() and time.monotonic() - started < 10
    kinds = [d["type"] for _, d in entries]
    assert kinds[0] == "feed_opened"
    games = [d["game_id"] for _, d in entries if d["type"] == "game_created"]
    assert games == first + later  # each once, in order: nothing lost in the cut
    numbers = [int(d.get("id") or n) for n, d in entries if d["type"] != "feed_opened"]
    assert numbers == sorted(set(numbers))


def test_a_cut_move_is_retried_with_its_key_and_applied_once(
    served_with_keys: tuple[int, str],
) -> None:
    port, key = served_with_keys
    cut: list[Seen] = []

    def cut_when(seen: Seen) -> bool:
        if seen.method == "POST" and "/moves" in seen.path and not cut:
            cut.append(seen)
            return True
        return False

    proxy = CutProxy(port, cut_when)
    try:
        with (
            Kit(f"http://127.0.0.1:{port}", key, wait=10) as direct,
            Kit(f"http://127.0.0.1:{proxy.port}", key, wait=10) as kit,
        ):
            game = create_game(direct)
            runner = kit.runner({"mine": heuristic})
            runner.take([_order(game, "mine")])
            assert runner.wait_for(lambda: runner.stats["seats_done"] == 1, timeout=60)
            record = direct.request("GET", f"{API}/games/{game['id']}/record")["record"]
    finally:
        proxy.close()
    assert cut, "the proxy cut a move"
    again = [s for s in proxy.seen if s.key == cut[0].key and s is not cut[0]]
    assert len(again) == 1 and again[0].replayed, proxy.seen  # the retry got the first answer
    assert kit.retrier.stats["network_errors"] >= 1
    mine = [a for a in record["actions"] if a.get("seat") == 0 and "move" in a]
    assert len(mine) == runner.stats["moves"]  # each move applied once
    assert runner.stats["refused"] == 0


def test_the_kit_backs_off_on_the_services_429s(redis_port: int, nodes: str, bot_app: Any) -> None:
    with redis.Redis(port=redis_port, db=QUEUE_DB[1] if nodes else 1) as client:
        key = AppKeys(client).issue("kit-429").key
    limit = {"RATE_LIMIT_PER_APP_KEY": "3 per 2 second", "APP_KEYS": "required"}
    with (
        gunicorn(redis_port, 1, nodes, **limit) as port,
        Kit(f"http://127.0.0.1:{port}", key) as kit,
    ):
        started = time.monotonic()
        answers = [kit.request("GET", f"{API}/feed/games") for _ in range(8)]
        took = time.monotonic() - started
        raw = httpx.get(
            f"http://127.0.0.1:{port}{API}/feed/games",
            headers={"Authorization": f"Bearer {key}"},
        )
    assert all("games" in a for a in answers)  # every request got its answer in the end
    assert kit.retrier.stats["429"] >= 2 and kit.retrier.stats["retries"] >= 2
    assert took >= 1.0  # it waited for the window instead of hammering it
    assert raw.status_code in (200, 429)


def test_a_seat_is_played_to_the_end_with_the_heuristic(kit: Kit) -> None:
    game = create_game(kit, "doubleduck", max_deals=1)
    runner = kit.runner({"mine": heuristic})
    runner.take([_order(game, "mine")])
    runner.take([_order(game, "mine")])  # heard of twice (feed and seats): played once
    assert runner.wait_for(lambda: runner.stats["seats_done"] == 1, timeout=60)
    assert httpx.get(f"{kit.url}{API}/games/{game['id']}").json()["status"] == "over"
    record = httpx.get(f"{kit.url}{API}/games/{game['id']}/record").json()["record"]
    mine = [a for a in record["actions"] if a.get("seat") == 0 and "move" in a]
    assert runner.stats["seats"] == 1 and runner.stats["moves"] == len(mine) == 26
    assert runner.stats["refused"] == runner.stats["choose_errors"] == 0


def _order(game: dict[str, Any], bot: str) -> dict[str, Any]:
    """A `match_seat` entry for seat 0 of a plain game."""
    token = next(s["token"] for s in game["seats"] if s["seat"] == 0)
    return {"game_id": game["id"], "seat": 0, "bot": bot, "token": token, "game": game["game"]}


def _until(predicate: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_seat_marked_away_is_taken_back(kit: Kit) -> None:
    """A seat the service marked away (its moves timed out while the kit was down) is played
    by its bot at once: the kit takes it back before it plays."""
    # Two human seats deal only when the host asks, unless `auto_deal`: about 1 game in 100
    # of Duck Soup to 1 point needs a second deal.
    body = {"game": "ducksoup", "seats": [{}, {}], "options": {"target": 1, "auto_deal": True}}
    game = kit.request("POST", f"{API}/games", body)
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    away = httpx.post(
        f"{kit.url}{API}/games/{game['id']}/seats/0/away",
        json={},
        headers={"Authorization": f"Bearer {tokens[0]}"},
    )
    assert away.status_code == 200, away.text
    runner = kit.runner({"mine": heuristic})
    runner.take([{**_order(game, "mine"), "seat": seat, "token": tokens[seat]} for seat in (0, 1)])
    assert runner.wait_for(lambda: runner.stats["seats_done"] == 2, timeout=60)
    events = httpx.get(f"{kit.url}{API}/games/{game['id']}/events").json()["events"]
    kinds = [(e["type"], e["data"].get("seat")) for e in events]
    assert ("seat_returned", 0) in kinds and kinds[-1][0] == "game_over"
    assert runner.stats["moves"] > 0 and runner.stats["refused"] == 0


def test_a_runners_feed_hears_only_the_entries_it_acts_on(kit: Kit) -> None:
    """The runner plays its seats with `?wait=`: its feed is opened for `match_seat` and
    `match_finished` only (`?events=`), so the game's every `turn` costs it nothing."""
    runner = kit.runner({"mine": heuristic}).start()
    try:
        _until(lambda: runner.feed.connects == 1)
        everything = FeedReader(kit.http)  # the same key's feed, unfiltered, beside it
        heard: list[str] = []
        follower = threading.Thread(
            target=everything.follow, args=(lambda t, _: heard.append(t), lambda: None),
            daemon=True,
        )  # fmt: skip
        follower.start()
        _until(lambda: heard == ["feed_opened"])
        game = create_game(kit)
        runner.take([_order(game, "mine")])
        assert runner.wait_for(lambda: runner.stats["seats_done"] == 1, timeout=60)
        _until(lambda: "game_ended" in heard)
        everything.stop()
        follower.join(10)
    finally:
        runner.stop()
    assert heard.count("turn") >= runner.stats["moves"] > 0  # what the feed had to tell
    assert runner.stats["feed_entries"] == 1  # its own `feed_opened`, and none of those

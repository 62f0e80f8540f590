"""The arena played for real (issue 34's proof): outside bots opted in, their seats played by the
kit (`duckpond_kit`) against a real gunicorn, paired and rated by the pairers of two real worker
processes (one holds the lease), with nobody creating a match by hand; and a bot whose client
never plays is paused, with the reason on its owner's feed. Database 2 with its own workers:
short rounds, one-game matches, a short move clock (`ARENA_*` settings)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from duckpond_kit import Kit
from duckpond_kit.examples import heuristic, random_move
from testkit.service_fixtures import gunicorn

from service.access.app_keys import AppKeys
from service.storage.keys import arena_key, feed_key

DB = 2
ARENA = {
    "ARENA_INTERVAL_SECONDS": "0.5",
    "ARENA_MATCH_GAMES": "1",
    "ARENA_ANCHORS": "random,heuristic",
    "APP_KEYS": "required",
}


@pytest.fixture()
def pond(redis_port: int, nodes: str) -> Iterator[Any]:
    """Database 2, emptied; a client on it."""
    client = redis.Redis(port=redis_port, db=DB)
    client.flushdb()
    yield client
    client.flushdb()
    client.close()


def pairings(client: Any) -> list[dict[str, Any]]:
    out = []
    for key in client.scan_iter(arena_key("pairing:*")):
        raw = {k.decode(): v.decode() for k, v in client.hgetall(key).items()}
        raw["bots"] = json.loads(raw["bots"])
        out.append(raw)
    return out


def test_two_keys_kit_bots_are_paired_and_rated_and_the_better_ends_above(
    pond: Any, redis_port: int, spawn_worker: Callable[..., Any]
) -> None:
    keys = AppKeys(pond)
    strong, weak = keys.issue("strong-author").key, keys.issue("weak-author").key
    for _ in range(2):  # two processes, two pairers: the lease lets one pair
        spawn_worker(DB, "live", **ARENA, ARENA_MOVE_SECONDS="10")
    with gunicorn(redis_port, DB, APP_KEYS="required") as port:
        url = f"http://127.0.0.1:{port}"
        with Kit(url, strong) as kit_h, Kit(url, weak) as kit_r:
            for kit, name in ((kit_h, "arena-heuristic"), (kit_r, "arena-random")):
                kit.register(name, ["ducksoup"])
                joined = kit.request(
                    "PUT", f"/api/v1/bots/{name}/arena",
                    {"games": ["ducksoup"], "games_per_hour": 1200, "concurrency": 4},
                )  # fmt: skip
                assert joined["status"] == "active"
            runner_h = kit_h.runner({"arena-heuristic": heuristic}).start()
            runner_r = kit_r.runner({"arena-random": random_move}).start()

            def ladder() -> dict[str, dict[str, Any]]:
                entries = kit_h.request("GET", "/api/v1/ladder/ducksoup")["entries"]
                return {e["bot"]: {**e, "rank": n} for n, e in enumerate(entries)}

            deadline = time.monotonic() + 240
            seen: dict[str, dict[str, Any]] = {}
            while time.monotonic() < deadline:
                seen = ladder()
                h, r = seen.get("arena-heuristic"), seen.get("arena-random")
                faced = any(
                    set(p["bots"]) == {"arena-heuristic", "arena-random"}
                    and p["status"] == "closed"
                    for p in pairings(pond)
                )
                if h and r and faced and min(h["games"], r["games"]) >= 8 and h["rank"] < r["rank"]:
                    break
                time.sleep(1.0)
            else:
                raise AssertionError(f"not paired and rated in time: {seen}, {pairings(pond)}")
            runner_h.stop()
            runner_r.stop()
    made = pairings(pond)
    # Every match was the arena's: no key created one (no creator key on any).
    assert made and all(p["status"] in ("made", "closed") for p in made), made
    against = {b for p in made for b in p["bots"]} - {"arena-heuristic", "arena-random"}
    assert against and against <= {"random", "heuristic"}  # and the anchors
    assert (seen["arena-heuristic"]["owner"], seen["arena-random"]["owner"]) == (
        "strong-author", "weak-author",
    )  # fmt: skip
    assert runner_h.stats["seats"] > 0 and runner_r.stats["seats"] > 0  # told on their feeds
    assert runner_h.stats["refused"] == 0 and runner_r.stats["refused"] == 0


def test_a_bot_that_never_plays_is_paused_with_its_reason_on_the_feed(
    pond: Any, redis_port: int, spawn_worker: Callable[..., Any]
) -> None:
    keys = AppKeys(pond)
    issued = keys.issue("sleepy-author")
    spawn_worker(DB, "live", **ARENA, ARENA_MOVE_SECONDS="1")
    with (
        gunicorn(redis_port, DB, APP_KEYS="required") as port,
        Kit(f"http://127.0.0.1:{port}", issued.key) as kit,
    ):
        kit.register("arena-sleeper", ["ducksoup"])
        kit.request(
            "PUT", "/api/v1/bots/arena-sleeper/arena",
            {"games": ["ducksoup"], "games_per_hour": 1200, "concurrency": 2},
        )  # fmt: skip
        deadline = time.monotonic() + 90
        standing: dict[str, Any] = {}
        while time.monotonic() < deadline:
            standing = kit.request("GET", "/api/v1/bots/arena-sleeper/arena")
            if standing["status"] == "paused":
                break
            time.sleep(0.5)
        else:
            raise AssertionError(f"not paused: {standing}")
        assert "timed-out moves" in standing["reason"]
        # Paused: no new pairing, round after round, until it is opted in again.
        count = len(pairings(pond))
        time.sleep(3)
        assert len(pairings(pond)) == count
        assert kit.request("GET", "/api/v1/bots/arena-sleeper/arena")["status"] == "paused"
        # Opting in again resumes it.
        again = kit.request(
            "PUT", "/api/v1/bots/arena-sleeper/arena",
            {"games": ["ducksoup"], "games_per_hour": 1200, "concurrency": 2},
        )  # fmt: skip
        assert again["status"] == "active" and "reason" not in again
    entries = [
        json.loads(fields[b"d"])
        for _, fields in pond.xrange(feed_key(issued.id))
        if fields[b"t"] == b"arena_paused"
    ]
    assert len(entries) == 1, entries
    [entry] = entries
    assert entry["bot"] == "arena-sleeper" and entry["reason"] == standing["reason"]
    assert entry["timeouts"] >= entry["seat_games"] >= 1
    assert entry["match_id"] in {p["match"] for p in pairings_with_ids(pond)}


def pairings_with_ids(client: Any) -> list[dict[str, str]]:
    return [
        {"match": key.decode().rsplit(":", 1)[1]}
        for key in client.scan_iter(arena_key("pairing:*"))
    ]

"""Outside matches (issue 25): a match that seats a bot registered by an app key is played as
real service games, `concurrency` at once, each outside seat told to its key (a `match_seat`
feed entry, `GET /api/v1/feed/seats`) and played through the ordinary move API by the key's
own client; a client that stops has its moves played by the random bot (`timeouts`), and the
match still finishes. Real redis-server (and the cluster: `ON_BOTH`), real RQ workers (the
session's, with the watchdog that times the moves out), the feed read from a real gunicorn."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from rq import Queue
from rq.serializers import JSONSerializer
from testkit.service_fixtures import QUEUE_DB, gunicorn
from testkit.streamkit import NDJSON, FeedReader
from testkit.svc_helpers import API, auth, wait_for

from bots.match import MatchSpec, game_seed, play_match, rotations
from engine import GAMES
from service import jobs
from service.access.app_keys import AppKeys
from service.app import create_app
from service.games.callers import sha256
from service.matches.match_games import Outside, game_options
from service.storage.keys import feed_key, game_key, games_key

MATCHES = f"{API}/matches"
BOT = "pond-author-bot"
SMALL: dict[str, Any] = {
    "game": "ducksoup",
    "bots": [BOT, "heuristic"],
    "games": 3,
    "seed": "outside",
    "options": {"target": 1},
}


class Author:
    """An app key's client: registers its bot, reads its feed, plays its seats."""

    def __init__(self, client: FlaskClient, key: str) -> None:
        self.client = client
        self.key = key
        self.hands: dict[tuple[str, int], list[str]] = {}
        """(game, seat) -> the hand the seat was dealt (seen before its first move)."""

    def headers(self, token: str | None = None) -> dict[str, str]:
        if token is None:
            return auth(self.key)
        return {**auth(token), "Duckpond-App-Key": self.key}

    def register(self, name: str = BOT, games: tuple[str, ...] = ("ducksoup",)) -> None:
        r = self.client.post(
            f"{API}/bots",
            json={"name": name, "description": "a test", "games": list(games)},
            headers=self.headers(),
        )
        assert r.status_code == 201, r.json

    def create(self, **changes: Any) -> dict[str, Any]:
        """A match of SMALL with `changes`; a change to None leaves that field out."""
        body = {k: v for k, v in {**SMALL, **changes}.items() if v is not None}
        r = self.client.post(MATCHES, json=body, headers=self.headers())
        assert r.status_code == 202, r.json
        return dict(r.json)

    def seats(self) -> list[dict[str, Any]]:
        r = self.client.get(f"{API}/feed/seats", headers=self.headers())
        assert r.status_code == 200, r.json
        return list(r.json["seats"])

    def play(self, seat: dict[str, Any]) -> bool:
        """One move of `seat` (its first legal one) if it is to act; False when its game ended."""
        gid, n = seat["game_id"], seat["seat"]
        r = self.client.get(f"{API}/games/{gid}", headers=self.headers(seat["token"]))
        assert r.status_code == 200, r.json
        body = r.json
        if body["status"] in ("over", "abandoned"):
            return False
        view = body["view"]
        self.hands.setdefault((gid, n), list(view["hand"]))
        if n in view["to_act"] and view["legal_moves"]:
            moved = self.client.post(
                f"{API}/games/{gid}/moves",
                json={"move": view["legal_moves"][0], "expected_version": body["version"]},
                headers=self.headers(seat["token"]),
            )
            assert moved.status_code in (200, 409), moved.json  # 409: the clock beat us
        return True


@pytest.fixture()
def keyed(redis_port: int, nodes: str, bot_app: Flask) -> Iterator[tuple[Flask, AppKeys]]:
    """An app on the worker's database (the session's workers play the built-in seats, time
    out the late moves and run the driver's jobs), app keys required."""
    app = create_app({**bot_app.config, "APP_KEYS": "required"})
    with redis.Redis(port=redis_port, db=QUEUE_DB[1] if nodes else 1) as client:
        yield app, AppKeys(client)


def author(app: Flask, keys: AppKeys, name: str = "author") -> Author:
    return Author(app.test_client(), keys.issue(name).key)


def live_games(app: Flask, mid: str) -> int:
    layers = app.extensions["duckpond"]
    gids = [g.decode() for g in layers.redis.hvals(games_key(mid))]
    statuses = [layers.redis.hget(game_key(g), "status") for g in gids]
    return sum(1 for s in statuses if s not in (b"over", b"abandoned", None))


def test_an_outside_match_is_played_by_its_keys_client_to_the_end(
    keyed: tuple[Flask, AppKeys], redis_port: int, nodes: str
) -> None:
    app, keys = keyed
    me = author(app, keys)
    me.register()
    with gunicorn(redis_port, 1, nodes, APP_KEYS="required") as port:
        feed = FeedReader(port, me.key, accept=NDJSON)
        assert feed.status == 200
        try:
            created = me.create(concurrency=2)
            mid = created["id"]
            assert created["outside"] == {BOT: "author"}
            assert (created["move_seconds"], created["concurrency"]) == (10, 2)
            assert created["rotations"] == [[BOT, "heuristic"], ["heuristic", BOT]]
            told: dict[str, dict[str, Any]] = {}
            entries: list[dict[str, Any]] = []
            most_live = 0
            deadline = time.monotonic() + 50

            def heard(gid: str) -> dict[str, Any] | None:
                for entry in feed.drain():
                    entries.append(entry)
                    if entry["type"] == "match_seat":
                        told.setdefault(entry["game_id"], entry)
                return told.get(gid)

            # The feed says which seats to play; the list (read now and then: the app key's
            # own requests count against its rate limit, a seat token's do not) agrees.
            ended: set[str] = set()
            sealed_seen = False
            listed_at = 0.0
            while time.monotonic() < deadline:
                heard("")
                if time.monotonic() - listed_at > 0.5:
                    listed_at = time.monotonic()
                    for seat in me.seats():
                        assert wait_for(lambda s=seat: heard(s["game_id"]), timeout=5) == seat
                most_live = max(most_live, live_games(app, mid))
                for gid, seat in list(told.items()):
                    if gid not in ended and not me.play(seat):
                        ended.add(gid)
                body = me.client.get(f"{MATCHES}/{mid}").json
                if body["status"] == "done":
                    break
                if ended and not sealed_seen:
                    # While it runs, no seed leaves: game i is dealt from `{seed}:{i}`, so one
                    # game's seed (its record has it) would give the later deals away.
                    assert body["seed"] is None
                    early = me.client.get(f"{API}/games/{next(iter(ended))}/record")
                    assert early.status_code == 409
                    assert early.json["errors"]["reason"] == "match_not_over"
                    part = me.client.get(f"{MATCHES}/{mid}/games").json["records"]
                    assert all("seed" not in r for r in part)
                    sealed_seen = True
            else:
                raise AssertionError(f"the match did not finish: {body}")
            time.sleep(0.3)
            entries += feed.drain()
        finally:
            feed.close()
    assert most_live <= 2 and sealed_seen
    assert body["seed"] == SMALL["seed"]  # done: the seed is the record's again
    # Every game told once, to its seat's key, its token the seat's.
    seats = [e for e in entries if e["type"] == "match_seat"]
    assert len(seats) == 6 and len({e["game_id"] for e in seats}) == 6
    assert sorted((e["index"], e["rotation"], e["seat"]) for e in seats) == [
        (i, r, r) for i in range(3) for r in range(2)
    ]
    assert {e["bot"] for e in seats} == {BOT} and {e["match_id"] for e in seats} == {mid}
    assert [e["type"] for e in entries if e["type"].startswith("match_")][-1] == "match_finished"
    assert me.seats() == []  # every game over
    # The same shape as the same match played in-process; its deals dealt from the same seeds.
    local_bots = ["random", "heuristic"]
    records, summary = play_match(MatchSpec.from_json({**SMALL, "bots": local_bots}))
    assert body["progress"] == {"done": 3, "failed": 0, "total": 3}
    assert [b["bot"] for b in body["results"]["bots"]] == [BOT, "heuristic"]
    for mine, local in zip(body["results"]["bots"], summary["bots"], strict=True):
        assert mine.keys() == local.keys()
        assert (mine["seat_games"], mine["seat_deals"], mine["timeouts"]) == (6, 6, 0)
    assert [c["bots"] for c in body["results"]["comparisons"]] == [[BOT, "heuristic"]]
    games = me.client.get(f"{MATCHES}/{mid}/games").json["records"]
    for record, local in zip(games, records, strict=True):
        assert (record["index"], record["seed"]) == (local["index"], local["seed"])
        for r, (rot, loc) in enumerate(zip(record["rotations"], local["rotations"], strict=True)):
            assert rot["bots"] == list(rotations(SMALL["bots"])[r])
            assert set(rot) == {*loc, "timeouts", "game_id"}
            assert rot["timeouts"] == [0, 0]
            assert len(rot["deal_scores"]) == 1 and rot["moves"] > 0
            # Duplicate deals: the outside seat held the cards the engine deals from the seed.
            dealt = GAMES["ducksoup"].new(2, seed=game_seed("outside", record["index"]),
                                          options={"target": 1})  # fmt: skip
            seat = rot["bots"].index(BOT)
            assert me.hands[(rot["game_id"], seat)] == dealt.view(seat)["hand"]
            played = me.client.get(f"{API}/games/{rot['game_id']}/record").json["record"]
            assert played["seed"] == record["seed"]


def test_a_client_that_stops_playing_times_out_and_the_match_finishes(
    keyed: tuple[Flask, AppKeys], nodes: str, spawn_worker: Callable[..., Any]
) -> None:
    app, keys = keyed
    if nodes:  # the session's cluster workers sweep no clocks: one that does, for this test
        spawn_worker(1, "live")
    me = author(app, keys)
    me.register()
    created = me.create(games=1, move_seconds=1)
    mid = created["id"]

    def finished() -> dict[str, Any] | None:
        body = me.client.get(f"{MATCHES}/{mid}").json
        return body if body["status"] == "done" else None

    body = wait_for(finished, timeout=45, step=0.2)
    mine, heuristic = body["results"]["bots"]
    (record,) = me.client.get(f"{MATCHES}/{mid}/games").json["records"]
    moves = 0
    for rot in record["rotations"]:
        seat = rot["bots"].index(BOT)
        assert rot["timeouts"][seat] > 0 and rot["timeouts"][1 - seat] == 0
        moves += rot["timeouts"][seat]
        events = me.client.get(f"{API}/games/{rot['game_id']}/events?limit=1000").json["events"]
        timed_out = [e for e in events if e["type"] == "turn_timed_out"]
        assert len(timed_out) == 3  # then the seat is away: played at once
        assert any(e["type"] == "seat_away" for e in events)
    assert (mine["bot"], mine["timeouts"]) == (BOT, moves)
    assert heuristic["timeouts"] == 0


def test_refusals(keyed: tuple[Flask, AppKeys]) -> None:
    app, keys = keyed
    me, other = author(app, keys), author(app, keys, "other")
    other.register("someone-elses")
    me.register()
    me.register("retiring", games=("ducksoup", "duck"))
    assert me.client.delete(f"{API}/bots/retiring", headers=me.headers()).status_code == 200

    def refused(changes: dict[str, Any], status: int, reason: str) -> None:
        r = me.client.post(MATCHES, json={**SMALL, **changes}, headers=me.headers())
        assert (r.status_code, r.json["errors"]["reason"]) == (status, reason), r.json

    refused({"bots": ["nobody-here", "heuristic"]}, 422, "unknown_bot")
    refused({"game": "duck", "bots": [BOT, "heuristic", "random"]}, 422, "unknown_bot")
    refused({"bots": ["retiring", "heuristic"]}, 422, "retired_bot")
    refused({"bots": ["someone-elses", "heuristic"]}, 403, "challenge_required")
    refused({"move_seconds": 0}, 422, "validation_error")
    refused({"concurrency": 65}, 422, "validation_error")
    assert me.client.get(f"{API}/feed/seats").status_code == 401


# --- the driver, in-process ---------------------------------------------------------------


@pytest.fixture()
def quiet(make_app: Callable[..., Flask], keys: AppKeys) -> tuple[Flask, AppKeys]:
    """An app with no worker: the test runs the driver's steps itself."""
    return make_app(APP_KEYS="required"), keys


def test_the_driver_run_twice_creates_each_game_once(
    quiet: tuple[Flask, AppKeys], r: redis.Redis
) -> None:
    app, keys = quiet
    me = author(app, keys)
    me.register()
    mid = me.create(concurrency=3)["id"]
    layers = app.extensions["duckpond"]
    spec = MatchSpec.from_json(SMALL)
    # A driver that died between creating game 0 and noting it: its key gives the game back.
    with app.app_context():
        first = layers.tables.create(
            {
                "game": "ducksoup",
                "seats": [{}, {"bot": "heuristic"}],
                "seed": game_seed("outside", 0),
                "options": game_options(spec, Outside({}, 10, 3)),
            },
            f"{mid}.0.0",
            scope=f"match:{mid}",
            owner=None,
            bound={0: "x"},
            match={"id": mid, "index": 0, "rotation": 0},
        ).body["id"]
        layers.matches.advance(mid)
        made = layers.matches.store.games(mid)
        layers.matches.advance(mid)
        assert layers.matches.store.games(mid) == made
    assert sorted(made) == [0, 1, 2] and made[0] == first
    assert len(set(made.values())) == 3
    assert live_games(app, mid) == 3
    seats = me.seats()
    assert [(s["index"], s["rotation"]) for s in seats] == [(0, 0), (0, 1), (1, 0)]
    # A seat's token is its key's alone: nothing without the key, another key sees none.
    other = author(app, keys, "other")
    assert other.seats() == []
    url = f"{API}/games/{seats[1]['game_id']}"
    alone = me.client.get(url, headers=auth(seats[1]["token"]))
    assert (alone.status_code, alone.json["errors"]["reason"]) == (401, "app_key_required")
    theirs = me.client.get(url, headers=other.headers(seats[1]["token"]))
    assert (theirs.status_code, theirs.json["errors"]["reason"]) == (403, "seat_of_another_key")
    assert me.client.get(url, headers=me.headers(seats[1]["token"])).status_code == 200
    layers.feed.recover(older_ms=0)  # what the relayer has not moved yet
    assert layers.feed.pending_outbox() == 0
    key_id = me.key.split("_")[1]
    told = [json.loads(f[b"d"]) for _, f in r.xrange(feed_key(key_id)) if f[b"t"] == b"match_seat"]
    assert sorted(e["game_id"] for e in told) == sorted(made.values())  # each seat told once


def test_cancel_abandons_the_live_games(quiet: tuple[Flask, AppKeys]) -> None:
    app, keys = quiet
    me = author(app, keys)
    me.register()
    created = me.create(concurrency=2)
    mid = created["id"]
    with app.app_context():
        app.extensions["duckpond"].matches.advance(mid)
    assert live_games(app, mid) == 2
    r = me.client.post(f"{MATCHES}/{mid}/cancel", headers=auth(created["host_token"]), json={})
    assert r.status_code == 200 and r.json["status"] == "cancelled"
    assert live_games(app, mid) == 0
    assert me.seats() == []
    again = me.client.post(f"{MATCHES}/{mid}/cancel", headers=auth(created["host_token"]))
    assert again.status_code == 200 and again.json["status"] == "cancelled"


def test_a_bot_in_two_seats_gets_both_told(quiet: tuple[Flask, AppKeys]) -> None:
    app, keys = quiet
    me = author(app, keys)
    me.register(games=("doubleduck",))
    body = {"game": "doubleduck", "bots": [BOT, "heuristic", BOT, "heuristic"], "games": 1}
    created = me.create(**body, options={"max_deals": 1})
    assert created["rotations"] == [body["bots"], ["heuristic", BOT, "heuristic", BOT]]
    with app.app_context():
        app.extensions["duckpond"].matches.advance(created["id"])
    seats = me.seats()
    assert [(s["rotation"], s["seat"]) for s in seats] == [(0, 0), (0, 2), (1, 1), (1, 3)]
    assert len({s["token"] for s in seats}) == 4
    for s in seats:  # each token is its own seat's
        view = me.client.get(f"{API}/games/{s['game_id']}", headers=me.headers(s["token"]))
        assert view.json["view"]["seat"] == s["seat"]


def test_an_accepted_challenge_makes_the_match_once(quiet: tuple[Flask, AppKeys]) -> None:
    """What a challenge's acceptance calls (`service.matches.challenges`): another key's bot seated,
    under the match id and host token the challenge made."""
    app, keys = quiet
    me, other = author(app, keys), author(app, keys, "other")
    other.register()
    host = "m0challenge1.s3cr3t-host-token"
    layers = app.extensions["duckpond"]
    owner = me.key.split("_")[1]
    with app.app_context():
        made = layers.matches.create(
            SMALL, owner=owner, accepted=True, mid="m0challenge1", host_hash=sha256(host)
        )
        again = layers.matches.create(
            SMALL, owner=owner, accepted=True, mid="m0challenge1", host_hash=sha256(host)
        )
    assert made.body["id"] == again.body["id"] == "m0challenge1"
    assert "host_token" not in made.body and again.replayed
    assert made.body["outside"] == {BOT: "other"}
    with app.app_context():
        layers.matches.advance("m0challenge1")
    assert len(other.seats()) == 6 and me.seats() == []  # 3 games x 2 rotations, all live
    cancelled = me.client.post(f"{MATCHES}/m0challenge1/cancel", headers=auth(host), json={})
    assert cancelled.status_code == 200 and cancelled.json["status"] == "cancelled"
    assert other.seats() == []


class Ladder:
    """Stands where the ratings helper's `Ratings` goes: what the driver hands it."""

    def __init__(self) -> None:
        self.rated: list[tuple[str | None, int]] = []

    def rate(self, spec: MatchSpec, record: dict[str, Any], match_id: str | None = None) -> str:
        self.rated.append((match_id, int(record["index"])))
        return "rated"


def run_jobs(app: Flask) -> None:
    """The queued jobs of this app (bot turns and the driver's steps), in-process, each as a
    worker runs it (`Job.perform`), until none is left."""
    layers = app.extensions["duckpond"]
    queues = [layers.bot_queue, layers.bulk_queue]
    jobs.install(layers)
    try:
        while True:
            taken = Queue.dequeue_any(
                queues, None, connection=queues[0].connection, serializer=JSONSerializer
            )
            if taken is None:
                return
            job, _ = taken
            job.perform()
    finally:
        jobs.install(None)


def test_every_recorded_game_is_handed_to_the_ratings(quiet: tuple[Flask, AppKeys]) -> None:
    app, keys = quiet
    me = author(app, keys)
    me.register()
    ladder = Ladder()
    app.extensions["duckpond"].matches.ratings = ladder
    # The server draws the seed: rated. The author chose it (and so knew every deal): not.
    created = me.create(games=2, concurrency=1, seed=None)
    chosen = me.create(games=1, concurrency=1)
    assert (created["rated"], chosen["rated"]) == (True, False)
    for _ in range(400):
        run_jobs(app)
        seats = me.seats()
        if not seats:
            break
        for seat in seats:
            me.play(seat)
    for made, games in ((created, 2), (chosen, 1)):
        body = me.client.get(f"{MATCHES}/{made['id']}").json
        assert (body["status"], body["progress"]["done"]) == ("done", games)
    assert sorted(ladder.rated) == [(created["id"], 0), (created["id"], 1)]

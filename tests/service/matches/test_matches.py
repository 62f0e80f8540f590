"""Matches over HTTP with a real redis-server: a match played by the REAL worker to completion
and checked against a local replay through bots/match.py; job deduplication, a job run twice,
the read-side watchdog, and every refusal in the one error format."""

from __future__ import annotations

import json
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from rq import Queue
from rq.job import Job
from rq.serializers import JSONSerializer
from testkit.svc_helpers import burst_worker, run_queue, wait_for

from bots import BOTS, Bot, random_bot
from bots.match import MatchSpec, play_match
from service import jobs
from service.api.common import matches
from service.matches.matches import WINDOW, match_job_id
from service.storage.keys import match_key, results_key

API = "/api/v1/matches"
HRHR = ["heuristic", "random", "heuristic", "random"]
SMALL: dict[str, Any] = {
    "game": "doubleduck",
    "bots": HRHR,
    "games": 3,
    "seed": "duplicate",
    "options": {"max_deals": 1},
}


def create(client: FlaskClient, **changes: Any) -> dict[str, Any]:
    r = client.post(API, json={**SMALL, **changes})
    assert r.status_code == 202, r.json
    assert r.headers["Location"] == f"{API}/{r.json['id']}"
    return dict(r.json)


def queue_of(app: Flask) -> Queue:
    return Queue(
        app.config["BULK_QUEUE"],
        connection=matches_of(app).queue.connection,
        serializer=JSONSerializer,
    )


def matches_of(app: Flask) -> Any:
    with app.app_context():
        return matches()


def run_jobs(app: Flask) -> None:
    """The queued jobs of this app's database, in-process (SimpleWorker, JSON serializer)."""
    q = queue_of(app)
    jobs.install(app.extensions["duckpond"])
    try:
        run_queue(q)
    finally:
        jobs.install(None)


# --- the real worker ------------------------------------------------------------------------


def test_a_match_runs_on_the_worker_and_matches_a_local_replay(bot_client: FlaskClient) -> None:
    created = create(bot_client)
    assert created["status"] in ("queued", "running")
    assert created["rotations"] == [HRHR, ["random", "heuristic", "random", "heuristic"]]
    url = f"{API}/{created['id']}"

    def finished() -> dict[str, Any] | None:
        body = bot_client.get(url).json
        return body if body["status"] == "done" else None

    body = wait_for(finished, timeout=30)
    assert body["progress"] == {"done": 3, "failed": 0, "total": 3}
    records, summary = play_match(MatchSpec.from_json(SMALL))
    assert body["results"] == json.loads(json.dumps(summary))  # the same numbers, exactly
    heuristic, random_ = body["results"]["bots"]
    assert (heuristic["bot"], heuristic["seat_games"], heuristic["seat_deals"]) == (
        "heuristic",
        12,
        12,
    )
    assert random_["seat_games"] == 12
    games = bot_client.get(f"{url}/games").json
    assert games["records"] == json.loads(json.dumps(records))
    for record in games["records"]:
        assert {r["moves"] for r in record["rotations"]} == {104}
    again = bot_client.get(url).json  # served from the cached summary now
    assert again["results"] == body["results"] and again["status"] == "done"


# --- jobs, in-process -----------------------------------------------------------------------


def test_status_goes_from_queued_to_done(app: Flask, client: FlaskClient, r: redis.Redis) -> None:
    created = create(client, games=2)
    assert (created["status"], created["progress"]) == (
        "queued",
        {"done": 0, "failed": 0, "total": 2},
    )
    assert created["results"]["bots"][0]["deal_score"]["mean"] is None
    assert queue_of(app).job_ids == [match_job_id(created["id"], i) for i in range(2)]
    run_jobs(app)
    body = client.get(f"{API}/{created['id']}").json
    assert (body["status"], body["progress"]) == ("done", {"done": 2, "failed": 0, "total": 2})
    assert r.ttl(match_key(created["id"])) > 0  # finished matches expire like finished games
    assert r.ttl(results_key(created["id"])) > 0


def test_a_duplicate_enqueue_is_one_job(app: Flask, client: FlaskClient) -> None:
    created = create(client, games=2)
    layer = matches_of(app)
    layer._enqueue(created["id"], [0, 1, 0])
    q = queue_of(app)
    assert q.count == 2
    assert sorted(q.job_ids) == [match_job_id(created["id"], i) for i in range(2)]


def test_a_job_run_twice_records_once(app: Flask, client: FlaskClient, r: redis.Redis) -> None:
    created = create(client, games=2)
    mid = created["id"]
    layer = matches_of(app)
    assert layer.play(mid, 0) == "recorded"
    assert layer.play(mid, 0) == "duplicate"  # already there: not even replayed
    # Two runs racing past that check: the second HSETNX loses and changes nothing.
    before = r.hget(results_key(mid), "0")
    layer.store.has_result = lambda *a: False  # type: ignore[method-assign]
    assert layer.play(mid, 0) == "duplicate"
    assert r.hget(results_key(mid), "0") == before
    body = client.get(f"{API}/{mid}").json
    assert body["progress"] == {"done": 1, "failed": 0, "total": 2}
    assert body["results"]["bots"][0]["seat_games"] == 4  # one game x two rotations x 2 seats
    # The real RQ job, enqueued again after its first run, counts once too.
    run_jobs(app)
    layer._enqueue(mid, [1])
    run_jobs(app)
    assert client.get(f"{API}/{mid}").json["progress"] == {"done": 2, "failed": 0, "total": 2}


def test_jobs_of_unknown_matches_do_nothing(app: Flask, r: redis.Redis) -> None:
    layer = matches_of(app)
    assert layer.play("nope", 0) == "missing"
    assert layer.play("bad:id", 0) == "missing"
    assert r.keys("dp:*") == []


def test_a_lost_job_is_enqueued_again_when_read(app: Flask, client: FlaskClient) -> None:
    created = create(client, games=2)
    Job.fetch(match_job_id(created["id"], 1), connection=matches_of(app).queue.connection).delete()
    assert queue_of(app).job_ids == [match_job_id(created["id"], 0)]
    client.get(f"{API}/{created['id']}")
    assert sorted(queue_of(app).job_ids) == [match_job_id(created["id"], i) for i in range(2)]


def test_a_game_recorded_while_its_match_is_read_is_not_played_again(
    app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    """The read takes the records first and the jobs' status next: a game whose job records it
    and ends in between has no job, yet it is not lost (it was played and re-enqueued before)."""
    mid = create(client, games=2)["id"]
    layer = matches_of(app)
    spec = MatchSpec.from_json(json.loads(layer.store.load(mid)[b"spec"]))
    before = layer.store.records(mid)  # nothing recorded yet, as the read saw it
    layer.play(mid, 0)  # then game 0 is played and recorded ...
    Job.fetch(match_job_id(mid, 0), connection=layer.queue.connection).delete()  # ... its job gone
    with caplog.at_level("WARNING", logger="duckpond.matches"):
        assert layer._kick(mid, spec, before) == 0
    assert match_job_id(mid, 0) not in queue_of(app).job_ids
    assert "lost games" not in caplog.text


def test_a_match_keeps_only_a_window_of_jobs_queued(app: Flask, client: FlaskClient) -> None:
    """Bot turns of live games share the queue: a match never puts more than a window ahead."""
    big = create(client, games=WINDOW + 5)
    ids = [match_job_id(big["id"], i) for i in range(WINDOW + 5)]
    assert queue_of(app).job_ids == ids[:WINDOW]
    matches_of(app).play(big["id"], 0)  # a job enqueues game i + WINDOW as it starts
    assert queue_of(app).job_ids == [*ids[:WINDOW], ids[WINDOW]]
    run_jobs(app)
    assert client.get(f"{API}/{big['id']}").json["status"] == "done"


def test_the_watchdog_follows_the_window(app: Flask, client: FlaskClient, r: redis.Redis) -> None:
    layer = matches_of(app)
    layer.window = 2
    mid = create(client, games=5)["id"]
    assert queue_of(app).job_ids == [match_job_id(mid, 0), match_job_id(mid, 1)]
    layer.play(mid, 0)  # records game 0 and enqueues game 2
    jobs = queue_of(app).connection  # the queues' Redis (on the cluster backend, not `r`)
    Job.fetch(match_job_id(mid, 2), connection=jobs).delete()  # ... whose job is then lost
    jobs.hset(Job.key_for(match_job_id(mid, 1)), "status", "failed")  # and game 1 fails for good
    body = client.get(f"{API}/{mid}").json
    assert body["progress"] == {"done": 1, "failed": 1, "total": 5}
    queued = set(queue_of(app).job_ids)
    # 2 is due (0 is recorded) and 3 too (1 failed): both enqueued; 4 waits for 2.
    assert {match_job_id(mid, 2), match_job_id(mid, 3)} <= queued
    assert match_job_id(mid, 4) not in queued


def test_games_are_paged(app: Flask, client: FlaskClient) -> None:
    created = create(client, games=3)
    run_jobs(app)
    page = client.get(f"{API}/{created['id']}/games?start=1&limit=1").json
    assert [g["index"] for g in page["records"]] == [1]
    assert page["records"][0]["seed"] == "duplicate:1"
    assert client.get(f"{API}/{created['id']}/games?limit=0").status_code == 422


def test_a_seed_is_drawn_when_absent(client: FlaskClient) -> None:
    body = {k: v for k, v in SMALL.items() if k != "seed"}
    r = client.post(API, json=body)
    assert r.status_code == 202 and len(r.json["seed"]) >= 8


# --- refusals -------------------------------------------------------------------------------


def test_an_unknown_match_is_404(client: FlaskClient) -> None:
    for url in (f"{API}/nope", f"{API}/nope/games", f"{API}/a:b"):
        r = client.get(url)
        assert r.status_code == 404, url
        assert r.json["errors"]["reason"] in ("no_such_match", "not_found")
        assert set(r.json) == {"code", "status", "message", "errors"}
    assert client.get(f"{API}/nope").json["errors"]["reason"] == "no_such_match"


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"game": "chess"}, "unknown_game"),
        ({"bots": ["heuristic", "random", "heuristic", "nobody"]}, "unknown_bot"),
        ({"game": "ducksoup", "bots": ["dd-only", "random"]}, "unknown_bot"),
        ({"bots": ["random"] * 3}, "invalid_seats"),
        ({"bots": []}, "validation_error"),
        ({"games": 0}, "validation_error"),
        ({"games": 10_001}, "validation_error"),
        ({"games": "3"}, "validation_error"),
        ({"options": {"max_deals": 9}}, "invalid_options"),
        ({"options": {"colour": "red"}}, "invalid_options"),
        ({"owner": "me"}, "validation_error"),
    ],
)
def test_a_bad_body_is_422_with_a_reason(
    client: FlaskClient,
    r: redis.Redis,
    changes: dict[str, Any],
    reason: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    only = Bot("dd-only", "Doubleduck only.", "none", {"doubleduck": random_bot.choose})
    monkeypatch.setitem(BOTS, only.name, only)
    resp = client.post(API, json={**SMALL, **changes})
    assert resp.status_code == 422, resp.json
    assert resp.json["errors"]["reason"] == reason
    assert r.keys("dp:*") == [] and r.keys("rq:job:*") == []  # nothing stored, nothing queued


def test_a_missing_field_is_422(client: FlaskClient) -> None:
    resp = client.post(API, json={"game": "doubleduck", "bots": HRHR})
    assert resp.status_code == 422
    assert "games" in resp.json["errors"]["fields"]["json"]


def test_live_bot_turns_never_queue_behind_match_games(app: Flask, r: redis.Redis) -> None:
    """Match games queued first never delay a live game's bot turn: the live pool serves
    only the bot queue, the bulk pool the match games (and bot-only games)."""
    from service.worker import queue_of

    layers = app.extensions["duckpond"]
    bot_q, match_q = queue_of(layers, "live"), queue_of(layers, "bulk")
    assert (bot_q.name, match_q.name) == (app.config["BOT_QUEUE"], app.config["BULK_QUEUE"])
    assert layers.match_queue.name == match_q.name
    match_q.enqueue_call("builtins.len", args=("match",), job_id="m1")
    bot_q.enqueue_call("builtins.len", args=("bot",), job_id="b1")
    worker = burst_worker(bot_q)
    assert worker.work(burst=True, max_jobs=1)
    assert (
        Job.fetch("b1", connection=bot_q.connection, serializer=JSONSerializer).get_status()
        == "finished"
    )
    assert (
        Job.fetch("m1", connection=bot_q.connection, serializer=JSONSerializer).get_status()
        == "queued"
    )

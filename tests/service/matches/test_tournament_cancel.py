"""A tournament's creator cancels it (`POST /api/v1/tournaments/{id}/cancel`): one step to
`cancelled`, the matches under way cancelled, what was played kept, the games not played given
back to the creator's quotas once, the feeds told; anyone else 403, a closed one 409, a cancel
racing the step consistent. Real redis-server; no worker: the test plays the pairings' match
jobs itself (`Matches.play`, as the job does), as `test_tournaments.py` does."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from flask import Flask
from rq.job import Job
from test_outside_matches import live_games
from test_tournaments import TOURNAMENTS, Key, match_keys, read, refused, run_to_end
from testkit.svc_helpers import auth

from service.access.app_keys import AppKey, AppKeys
from service.matches.matches import match_job_id
from service.storage.keys import app_key_day

ROUND_ROBIN_OF_4 = {"entrants": ["random", "heuristic", "search:fast", "search:normal"],
                    "format": "round_robin", "games": 2}  # fmt: skip
"""3 rounds of 2 pairings, 2 games each: 12 games counted against the creator's quotas."""


@pytest.fixture()
def app(make_app: Callable[..., Flask]) -> Flask:
    return make_app(APP_KEYS="required")


def spent_today(keys: AppKeys, key: Key) -> int:
    """The match games the key's day counter holds (what `admit_match` counts)."""
    return int(keys.redis.get(app_key_day(key.id, int(time.time()) // 86400)) or 0)


def cancel(key: Key, tid: str) -> Any:
    return key.post(f"/{tid}/cancel")


def test_a_running_round_robin_cancelled_mid_round_keeps_what_was_played(
    app: Flask, keys: AppKeys
) -> None:
    ann = Key(app, keys, "ann")
    layers = app.extensions["duckpond"]
    before = spent_today(keys, ann)
    made = ann.create(**ROUND_ROBIN_OF_4)
    tid = made["id"]
    assert spent_today(keys, ann) == before + 12
    first, second = made["pairings"]
    for i in range(2):
        layers.matches.play(first["match_id"], i)  # the first pairing's match: done
    layers.matches.play(second["match_id"], 0)  # the second: one game recorded...
    layers.matches.queue.connection.hset(  # ...and one under way (RQ's state of its job)
        Job.key_for(match_job_id(second["match_id"], 1)), "status", "started"
    )
    r = cancel(ann, tid)
    assert r.status_code == 200, r.json
    body = r.json
    assert body["status"] == "cancelled" and body["round"] == 1
    results = {p["match_id"]: p["result"] for p in body["pairings"]}
    assert results[first["match_id"]] is not None  # settled: it ended before the cancel
    assert results[second["match_id"]] is None
    # Given back: 12 charged less 2 + 1 recorded and 1 under way.
    assert spent_today(keys, ann) == before + 4
    match = app.test_client().get(f"/api/v1/matches/{second['match_id']}").json
    assert match["status"] == "cancelled" and match["progress"]["done"] == 1
    done = app.test_client().get(f"/api/v1/matches/{first['match_id']}").json
    assert done["status"] == "done" and done["progress"]["done"] == 2
    # Nothing more: no game starts, the step makes no round and settles nothing.
    assert layers.matches.play(second["match_id"], 1) == "cancelled"
    assert layers.tournaments.advance(tid) == "cancelled"
    again = read(app, tid)
    assert again == body and again["round"] == 1
    assert len(match_keys(app)) == 2
    # The standings are the played pairing's: 1 point between its two entrants.
    rows = {r["entrant"]: r for r in again["standings"]}
    assert sum(r["points"] for r in again["standings"]) == 1.0
    assert rows[first["a"]]["played"] == rows[first["b"]]["played"] == 1
    assert rows[second["a"]]["played"] == rows[second["b"]]["played"] == 0
    (row,) = [c for c in again["crosstable"] if c["points"] is not None]
    assert row["match_id"] == first["match_id"]
    # The creator hears the end, once, as cancelled.
    (end,) = ann.told("tournament_finished")
    assert end["status"] == "cancelled" and end["tournament_id"] == tid
    assert end["winner"] is None and sum(s["points"] for s in end["standings"]) == 1.0
    assert spent_today(keys, ann) == before + 4  # nothing given twice


def test_a_tournament_awaiting_invitations_cancelled_gives_everything_back(
    app: Flask, keys: AppKeys
) -> None:
    ann, bea = Key(app, keys, "ann"), Key(app, keys, "bea")
    ann.register("ann-bot")
    bea.register("bea-bot")
    before = spent_today(keys, ann)
    made = ann.create(entrants=["ann-bot", "bea-bot", "heuristic", "random"], expires_seconds=600)
    tid = made["id"]
    assert made["status"] == "created" and spent_today(keys, ann) == before + 8
    refused(cancel(bea, tid), 403, "not_your_tournament")  # invited, not its creator
    body = cancel(ann, tid).json
    assert body["status"] == "cancelled" and body["pairings"] == [] and body["round"] == 0
    assert spent_today(keys, ann) == before
    for key in (ann, bea):  # the creator and the invited key hear it
        (end,) = key.told("tournament_finished")
        assert end["status"] == "cancelled" and end["tournament_id"] == tid
    refused(bea.post(f"/{tid}/accept"), 409, "tournament_closed")
    refused(bea.post(f"/{tid}/decline"), 409, "tournament_closed")
    assert spent_today(keys, ann) == before  # a decline after gives nothing more
    assert match_keys(app) == [] and read(app, tid)["status"] == "cancelled"


def test_only_its_creator_cancels_and_again_answers_the_same(app: Flask, keys: AppKeys) -> None:
    ann, bea = Key(app, keys, "ann"), Key(app, keys, "bea")
    made = ann.create(**ROUND_ROBIN_OF_4)
    tid = made["id"]
    spent = spent_today(keys, ann)
    refused(cancel(bea, tid), 403, "not_your_tournament")
    refused(app.test_client().post(f"{TOURNAMENTS}/{tid}/cancel", json={}), 401,
            "missing_app_key")  # fmt: skip
    refused(cancel(ann, "AAAAAAAAAAAA"), 404, "no_such_tournament")
    assert read(app, tid) == made and spent_today(keys, ann) == spent  # nothing changed
    assert ann.told("tournament_finished") == []
    for mid in (p["match_id"] for p in made["pairings"]):
        assert app.test_client().get(f"/api/v1/matches/{mid}").json["status"] == "queued"
    first = cancel(ann, tid)
    second = cancel(ann, tid)
    assert first.status_code == second.status_code == 200
    assert first.json == second.json and second.json["status"] == "cancelled"
    assert spent_today(keys, ann) == spent - 12  # none played: all back, once
    assert len(ann.told("tournament_finished")) == 1


def test_a_done_or_declined_tournament_is_not_cancelled(app: Flask, keys: AppKeys) -> None:
    ann, bea = Key(app, keys, "ann"), Key(app, keys, "bea")
    done = run_to_end(app, ann.create(entrants=["random", "heuristic", "search:fast"],
                                      format="round_robin")["id"])  # fmt: skip
    assert done["status"] == "done"
    spent = spent_today(keys, ann)
    refused(cancel(ann, done["id"]), 409, "tournament_closed")
    assert read(app, done["id"]) == done and spent_today(keys, ann) == spent
    assert [e["status"] for e in ann.told("tournament_finished")] == ["done"]
    ann.register("ann-bot")
    bea.register("bea-bot")
    declined = ann.create(entrants=["ann-bot", "bea-bot", "heuristic"])
    bea.post(f"/{declined['id']}/decline")
    spent = spent_today(keys, ann)
    refused(cancel(ann, declined["id"]), 409, "tournament_closed")
    assert read(app, declined["id"])["status"] == "declined" and spent_today(keys, ann) == spent


def test_a_cancel_racing_the_step_ends_consistent(app: Flask, keys: AppKeys) -> None:
    """Round 1 played, so a step makes round 2 and its matches: whichever wins, once the
    cancel is through every match is done or cancelled, no step moves it again, and the
    creator got back exactly what was not played."""
    ann = Key(app, keys, "ann")
    layers = app.extensions["duckpond"]
    tournaments = layers.tournaments
    for n in range(4):
        before = spent_today(keys, ann)
        # A game a pairing: the race is the step's and the cancel's, not the games'.
        made = ann.create(**{**ROUND_ROBIN_OF_4, "games": 1})
        tid = made["id"]
        for p in made["pairings"]:
            layers.matches.play(p["match_id"], 0)
        errors: list[BaseException] = []

        def run(step: Callable[[], Any], errors: list[BaseException] = errors) -> None:
            try:
                step()
            except BaseException as exc:  # reported below
                errors.append(exc)

        who = AppKey(ann.id, ann.name, {})
        threads = [
            threading.Thread(target=run, args=(partial(tournaments.advance, tid),)),
            threading.Thread(target=run, args=(partial(tournaments.cancel, tid, who),)),
            threading.Thread(target=run, args=(partial(tournaments.advance, tid),)),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        body = read(app, tid)
        assert body["status"] == "cancelled" and body["round"] in (1, 2)
        played = 0
        for p in body["pairings"]:
            match = app.test_client().get(f"/api/v1/matches/{p['match_id']}")
            if match.status_code == 404:  # a round 2 pairing whose match the cancel preceded
                assert p["round"] == 2 and p["result"] is None
                continue
            assert match.json["status"] in ("done", "cancelled"), match.json
            played += match.json["progress"]["done"]
            if p["round"] == 2:
                assert layers.matches.play(p["match_id"], 0) in ("cancelled", "duplicate")
        assert played == 2  # round 1's; round 2's matches started no game
        assert tournaments.advance(tid) == "cancelled" and read(app, tid) == body
        assert spent_today(keys, ann) == before + played
        assert [e["status"] for e in ann.told("tournament_finished")].count("cancelled") == n + 1


def test_an_outside_pairing_under_way_has_its_live_games_abandoned(
    app: Flask, keys: AppKeys
) -> None:
    """A pairing's match seating the creator's outside bot plays real games: the cancel
    abandons those live, as a match's host cancel does, and none is counted as played."""
    ann = Key(app, keys, "ann")
    ann.register("ann-bot")
    layers = app.extensions["duckpond"]
    before = spent_today(keys, ann)
    made = ann.create(entrants=["ann-bot", "heuristic", "random", "search:fast"],
                      format="round_robin", games=2)  # fmt: skip
    (mine,) = [p for p in made["pairings"] if "ann-bot" in (p["a"], p["b"])]
    mid = mine["match_id"]
    with app.app_context():
        layers.matches.advance(mid)  # the driver's step: the match's first games go live
    assert live_games(app, mid) > 0

    def my_seats() -> list[Any]:
        seats = ann.client.get("/api/v1/feed/seats", headers=auth(ann.key)).json["seats"]
        return [s for s in seats if s["match_id"] == mid]

    assert my_seats() != []
    body = cancel(ann, made["id"]).json
    assert body["status"] == "cancelled"
    assert live_games(app, mid) == 0
    match = app.test_client().get(f"/api/v1/matches/{mid}").json
    assert match["status"] == "cancelled" and match["progress"]["done"] == 0
    assert my_seats() == []
    assert spent_today(keys, ann) == before  # no game recorded: all 12 back

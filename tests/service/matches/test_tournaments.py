"""Tournaments (issue 34): round robin and Swiss over built-in and outside bots, each pairing
a duplicate match; invitations of other keys' bots; standings with paired intervals and a
crosstable; an entrant retired mid-way withdraws; every refusal a 4xx with nothing stored.
Real redis-server (and the cluster: `ON_BOTH`: the tournament, its matches, the keys' feeds
in different slots). No worker: the test plays the pairings' match jobs itself
(`Matches.play`, as the job does), so each step is seen."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
import redis
from flask import Flask
from rq.job import Job
from testkit.service_fixtures import QUEUE_DB
from testkit.svc_helpers import API, auth, wait_for

from service.access.app_keys import AppKeys
from service.app import create_app
from service.matches import tournaments as tournaments_module
from service.matches.matches import match_job_id
from service.storage.keys import app_key_day

TOURNAMENTS = f"{API}/tournaments"
SMALL: dict[str, Any] = {"game": "ducksoup", "games": 2, "options": {"target": 1}}


class Key:
    """One app key's client: its bots, its tournaments, its feed."""

    def __init__(self, app: Flask, keys: AppKeys, name: str) -> None:
        self.app = app
        issued = keys.issue(name)
        self.id, self.key, self.name = issued.id, issued.key, name
        self.client = app.test_client()

    def register(self, bot: str, games: tuple[str, ...] = ("ducksoup",)) -> None:
        r = self.client.post(
            f"{API}/bots",
            json={"name": bot, "description": "a test", "games": list(games)},
            headers=auth(self.key),
        )
        assert r.status_code == 201, r.json

    def retire(self, bot: str) -> None:
        r = self.client.delete(f"{API}/bots/{bot}", headers=auth(self.key))
        assert r.status_code == 200, r.json

    def post(self, path: str = "", body: Any = None) -> Any:
        return self.client.post(f"{TOURNAMENTS}{path}", json=body or {}, headers=auth(self.key))

    def create(self, **changes: Any) -> dict[str, Any]:
        r = self.post("", {**SMALL, **changes})
        assert r.status_code == 201, r.json
        assert r.headers["Location"].endswith(f"/tournaments/{r.json['id']}")
        return dict(r.json)

    def feed(self) -> list[dict[str, Any]]:
        layers = self.app.extensions["duckpond"]
        layers.feed.flush()
        return [json.loads(d) for _, _, d in layers.feed.read(self.id, 0)]

    def told(self, kind: str) -> list[dict[str, Any]]:
        return [e for e in self.feed() if e["type"] == kind]


def refused(answer: Any, status: int, reason: str) -> None:
    body = answer.get_json()
    assert answer.status_code == status, body
    assert body["code"] == status and body["errors"]["reason"] == reason, body


def read(app: Flask, tid: str) -> dict[str, Any]:
    r = app.test_client().get(f"{TOURNAMENTS}/{tid}")
    assert r.status_code == 200, r.json
    return dict(r.json)


def play_round(app: Flask, tid: str) -> dict[str, Any]:
    """Play every built-in match of the current round (as its jobs would), then read."""
    layers = app.extensions["duckpond"]
    body = read(app, tid)
    for p in body["pairings"]:
        if p["result"] is None and p["match_id"]:
            for i in range(body["games"]):
                layers.matches.play(p["match_id"], i)
    return read(app, tid)


def run_to_end(app: Flask, tid: str, most: int = 12) -> dict[str, Any]:
    body = read(app, tid)
    for _ in range(most):
        if body["status"] != "running":
            break
        body = play_round(app, tid)
    return body


def tournament_keys(app: Flask) -> list[str]:
    layers = app.extensions["duckpond"]
    return [k.decode() for k in layers.redis.scan_iter("dp:*:tournament*")]


def match_keys(app: Flask) -> list[str]:
    layers = app.extensions["duckpond"]
    return [k.decode() for k in layers.redis.scan_iter("dp:*:match")]


@pytest.fixture()
def app(make_app: Callable[..., Flask]) -> Flask:
    return make_app(APP_KEYS="required")


def test_a_round_robin_of_built_in_bots_runs_to_the_end_with_standings_and_a_crosstable(
    app: Flask, keys: AppKeys
) -> None:
    ann = Key(app, keys, "ann")
    entrants = ["random", "heuristic", "search:fast", "random:x"]
    refused(ann.post("", {**SMALL, "entrants": entrants, "format": "round_robin"}), 422,
            "unknown_bot")  # fmt: skip
    entrants = ["random", "heuristic", "search:fast"]
    made = ann.create(entrants=entrants, format="round_robin", games=2)
    tid = made["id"]
    assert made["status"] == "running" and made["rounds"] == 3 and made["round"] == 1
    assert made["invited"] == [] and made["outside"] == {}
    first = made["pairings"]
    assert [(p["a"], p["b"]) for p in first] == [("random", None), ("heuristic", "search:fast")]
    assert first[0]["result"] == {"points": [1.0, 0.0], "reason": "bye"}
    match = app.test_client().get(f"{API}/matches/{first[1]['match_id']}").json
    assert match["bots"] == ["heuristic", "search:fast"] and match["games"] == 2
    assert match["rated"] is True and match["options"] == {"target": 1}
    done = run_to_end(app, tid)
    assert done["status"] == "done" and done["round"] == 3
    pairs = {frozenset((p["a"], p["b"])) for p in done["pairings"] if p["b"]}
    assert len(pairs) == 3  # each pair met once
    assert sum(1 for p in done["pairings"] if p["b"] is None) == 3  # a bye each
    assert len(done["crosstable"]) == 3
    for row in done["crosstable"]:
        diff = row["deal_score_diff"]
        assert diff["n"] == 2 and len(diff["ci95"]) == 2
        assert diff["ci95"][0] <= diff["mean"] <= diff["ci95"][1]
        points = row["points"]
        assert points in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
        assert (points[0] > points[1]) == (diff["mean"] > 0) or points == [0.5, 0.5]
        # The crosstable's difference is the pairing match's own paired comparison.
        m = app.test_client().get(f"{API}/matches/{row['match_id']}").json
        (c,) = m["results"]["comparisons"]
        assert c["bots"] == row["bots"] and c["deal_score_diff"] == diff
    table = done["standings"]
    assert [r["points"] for r in table] == sorted((r["points"] for r in table), reverse=True)
    assert sum(r["points"] for r in table) == 3 + 3  # three pairings, three byes
    for r in table:
        assert r["played"] == 2 and r["byes"] == 1 and r["withdrawn"] is None
        assert r["deal_score_diff"]["n"] == 4  # 2 pairings x 2 games
    # The creator's feed heard every round and the end.
    rounds = ann.told("tournament_round")
    assert [e["round"] for e in rounds] == [1, 2, 3]
    (end,) = ann.told("tournament_finished")
    assert end["winner"] == table[0]["entrant"] and end["tournament_id"] == tid
    # Read again: nothing moves (the steps are idempotent).
    assert read(app, tid) == done
    assert [t["id"] for t in ann.client.get(TOURNAMENTS, headers=auth(ann.key)).json[
        "tournaments"]] == [tid]  # fmt: skip


def test_refusals_store_nothing(app: Flask, keys: AppKeys) -> None:
    ann, bea = Key(app, keys, "ann"), Key(app, keys, "bea")
    ann.register("ann-bot")
    ann.register("ann-old")
    ann.retire("ann-old")
    bea.register("bea-doppel", ("doppelkopf",))
    base = ["random", "heuristic", "ann-bot"]
    cases = [
        ({"entrants": [*base, "ann-old"]}, 422, "retired_bot"),
        ({"entrants": [*base, "nobody-bot"]}, 422, "unknown_bot"),
        ({"entrants": [*base, "bea-doppel"]}, 422, "unknown_bot"),  # not a Duck Soup bot
        ({"entrants": [*base, "search:nope"]}, 422, "unknown_bot"),
        ({"entrants": ["random", "heuristic"]}, 422, "invalid_entrants"),
        ({"entrants": [f"random:{i}" for i in range(33)]}, 422, "invalid_entrants"),
        ({"entrants": [*base, "random"]}, 422, "invalid_entrants"),
        ({"entrants": base, "game": "chess"}, 422, "unknown_game"),
        ({"entrants": base, "rounds": 3}, 422, "validation_error"),  # 3 entrants: 2 at most
        ({"entrants": base, "format": "round_robin", "rounds": 2}, 422, "validation_error"),
        ({"entrants": base, "games": 21}, 422, "validation_error"),
        ({"entrants": base, "format": "knockout"}, 422, "validation_error"),
        ({"entrants": base, "options": {"target": -5}}, 422, "invalid_options"),
    ]
    before = int(keys.redis.get(app_key_day(ann.id, int(time.time()) // 86400)) or 0)
    for changes, status, reason in cases:
        refused(ann.post("", {**SMALL, **changes}), status, reason)
    refused(app.test_client().post(TOURNAMENTS, json={**SMALL, "entrants": base}), 401,
            "missing_app_key")  # fmt: skip
    assert tournament_keys(app) == [] and match_keys(app) == []
    assert int(keys.redis.get(app_key_day(ann.id, int(time.time()) // 86400)) or 0) == before
    assert ann.told("tournament_round") == [] and bea.told("tournament") == []
    refused(app.test_client().get(f"{TOURNAMENTS}/nope"), 404, "no_such_tournament")
    refused(app.test_client().get(f"{TOURNAMENTS}/AAAAAAAAAAAA"), 404, "no_such_tournament")


def test_other_keys_accept_as_for_a_challenge_and_a_decline_plays_nothing(
    app: Flask, keys: AppKeys
) -> None:
    ann, bea, cat = Key(app, keys, "ann"), Key(app, keys, "bea"), Key(app, keys, "cat")
    ann.register("ann-bot")
    bea.register("bea-bot")
    cat.register("cat-bot")
    entrants = ["ann-bot", "bea-bot", "cat-bot", "heuristic"]
    made = ann.create(entrants=entrants, expires_seconds=600)
    tid = made["id"]
    assert made["status"] == "created" and made["round"] == 0 and made["pairings"] == []
    assert sorted(i["key"] for i in made["invited"]) == ["bea", "cat"]
    assert {i["answer"] for i in made["invited"]} == {None}
    assert made["outside"] == {"ann-bot": "ann", "bea-bot": "bea", "cat-bot": "cat"}
    (invite,) = bea.told("tournament")
    assert invite["tournament_id"] == tid and invite["from"] == "ann"
    assert invite["entrants"] == entrants and "token" not in json.dumps(invite)
    assert [t["id"] for t in bea.client.get(TOURNAMENTS, headers=auth(bea.key)).json[
        "tournaments"]] == [tid]  # fmt: skip
    refused(ann.post(f"/{tid}/accept"), 403, "not_your_tournament")  # its creator
    dan = Key(app, keys, "dan")
    refused(dan.post(f"/{tid}/decline"), 403, "not_your_tournament")
    accepted = bea.post(f"/{tid}/accept")
    assert accepted.status_code == 200 and accepted.json["status"] == "created"
    assert bea.post(f"/{tid}/accept").status_code == 200  # again: the same
    assert match_keys(app) == []  # not before every key accepted
    started = cat.post(f"/{tid}/accept").json
    assert started["status"] == "running" and started["round"] == 1
    assert len(started["pairings"]) == 2 and len(match_keys(app)) == 2
    # Each outside bot's key hears the round; the matches seat its bots as any match does.
    for key in (ann, bea, cat):
        assert [e["round"] for e in key.told("tournament_round")] == [1]
    (answered,) = ann.told("tournament_answered")
    assert answered["status"] == "accepted"
    refused(cat.post(f"/{tid}/decline"), 409, "tournament_closed")

    # A second tournament, declined: closed, no match, the creator told.
    again = ann.create(entrants=entrants)
    before = len(match_keys(app))
    declined = bea.post(f"/{again['id']}/decline").json
    assert declined["status"] == "declined" and declined["pairings"] == []
    refused(cat.post(f"/{again['id']}/accept"), 409, "tournament_closed")
    assert len(match_keys(app)) == before
    assert read(app, again["id"])["status"] == "declined"
    assert [e["status"] for e in ann.told("tournament_answered")] == ["accepted", "declined"]


def test_a_declined_or_expired_tournament_gives_its_match_games_back(
    app: Flask, keys: AppKeys, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, bea = Key(app, keys, "ann"), Key(app, keys, "bea")
    ann.register("ann-bot")
    bea.register("bea-bot")

    def spent() -> int:
        return int(keys.redis.get(app_key_day(ann.id, int(time.time()) // 86400)) or 0)

    entrants = ["ann-bot", "bea-bot", "heuristic", "random"]
    before = spent()
    declined = ann.create(entrants=entrants, expires_seconds=600)
    assert spent() == before + 2 * 2 * 2  # 2 rounds (Swiss of 4) x 2 pairings x 2 games
    bea.post(f"/{declined['id']}/decline")
    bea.post(f"/{declined['id']}/decline")  # again: refused, nothing given twice
    assert spent() == before
    expiring = ann.create(entrants=entrants, expires_seconds=600)
    assert spent() == before + 8
    later = tournaments_module.now_ms() + 601_000
    monkeypatch.setattr(tournaments_module, "now_ms", lambda: later)
    assert read(app, expiring["id"])["status"] == "expired"
    assert read(app, expiring["id"])["status"] == "expired"  # read again: given once
    refused(bea.post(f"/{expiring['id']}/accept"), 409, "tournament_closed")
    assert spent() == before


def test_match_games_failed_for_good_do_not_hold_the_round(app: Flask, keys: AppKeys) -> None:
    ann = Key(app, keys, "ann")
    layers = app.extensions["duckpond"]
    made = ann.create(entrants=["random", "heuristic", "search:fast", "search:normal"],
                      format="round_robin")  # fmt: skip
    tid = made["id"]
    void, salvaged = made["pairings"]

    def fail(mid: str, index: int) -> None:
        """RQ's state for a job whose retries are spent (what `progress.failed` counts)."""
        layers.matches.queue.connection.hset(
            Job.key_for(match_job_id(mid, index)), "status", "failed"
        )

    fail(void["match_id"], 0)
    fail(void["match_id"], 1)
    layers.matches.play(salvaged["match_id"], 0)
    fail(salvaged["match_id"], 1)
    body = read(app, tid)
    assert body["round"] == 2  # the round did not wait for games that will never come
    first = {p["match_id"]: p["result"] for p in body["pairings"] if p["round"] == 1}
    assert first[void["match_id"]] == {"points": [0.0, 0.0], "reason": "failed",
                                       "failed_games": 2}  # fmt: skip
    kept = first[salvaged["match_id"]]
    assert kept["failed_games"] == 1 and kept.get("reason") is None
    assert sorted(kept["points"]) in ([0.0, 1.0], [0.5, 0.5])
    assert kept["deal_score_diff"]["n"] == 1  # the one game recorded
    rows = {r["entrant"]: r for r in body["standings"]}
    assert rows[void["a"]]["played"] == 0 and rows[salvaged["a"]]["played"] == 1


def test_an_entrant_retired_meanwhile_withdraws_and_the_tournament_ends(
    app: Flask, keys: AppKeys
) -> None:
    ann = Key(app, keys, "ann")
    ann.register("ann-bot")
    # Round robin of 3: ann-bot sits out round 1 (a bye), then meets random, then heuristic.
    made = ann.create(entrants=["ann-bot", "heuristic", "random"], format="round_robin")
    tid = made["id"]
    assert [(p["a"], p["b"]) for p in made["pairings"]] == [
        ("ann-bot", None),
        ("heuristic", "random"),
    ]
    ann.retire("ann-bot")
    done = run_to_end(app, tid)
    assert done["status"] == "done"
    forfeits = [p for p in done["pairings"] if p["result"].get("reason") == "forfeit"]
    assert sorted(tuple(sorted((p["a"], str(p["b"])))) for p in forfeits) == [
        ("ann-bot", "heuristic"),
        ("ann-bot", "random"),
    ]
    for p in forfeits:  # no match was made for them
        gone = app.test_client().get(f"{API}/matches/{p['match_id']}")
        assert gone.status_code == 404
        winner = 1 if p["a"] == "ann-bot" else 0
        assert p["result"]["points"][winner] == 1.0
    rows = {r["entrant"]: r for r in done["standings"]}
    assert rows["ann-bot"]["withdrawn"] == "retired_bot"
    assert rows["ann-bot"]["points"] == 1.0 and rows["ann-bot"]["played"] == 0  # its bye
    assert done["standings"][-1]["entrant"] == "ann-bot"
    assert rows["heuristic"]["played"] == rows["random"]["played"] == 1
    assert len(done["crosstable"]) == 3


@pytest.fixture()
def worked(redis_port: int, nodes: str, bot_app: Flask) -> tuple[Flask, AppKeys]:
    """An app on the session workers' database, app keys required: the workers play."""
    app = create_app({**bot_app.config, "APP_KEYS": "required"})
    client = redis.Redis(port=redis_port, db=QUEUE_DB[1] if nodes else 1)
    return app, AppKeys(client)


def test_the_workers_advance_the_rounds_with_nobody_reading(
    worked: tuple[Flask, AppKeys],
) -> None:
    """The step runs as a job when a pairing's match ends (`service.jobs.advance_tournament`):
    the tournament ends though nobody reads it (a read would take the step itself)."""
    app, keys = worked
    ann = Key(app, keys, "ann")
    made = ann.create(entrants=["random", "heuristic", "search:fast"], format="round_robin")
    tid = made["id"]
    store = app.extensions["duckpond"].tournaments.store
    status = wait_for(lambda: (s := store.load(tid)["status"]) == "done" and s, timeout=120)
    assert status == "done"
    assert [e["round"] for e in ann.told("tournament_round")] == [1, 2, 3]
    assert len(ann.told("tournament_finished")) == 1

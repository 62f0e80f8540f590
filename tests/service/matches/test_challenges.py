"""Challenges (issue 25): a match seating another app key's bot is made only once that key
accepts; declined or expired, no match. Each key reads only its own challenges, hears them on
its own feed, and never sees the other key's tokens. Real redis-server (and the cluster:
`ON_BOTH`, where the challenge, the keys' feeds and the match sit in different slots); the
driver's steps run in the test, so no worker is needed."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, auth

from service.access.app_keys import AppKeys
from service.games.callers import APP_KEY_HEADER
from service.matches import challenges as challenges_module
from service.storage.keys import app_key_day

CHALLENGES = f"{API}/challenges"
BODY: dict[str, Any] = {
    "game": "ducksoup",
    "bots": ["ann-bot", "bea-bot"],
    "games": 2,
    "options": {"target": 1},
}


class Key:
    """One app key's client: its bots, its challenges, its feed, its seats."""

    def __init__(self, app: Flask, keys: AppKeys, name: str) -> None:
        self.app = app
        self.client: FlaskClient = app.test_client()
        issued = keys.issue(name)
        self.key, self.id, self.name = issued.key, issued.id, name

    def headers(self) -> dict[str, str]:
        return auth(self.key)

    def register(self, bot: str, games: tuple[str, ...] = ("ducksoup",)) -> None:
        body = {"name": bot, "description": "a test bot", "games": list(games)}
        r = self.client.post(f"{API}/bots", json=body, headers=self.headers())
        assert r.status_code == 201, r.json

    def challenge(self, **changes: Any) -> dict[str, Any]:
        r = self.client.post(CHALLENGES, json={**BODY, **changes}, headers=self.headers())
        assert r.status_code == 201, r.json
        assert r.headers["Location"].endswith(f"/challenges/{r.json['id']}")
        return dict(r.json)

    def call(self, method: str, path: str = "", **kw: Any) -> Any:
        return self.client.open(CHALLENGES + path, method=method, headers=self.headers(), **kw)

    def ok(self, method: str, path: str = "") -> dict[str, Any]:
        r = self.call(method, path)
        assert r.status_code == 200, r.json
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


def games_today(keys: AppKeys, key: Key) -> int:
    return int(keys.redis.get(app_key_day(key.id, int(time.time()) // 86400)) or 0)


@pytest.fixture()
def app(make_app: Callable[..., Flask]) -> Flask:
    return make_app(APP_KEYS="required")


@pytest.fixture()
def ann_bea(app: Flask, keys: AppKeys) -> tuple[Key, Key]:
    ann, bea = Key(app, keys, "ann"), Key(app, keys, "bea")
    ann.register("ann-bot")
    bea.register("bea-bot")
    return ann, bea


def test_a_challenge_accepted_makes_the_match_and_neither_key_sees_the_others_tokens(
    app: Flask, keys: AppKeys, ann_bea: tuple[Key, Key]
) -> None:
    ann, bea = ann_bea
    cat = Key(app, keys, "cat")
    made = ann.challenge(expires_seconds=600)
    cid, mid, host = made["id"], made["match_id"], made["host_token"]
    assert made["status"] == "created" and made["role"] == "challenger"
    assert made["from"] == "ann" and made["to"] == ["bea"]
    assert made["answers"] == [{"key": "bea", "answer": None}]
    assert made["expires"] - made["created"] == 600_000
    assert "seed" not in made
    assert games_today(keys, ann) == 2  # the match's games count from the challenge on
    # The challenged key hears of it, and both list it; the match does not exist yet.
    (told,) = bea.told("challenge")
    assert told["challenge_id"] == cid and told["from"] == "ann" and told["bots"] == BODY["bots"]
    assert [c["id"] for c in ann.ok("GET")["challenges"]] == [cid]
    listed = bea.ok("GET")["challenges"]
    assert [(c["id"], c["role"]) for c in listed] == [(cid, "challenged")]
    assert bea.ok("GET", f"/{cid}")["status"] == "created"
    assert ann.client.get(f"{API}/matches/{mid}").status_code == 404
    # Another key may neither read nor answer it; the challenger may not answer it.
    assert cat.ok("GET")["challenges"] == []
    refused(cat.call("GET", f"/{cid}"), 403, "not_your_challenge")
    refused(cat.call("POST", f"/{cid}/accept"), 403, "not_your_challenge")
    refused(ann.call("POST", f"/{cid}/accept"), 403, "not_your_challenge")
    refused(ann.call("POST", f"/{cid}/decline"), 403, "not_your_challenge")
    # Accepted: the match exists, made for the challenger, who hears it.
    accepted = bea.ok("POST", f"/{cid}/accept")
    assert accepted["status"] == "accepted" and accepted["answers"][0]["answer"] == "accepted"
    match = ann.client.get(f"{API}/matches/{mid}")
    assert match.status_code == 200 and match.json["bots"] == BODY["bots"]
    (answered,) = ann.told("challenge_answered")
    assert answered == {
        "type": "challenge_answered",
        "challenge_id": cid,
        "status": "accepted",
        "match_id": mid,
    }
    assert bea.ok("POST", f"/{cid}/accept")["status"] == "accepted"  # again: the same
    refused(bea.call("POST", f"/{cid}/decline"), 409, "challenge_closed")
    assert ann.ok("GET", f"/{cid}")["status"] == "accepted"
    cancel = ann.client.post(f"{API}/matches/{mid}/cancel", headers=auth(host))
    # The host token the challenge showed once is the match's (it may cancel it) ...
    assert cancel.status_code == 200, cancel.json
    # ... so run a second challenge to its seats, and look at what each key is shown.
    second = ann.challenge()
    bea.ok("POST", f"/{second['id']}/accept")
    with app.app_context():
        app.extensions["duckpond"].matches.advance(second["match_id"])
    seen: dict[str, str] = {}
    seats: dict[str, list[str]] = {}
    for me in (ann, bea):
        got = me.client.get(f"{API}/feed/seats", headers=me.headers())
        assert got.status_code == 200, got.json
        seats[me.name] = [s["token"] for s in got.json["seats"]]
        seen[me.name] = "".join(
            [
                got.get_data(as_text=True),
                json.dumps(me.feed()),
                me.call("GET").get_data(as_text=True),
                me.call("GET", f"/{cid}").get_data(as_text=True),
                me.call("GET", f"/{second['id']}").get_data(as_text=True),
            ]
        )
    assert seats["ann"] and seats["bea"]  # each key has seats in the match's games
    for token in seats["ann"] + [host, second["host_token"]]:
        assert token not in seen["bea"]
    for token in seats["bea"]:
        assert token not in seen["ann"]
    # A seat's token works with its own key only.
    gid = token_game = seats["bea"][0].split(".")[0]
    bea_seat = {**auth(seats["bea"][0])}
    mine = bea.client.get(f"{API}/games/{gid}", headers={**bea_seat, APP_KEY_HEADER: bea.key})
    assert mine.status_code == 200, mine.json
    theirs = ann.client.get(
        f"{API}/games/{token_game}", headers={**bea_seat, APP_KEY_HEADER: ann.key}
    )
    refused(theirs, 403, "seat_of_another_key")


def test_a_retried_creation_answers_the_first_and_makes_no_second(
    keys: AppKeys, ann_bea: tuple[Key, Key]
) -> None:
    ann, bea = ann_bea
    idem = {**ann.headers(), "Idempotency-Key": "challenge-1"}
    first = ann.client.post(CHALLENGES, json=BODY, headers=idem)
    again = ann.client.post(CHALLENGES, json=BODY, headers=idem)
    assert first.status_code == again.status_code == 201, again.json
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert again.json == first.json and again.json["host_token"] == first.json["host_token"]
    assert games_today(keys, ann) == 2  # charged once
    assert len(bea.told("challenge")) == 1 and len(ann.ok("GET")["challenges"]) == 1
    other = ann.client.post(CHALLENGES, json={**BODY, "games": 3}, headers=idem)
    refused(other, 409, "idempotency_key_reused")
    # The key is the caller's own: another app key with it makes its own challenge.
    bea.register("bea-two")
    theirs = bea.client.post(
        CHALLENGES,
        json={**BODY, "bots": ["bea-two", "ann-bot"]},
        headers={**bea.headers(), "Idempotency-Key": "challenge-1"},
    )
    assert theirs.status_code == 201 and theirs.json["id"] != first.json["id"]


def test_a_challenge_waits_for_every_challenged_key(app: Flask, keys: AppKeys) -> None:
    ann, bea, cat = Key(app, keys, "ann"), Key(app, keys, "bea"), Key(app, keys, "cat")
    for key, bot in ((ann, "ann-bot"), (bea, "bea-bot"), (cat, "cat-bot")):
        key.register(bot, games=("doubleduck",))
    made = ann.challenge(game="doubleduck", bots=["ann-bot", "bea-bot", "cat-bot", "heuristic"],
                         options={"max_deals": 1})  # fmt: skip
    cid = made["id"]
    assert sorted(made["to"]) == ["bea", "cat"]
    assert len(bea.told("challenge")) == len(cat.told("challenge")) == 1
    assert bea.ok("POST", f"/{cid}/accept")["status"] == "created"
    assert ann.client.get(f"{API}/matches/{made['match_id']}").status_code == 404
    assert ann.told("challenge_answered") == []
    done = cat.ok("POST", f"/{cid}/accept")
    assert done["status"] == "accepted"
    assert {a["answer"] for a in done["answers"]} == {"accepted"}
    assert ann.client.get(f"{API}/matches/{made['match_id']}").status_code == 200


def test_an_acceptance_cut_off_before_the_match_is_made_is_finished_by_the_next_read(
    app: Flask, ann_bea: tuple[Key, Key]
) -> None:
    ann, bea = ann_bea
    made = ann.challenge(expires_seconds=60)
    cid, mid = made["id"], made["match_id"]
    layer = app.extensions["duckpond"].challenges
    status, _ = layer._step(cid, layer._load(cid), bea.id, "accept")  # then the process died
    assert status == "complete"
    assert ann.client.get(f"{API}/matches/{mid}").status_code == 404
    assert [c["status"] for c in ann.ok("GET")["challenges"]] == ["accepted"]
    assert ann.client.get(f"{API}/matches/{mid}").status_code == 200
    assert bea.ok("GET", f"/{cid}")["status"] == "accepted"
    assert [e["status"] for e in ann.told("challenge_answered")] == ["accepted"]


def test_a_declined_challenge_makes_no_match_and_gives_the_games_back(
    keys: AppKeys, ann_bea: tuple[Key, Key]
) -> None:
    ann, bea = ann_bea
    made = ann.challenge()
    cid = made["id"]
    assert games_today(keys, ann) == 2
    declined = bea.ok("POST", f"/{cid}/decline")
    assert declined["status"] == "declined" and declined["answers"][0]["answer"] == "declined"
    assert bea.ok("POST", f"/{cid}/decline")["status"] == "declined"  # again: the same
    refused(bea.call("POST", f"/{cid}/accept"), 409, "challenge_closed")
    assert ann.client.get(f"{API}/matches/{made['match_id']}").status_code == 404
    (answered,) = ann.told("challenge_answered")
    assert answered["status"] == "declined" and answered["by"] == "bea"
    assert games_today(keys, ann) == 0


def test_a_challenge_past_its_expiry_is_expired(
    keys: AppKeys, ann_bea: tuple[Key, Key], monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, bea = ann_bea
    made = ann.challenge(expires_seconds=60)
    cid = made["id"]
    later = made["expires"]
    monkeypatch.setattr(challenges_module, "now_ms", lambda: later)
    assert ann.ok("GET", f"/{cid}")["status"] == "expired"
    refused(bea.call("POST", f"/{cid}/accept"), 409, "challenge_closed")
    refused(bea.call("POST", f"/{cid}/decline"), 409, "challenge_closed")
    assert [c["status"] for c in bea.ok("GET")["challenges"]] == ["expired"]
    (answered,) = ann.told("challenge_answered")
    assert answered["status"] == "expired"
    assert ann.client.get(f"{API}/matches/{made['match_id']}").status_code == 404
    assert games_today(keys, ann) == 0  # given back once, however often it is read


def test_a_bot_retired_before_the_acceptance_closes_the_challenge(
    ann_bea: tuple[Key, Key],
) -> None:
    ann, bea = ann_bea
    made = ann.challenge()
    retired = bea.client.delete(f"{API}/bots/bea-bot", headers=bea.headers())
    assert retired.status_code == 200
    answer = bea.ok("POST", f"/{made['id']}/accept")
    assert answer["status"] == "declined" and answer["reason"] == "retired_bot"
    assert ann.client.get(f"{API}/matches/{made['match_id']}").status_code == 404
    (answered,) = ann.told("challenge_answered")
    assert answered["status"] == "declined" and answered["reason"] == "retired_bot"


def test_a_challengers_key_revoked_before_the_acceptance_closes_the_challenge(
    keys: AppKeys, ann_bea: tuple[Key, Key]
) -> None:
    ann, bea = ann_bea
    made = ann.challenge()
    keys.revoke(ann.id)
    answer = bea.ok("POST", f"/{made['id']}/accept")
    assert answer["status"] == "declined" and answer["reason"] == "app_key_revoked"
    assert bea.client.get(f"{API}/matches/{made['match_id']}").status_code == 404


def test_refusals(keys: AppKeys, ann_bea: tuple[Key, Key]) -> None:
    ann, bea = ann_bea
    ann.register("ann-two")

    def create(changes: dict[str, Any], status: int, reason: str, who: Key = ann) -> None:
        r = who.client.post(CHALLENGES, json={**BODY, **changes}, headers=who.headers())
        refused(r, status, reason)

    create({"bots": ["ann-bot", "ann-two"]}, 422, "no_challenged_bot")
    create({"bots": ["ann-bot", "heuristic"]}, 422, "no_challenged_bot")
    create({"bots": ["ann-bot", "nobody-here"]}, 422, "unknown_bot")
    create({"game": "nogame"}, 422, "unknown_game")
    create({"bots": ["ann-bot", "bea-bot", "random"]}, 422, "invalid_seats")
    create({"seed": "i-know-the-deals"}, 422, "validation_error")
    create({"expires_seconds": 59}, 422, "validation_error")
    create({"expires_seconds": 86401}, 422, "validation_error")
    create({"games": 0}, 422, "validation_error")
    refused(ann.client.post(CHALLENGES, json=BODY), 401, "missing_app_key")
    refused(ann.client.get(CHALLENGES), 401, "missing_app_key")
    refused(ann.client.get(CHALLENGES, headers=auth("dpk_nope")), 401, "bad_app_key")
    refused(ann.call("GET", "/nosuchchallenge"), 404, "no_such_challenge")
    refused(ann.call("GET", "/no.such"), 404, "no_such_challenge")
    refused(bea.call("POST", "/nosuchchallenge/accept"), 404, "no_such_challenge")
    # A match seating another key's bot without a challenge: the driver's refusal.
    direct = ann.client.post(f"{API}/matches", json=BODY, headers=ann.headers())
    refused(direct, 403, "challenge_required")
    assert ann.ok("GET")["challenges"] == [] and bea.told("challenge") == []
    assert games_today(keys, ann) == 0  # every refused creation gave its games back

"""App keys (issue 17): creating work needs a key, stored hashed, with quotas; a revoked key
stops its games' host from choosing deals. These tests turn keys on (`APP_KEYS=required`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, auth

from service.access.app_keys import AppKeys
from service.app_keys import main
from service.storage.keys import app_key_record

CREATE = {"game": "doubleduck", "seats": [{}, {}, {}, {}], "seed": "keys"}
MATCH = {"game": "ducksoup", "bots": ["random", "random"], "games": 5, "seed": "m"}


@pytest.fixture()
def keyed(make_app: Callable[..., Flask]) -> Flask:
    return make_app(APP_KEYS="required")


@pytest.fixture()
def keys(r: redis.Redis) -> AppKeys:
    return AppKeys(r)


def create(client: FlaskClient, key: str | None, body: dict[str, Any] = CREATE, **headers: str):  # type: ignore[no-untyped-def]
    sent = dict(headers)
    if key is not None:
        sent["Authorization"] = f"Bearer {key}"
    return client.post(f"{API}/games", json=body, headers=sent)


def test_creating_a_game_needs_an_app_key(keyed: Flask, keys: AppKeys) -> None:
    client = keyed.test_client()
    missing = create(client, None)
    assert missing.status_code == 401 and missing.json["errors"]["reason"] == "missing_app_key"
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    # The key is checked before the body: a bad body without a key is still a 401.
    assert create(client, None, {"game": 7}).status_code == 401
    for wrong in ("nonsense", "dpk_000000000000_" + "x" * 43):
        bad = create(client, wrong)
        assert bad.status_code == 401 and bad.json["errors"]["reason"] == "bad_app_key"
    issued = keys.issue("acme")
    forged = issued.key[:-4] + "AAAA"
    assert create(client, forged).json["errors"]["reason"] == "bad_app_key"
    made = create(client, issued.key)
    assert made.status_code == 201, made.json
    # A seat token is no app key either.
    seat_token = made.json["seats"][0]["token"]
    assert create(client, seat_token).json["errors"]["reason"] == "bad_app_key"


def test_keys_are_stored_hashed_and_listed_without_their_secret(
    keys: AppKeys, r: redis.Redis
) -> None:
    issued = keys.issue("acme", live_games=7)
    everything = b"".join(
        b"".join(k for kv in r.hgetall(key).items() for k in kv) if r.type(key) == b"hash" else b""
        for key in r.scan_iter("*")
    )
    assert issued.key.encode() not in everything
    assert issued.key.split("_", 2)[2].encode() not in everything  # the secret may hold "_"
    (entry,) = keys.list()
    assert entry["id"] == issued.id and entry["name"] == "acme" and entry["live_games"] == 7
    assert "hash" not in entry and issued.key not in str(entry)


def test_a_revoked_key_is_refused_and_its_games_host_may_not_choose_deals(
    keyed: Flask, keys: AppKeys
) -> None:
    client = keyed.test_client()
    issued = keys.issue("acme")
    game = create(client, issued.key).json
    gid, host = game["id"], game["host_token"]
    deal_body = {"deal": {"cards": []}}
    before = client.post(f"{API}/games/{gid}/deal", json=deal_body, headers=auth(host))
    assert before.json["errors"]["reason"] == "no_deal_pending"  # past the key's check
    assert keys.revoke(issued.id)
    refused = create(client, issued.key)
    assert refused.status_code == 403 and refused.json["errors"]["reason"] == "app_key_revoked"
    after = client.post(f"{API}/games/{gid}/deal", json=deal_body, headers=auth(host))
    assert after.status_code == 403 and after.json["errors"]["reason"] == "app_key_revoked"
    # Seats still play: only the work the key created on its own account stops.
    seat = next(s for s in game["seats"] if s.get("token"))
    assert client.get(f"{API}/games/{gid}", headers=auth(seat["token"])).status_code == 200


def test_live_games_quota_counts_unfinished_games_only(
    keyed: Flask, keys: AppKeys, r: redis.Redis
) -> None:
    client = keyed.test_client()
    issued = keys.issue("acme", live_games=2)
    assert create(client, issued.key, {"game": "nope", "seats": []}).status_code == 422
    first = create(client, issued.key).json
    assert create(client, issued.key).status_code == 201  # the refused one took no slot
    over = create(client, issued.key)
    assert over.status_code == 429 and over.json["errors"]["reason"] == "quota_live_games"
    assert int(over.headers["Retry-After"]) > 0
    # A finished game frees its slot: play the first one to its end.
    finish(client, first)
    assert create(client, issued.key).status_code == 201
    # So does a game that expired.
    assert create(client, issued.key).status_code == 429
    for key in r.scan_iter("dp:*:game"):
        if r.hget(key, "status") != b"over":
            r.delete(key)
            break
    assert create(client, issued.key).status_code == 201


def finish(client: FlaskClient, game: dict[str, Any]) -> None:
    """Play a one-deal Doubleduck game to its end through the API, the first legal move each."""
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    gid = game["id"]
    client.post(f"{API}/games/{gid}/deal", json={}, headers=auth(game["host_token"]))
    for _ in range(2000):
        public = client.get(f"{API}/games/{gid}").json
        if public["status"] == "over":
            return
        if public["status"] == "deal_pending":
            client.post(f"{API}/games/{gid}/deal", json={}, headers=auth(game["host_token"]))
            continue
        for seat in public["view"]["to_act"]:
            view = client.get(f"{API}/games/{gid}", headers=auth(tokens[seat])).json["view"]
            client.post(
                f"{API}/games/{gid}/moves",
                json={"move": view["legal_moves"][0]},
                headers=auth(tokens[seat]),
            )
    raise AssertionError("the game did not end")


def test_creations_per_minute_quota(keyed: Flask, keys: AppKeys) -> None:
    client = keyed.test_client()
    issued = keys.issue("acme", creations_per_minute=3)
    for _ in range(3):
        assert create(client, issued.key).status_code == 201
    over = create(client, issued.key)
    assert over.status_code == 429 and over.json["errors"]["reason"] == "quota_creations"
    assert 1 <= int(over.headers["Retry-After"]) <= 60
    # Another key has its own quota.
    assert create(client, keys.issue("other").key).status_code == 201


def test_idempotency_keys_belong_to_the_app_key(keyed: Flask, keys: AppKeys) -> None:
    client = keyed.test_client()
    mine, theirs = keys.issue("mine", live_games=1), keys.issue("theirs")
    first = create(client, mine.key, **{"Idempotency-Key": "order-42"})
    again = create(client, mine.key, **{"Idempotency-Key": "order-42"})
    assert again.headers["Idempotent-Replayed"] == "true" and again.json == first.json
    # The replay took no second live-game slot (the quota is 1), and another key with the
    # same Idempotency-Key and body gets a game of its own, none of the first's tokens.
    other = create(client, theirs.key, **{"Idempotency-Key": "order-42"})
    assert other.status_code == 201 and "Idempotent-Replayed" not in other.headers
    assert other.json["id"] != first.json["id"]
    assert other.json["host_token"] != first.json["host_token"]


def test_match_quotas_per_match_and_per_day(keyed: Flask, keys: AppKeys) -> None:
    client = keyed.test_client()
    issued = keys.issue("acme", match_games_per_match=5, match_games_per_day=8)
    headers = auth(issued.key)
    assert client.post(f"{API}/matches", json=MATCH).status_code == 401
    big = client.post(f"{API}/matches", json={**MATCH, "games": 6}, headers=headers)
    assert big.status_code == 429 and big.json["errors"]["reason"] == "quota_match_games"
    assert client.post(f"{API}/matches", json=MATCH, headers=headers).status_code == 202
    # A refused match gives its games back ...
    bad = {**MATCH, "games": 3, "bots": ["nobody"] * 2}
    assert client.post(f"{API}/matches", json=bad, headers=headers).status_code == 422
    three = {**MATCH, "games": 3}
    assert client.post(f"{API}/matches", json=three, headers=headers).status_code == 202
    # ... and a day's quota is the sum: 5 + 3 played, 1 more is over.
    day = client.post(f"{API}/matches", json={**MATCH, "games": 1}, headers=headers)
    assert day.status_code == 429 and day.json["errors"]["reason"] == "quota_match_games"
    assert int(day.headers["Retry-After"]) > 0


def test_a_replayed_match_creation_takes_no_match_quota(keyed: Flask, keys: AppKeys) -> None:
    client = keyed.test_client()
    issued = keys.issue("acme", match_games_per_day=5)
    headers = {"Authorization": f"Bearer {issued.key}", "Idempotency-Key": "nightly"}
    first = client.post(f"{API}/matches", json=MATCH, headers=headers)
    again = client.post(f"{API}/matches", json=MATCH, headers=headers)
    assert first.status_code == 202 and again.status_code == 202  # not 429: a day is 5 games
    assert again.headers["Idempotent-Replayed"] == "true" and again.json["id"] == first.json["id"]
    fresh = client.post(f"{API}/matches", json=MATCH, headers={**headers, "Idempotency-Key": "x"})
    assert fresh.status_code == 429 and fresh.json["errors"]["reason"] == "quota_match_games"


def test_the_game_records_its_key_and_no_view_shows_it(keyed: Flask, keys: AppKeys) -> None:
    client = keyed.test_client()
    issued = keys.issue("acme")
    game = create(client, issued.key).json
    assert issued.id not in str(game)
    assert issued.id not in str(client.get(f"{API}/games/{game['id']}").json)


def test_the_command_issues_lists_changes_and_revokes(
    redis_port: int, r: redis.Redis, capsys: pytest.CaptureFixture[str]
) -> None:
    url = ["--redis-url", f"redis://127.0.0.1:{redis_port}/0"]
    assert main([*url, "issue", "--name", "acme", "--live-games", "3", "--quiet"]) == 0
    key = capsys.readouterr().out.strip()
    assert key.startswith("dpk_")
    key_id = key.split("_")[1]
    assert main([*url, "list"]) == 0
    listed = capsys.readouterr().out
    assert key_id in listed and "live_games=3" in listed and key not in listed
    assert main([*url, "quotas", key_id, "--creations-per-minute", "9"]) == 0
    assert r.hget(app_key_record(key_id), "creations_per_minute") == b"9"
    assert main([*url, "revoke", key_id]) == 0
    assert "revoked" in (capsys.readouterr().out)
    assert AppKeys(r).list()[0]["revoked"] > 0
    assert main([*url, "revoke", "000000000000"]) == 1


def test_keys_off_lets_anyone_create(client: FlaskClient) -> None:
    assert create(client, None).status_code == 201

"""The arena (issue 34): an app key opts its bot in to rated play (`PUT /api/v1/bots/{name}/arena`)
and the pairer (`service.matches.arena`) makes its matches. Here the opt-in's refusals through the
API, and the pairer's rules, one round at a time in this process (`Arena.step`) on a real Redis
with no worker (its matches are created, not played): whom it pairs, the budget, and what stops
new pairings at once. Played for real, by real workers and the kit: test_arena_play.py."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

import pytest
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import API, auth

from service.access.app_keys import AppKeys
from service.matches.arena import Arena, Settings
from service.matches.arena_pairing import choose, lineup
from service.matches.ratings import Skill
from service.storage.keys import arena_key

DUCKSOUP = ("ducksoup",)


def register(client: FlaskClient, key: str, name: str, games: tuple[str, ...] = DUCKSOUP) -> None:
    r = client.post(
        f"{API}/bots", json={"name": name, "description": "", "games": list(games)},
        headers=auth(key),
    )  # fmt: skip
    assert r.status_code == 201, r.json


def join(client: FlaskClient, key: str, name: str, **body: Any) -> Any:
    return client.put(
        f"{API}/bots/{name}/arena", json={"games": ["ducksoup"], **body}, headers=auth(key)
    )


def arena_of(app: Flask, **settings: Any) -> Arena:
    """A pairer over the app's layers, with these settings (no anchors unless asked)."""
    layers = app.extensions["duckpond"]
    chosen = Settings(**{"anchors": ("random", "heuristic"), "match_games": 1, **settings})
    return Arena(layers.redis, layers.registry, layers.matches, layers.ratings, layers.feed, chosen)


@pytest.fixture()
def keyed(make_app: Callable[..., Flask], keys: AppKeys) -> tuple[Flask, FlaskClient, AppKeys]:
    app = make_app(APP_KEYS="required")
    return app, app.test_client(), keys


def test_opting_in_and_every_refusal(keyed: tuple[Flask, FlaskClient, AppKeys]) -> None:
    app, client, keys = keyed
    mine, other = keys.issue("mine").key, keys.issue("other").key
    register(client, mine, "arena-mine", ("ducksoup", "duck"))
    register(client, other, "arena-theirs")
    register(client, mine, "arena-gone")
    client.delete(f"{API}/bots/arena-gone", headers=auth(mine))
    revoked = keys.issue("revoked")
    keys.revoke(revoked.id)

    def refused(status: int, reason: str, response: Any) -> None:
        assert response.status_code == status, response.json
        assert response.json["errors"]["reason"] == reason, response.json

    url = f"{API}/bots/arena-mine/arena"
    body = {"games": ["ducksoup"]}
    refused(401, "missing_app_key", client.put(url, json=body))
    refused(401, "bad_app_key", client.put(url, json=body, headers=auth("dpk_nope")))
    refused(403, "app_key_revoked", client.put(url, json=body, headers=auth(revoked.key)))
    refused(401, "missing_app_key", client.get(url))
    refused(401, "missing_app_key", client.delete(url))
    # Another key's bot: the bots API's own refusal; a built-in too; a name nobody has.
    refused(403, "not_your_bot", join(client, other, "arena-mine"))
    refused(403, "not_your_bot", client.get(url, headers=auth(other)))
    refused(403, "not_your_bot", client.delete(url, headers=auth(other)))
    refused(403, "not_your_bot", join(client, mine, "heuristic"))
    refused(404, "no_such_bot", join(client, mine, "arena-nobody"))
    refused(422, "retired_bot", join(client, mine, "arena-gone"))
    refused(422, "unknown_bot", join(client, mine, "arena-mine", games=["doppelkopf"]))
    refused(422, "validation_error", join(client, mine, "arena-mine", games=["chess"]))
    refused(422, "validation_error", join(client, mine, "arena-mine", games=[]))
    for budget in (
        {"games_per_hour": 1},
        {"games_per_hour": 1201},
        {"concurrency": 0},
        {"concurrency": 17},
        {"concurrency": "2"},
        {"games_per_hour": 2.5},
        {"budget": 3},
    ):
        refused(422, "validation_error", join(client, mine, "arena-mine", **budget))
    # Nothing of any of them was written.
    layers = app.extensions["duckpond"]
    assert layers.redis.smembers(arena_key("in")) == set()
    assert client.get(url, headers=auth(mine)).json == {"bot": "arena-mine", "status": "out"}

    joined = join(client, mine, "arena-mine", games=["duck", "ducksoup"], games_per_hour=2,
                  concurrency=16)  # fmt: skip
    assert joined.status_code == 200, joined.json
    assert joined.json == {
        "bot": "arena-mine",
        "status": "active",
        "games": ["duck", "ducksoup"],
        "games_per_hour": 2,
        "concurrency": 16,
        "since": joined.json["since"],
        "hour_games": 0,
        "open_matches": [],
    }
    assert client.get(url, headers=auth(mine)).json == joined.json
    again = join(client, mine, "arena-mine")  # the defaults: 60 an hour, 2 at once
    assert (again.json["games"], again.json["games_per_hour"], again.json["concurrency"]) == (
        ["ducksoup"], 60, 2,
    )  # fmt: skip
    for _ in range(2):
        out = client.delete(url, headers=auth(mine))
        assert out.status_code == 200 and out.json == {"bot": "arena-mine", "status": "out"}


def test_choose_pairs_the_most_uncertain_first_with_the_nearest_rating() -> None:
    """Skills in the ladder's scale: points a deal above the average bot."""
    skills = {
        "sure": Skill(mu=3.0, sigma=0.2, games=50),
        "new": Skill(),  # not on the ladder: mu 0 (average), sigma inf (the most uncertain)
        "mid": Skill(mu=2.5, sigma=0.8, games=10),
        "random": Skill(mu=-6.0, sigma=0.2, games=100),
        "heuristic": Skill(mu=0.5, sigma=0.2, games=100),
    }
    anchors = ["random", "heuristic"]
    # new (sigma inf) first: nearest is heuristic (0.5 from it); then mid (0.8): nearest is
    # sure (0.5 from it, heuristic 2.0), paired with it, so sure has no round of its own (a
    # bot gets one pairing a round).
    assert choose(["sure", "new", "mid"], anchors, skills, {}) == [
        ("new", "heuristic"),
        ("mid", "sure"),
    ]
    # Not the opponent it met last, when there is another.
    assert choose(["new"], anchors, skills, {"new": "heuristic"}) == [("new", "random")]
    assert choose(["new"], ["heuristic"], skills, {"new": "heuristic"}) == [("new", "heuristic")]
    # A bot the ladder has not seen is more uncertain than any rated one, however unsure.
    shaky = {**skills, "mid": Skill(mu=2.5, sigma=1e6, games=1)}
    assert choose(["mid", "fresh"], [], shaky, {}) == [("fresh", "mid")]
    # Unrated: everyone at the prior; ties go to fewer games, then the name.
    assert choose(["b-bot", "a-bot"], [], {}, {}) == [("a-bot", "b-bot")]
    assert lineup("ducksoup", "x", "y") == ("x", "y")
    assert lineup("doubleduck", "x", "y") == ("x", "y", "x", "y")
    assert lineup("duck", "x", "y") == ("x", "y", "x", "y")


def pairings(app: Flask) -> dict[str, dict[str, Any]]:
    """Every pairing record by match id."""
    layers = app.extensions["duckpond"]
    out = {}
    for key in layers.redis.scan_iter(arena_key("pairing:*")):
        raw = {k.decode(): v.decode() for k, v in layers.redis.hgetall(key).items()}
        raw["bots"] = json.loads(raw["bots"])
        out[key.decode().rsplit(":", 1)[1]] = raw
    return out


def test_a_round_pairs_two_keys_bots_and_makes_their_rated_match(
    keyed: tuple[Flask, FlaskClient, AppKeys],
) -> None:
    app, client, keys = keyed
    one, two = keys.issue("one").key, keys.issue("two").key
    register(client, one, "arena-one")
    register(client, two, "arena-two")
    assert join(client, one, "arena-one", concurrency=4).status_code == 200
    assert join(client, two, "arena-two", concurrency=4).status_code == 200
    arena = arena_of(app)
    made = arena.step()
    assert made.held and len(made.made) == 1 and made.refused == []
    [(mid, pairing)] = pairings(app).items()
    assert pairing["bots"] == ["arena-one", "arena-two"] and pairing["status"] == "made"
    match = app.extensions["duckpond"].matches.get(mid)
    assert match["rated"] is True and match["seed"] is None  # drawn by the server
    assert match["outside"] == {"arena-one": "one", "arena-two": "two"}
    assert (match["games"], match["move_seconds"], match["options"]) == (1, 10, {"target": 1})
    # Each bot is in one open match; both have room for more, against the anchors now.
    second = arena.step()
    assert len(second.made) == 2
    bots = sorted(tuple(p["bots"]) for p in pairings(app).values())
    assert bots == [
        ("arena-one", "arena-two"),
        ("arena-one", "heuristic"),
        ("arena-two", "heuristic"),
    ] or bots == [("arena-one", "arena-two"), ("arena-one", "random"), ("arena-two", "random")]
    standing: Any = client.get(f"{API}/bots/arena-one/arena", headers=auth(one)).json
    assert standing["hour_games"] == 4


def test_opting_out_retiring_and_revoking_stop_new_pairings_at_once(
    keyed: tuple[Flask, FlaskClient, AppKeys],
) -> None:
    app, client, keys = keyed
    first, second = keys.issue("first"), keys.issue("second")
    register(client, first.key, "arena-quits")
    register(client, first.key, "arena-retires")
    register(client, second.key, "arena-revoked")
    for key, name in (
        (first.key, "arena-quits"),
        (first.key, "arena-retires"),
        (second.key, "arena-revoked"),
    ):
        assert join(client, key, name, concurrency=16, games_per_hour=1200).status_code == 200
    arena = arena_of(app)

    def paired() -> set[str]:
        made = arena.step()
        assert made.held
        return {b for mid in made.made for b in pairings(app)[mid]["bots"]} - {
            "random", "heuristic",
        }  # fmt: skip

    assert paired() == {"arena-quits", "arena-retires", "arena-revoked"}
    client.delete(f"{API}/bots/arena-quits/arena", headers=auth(first.key))
    client.delete(f"{API}/bots/arena-retires", headers=auth(first.key))
    keys.revoke(second.id)
    for _ in range(3):
        assert paired() == set()
    # The standing answers why: out, or retired (its key revoked: the bot reads retired).
    retired: Any = client.get(f"{API}/bots/arena-retires/arena", headers=auth(first.key)).json
    assert retired["status"] == "retired"
    assert join(client, first.key, "arena-quits", concurrency=16).status_code == 200  # back in
    assert paired() == {"arena-quits"}


def test_a_pairing_whose_bot_was_retired_meanwhile_is_refused_with_its_reason(
    keyed: tuple[Flask, FlaskClient, AppKeys],
) -> None:
    app, client, keys = keyed
    key = keys.issue("author").key
    register(client, key, "arena-late")
    assert join(client, key, "arena-late", games_per_hour=10).status_code == 200
    arena = arena_of(app)
    assert arena.hold()
    planned = arena._write_plan("ducksoup", ("arena-late", "random"), 1, 2, 1)
    assert planned is not None  # a pairer that died here, before making the match
    mid = planned[0]
    client.delete(f"{API}/bots/arena-late", headers=auth(key))
    done = arena.step()
    assert done.refused == [(mid, "retired_bot")] and done.made == []
    record = pairings(app)[mid]
    assert (record["status"], record["reason"]) == ("refused", "retired_bot")
    assert app.extensions["duckpond"].matches.store.load(mid) is None  # no match half made
    assert app.extensions["duckpond"].redis.smembers(arena_key("open")) == set()
    assert app.extensions["duckpond"].redis.zcard(arena_key("spent:arena-late")) == 0


def test_the_budget_holds_games_per_hour_and_concurrency(
    keyed: tuple[Flask, FlaskClient, AppKeys],
) -> None:
    app, client, keys = keyed
    key = keys.issue("author").key
    register(client, key, "arena-hourly")
    register(client, key, "arena-single")
    # 4 games an hour: two pairings of one match game (two rotations each), then no more.
    assert join(client, key, "arena-hourly", games_per_hour=4, concurrency=16).status_code == 200
    arena = arena_of(app, anchors=("random",))
    for expected in (1, 1, 0, 0):
        assert len(arena.step().made) == expected
    standing: Any = client.get(f"{API}/bots/arena-hourly/arena", headers=auth(key)).json
    assert standing["hour_games"] == 4 and len(standing["open_matches"]) == 2
    # One game at a time: one pairing, its match one game at once; then nothing while it runs.
    client.delete(f"{API}/bots/arena-hourly/arena", headers=auth(key))
    arena.settings = Settings(anchors=("random",), match_games=3)  # the same pairer: its lease
    assert join(client, key, "arena-single", games_per_hour=1200, concurrency=1).status_code == 200
    [mid] = arena.step().made
    match = app.extensions["duckpond"].matches.get(mid)
    assert (match["games"], match["concurrency"]) == (3, 1)
    for _ in range(3):
        assert arena.step().made == []
    # A small hour makes a smaller match: 3 games left in the hour fit one match game.
    client.delete(f"{API}/bots/arena-single/arena", headers=auth(key))
    register(client, key, "arena-small")
    assert join(client, key, "arena-small", games_per_hour=3, concurrency=16).status_code == 200
    [mid] = arena.step().made
    assert app.extensions["duckpond"].matches.get(mid)["games"] == 1
    assert arena.step().made == []


def test_hold_and_settings() -> None:
    settings = Settings.of(
        {"ARENA_ANCHORS": ["random", "nobody", "search:fast"], "ARENA_MATCH_GAMES": 0}
    )
    assert settings.anchors == ("random", "search:fast") and settings.match_games == 1
    assert cast(Any, Settings.of({})).anchors == ("random", "heuristic", "search:fast",
                                                  "search:strong")  # fmt: skip


def test_a_running_arena_match_is_stepped_again_in_case_its_step_was_lost(
    keyed: tuple[Flask, FlaskClient, AppKeys],
) -> None:
    app, client, keys = keyed
    key = keys.issue("author").key
    register(client, key, "arena-kicked")
    assert join(client, key, "arena-kicked", concurrency=2).status_code == 200
    arena = arena_of(app, anchors=("random",))
    [mid] = arena.step().made
    layers = app.extensions["duckpond"]
    queue = layers.matches.driver.queue
    queue.empty()  # the creation's step is lost (no worker here: nobody took it)
    assert arena.step().made == [] and f"match_{mid}_read" not in queue.job_ids
    # A minute on, with no creator to read it, the pairer queues the match's step itself,
    # once a minute.
    layers.redis.hset(arena_key(f"pairing:{mid}"), "created", 0)
    arena.step()
    assert f"match_{mid}_read" in queue.job_ids
    queue.empty()
    arena.step()
    assert queue.job_ids == []

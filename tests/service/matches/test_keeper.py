"""The anchor keeper (`service.matches.keeper`) on a real Redis (and a real Cluster) with real
bulk workers: a fresh service puts the anchors on every game's ladder by itself, one keeper
holds the lease at a time, two keepers, a crash mid-step and a restart play and rate each
anchor game once, and `ANCHOR_KEEPER=off` keeps it out.

The tiny configuration: two cheap anchors (random, heuristic), one or two match games a
line-up; the schedule and the machinery are the same as with the four (docs/matches.md)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from testkit.service_fixtures import ROOT
from testkit.svc_helpers import run_queue, wait_for

from engine import GAMES
from service import jobs
from service.core.config import from_env
from service.matches.keeper import Keeper, Settings, slot_id
from service.matches.ratings import Skill, anchor_lineups, rate_records
from service.storage.keys import fit_key, keeper_key, match_key, ratings_key

CHEAP = ("random", "heuristic")
TINY = {
    "ANCHOR_KEEPER": "on",
    "ANCHOR_KEEPER_BOTS": ",".join(CHEAP),
    "ANCHOR_KEEPER_ROUNDS": "1",
    "ANCHOR_KEEPER_IN_FLIGHT": "4",
    "ANCHOR_KEEPER_INTERVAL": "0.2",
    "BULK_NICE": "0",
}
SLOTS = {g: len(anchor_lineups(g, CHEAP)) for g in GAMES}
"""Slots (match games) a game gets in one round of the tiny configuration."""


def ladders(app: Flask) -> dict[str, dict[str, Any]]:
    """Every game's ladder over HTTP, bot -> entry."""
    client = app.test_client()
    out = {}
    for game in sorted(GAMES):
        answer = client.get(f"/api/v1/ladder/{game}")
        body = answer.get_json()
        assert answer.status_code == 200 and body, body
        out[game] = {e["bot"]: e for e in body["entries"]}
    return out


def all_listed(app: Flask) -> bool:
    return all(set(CHEAP) <= set(ladder) for ladder in ladders(app).values())


def keeper_of(app: Flask, name: str, **changes: Any) -> Keeper:
    """A keeper in this process, on the app's layers, with the tiny settings."""
    layers = app.extensions["duckpond"]
    own = Settings.of({**from_env(TINY), **changes})
    return Keeper(layers.redis, layers.matches, own, name=name)


def replayed(app: Flask, rounds: int) -> dict[str, dict[str, Skill]]:
    """Every game's ladder fitted offline (`rate_records`) from the slots' records, each
    once: what the ladder must say if no game was rated twice or lost (the fit does not
    depend on the order the workers rated them in)."""
    store = app.extensions["duckpond"].matches.store
    out: dict[str, dict[str, Skill]] = {}
    for game in sorted(GAMES):
        records = []
        for slot in range(SLOTS[game] * rounds):
            (record,) = store.records_of(slot_id(game, slot), [0])
            records.append(record)
        out[game] = rate_records(game, records)[0]
    return out


def replayed_games(app: Flask, rounds: int) -> dict[str, dict[str, int]]:
    """Each anchor's rated games per game, from `replayed`."""
    return {
        game: {bot: s.games for bot, s in skills.items()}
        for game, skills in replayed(app, rounds).items()
    }


def settled(r: Any, rounds: int) -> bool:
    """Every game's slots made and none in flight."""
    made = {k.decode(): int(v) for k, v in r.hgetall(keeper_key("next")).items()}
    wanted = {g: SLOTS[g] * rounds for g in GAMES}
    return made == wanted and not r.smembers(keeper_key("inflight"))


# --- a fresh service -----------------------------------------------------------------------


def test_a_fresh_service_puts_the_anchors_on_every_ladder_by_itself(
    make_app: Callable[..., Flask],
    r: Any,
    spawn_worker: Callable[..., subprocess.Popen[bytes]],
) -> None:
    """Nobody runs a command: a bulk worker (as scripts/serve starts it) fills every game's
    ladder with the anchors, rates each slot's game once, and then stops making games."""
    app = make_app()
    assert all(not ladder for ladder in ladders(app).values())  # fresh: every ladder empty
    spawn_worker(0, "bulk", **TINY)
    wait_for(lambda: all_listed(app), timeout=120)
    wait_for(lambda: settled(r, 1), timeout=60)
    time.sleep(1.0)  # five more looks: nothing more is made once the goal is reached
    assert settled(r, 1)
    shown = ladders(app)
    expected = replayed(app, 1)
    for game in GAMES:
        want = expected[game]
        assert {b: e["games"] for b, e in shown[game].items()} == {
            b: s.games for b, s in want.items()
        }, game
        for bot, entry in shown[game].items():
            assert entry["mu"] == pytest.approx(want[bot].mu, abs=1e-9), (game, bot)
            assert entry["sigma"] == pytest.approx(want[bot].sigma), (game, bot)
        assert all(e["kind"] == "builtin" for e in shown[game].values())
        assert r.exists(match_key(slot_id(game, SLOTS[game]))) == 0  # no slot past the goal


def test_firm_sigmas_do_not_stop_the_keeper_short_of_its_rounds(
    make_app: Callable[..., Flask], r: Any
) -> None:
    """Every anchor already on every ladder with a firm sigma (not provisional): the keeper
    still plays its rounds, since a firm sigma is not a firm order (the sizes are those the
    order held at across three seeds)."""
    app = make_app()
    for game in GAMES:
        r.hset(fit_key(game), "spread", 10.0)  # firm below a sigma of 5
        for n, bot in enumerate(CHEAP):
            r.hset(ratings_key(game), bot, json.dumps(Skill(n - 0.5, 2.0, 200, 1).to_json()))
    assert all(not e["provisional"] for ladder in ladders(app).values() for e in ladder.values())
    keeper = keeper_of(app, "firm", ANCHOR_KEEPER_IN_FLIGHT="100")
    made = keeper.look().created
    assert sorted(made) == sorted(slot_id(g, s) for g in GAMES for s in range(SLOTS[g]))


# --- the lease -----------------------------------------------------------------------------


def test_one_keeper_holds_the_lease_at_a_time(make_app: Callable[..., Flask], r: Any) -> None:
    """The lease is exclusive and renewed by its holder only; released or lapsed, another
    takes it. A keeper without it makes nothing."""
    app = make_app()
    one = keeper_of(app, "one", ANCHOR_KEEPER_INTERVAL="2")  # a 10 s lease
    two = keeper_of(app, "two", ANCHOR_KEEPER_INTERVAL="2")
    assert one.acquire() and not two.acquire()
    assert one.acquire()  # renewed
    assert r.get(keeper_key("lease")) == b"one"
    assert 0 < r.pttl(keeper_key("lease")) <= one.settings.lease_ms
    look = two.look()
    assert not look.holder and look.created == []
    assert not r.exists(keeper_key("next"))  # the other planned nothing
    two.release()  # not its lease: nothing happens
    assert r.get(keeper_key("lease")) == b"one"
    one.release()
    assert two.acquire() and not one.acquire()
    r.pexpire(keeper_key("lease"), 1)  # its holder stalled past the lease
    time.sleep(0.05)
    assert one.acquire() and not two.acquire()


# --- exactly once --------------------------------------------------------------------------


def test_a_crash_mid_step_and_a_second_keeper_make_each_slot_once(
    make_app: Callable[..., Flask], r: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A keeper that dies between noting a slot and creating its match, or between creating
    it and moving on, and a second keeper that plans meanwhile (its lease lost): each slot
    is one match, its game played and rated once."""
    app = make_app()
    layers = app.extensions["duckpond"]
    one = keeper_of(app, "one", ANCHOR_KEEPER_IN_FLIGHT="1")
    two = keeper_of(app, "two", ANCHOR_KEEPER_IN_FLIGHT="2")
    real_create = layers.matches.create
    crash = {"before": True, "after": True}

    def create(request: dict[str, Any], **kwargs: Any) -> Any:
        if crash["before"]:
            crash["before"] = False
            raise RuntimeError("killed before the match was made")
        answer = real_create(request, **kwargs)
        if crash["after"]:
            crash["after"] = False
            raise RuntimeError("killed after the match was made")
        return answer

    monkeypatch.setattr(layers.matches, "create", create)
    first = sorted(GAMES)[0]
    with pytest.raises(RuntimeError, match="before"):
        one.look()
    assert r.smembers(keeper_key("inflight")) == {slot_id(first, 0).encode()}
    assert not r.exists(match_key(slot_id(first, 0)))
    with pytest.raises(RuntimeError, match="after"):
        one.look()  # settles the slot never made, makes it, dies before moving on
    assert r.exists(match_key(slot_id(first, 0)))
    assert not r.hexists(keeper_key("next"), first)
    r.delete(keeper_key("lease"))  # one's lease lapsed: two plans the same slot again
    assert two.look().created == [slot_id(first, 0)]  # the same match, answered again
    r.delete(keeper_key("lease"))
    jobs.install(layers)
    try:
        for _ in range(200):
            keeper = (one, two)[_ % 2]
            r.delete(keeper_key("lease"))  # they take turns, each with its own view
            keeper.look()
            run_queue(app_queue(app))
            if settled(r, 1):
                break
        assert settled(r, 1)
    finally:
        jobs.install(None)
    expected = replayed_games(app, 1)
    for game in GAMES:
        rated = r.zrange(f"dp:{{ladder:{game}}}:rated", 0, -1)
        assert sorted(rated) == sorted(f"{slot_id(game, s)}.0".encode() for s in range(SLOTS[game]))
        assert {b: s.games for b, s in layers.ratings.skills(game).items()} == expected[game]


def app_queue(app: Flask) -> Any:
    return app.extensions["duckpond"].bulk_queue


def test_two_keeping_workers_and_a_restart_rate_nothing_twice(
    make_app: Callable[..., Flask],
    r: Any,
    spawn_worker: Callable[..., subprocess.Popen[bytes]],
) -> None:
    """Two bulk workers with keepers, one stopped mid-way and started again: the slots of two
    rounds are each one match, each game rated once, and the ladders say so."""
    app = make_app()
    env = {**TINY, "ANCHOR_KEEPER_ROUNDS": "2", "ANCHOR_KEEPER_IN_FLIGHT": "2"}
    workers = [spawn_worker(0, "bulk", **env), spawn_worker(0, "bulk", **env)]
    wait_for(lambda: r.hlen(keeper_key("next")) >= 2, timeout=60)
    assert not settled(r, 2)  # mid-way
    holder = (r.get(keeper_key("lease")) or b"").decode()
    stopped = next((w for w in workers if f"-{w.pid}-" in holder), workers[0])
    stopped.send_signal(signal.SIGTERM)  # the lease holder: its lease lapses, the other plans
    stopped.wait(timeout=30)
    spawn_worker(0, "bulk", **env)  # the restart
    wait_for(lambda: settled(r, 2), timeout=180)
    expected = replayed_games(app, 2)
    shown = ladders(app)
    for game in GAMES:
        assert {b: e["games"] for b, e in shown[game].items()} == expected[game], game
        assert r.zcard(f"dp:{{ladder:{game}}}:rated") == SLOTS[game] * 2


# --- the off switch ------------------------------------------------------------------------


def test_anchor_keeper_off_keeps_the_ladders_to_their_own_matches(
    make_app: Callable[..., Flask],
    r: Any,
    spawn_worker: Callable[..., subprocess.Popen[bytes]],
) -> None:
    """`ANCHOR_KEEPER=off`: a bulk worker plays no anchor and takes no lease; the same
    worker with it on does (so the switch, not a dead keeper, kept them empty)."""
    app = make_app()
    spawn_worker(0, "bulk", **{**TINY, "ANCHOR_KEEPER": "off"})
    time.sleep(3.0)  # fifteen looks' worth
    assert all(not ladder for ladder in ladders(app).values())
    assert not [k for k in r.scan_iter("dp:{keeper}:*")]
    assert from_env({"ANCHOR_KEEPER": "off"})["ANCHOR_KEEPER"] is False
    assert from_env({})["ANCHOR_KEEPER"] is True  # on unless switched off
    spawn_worker(0, "bulk", **TINY)
    wait_for(lambda: r.exists(keeper_key("lease")) == 1, timeout=30)


def test_a_bad_anchor_setting_stops_the_worker(redis_port: int) -> None:
    """An anchor that is no built-in bot of every game is a bad setting: the process stops
    and says which variable, as any bad setting does."""
    env = {**os.environ, "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
           "ANCHOR_KEEPER_BOTS": "random,nosuchbot"}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "service.worker", "--pool", "bulk"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode != 0
    assert "ANCHOR_KEEPER_BOTS" in done.stderr
    assert json.dumps("nosuchbot")[1:-1] in done.stderr


# --- how firm a rating is ------------------------------------------------------------------


def test_the_ladder_says_how_firm_each_rating_is(make_app: Callable[..., Flask], r: Any) -> None:
    """Each entry has mu's 95% interval and `provisional` (sigma above half the ladder's
    spread, here 10): a bot fresh from one game is provisional, one rated over many is not,
    the boundary itself is firm. Before any game has stored a spread, every rating is."""
    app = make_app()
    skills = {
        "random": (-10.0, 8.0, 1),
        "heuristic": (6.0, 2.0, 80),
        "search:fast": (4.0, 5.0, 30),
    }
    for bot, (mu, sigma, games) in skills.items():
        r.hset(ratings_key("duck"), bot, json.dumps(Skill(mu, sigma, games, 1).to_json()))
    assert all(e["provisional"] for e in ladders(app)["duck"].values())  # no spread yet
    r.hset(fit_key("duck"), "spread", 10.0)
    entries = ladders(app)["duck"]
    for bot, (mu, sigma, _) in skills.items():
        assert entries[bot]["mu_low"] == pytest.approx(mu - 1.96 * sigma, abs=1e-3)
        assert entries[bot]["mu_high"] == pytest.approx(mu + 1.96 * sigma, abs=1e-3)
    assert entries["random"]["provisional"] is True
    assert entries["heuristic"]["provisional"] is False
    assert entries["search:fast"]["provisional"] is False  # exactly half the spread: firm

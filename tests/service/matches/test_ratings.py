"""The ratings ladder (`service.matches.ratings`): which bots a match game compares and how
they come out of the fit (a Doubleduck side, a bot in several seats, Doppelkopf, `search`), and
on a real Redis and the real Cluster: each match game rated exactly once however often and
however concurrently it is told, the match job's hook, the anchor command and
`GET /api/v1/ladder/{game}`. The fit's own numbers: test_ratings_fit.py."""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Callable
from typing import Any

import pytest
import redis
import test_outside_matches as outside
from flask import Flask
from flask.testing import FlaskClient
from test_ratings_fit import posterior
from testkit.svc_helpers import auth

from bots.match import MatchSpec, play_match_game
from service.access.app_keys import AppKeys
from service.api.common import matches
from service.matches import ratings as ratings_module
from service.matches.ratings import (
    ANCHORS,
    Ratings,
    Skill,
    anchor_lineups,
    ladder_name,
    pair_differences,
    provisional,
    rate_records,
    refit,
)
from service.storage.keys import fit_key, ratings_key

JSON = dict[str, Any]
NOW = 1_767_225_600_000


def rotation(bots: list[str], *deals: list[int]) -> JSON:
    return {"bots": bots, "deal_scores": [list(d) for d in deals]}


def record(*rotations: JSON, index: int = 0) -> JSON:
    return {"index": index, "seed": f"s:{index}", "rotations": list(rotations)}


def samples_of(game: str, *records: JSON) -> list[tuple[str, str, float]]:
    """Every paired difference of these match games, for the reference fit."""
    return [(a, b, d) for rec in records for (a, b), d in pair_differences(game, rec).items()]


def assert_same_ladder(got: dict[str, Skill], want: dict[str, Skill]) -> None:
    """The same bots, games and (to rounding: Redis adds the sums) mu and sigma."""
    assert set(got) == set(want)
    for bot, skill in want.items():
        assert got[bot].mu == pytest.approx(skill.mu, rel=1e-9, abs=1e-9), bot
        assert got[bot].sigma == pytest.approx(skill.sigma, rel=1e-9), bot
        assert got[bot].games == skill.games, bot


# --- which bots a game compares, rated --------------------------------------------------------


def test_a_doubleduck_side_is_rated_against_its_opponents_never_its_partner() -> None:
    """Duplicate deals: random,random had the better cards in the first rotation, but over both
    (the same cards, the sides swapped) heuristic and search each averaged 600 a deal, random
    225. Partners are not compared, so heuristic and search:fast are rated alike: with mu_h =
    mu_f = m and mu_r = -2 m (the means add up to 0), heuristic's normal equation reads
    m / 9 + (m - (-2 m)) = 375."""
    rec = record(
        rotation(["random", "heuristic", "random", "search"], [400, 300, 400, 300]),
        rotation(["search", "random", "heuristic", "random"], [900, 50, 900, 50]),
    )
    assert pair_differences("doubleduck", rec) == {
        ("heuristic", "random"): 375.0,
        ("random", "search:fast"): -375.0,
    }
    after, _ = rate_records("doubleduck", [rec], NOW)
    m = 375 / (3 + 1 / 9)
    assert after["heuristic"].mu == pytest.approx(m) == after["search:fast"].mu
    assert after["random"].mu == pytest.approx(-2 * m)
    assert after["heuristic"].sigma == pytest.approx(after["search:fast"].sigma)
    assert set(after) == {"random", "heuristic", "search:fast"}
    assert all(s.games == 2 and s.last_played == NOW for s in after.values())  # 2 rotations


def test_a_bots_several_seats_are_one_player_by_its_mean() -> None:
    """Duck, heuristic,random,heuristic,random: heuristic averaged (9 + 2 + 6 + 5) / 4 = 5.5 a
    seat-deal, random (4 - 3 + 1 + 0) / 4 = 0.5: one sample of 5, rated as two bots (mu =
    S / (2 n + 1/9)); a game per rotation, not per seat."""
    rec = record(
        rotation(["heuristic", "random", "heuristic", "random"], [9, 4, 2, -3]),
        rotation(["random", "heuristic", "random", "heuristic"], [1, 6, 0, 5]),
    )
    after, _ = rate_records("duck", [rec], NOW)
    mu = 5.0 / (2 + 1 / 9)
    assert (after["heuristic"].mu, after["random"].mu) == pytest.approx((mu, -mu))
    assert after["heuristic"].games == after["random"].games == 2


def test_a_game_without_opponents_is_not_rated() -> None:
    """One bot in every seat, or Doubleduck's a,a,b,b (both sides a+b whatever the rotation,
    the two bots always partners): nobody to compare, nothing changes."""
    alone = record(rotation(["heuristic", "heuristic"], [40, 10]))
    mixed = record(rotation(["a", "a", "b", "b"], [40, 10, 40, 10]))
    assert rate_records("ducksoup", [alone]) == ({}, 0.0)
    assert rate_records("doubleduck", [mixed]) == ({}, 0.0)
    rated = record(rotation(["x", "y", "x", "y"], [3, 1, 3, 1]))  # a side each: x 2 above
    ladder, s = rate_records("doubleduck", [rated])
    pairs = {("x", "y"): (1, 2.0, 4.0)}
    assert refit("doubleduck", mixed, pairs, ladder, NOW) == (pairs, ladder, s)


def test_doppelkopf_compares_every_pair_and_counts_each_rotation() -> None:
    """Parties change deal by deal, so every two bots are compared by their mean over all
    their seat-deals: random (-2 + 3 + 0 - 1) / 4 = 0, heuristic (2 + 3 + 0 - 1) / 4 = 1,
    search:fast (2 - 3 + 0 - 1) / 4 = -0.5, search:strong (-2 - 3 + 0 + 3) / 4 = -0.5."""
    bots = ["random", "heuristic", "search", "search:strong"]
    rec = record(
        rotation(bots, [-2, 2, 2, -2], [3, 3, -3, -3], [0, 0, 0, 0]),
        rotation(bots[1:] + bots[:1], [-1, -1, 3, -1]),
    )
    assert pair_differences("doppelkopf", rec) == {
        ("heuristic", "random"): 1.0,
        ("heuristic", "search:fast"): 1.5,
        ("heuristic", "search:strong"): 1.5,
        ("random", "search:fast"): 0.5,
        ("random", "search:strong"): 0.5,
        ("search:fast", "search:strong"): 0.0,
    }
    after, _ = rate_records("doppelkopf", [rec], NOW)
    want = posterior([], samples_of("doppelkopf", rec))
    for bot, (mu, sigma) in want.items():
        assert (after[bot].mu, after[bot].sigma) == pytest.approx((mu, sigma))
    assert after["heuristic"].mu > after["random"].mu > after["search:fast"].mu
    assert after["search:fast"].mu == pytest.approx(after["search:strong"].mu)
    assert all(s.games == 2 for s in after.values())  # both rotations rated for each


def test_search_is_search_fast_on_the_ladder() -> None:
    assert ladder_name("search") == ladder_name("search:fast") == "search:fast"
    assert ladder_name("search:strong") == "search:strong"
    assert ladder_name("heuristic") == "heuristic"
    assert ladder_name("my_bot") == "my_bot"
    # Two games, one naming it `search`, one `search:fast`: one bot, rated from both.
    one = record(rotation(["search", "random"], [30, 10]), rotation(["random", "search"], [0, 0]))
    two = record(rotation(["search:fast", "random"], [10, 10]), index=1)
    after, _ = rate_records("ducksoup", [one, two])
    assert set(after) == {"search:fast", "random"}
    assert after["search:fast"].games == 3
    samples = [("random", "search:fast", -10.0), ("random", "search:fast", 0.0)]
    want = posterior([], samples)
    assert after["search:fast"].mu == pytest.approx(want["search:fast"][0])
    assert after["search:fast"].sigma == pytest.approx(want["search:fast"][1])


def compared(game: str, lineups: list[tuple[str, ...]]) -> set[tuple[str, str]]:
    """The pairs the line-ups compare: those `pair_differences` finds in a game of each where
    every seat scored differently (so no pair is missed for a tie)."""
    out: set[tuple[str, str]] = set()
    for lineup in lineups:
        deal = [10 ** (seat + 1) for seat in range(len(lineup))]
        out |= set(pair_differences(game, record(rotation(list(lineup), deal))))
    return out


@pytest.mark.parametrize("game", sorted(ratings_module.ANCHOR_OPTIONS))
def test_the_anchor_lineups_compare_every_anchor_into_one_ladder(game: str) -> None:
    """Whatever the line-ups (the module chooses them), the fit can only order bots that its
    samples connect: every anchor is compared with some other (never only with a partner), and
    the pairs join all of them into one ladder; two cheap anchors too (the keeper's tests)."""
    for anchors in (ANCHORS, ("random", "heuristic")):
        pairs = compared(game, anchor_lineups(game, anchors))
        assert {x for pair in pairs for x in pair} == set(anchors), (game, anchors)
        reached, frontier = {anchors[0]}, [anchors[0]]
        while frontier:
            bot = frontier.pop()
            for a, b in pairs:
                for x, y in ((a, b), (b, a)):
                    if x == bot and y not in reached:
                        reached.add(y)
                        frontier.append(y)
        assert reached == set(anchors), (game, anchors)
    assert anchor_lineups(game) == anchor_lineups(game, ANCHORS)  # the default


# --- on Redis ---------------------------------------------------------------------------------


def spec_of(game: str, bots: list[str]) -> MatchSpec:
    return MatchSpec(game, tuple(bots), 8, "ratings", {})


DD = ["heuristic", "random", "heuristic", "random"]


def ddrec(index: int, first: int) -> JSON:
    """A Doubleduck match game of heuristic,random,heuristic,random, both rotations: heuristic
    averages (first + 200) / 2 a deal, random 75."""
    return record(
        rotation(DD, [first, 100, first, 100]),
        rotation(["random", "heuristic", "random", "heuristic"], [50, 200, 50, 200]),
        index=index,
    )


def version(r: Any, game: str) -> int:
    """The ladder's version: raised once by every rated game."""
    return int(r.hget(fit_key(game), "version") or 0)


def test_a_match_game_is_rated_once(r: redis.Redis) -> None:
    ladder = Ratings(r)
    spec = spec_of("doubleduck", DD)
    assert ladder.rate(spec, ddrec(0, 300), match_id="m1") == "rated"
    first = ladder.skills("doubleduck")
    assert first["heuristic"].games == 2
    assert_same_ladder(first, rate_records("doubleduck", [ddrec(0, 300)])[0])
    assert version(r, "doubleduck") == 1
    assert ladder.spread("doubleduck") == pytest.approx(175.0)  # one sample: its own size
    assert ladder.rate(spec, ddrec(0, 300), match_id="m1") == "duplicate"
    assert ladder.skills("doubleduck") == first and version(r, "doubleduck") == 1
    # Without a match id the record itself is the identity: told twice, rated once.
    assert ladder.rate(spec, ddrec(1, 500)) == "rated"
    assert ladder.rate(spec, ddrec(1, 500)) == "duplicate"
    # Another match's game of the same index is another game.
    assert ladder.rate(spec, ddrec(0, 300), match_id="m2") == "rated"
    skills = ladder.skills("doubleduck")
    assert skills["heuristic"].games == skills["random"].games == 6
    want, spread = rate_records("doubleduck", [ddrec(0, 300), ddrec(1, 500), ddrec(0, 300)])
    assert_same_ladder(skills, want)
    assert ladder.spread("doubleduck") == pytest.approx(spread)
    assert version(r, "doubleduck") == 3
    assert ladder.skills("duck") == {} and ladder.spread("duck") == 0.0  # one ladder per game


def test_concurrent_rates_lose_no_update_and_rate_a_game_once(
    r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Workers that read the same ladder at once: one writes, the other reads again and
    re-fits. The fit does not depend on the games' order, so the ladder must be exactly the
    fit of every game, whichever won."""
    spec = spec_of("doubleduck", DD)
    both_read = threading.Barrier(2, timeout=10)
    calls: list[int] = []

    def in_step(*args: Any) -> Any:
        calls.append(1)
        if len(calls) <= 2:
            both_read.wait()  # both fitted the same version before either writes
        return refit(*args)

    outcomes: dict[int, str] = {}

    def rate(i: int) -> None:
        outcomes[i] = Ratings(r).rate(spec, ddrec(i, 300 + 100 * i), match_id="m")

    monkeypatch.setattr(ratings_module, "refit", in_step)
    threads = [threading.Thread(target=rate, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    monkeypatch.undo()
    assert outcomes == {0: "rated", 1: "rated"}
    assert len(calls) == 3  # the one that lost the compare-and-set read and fitted again
    both = [ddrec(0, 300), ddrec(1, 400)]
    assert_same_ladder(Ratings(r).skills("doubleduck"), rate_records("doubleduck", both)[0])
    assert version(r, "doubleduck") == 2
    # Many workers, some telling the same game twice: each game counts once.
    errors: list[BaseException] = []

    def many(i: int) -> None:
        try:
            Ratings(r).rate(spec, ddrec(10 + i % 6, 300 + 10 * (i % 6)), match_id="n")
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=many, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == []
    skills = Ratings(r).skills("doubleduck")
    assert skills["heuristic"].games == skills["random"].games == 4 + 6 * 2
    every = both + [ddrec(10 + k, 300 + 10 * k) for k in range(6)]
    want, spread = rate_records("doubleduck", every)
    assert_same_ladder(skills, want)
    assert Ratings(r).spread("doubleduck") == pytest.approx(spread)
    assert version(r, "doubleduck") == 8
    assert skills["heuristic"].mu > 0 > skills["random"].mu


def test_the_match_job_rates_each_game_once(app: Flask, client: FlaskClient) -> None:
    body = {"game": "doubleduck", "bots": DD, "games": 2, "seed": "rated",
            "options": {"max_deals": 1}}  # fmt: skip
    mid = client.post("/api/v1/matches", json=body).json["id"]
    with app.app_context():
        layer = matches()
    assert layer.ratings is not None
    held, layer.ratings = layer.ratings, None
    assert layer.play(mid, 0) == "recorded"  # the job died before rating it...
    layer.ratings = held
    assert held.skills("doubleduck") == {}
    assert layer.play(mid, 0) == "duplicate"  # ...its retry rates it
    once = held.skills("doubleduck")
    assert once["heuristic"].games == 2
    assert layer.play(mid, 0) == "duplicate"
    assert layer.play(mid, 1) == "recorded"
    assert layer.play(mid, 1) == "duplicate"
    twice = held.skills("doubleduck")
    assert twice["heuristic"].games == twice["random"].games == 4
    # A run that raced past the recorded check: its record loses, and it rates nothing again.
    layer.store.has_result = lambda *a: False  # type: ignore[method-assign]
    assert layer.play(mid, 1) == "duplicate"
    assert held.skills("doubleduck") == twice
    spec = MatchSpec.from_json(body)
    want, spread = rate_records("doubleduck", [play_match_game(spec, i) for i in range(2)])
    assert_same_ladder(twice, want)
    assert held.spread("doubleduck") == pytest.approx(spread) and spread > 0


def test_the_ladder_route(make_app: Callable[..., Flask], keys: AppKeys, r: redis.Redis) -> None:
    client = make_app(APP_KEYS="required").test_client()
    empty = client.get("/api/v1/ladder/duck").json
    assert empty == {"game": "duck", "spread": 0.0, "entries": []}
    acme = keys.issue("acme")
    made = client.post(
        "/api/v1/bots",
        json={"name": "my_bot", "description": "", "games": ["duck"]},
        headers=auth(acme.key),
    )
    assert made.status_code == 201, made.json
    ladder = Ratings(r)
    bots = ["search:strong", "my_bot", "heuristic", "ghost_bot"]
    spec = spec_of("duck", bots)
    # Means a deal 8.5, 5, 1.5, -1.5: every pair's difference has the bots' order.
    games = [record(rotation(bots, [9, 4, 2, -3], [8, 6, 1, 0]), index=i) for i in range(3)]
    for game in games:
        assert ladder.rate(spec, game, "m") == "rated"
    got = client.get("/api/v1/ladder/duck")  # public: no key, no token
    assert got.status_code == 200
    assert got.json["game"] == "duck"
    assert got.json["spread"] == pytest.approx(ladder.spread("duck")) and got.json["spread"] > 0
    entries = got.json["entries"]
    assert [e["bot"] for e in entries] == bots  # best ordinal first
    ordinals = [e["ordinal"] for e in entries]
    assert ordinals == sorted(ordinals, reverse=True)
    want, spread = rate_records("duck", games)
    assert ladder.spread("duck") == pytest.approx(spread)
    for entry in entries:
        skill = want[entry["bot"]]
        assert (entry["mu"], entry["sigma"]) == (
            pytest.approx(skill.mu),
            pytest.approx(skill.sigma),
        )
        assert entry["ordinal"] == pytest.approx(entry["mu"] - 3 * entry["sigma"])
        assert entry["provisional"] is provisional(skill, spread)
    assert math.fsum(e["mu"] for e in entries) == pytest.approx(0.0, abs=1e-9)
    first = entries[0]
    assert first["kind"] == "builtin" and "owner" not in first
    assert first["games"] == 3 and isinstance(first["last_played"], int)
    assert all(math.isfinite(e["mu"]) and e["sigma"] > 0 for e in entries)
    # An outside bot by its owner's key name; a name the registry does not know, owner null.
    assert [(e["kind"], e.get("owner")) for e in entries[1::2]] == [
        ("outside", "acme"),
        ("outside", None),
    ]
    for path in ("/api/v1/ladder/chess", "/api/v1/ladder/", "/api/v1/ladder/DUCK"):
        refused = client.get(path)
        assert refused.status_code == 404, path
        assert refused.json["errors"]["reason"] == "not_found"


def test_the_anchor_schedule_plays_every_line_up_first_then_the_weakest_one_round_in_four() -> None:
    """Round 0 seats every line-up (so one round puts every anchor on the ladder); then the
    weakest anchor's line-up plays every `WEAKEST_EVERY` rounds and the others every round, each
    line-up's games numbered from 0 without a gap; with a single line-up, every round."""
    every = ratings_module.WEAKEST_EVERY
    for game in ("doubleduck", "ducksoup", "duck", "doppelkopf"):
        lineups = anchor_lineups(game)
        rounds = 2 * every + 1
        slots = ratings_module.anchor_schedule(game, rounds)
        assert [n for r, n, _ in slots if r == 0] == list(range(len(lineups)))
        assert [r for r, _, _ in slots] == sorted(r for r, _, _ in slots)
        for n, lineup in enumerate(lineups):
            played = [(r, i) for r, m, i in slots if m == n]
            step = every if ANCHORS[0] in lineup else 1
            assert played == [(r, r // step) for r in range(0, rounds, step)]
        jobs = ratings_module.anchor_jobs(game, rounds, "s")
        assert [(spec.bots, i) for spec, i in jobs] == [(lineups[n], i) for _, n, i in slots]
        assert {spec.bots: spec.games for spec, _ in jobs} == {
            lineup: len(range(0, rounds, every if ANCHORS[0] in lineup else 1))
            for lineup in lineups
        }
    alone = ratings_module.anchor_schedule("ducksoup", 3, ("random", "heuristic"))
    assert alone == [(0, 0, 0), (1, 0, 1), (2, 0, 2)]


def test_the_anchor_command_rates_its_games_once(
    r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -m service.ratings anchors`, with two cheap anchors: a rerun with the same seed
    plays and rates none of its games again, only those it adds."""
    monkeypatch.setattr(ratings_module, "ANCHORS", ("random", "heuristic"))
    lineups = ratings_module.anchor_lineups("ducksoup")
    ladder = Ratings(r)
    played = list(ratings_module.anchors(ladder, "ducksoup", 3, "t"))
    assert [outcome for *_, outcome in played] == ["rated"] * 3 * len(lineups)
    skills = ladder.skills("ducksoup")
    for bot in ("random", "heuristic"):  # x 2 rotations
        assert skills[bot].games == 3 * 2 * sum(bot in lineup for lineup in lineups)
    want, spread = rate_records("ducksoup", [rec for _, rec, _ in played])
    assert_same_ladder(skills, want)
    assert ladder.spread("ducksoup") == pytest.approx(spread)
    assert skills["heuristic"].mu > 0 > skills["random"].mu
    assert list(ratings_module.anchors(ladder, "ducksoup", 3, "t")) == []  # none played again
    assert ladder.skills("ducksoup") == skills
    more = [outcome for *_, outcome in ratings_module.anchors(ladder, "ducksoup", 4, "t")]
    assert more == ["rated"] * len(lineups)  # the fourth game of each line-up


def test_refit_puts_a_ladder_rated_by_who_won_on_the_fit(
    r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -m service.ratings refit`: a ladder left by the former rule (ratings on
    openskill's scale, no spread) is fitted from its head-to-head sums as if rated by the fit,
    its game counts kept; a second refit changes nothing but the version."""
    monkeypatch.setattr(ratings_module, "ANCHORS", ("random", "heuristic"))
    ladder = Ratings(r)
    played = list(ratings_module.anchors(ladder, "ducksoup", 3, "old"))
    fitted = ladder.skills("ducksoup")
    old = {bot: Skill(25.0 + n, 8.0, s.games, s.last_played) for n, (bot, s) in enumerate(
        sorted(fitted.items()))}  # fmt: skip
    r.hset(ratings_key("ducksoup"), mapping={b: json.dumps(s.to_json()) for b, s in old.items()})
    r.delete(fit_key("ducksoup"))
    assert ladder.spread("ducksoup") == 0.0
    assert ladder.refit_ladder("ducksoup") == 2
    want, spread = rate_records("ducksoup", [rec for _, rec, _ in played])
    again = ladder.skills("ducksoup")
    assert_same_ladder(again, want)
    assert {b: s.games for b, s in again.items()} == {b: s.games for b, s in fitted.items()}
    assert ladder.spread("ducksoup") == pytest.approx(spread)
    assert ladder.refit_ladder("ducksoup") == 2
    assert_same_ladder(ladder.skills("ducksoup"), want)
    assert version(r, "ducksoup") == 2


def test_an_outside_match_puts_its_bot_on_the_ladder_with_its_owner(
    make_app: Callable[..., Flask], keys: AppKeys
) -> None:
    """The driver's path (real games, an outside bot's seats played through the API) rates
    each game it records on the real ladder, once, the bot under its owner's key name."""
    app = make_app(APP_KEYS="required")
    me = outside.Author(app.test_client(), keys.issue("pond").key)
    me.register()
    mid = me.create(games=2, concurrency=1, seed=None)["id"]  # a chosen seed is unrated
    for _ in range(400):
        outside.run_jobs(app)
        seats = me.seats()
        if not seats:
            break
        for seat in seats:
            me.play(seat)
    assert me.client.get(f"/api/v1/matches/{mid}").json["status"] == "done"
    entries = {e["bot"]: e for e in me.client.get("/api/v1/ladder/ducksoup").json["entries"]}
    assert set(entries) == {outside.BOT, "heuristic"}
    assert (entries[outside.BOT]["kind"], entries[outside.BOT]["owner"]) == ("outside", "pond")
    assert entries["heuristic"]["kind"] == "builtin"
    assert entries[outside.BOT]["games"] == entries["heuristic"]["games"] == 4  # 2 x 2 rotations
    # Its first legal move each turn against the heuristic: behind it on the ladder, by as
    # much as the heuristic is above the ladder's average of the two.
    assert entries["heuristic"]["mu"] > 0 > entries[outside.BOT]["mu"]
    assert entries["heuristic"]["mu"] == pytest.approx(-entries[outside.BOT]["mu"])

"""The ratings ladder (`service.matches.ratings`): the pure math (teams, ranks, a bot in several
seats)
against openskill itself, and on a real Redis and the real Cluster: each match game rated
exactly once however often and however concurrently it is told, the match job's hook, and
`GET /api/v1/ladder/{game}`."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import Any

import pytest
import redis
import test_outside_matches as outside
from flask import Flask
from flask.testing import FlaskClient
from testkit.svc_helpers import auth

from bots.match import MatchSpec, play_match_game
from service.access.app_keys import AppKeys
from service.api.common import matches
from service.matches import ratings as ratings_module
from service.matches.ratings import (
    ANCHORS,
    MODEL,
    Contest,
    Ratings,
    Skill,
    anchor_lineups,
    contests,
    ladder_name,
    rate_record,
    update,
)

JSON = dict[str, Any]
NOW = 1_767_225_600_000


def rotation(bots: list[str], *deals: list[int]) -> JSON:
    return {"bots": bots, "deal_scores": [list(d) for d in deals]}


def record(*rotations: JSON, index: int = 0) -> JSON:
    return {"index": index, "seed": f"s:{index}", "rotations": list(rotations)}


def openskill(teams: list[list[Skill]], ranks: list[int]) -> list[list[Any]]:
    """openskill's own answer for these teams, to compare with."""
    objs = [[MODEL.rating(s.mu, s.sigma) for s in team] for team in teams]
    return MODEL.rate(objs, ranks=[float(r) for r in ranks])


# --- the pure math ----------------------------------------------------------------------------


def test_doubleduck_ranks_the_sides_by_their_mean_over_the_rotations() -> None:
    """Duplicate deals: the side of random,random had the better cards in the first rotation
    and won it, but over both rotations (the same cards, the sides swapped) it is behind."""
    rec = record(
        rotation(["random", "heuristic", "random", "search"], [400, 300, 400, 300]),
        rotation(["search", "random", "heuristic", "random"], [900, 50, 900, 50]),
    )
    (found,) = contests("doubleduck", rec)
    assert found == Contest(
        (("random", "random"), ("heuristic", "search:fast")), (1, 0), rotations=(0, 1)
    )
    after = rate_record("doubleduck", rec, {}, NOW)
    # Two seats of random in one side: both seats' changes add up.
    (r1, r2), (h, _) = openskill([[Skill(), Skill()], [Skill(), Skill()]], [1, 0])
    assert after["random"].mu == pytest.approx(25 + (r1.mu - 25) + (r2.mu - 25))
    assert after["heuristic"].mu == pytest.approx(h.mu) == pytest.approx(after["search:fast"].mu)
    s0 = MODEL.sigma
    assert after["random"].sigma == pytest.approx(s0 * (r1.sigma / s0) * (r2.sigma / s0))
    assert set(after) == {"random", "heuristic", "search:fast"}
    assert all(s.games == 2 and s.last_played == NOW for s in after.values())  # 2 rotations


def test_one_bot_per_seat_is_exactly_openskill() -> None:
    skills = {"a": Skill(30.0, 4.0), "b": Skill(20.0, 6.0), "c": Skill(), "d": Skill(27.0, 2.0)}
    contest = Contest((("a",), ("b",), ("c",), ("d",)), (2, 0, 1, 2), (0,))
    got = update(skills, contest)
    want = openskill([[skills[b]] for b in "abcd"], [2, 0, 1, 2])
    for bot, (new,) in zip("abcd", want, strict=True):
        assert got[bot].mu == pytest.approx(new.mu)
        assert got[bot].sigma == pytest.approx(new.sigma)


def test_duck_ranks_each_bot_by_its_mean_and_penalties_rank_last() -> None:
    """Seat by seat, over rotations and rounds; a red penalty is a negative score."""
    rec = record(
        rotation(["a", "b", "c"], [-10, 0, 3], [2, 2, 2]),
        rotation(["c", "a", "b"], [5, -10, 1], [0, 0, 0]),
    )
    (found,) = contests("duck", rec)
    # a: (-10 + 2 - 10 + 0) / 4, b: (0 + 2 + 1 + 0) / 4, c: (3 + 2 + 5 + 0) / 4
    assert found == Contest((("a",), ("b",), ("c",)), (2, 1, 0), (0, 1))
    (tie,) = contests("ducksoup", record(rotation(["a", "b"], [7, 7])))
    assert tie.ranks == (0, 0)  # a tie shares the rank


def test_a_bots_several_seats_alone_are_one_player() -> None:
    """Duck, heuristic,random,heuristic,random: each bot is one player, by its seats' mean."""
    rec = record(
        rotation(["heuristic", "random", "heuristic", "random"], [9, 4, 2, -3]),
        rotation(["random", "heuristic", "random", "heuristic"], [1, 6, 0, 5]),
    )
    (found,) = contests("duck", rec)
    assert found == Contest((("heuristic",), ("random",)), (0, 1), (0, 1))
    after = rate_record("duck", rec, {}, NOW)
    (h,), (r,) = openskill([[Skill()], [Skill()]], [0, 1])
    assert (after["heuristic"].mu, after["random"].mu) == (pytest.approx(h.mu), pytest.approx(r.mu))
    assert after["heuristic"].games == after["random"].games == 2  # a game per rotation


def test_a_contest_of_one_bot_or_of_equal_sides_is_not_rated() -> None:
    alone = record(rotation(["heuristic", "heuristic"], [40, 10]))
    assert rate_record("ducksoup", alone, {}, NOW) == {}
    # a,a,b,b in Doubleduck: both sides are a+b, whatever the rotation.
    mixed = record(rotation(["a", "a", "b", "b"], [40, 10, 40, 10]))
    assert list(contests("doubleduck", mixed)) == []


def test_doppelkopf_parties_are_read_from_the_deal_scores() -> None:
    bots = ["random", "heuristic", "search:fast", "search:strong"]
    rec = record(
        rotation(bots, [-2, 2, 2, -2], [3, 3, -3, -3], [0, 0, 0, 0]),
        rotation(bots[1:] + bots[:1], [-1, -1, 3, -1]),
    )
    assert list(contests("doppelkopf", rec)) == [
        # Re won: the seats that scored +2 are one party, those with -2 the other.
        Contest((("heuristic", "search:fast"), ("random", "search:strong")), (0, 1), (0,)),
        Contest((("random", "heuristic"), ("search:fast", "search:strong")), (0, 1), (0,)),
        # The deal that scored 0 shows no parties and is skipped; a solo is seat by seat.
        Contest(
            (("heuristic",), ("search:fast",), ("search:strong",), ("random",)), (1, 1, 0, 1), (1,)
        ),
    ]
    after = rate_record("doppelkopf", rec, {}, NOW)
    assert all(s.games == 2 for s in after.values())  # both rotations rated for each


def test_search_is_search_fast_on_the_ladder() -> None:
    assert ladder_name("search") == ladder_name("search:fast") == "search:fast"
    assert ladder_name("search:strong") == "search:strong"
    assert ladder_name("heuristic") == "heuristic"
    assert ladder_name("my_bot") == "my_bot"


def test_the_search_levels_meet_only_opponents_in_doubt() -> None:
    """Neighbours meet, and strong closes the chain on the heuristic, not random: fast and
    strong each play two line-ups, neither against random (a sure win shrinks sigma little,
    and the ordinal would hold back the one that played random); random plays the heuristic."""
    pairs = anchor_lineups("ducksoup")
    assert anchor_lineups("doubleduck") == [(x, y, x, y) for x, y in pairs]  # a side each
    assert anchor_lineups("duck") == anchor_lineups("doppelkopf") == [ANCHORS]
    opponents = {b: sorted(y if x == b else x for x, y in pairs if b in (x, y)) for b in ANCHORS}
    assert opponents == {
        "random": ["heuristic"],
        "heuristic": ["random", "search:fast", "search:strong"],
        "search:fast": ["heuristic", "search:strong"],
        "search:strong": ["heuristic", "search:fast"],
    }
    assert anchor_lineups("ducksoup", ("random", "heuristic")) == [
        ("random", "heuristic"),
        ("heuristic", "random"),
    ]
    assert ANCHORS == ("random", "heuristic", "search:fast", "search:strong")


# --- on Redis ---------------------------------------------------------------------------------


def spec_of(game: str, bots: list[str]) -> MatchSpec:
    return MatchSpec(game, tuple(bots), 8, "ratings", {})


def ddrec(index: int, first: int) -> JSON:
    """A Doubleduck match game of heuristic,random,heuristic,random, both rotations."""
    return record(
        rotation(["heuristic", "random", "heuristic", "random"], [first, 100, first, 100]),
        rotation(["random", "heuristic", "random", "heuristic"], [50, 200, 50, 200]),
        index=index,
    )


def test_a_match_game_is_rated_once(r: redis.Redis) -> None:
    ladder = Ratings(r)
    spec = spec_of("doubleduck", ["heuristic", "random", "heuristic", "random"])
    assert ladder.rate(spec, ddrec(0, 300), match_id="m1") == "rated"
    first = ladder.skills("doubleduck")
    assert first["heuristic"].games == 2
    assert ladder.rate(spec, ddrec(0, 300), match_id="m1") == "duplicate"
    assert ladder.skills("doubleduck") == first
    # Without a match id the record itself is the identity: told twice, rated once.
    assert ladder.rate(spec, ddrec(1, 300)) == "rated"
    assert ladder.rate(spec, ddrec(1, 300)) == "duplicate"
    # Another match's game of the same index is another game.
    assert ladder.rate(spec, ddrec(0, 300), match_id="m2") == "rated"
    assert ladder.skills("doubleduck")["heuristic"].games == 6
    assert ladder.skills("duck") == {}  # one ladder per game


def test_concurrent_rates_lose_no_update_and_rate_a_game_once(r: redis.Redis) -> None:
    """Workers that read the same ratings at once: one writes, the other reads again."""
    spec = spec_of("doubleduck", ["heuristic", "random", "heuristic", "random"])
    pure = ratings_module.rate_record
    both_read = threading.Barrier(2, timeout=10)
    calls: list[int] = []

    def in_step(*args: Any) -> Any:
        calls.append(1)
        if len(calls) <= 2:
            both_read.wait()  # both computed from the same ratings before either writes
        return pure(*args)

    outcomes: dict[int, str] = {}

    def rate(i: int) -> None:
        outcomes[i] = Ratings(r).rate(spec, ddrec(i, 300 + i), match_id="m")

    ratings_module.rate_record = in_step  # type: ignore[assignment]
    try:
        threads = [threading.Thread(target=rate, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
    finally:
        ratings_module.rate_record = pure
    assert outcomes == {0: "rated", 1: "rated"}
    assert len(calls) == 3  # the one that lost the compare-and-set read and computed again
    assert Ratings(r).skills("doubleduck")["heuristic"].games == 4  # no update lost
    # Many workers, some telling the same game twice: each game counts once.
    errors: list[BaseException] = []

    def many(i: int) -> None:
        try:
            Ratings(r).rate(spec, ddrec(10 + i % 6, 300), match_id="n")
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=many, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == []
    skills = Ratings(r).skills("doubleduck")
    assert skills["heuristic"].games == skills["random"].games == 4 + 6 * 2
    # The same as rating them one after another in some order: the ladder moved six times.
    assert skills["heuristic"].mu > 25 > skills["random"].mu


def test_the_match_job_rates_each_game_once(app: Flask, client: FlaskClient) -> None:
    body = {"game": "doubleduck", "bots": ["heuristic", "random", "heuristic", "random"],
            "games": 2, "seed": "rated", "options": {"max_deals": 1}}  # fmt: skip
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
    expect = rate_record("doubleduck", play_match_game(spec, 0), {}, NOW)
    expect = rate_record("doubleduck", play_match_game(spec, 1), expect, NOW)
    for bot in ("heuristic", "random"):
        assert twice[bot].mu == pytest.approx(expect[bot].mu)
        assert twice[bot].sigma == pytest.approx(expect[bot].sigma)


def test_the_ladder_route(make_app: Callable[..., Flask], keys: AppKeys, r: redis.Redis) -> None:
    client = make_app(APP_KEYS="required").test_client()
    assert client.get("/api/v1/ladder/duck").json == {"game": "duck", "entries": []}
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
    for i in range(3):
        ladder.rate(spec, record(rotation(bots, [9, 4, 2, -3], [8, 6, 1, 0]), index=i), "m")
    got = client.get("/api/v1/ladder/duck")  # public: no key, no token
    assert got.status_code == 200
    entries = got.json["entries"]
    assert [e["bot"] for e in entries] == bots  # best ordinal first
    ordinals = [e["ordinal"] for e in entries]
    assert ordinals == sorted(ordinals, reverse=True)
    first = entries[0]
    assert first["kind"] == "builtin" and "owner" not in first
    assert first["ordinal"] == pytest.approx(first["mu"] - 3 * first["sigma"])
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


def test_the_anchor_command_rates_its_games_once(
    r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -m service.ratings anchors`, with two cheap anchors (a ring of two: each
    against the other, twice): a rerun with the same seed plays and rates none of its games
    again, only those it adds."""
    monkeypatch.setattr(ratings_module, "ANCHORS", ("random", "heuristic"))
    ladder = Ratings(r)
    first = [outcome for *_, outcome in ratings_module.anchors(ladder, "ducksoup", 3, "t")]
    assert first == ["rated"] * 6  # 3 games of each line-up
    skills = ladder.skills("ducksoup")
    assert skills["heuristic"].games == skills["random"].games == 12  # x 2 rotations
    assert skills["heuristic"].mu > skills["random"].mu
    assert list(ratings_module.anchors(ladder, "ducksoup", 3, "t")) == []  # none played again
    assert ladder.skills("ducksoup") == skills
    more = [outcome for *_, outcome in ratings_module.anchors(ladder, "ducksoup", 4, "t")]
    assert more == ["rated"] * 2  # the fourth game of each line-up


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
    # Its first legal move each turn against the heuristic: behind it on the ladder.
    assert entries["heuristic"]["mu"] > entries[outside.BOT]["mu"]

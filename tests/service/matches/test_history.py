"""Rating history and head-to-head records (`service.matches.history`, written by the rating
script of `service.matches.ratings`): which bots a match game pairs (a Doubleduck side, a bot
in several seats, Doppelkopf), each rated game in them exactly once however often and
concurrently it is told, the numbers against `bots.match`'s paired comparisons, the history's
cap, and `GET /api/v1/ladder/{game}/bots/{bot}` and `/head-to-head` with their refusals. On a
real Redis and the real Cluster (`ON_BOTH`)."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import Any

import pytest
import redis
from flask import Flask

from bots.match import MatchSpec, summarize
from service.matches import ratings as ratings_module
from service.matches.history import History, estimate
from service.matches.ratings import Ratings, pair_differences, rate_records, refit

JSON = dict[str, Any]


def rotation(bots: list[str], *deals: list[int]) -> JSON:
    seats = len(bots)
    return {
        "bots": bots,
        "deal_scores": [list(d) for d in deals],
        "totals": [sum(d[s] for d in deals) for s in range(seats)],
        "game_points": [0] * seats,
        "winners": [],
        "moves": 0,
    }


def record(*rotations: JSON, index: int = 0) -> JSON:
    return {"index": index, "seed": f"s:{index}", "rotations": list(rotations)}


def soup(index: int, diff: int, a: str = "alpha", b: str = "beta") -> JSON:
    """A Duck Soup match game of a against b, both rotations, one deal: a's mean score per deal
    is `diff` above b's (a scored 2 diff in its first seat, everything else scored 0)."""
    return record(rotation([a, b], [2 * diff, 0]), rotation([b, a], [0, 0]), index=index)


SOUP = MatchSpec("ducksoup", ("alpha", "beta"), 10, "h", {})


# --- which bots a game pairs ------------------------------------------------------------------


def test_a_doubleduck_side_is_one_team_and_scores_its_sides_mean() -> None:
    """a+c and b+d are sides through the rotations: partners are never paired, and each
    bot's mean is its side's over both rotations (the same cards, the sides swapped)."""
    rec = record(
        rotation(["a", "b", "c", "d"], [100, 40, 100, 40]),
        rotation(["d", "a", "b", "c"], [30, 70, 30, 70]),
    )
    # a, c: (100 + 70) / 2 = 85; b, d: (40 + 30) / 2 = 35
    assert pair_differences("doubleduck", rec) == {
        ("a", "b"): 50.0,
        ("a", "d"): 50.0,
        ("b", "c"): -50.0,
        ("c", "d"): 50.0,
    }
    # a,a,b,b: both sides are a+b, the two bots always partners: no pair.
    mixed = record(rotation(["a", "a", "b", "b"], [40, 10, 40, 10]))
    assert pair_differences("doubleduck", mixed) == {}


def test_a_bot_in_several_seats_is_one_player_by_its_seats_mean() -> None:
    rec = record(
        rotation(["heuristic", "random", "heuristic", "random"], [9, 4, 2, -3]),
        rotation(["random", "heuristic", "random", "heuristic"], [1, 6, 0, 9]),
    )
    # heuristic: (9 + 2 + 6 + 9) / 4 = 6.5; random: (4 - 3 + 1 + 0) / 4 = 0.5
    assert pair_differences("duck", rec) == {("heuristic", "random"): 6.0}


def test_doppelkopf_compares_every_two_bots_and_search_is_search_fast() -> None:
    """Parties change deal by deal: every two bots of the table are compared, seat by seat."""
    bots = ["random", "heuristic", "search", "search:strong"]
    rec = record(rotation(bots, [-2, 2, 2, -2], [3, 3, -3, -3]))
    got = pair_differences("doppelkopf", rec)
    assert got == {
        ("heuristic", "random"): 5 / 2 - (1 / 2),
        ("heuristic", "search:fast"): 5 / 2 - (-1 / 2),
        ("heuristic", "search:strong"): 5 / 2 - (-5 / 2),
        ("random", "search:fast"): 1 / 2 - (-1 / 2),
        ("random", "search:strong"): 1 / 2 - (-5 / 2),
        ("search:fast", "search:strong"): -1 / 2 - (-5 / 2),
    }


# --- exactly once -----------------------------------------------------------------------------


def test_a_game_rated_twice_adds_one_point_and_one_sample(r: redis.Redis) -> None:
    ladder, history = Ratings(r), History(r)
    assert ladder.rate(SOUP, soup(0, 10), match_id="m") == "rated"
    assert ladder.rate(SOUP, soup(0, 10), match_id="m") == "duplicate"
    points = history.points("ducksoup", "alpha")
    assert len(points) == 1
    now = ladder.skills("ducksoup")["alpha"]
    assert points[0] == {
        "time": now.last_played,
        "mu": now.mu,
        "sigma": now.sigma,
        "ordinal": now.ordinal,
        "games": 2,  # both rotations
    }
    assert history.opponents("ducksoup", "alpha")["beta"].n == 1
    assert history.opponents("ducksoup", "beta")["alpha"].n == 1
    # Without a match id, the record is the identity: told twice, one more point and sample.
    assert ladder.rate(SOUP, soup(1, 20)) == "rated"
    assert ladder.rate(SOUP, soup(1, 20)) == "duplicate"
    beta = history.points("ducksoup", "beta")
    assert [p["games"] for p in beta] == [2, 4]
    # Each point is the bot's rating as the fit of the games so far left it.
    for got, games in zip(beta, ([soup(0, 10)], [soup(0, 10), soup(1, 20)]), strict=True):
        want = rate_records("ducksoup", games)[0]["beta"]
        assert (got["mu"], got["sigma"]) == (pytest.approx(want.mu), pytest.approx(want.sigma))
    assert history.opponents("ducksoup", "alpha")["beta"].n == 2
    assert history.points("duck", "alpha") == []  # one history per game


def test_a_game_without_opponents_pairs_nobody(r: redis.Redis) -> None:
    """Doubleduck's a,a,b,b (the two bots partners in every rotation) and one bot in every
    seat: the game is rated (its id taken) but compares nobody: no rating, no history, no
    head-to-head sample."""
    mixed = record(rotation(["alpha", "alpha", "beta", "beta"], [40, 10, 40, 10]))
    alone = record(rotation(["alpha", "alpha"], [40, 10]), index=1)
    spec = MatchSpec("doubleduck", ("alpha", "alpha", "beta", "beta"), 2, "z", {})
    assert Ratings(r).rate(spec, mixed, match_id="z") == "rated"
    assert Ratings(r).rate(SOUP, alone, match_id="z") == "rated"
    assert Ratings(r).rate(spec, mixed, match_id="z") == "duplicate"
    for game in ("doubleduck", "ducksoup"):
        assert Ratings(r).skills(game) == {}
        for bot in ("alpha", "beta"):
            assert History(r).points(game, bot) == []
            assert History(r).opponents(game, bot) == {}


DOKO = ["heuristic", "random", "alpha", "beta"]
DOKO_SPEC = MatchSpec("doppelkopf", tuple(DOKO), 2, "z", {})


def test_a_doppelkopf_game_that_scored_0_is_a_sample_of_no_difference(r: redis.Redis) -> None:
    """Doppelkopf compares every two bots at the table, whatever the parties: a game whose
    deals all scored 0 is a sample of 0 for every pair (a draw, not a game missing), a
    history point for each bot, and it pulls the ladder's gaps toward 0."""
    scored = record(rotation(DOKO, [3, 1, -1, -3]))
    zero = record(rotation(DOKO, [0, 0, 0, 0]), index=1)
    assert Ratings(r).rate(DOKO_SPEC, scored, match_id="d") == "rated"
    before = Ratings(r).skills("doppelkopf")
    assert Ratings(r).rate(DOKO_SPEC, zero, match_id="d") == "rated"
    after = Ratings(r).skills("doppelkopf")
    want = rate_records("doppelkopf", [scored, zero])[0]
    for bot in DOKO:
        assert after[bot].mu == pytest.approx(want[bot].mu) and after[bot].games == 2
        assert abs(after[bot].mu) < abs(before[bot].mu)
        assert [p["games"] for p in History(r).points("doppelkopf", bot)] == [1, 2]
    got = History(r).opponents("doppelkopf", "heuristic")
    assert {bot: e.n for bot, e in got.items()} == {"random": 2, "alpha": 2, "beta": 2}
    means = {bot: e.mean for bot, e in got.items()}
    assert means == pytest.approx({"random": 1.0, "alpha": 2.0, "beta": 3.0})  # (2 + 0) / 2 ...


def test_a_first_game_that_shows_no_difference_does_not_break_the_ladder(
    r: redis.Redis,
) -> None:
    """An empty ladder's first game all 0 (spread 0: nothing to fit yet) is told like any
    other: rated once, and the ladder goes on rating the games after it."""
    zero = record(rotation(DOKO, [0, 0, 0, 0]))
    assert Ratings(r).rate(DOKO_SPEC, zero, match_id="first") == "rated"
    assert Ratings(r).rate(DOKO_SPEC, zero, match_id="first") == "duplicate"
    scored = record(rotation(DOKO, [3, 1, -1, -3]), index=1)
    assert Ratings(r).rate(DOKO_SPEC, scored, match_id="first") == "rated"
    skills = Ratings(r).skills("doppelkopf")
    assert skills["heuristic"].mu > skills["random"].mu > skills["alpha"].mu > skills["beta"].mu


def test_a_worker_that_lost_the_race_adds_no_point(
    r: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two workers fit the same version of the ladder; the one whose compare-and-set fails
    reads again and writes its game once: two games, two points, two samples, nothing from the
    attempt that lost."""
    both_read = threading.Barrier(2, timeout=10)
    calls: list[int] = []

    def in_step(*args: Any) -> Any:
        calls.append(1)
        if len(calls) <= 2:
            both_read.wait()  # both fitted before either writes
        return refit(*args)

    monkeypatch.setattr(ratings_module, "refit", in_step)
    threads = [
        threading.Thread(target=Ratings(r).rate, args=(SOUP, soup(i, 10 * (i + 1)), "race"))
        for i in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    monkeypatch.undo()
    assert len(calls) == 3  # one conflict, read again
    points = History(r).points("ducksoup", "alpha")
    assert [p["games"] for p in points] == [2, 4]
    # The last point is the fit of both games (the loser's first fit, of one, is nowhere).
    want = rate_records("ducksoup", [soup(0, 10), soup(1, 20)])[0]["alpha"]
    assert points[-1]["mu"] == pytest.approx(want.mu)
    got = History(r).opponents("ducksoup", "alpha")["beta"]
    assert got.n == 2 and got.mean == pytest.approx(15.0)


def test_concurrent_rates_put_each_game_in_the_history_once(r: redis.Redis) -> None:
    """Twelve workers telling six games, each twice, at once: six points, six samples."""
    errors: list[BaseException] = []

    def rate(i: int) -> None:
        try:
            Ratings(r).rate(SOUP, soup(i % 6, 10 + i % 6), match_id="n")
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=rate, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == []
    history = History(r)
    points = history.points("ducksoup", "alpha")
    assert [p["games"] for p in points] == [2, 4, 6, 8, 10, 12]
    assert points[-1]["mu"] == Ratings(r).skills("ducksoup")["alpha"].mu
    got = history.opponents("ducksoup", "alpha")["beta"]
    assert got.n == 6
    assert got.mean == pytest.approx(12.5)  # 10 .. 15, whatever order they were rated in


# --- the numbers ------------------------------------------------------------------------------


def test_head_to_head_is_the_paired_mean_with_its_interval(r: redis.Redis) -> None:
    """Four games where alpha's mean per deal is 10, 20, 30, 40 above beta's: mean 25,
    s^2 = 500 / 3, half width 1.96 * sqrt(500 / 3 / 4); the same as the match statistics'
    paired comparison of those games; beta's row is its negative; one game has no interval."""
    ladder, history = Ratings(r), History(r)
    records = [soup(i, d) for i, d in enumerate((10, 20, 30, 40))]
    ladder.rate(SOUP, records[0], match_id="k")
    one = history.opponents("ducksoup", "alpha")["beta"]
    assert (one.mean, one.half_width, one.n) == (10.0, None, 1)
    for rec in records[1:]:
        ladder.rate(SOUP, rec, match_id="k")
    got = history.opponents("ducksoup", "alpha")["beta"].to_json()
    half = 1.96 * math.sqrt(500 / 3 / 4)
    assert got["n"] == 4
    assert got["mean"] == pytest.approx(25.0)
    assert got["half_width"] == pytest.approx(half)
    assert got["ci95"] == [pytest.approx(25 - half), pytest.approx(25 + half)]
    (paired,) = summarize(["alpha", "beta"], records)["comparisons"]
    want = paired["deal_score_diff"]
    assert (want["mean"], want["half_width"], want["n"]) == (
        pytest.approx(got["mean"]), pytest.approx(got["half_width"]), 4)  # fmt: skip
    back = history.opponents("ducksoup", "beta")["alpha"]
    assert (back.mean, back.half_width) == pytest.approx((-25.0, half))
    # Equal differences: s = 0 (sums of squares may round a hair below; never a NaN).
    assert estimate((3, 30.000000000000004, 300.0)).half_width == 0.0


def test_only_bots_that_met_are_in_the_crosstable(r: redis.Redis) -> None:
    ladder = Ratings(r)
    ladder.rate(SOUP, soup(0, 10), match_id="x")
    ladder.rate(SOUP, soup(0, 5, "alpha", "gamma"), match_id="y")
    pairs = History(r).crosstable("ducksoup", ["beta", "alpha", "gamma"])
    assert pairs == [
        {"bots": ["beta", "alpha"], "deal_score_diff": estimate((1, -10.0, 100.0)).to_json()},
        {"bots": ["alpha", "gamma"], "deal_score_diff": estimate((1, 5.0, 25.0)).to_json()},
    ]


def thinned(games: list[int], cap: int) -> list[int]:
    """The script's thinning, written out: past `cap`, the older half keeps every second."""
    out: list[int] = []
    for g in games:
        out.append(g)
        if len(out) > cap:
            half = len(out) // 2
            out = out[:half:2] + out[half:]
    return out


def test_the_history_is_capped_and_thins_its_older_half(r: redis.Redis) -> None:
    ladder = Ratings(r, history_points=8)
    for i in range(30):
        ladder.rate(SOUP, soup(i, 1 + i % 3), match_id="c")
        assert len(History(r).points("ducksoup", "alpha")) <= 8
    games = [p["games"] for p in History(r).points("ducksoup", "alpha")]
    assert games == thinned([2 * (i + 1) for i in range(30)], 8)
    assert games[0] == 2 and games[-1] == 60  # still from the first game to the last
    assert games == sorted(games)


# --- the routes -------------------------------------------------------------------------------


def test_a_bots_page_and_the_crosstable(make_app: Callable[..., Flask], r: redis.Redis) -> None:
    client = make_app().test_client()
    ladder = Ratings(r)
    for i, d in enumerate((10, 20, 30, 40)):
        ladder.rate(SOUP, soup(i, d), match_id="p")
    spec = MatchSpec("ducksoup", ("search", "alpha"), 1, "q", {})
    ladder.rate(spec, soup(0, -5, "alpha", "search"), match_id="q")  # alpha 5 below
    got = client.get("/api/v1/ladder/ducksoup/bots/alpha")  # public: no key, no token
    assert got.status_code == 200, got.json
    body = got.json
    entries = client.get("/api/v1/ladder/ducksoup").json["entries"]
    assert body["entry"] == {"rank": 1 + [e["bot"] for e in entries].index("alpha"),
                             **next(e for e in entries if e["bot"] == "alpha")}  # fmt: skip
    assert body["entry"]["owner"] is None  # an outside name nobody registered
    assert [p["games"] for p in body["history"]] == [2, 4, 6, 8, 10]
    assert body["history"][-1]["ordinal"] == pytest.approx(body["entry"]["ordinal"])
    # beta did not play that last game: no point for it, though the fit moved its rating (it
    # learnt where alpha stands against a third bot, and the average is over three now).
    beta = client.get("/api/v1/ladder/ducksoup/bots/beta").json
    assert [p["games"] for p in beta["history"]] == [2, 4, 6, 8]
    assert beta["entry"]["games"] == 8
    assert beta["history"][-1]["mu"] != pytest.approx(beta["entry"]["mu"])
    rows = {row["opponent"]: row for row in body["head_to_head"]}
    assert rows["beta"]["deal_score_diff"]["mean"] == pytest.approx(25.0)
    assert rows["search:fast"] == {
        "opponent": "search:fast",
        "kind": "builtin",
        "deal_score_diff": {"mean": -5.0, "ci95": None, "half_width": None, "n": 1},
    }
    order = [e["bot"] for e in entries]
    assert [row["opponent"] for row in body["head_to_head"]] == sorted(rows, key=order.index)
    # `search` is `search:fast` on the ladder.
    fast = client.get("/api/v1/ladder/ducksoup/bots/search").json
    assert fast["entry"]["bot"] == "search:fast"
    assert fast["head_to_head"][0]["deal_score_diff"]["mean"] == 5.0
    table = client.get("/api/v1/ladder/ducksoup/head-to-head").json
    assert table["bots"] == order and table["left_out"] == 0
    assert len(table["pairs"]) == 2  # beta and search:fast never met
    for pair in table["pairs"]:
        a, b = pair["bots"]
        assert order.index(a) < order.index(b)
        mine = client.get(f"/api/v1/ladder/ducksoup/bots/{a}").json["head_to_head"]
        assert pair["deal_score_diff"] == next(
            row["deal_score_diff"] for row in mine if row["opponent"] == b
        )
    two = client.get("/api/v1/ladder/ducksoup/head-to-head?limit=2").json
    assert (two["bots"], two["left_out"]) == (order[:2], 1)


def test_the_history_routes_refuse_what_is_not_there(
    make_app: Callable[..., Flask], r: redis.Redis
) -> None:
    client = make_app().test_client()
    Ratings(r).rate(SOUP, soup(0, 10), match_id="z")
    for path, status, reason in [
        ("/api/v1/ladder/ducksoup/bots/nobody", 404, "no_such_bot"),
        ("/api/v1/ladder/duck/bots/alpha", 404, "no_such_bot"),  # on another game's ladder
        ("/api/v1/ladder/chess/bots/alpha", 404, "not_found"),
        ("/api/v1/ladder/chess/head-to-head", 404, "not_found"),
        ("/api/v1/ladder/ducksoup/bots/", 404, "not_found"),
        ("/api/v1/ladder/ducksoup/head-to-head?limit=1", 422, "validation_error"),
        ("/api/v1/ladder/ducksoup/head-to-head?limit=101", 422, "validation_error"),
        ("/api/v1/ladder/ducksoup/head-to-head?limit=many", 422, "validation_error"),
    ]:
        got = client.get(path)
        assert got.status_code == status, (path, got.json)
        assert got.json["errors"]["reason"] == reason, path
    assert client.post("/api/v1/ladder/ducksoup/head-to-head").status_code == 405
    # An empty ladder: an empty crosstable, not a refusal.
    assert client.get("/api/v1/ladder/duck/head-to-head").json == {
        "game": "duck", "bots": [], "left_out": 0, "pairs": []}  # fmt: skip

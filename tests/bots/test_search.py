"""The search bot and its parts: rollout policies, levels, decisions from the view only."""

from __future__ import annotations

import random

import pytest

from bots import BOTS, decide, known, parse_bot
from bots.match import MatchError, MatchSpec, check, play_match
from bots.rollouts import ROLLOUTS
from engine import GAMES, Game

SEATS = {"doubleduck": 4, "ducksoup": 2, "doppelkopf": 4, "duck": 4}


def midgame(name: str, plays: int, seed: str = "search") -> Game:
    game = GAMES[name].new(SEATS[name], seed=seed)
    rng = random.Random(seed)
    for _ in range(plays):
        seat = min(game.to_act())
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    return game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_rollout_policies_play_whole_deals_by_the_rules(name: str) -> None:
    """`policy_playout` checks every move as `apply` does: an illegal pick would raise."""
    for i in range(5):
        game = GAMES[name].new(SEATS[name], seed=f"rollout-{i}")
        score = game.policy_playout(ROLLOUTS[name], random.Random(i))
        assert not game.to_act() and len(score) == len(game.teams())
        assert score == game.deal_score()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_search_decides_from_the_view_and_reproduces_untimed(name: str) -> None:
    game = midgame(name, 5)
    seat = min(game.to_act())
    legal = [m.to_json() for m in game.legal_moves(seat)]
    first = decide("search", game, seat, random.Random(1), level="fast", timed=False)
    again = decide("search", game, seat, random.Random(1), level="fast", timed=False)
    assert first is not None and first == again and first.to_json() in legal


def test_search_overturns_a_bad_prior_when_the_worlds_say_so() -> None:
    """Duck Soup, Soup course (stock empty, so the other hand is known): searching without the
    prior (plain argmax over the worlds; the first legal move only breaks exact ties), it agrees
    with the heuristic, whose endgame is an exact solver, far more often than that first move."""
    from bots import search as search_module
    from bots.ducksoup_heuristic import choose as heuristic

    def first(view: dict, legal: list, rng: random.Random, budget: float) -> dict:
        return legal[0]

    agree = prior_agrees = 0
    for seed in range(40):
        game = GAMES["ducksoup"].new(seed=f"overturn-{seed}")
        rng = random.Random(seed)
        while game.to_act() and (game.to_dict()["stock"] or len(game.hands[0]) > 3):
            s = min(game.to_act())
            game.apply(s, rng.choice(game.legal_moves(s)))
        if not game.to_act():
            continue
        seat = min(game.to_act())
        view = game.view(seat)
        if len(view["legal_moves"]) < 2:
            continue
        best = heuristic(view, view["legal_moves"], random.Random(0), 5.0)
        picked = search_module.search(
            view,
            view["legal_moves"],
            random.Random(0),
            worlds=8,
            think_ms=None,
            policy=ROLLOUTS["ducksoup"],
            fallback=first,
            prior=False,
        )
        agree += picked == best
        kept = search_module.search(
            view,
            view["legal_moves"],
            random.Random(0),
            worlds=8,
            think_ms=None,
            policy=ROLLOUTS["ducksoup"],
            fallback=first,
        )
        assert kept == view["legal_moves"][0], "with the prior, the Soup course is not searched"
        prior_agrees += view["legal_moves"][0] == best
    assert agree >= prior_agrees + 3, (agree, prior_agrees)


def test_levels_and_names() -> None:
    search = BOTS["search"]
    assert [lv.name for lv in search.levels] == ["fast", "normal", "strong"]
    assert search.level(None) is search.levels[0]
    for lv in search.levels:
        assert set(lv.worlds) == set(GAMES)
    for game in GAMES:  # a level that is not above the one before cannot pin the ladder
        fast, normal, strong = (lv.worlds[game] for lv in search.levels)
        assert fast < normal < strong, game
    with pytest.raises(KeyError):
        search.level("deep")
    assert BOTS["heuristic"].level(None) is None
    assert parse_bot("search:strong") == ("search", "strong")
    assert parse_bot("heuristic") == ("heuristic", None)
    assert known("search", "duck", "strong") and not known("search", "duck", "deep")
    assert not known("heuristic", "duck", "fast") and known("heuristic", "duck")


def test_matches_take_a_bot_with_its_level() -> None:
    spec = MatchSpec(
        "doppelkopf", ("search:fast", "heuristic", "random", "random"), 1, "m", {"max_deals": 1}
    )
    records, summary = play_match(spec)
    assert records[0]["rotations"][0]["bots"][0] == "search:fast"
    assert {b["bot"] for b in summary["bots"]} == {"search:fast", "heuristic", "random"}
    with pytest.raises(MatchError):
        check(MatchSpec("ducksoup", ("search:deep", "random"), 1, "m"))


def test_duck_soup_rollouts_play_as_the_heuristic() -> None:
    """The rollout policy reads the state (other hand and stock only as the unseen cards), yet
    picks a move the heuristic values best from the seat's view, in both courses."""
    from bots import ducksoup_heuristic
    from bots.rollouts import SOUP_SOLVE_CARDS, ducksoup

    checked = 0
    for seed in range(40):
        game = GAMES["ducksoup"].new(seed=f"soup-rollout-{seed}")
        rng = random.Random(seed)
        while game.to_act():
            seat = min(game.to_act())
            sizes = sorted(len(h) for h in game.hands)
            solver_differs = SOUP_SOLVE_CARDS < sizes[1] <= ducksoup_heuristic.SOLVE_CARDS
            if not solver_differs:
                view = game.view(seat)
                legal = view["legal_moves"]
                values = ducksoup_heuristic.move_values(view, legal)
                picked = ducksoup(game, seat, random.Random(seed)).to_json()
                assert values[legal.index(picked)] == pytest.approx(max(values))
                checked += 1
            game.apply(seat, rng.choice(game.legal_moves(seat)))
    assert checked > 1000


def test_duck_soup_search_tries_the_heuristics_best_three() -> None:
    """Its rollouts cost ~10x Doubleduck's, so Duck Soup search spends its worlds on the moves
    the heuristic values highest (TOP_MOVES), the heuristic's own move among them."""
    from bots import search as search_module
    from bots.ducksoup_heuristic import choose, move_values

    game = midgame("ducksoup", 4)
    seat = min(game.to_act())
    view = game.view(seat)
    legal = view["legal_moves"]
    assert len(legal) > 3
    hint = choose(view, legal, random.Random(0), 5.0)
    tried = search_module._candidates(view, legal, hint, prior=True)
    values = move_values(view, legal)
    assert len(tried) == search_module.TOP_MOVES["ducksoup"] == 3 and hint in tried
    assert min(values[legal.index(m)] for m in tried) >= sorted(values)[-3]
    assert search_module._candidates(view, legal, hint, prior=False) == legal


@pytest.mark.parametrize("rollout", [False, True])
def test_doubleduck_batched_values_agree_with_the_engines_playouts(rollout: bool) -> None:
    """Doubleduck search plays its worlds in batches (`engine.doubleduck_batch`): per move, the
    mean value and the mean difference to the first move over 4,000 batched worlds agree with
    the engine's one-world-at-a-time path over 400 worlds within 4 standard errors."""
    import numpy as np

    from bots import search as search_module

    game = midgame("doubleduck", 30)
    seat = min(game.to_act())
    view = game.view(seat)
    legal = game.legal_moves(seat)
    moves = legal[:3] + [m for m in legal if m.call][:1]  # a quack that takes the trick
    policy = ROLLOUTS["doubleduck"] if rollout else None
    batched = np.array(
        search_module._doubleduck_values(view, moves, random.Random(1), 4000, None, 0.0, rollout)
    )
    engine = np.array(
        search_module._world_values(view, moves, random.Random(2), 400, None, 0.0, policy)
    )
    assert batched.shape == (4000, len(moves)) and engine.shape == (400, len(moves))
    for a, b in ((batched, engine), (batched - batched[:, :1], engine - engine[:, :1])):
        error = np.sqrt(a.var(axis=0) / len(a) + b.var(axis=0) / len(b))
        assert (np.abs(a.mean(axis=0) - b.mean(axis=0)) <= 4 * error + 1e-9).all()
    paired = batched - batched[:, :1]
    assert (np.abs(paired.mean(axis=0)) > 4 * np.sqrt(paired.var(axis=0) / 4000)).any(), (
        "the moves do not differ: the comparison of differences would prove nothing"
    )


def test_duck_search_tries_the_heuristics_best_plays_and_the_duck() -> None:
    """Duck lists up to ~2,000 moves: search spends its worlds on the heuristic's best few plays
    with their draws (a handful searched deeply beat two dozen searched thinly), the heuristic's
    own play first among them, every one legal, and the duck whenever it is legal."""
    from bots import duck_heuristic
    from bots import search as search_module

    top = search_module.TOP_MOVES["duck"]
    checked = ducks = 0
    for seed in range(3):
        game = GAMES["duck"].new(4, seed=f"duck-top-{seed}")
        rng = random.Random(seed)
        while game.to_act():
            seat = min(game.to_act())
            view = game.view(seat)
            legal = view["legal_moves"]
            if sum(m["type"] == "play" for m in legal) > top:
                hint = duck_heuristic.choose(view, legal, random.Random(0))
                tried = search_module._candidates(view, legal, hint, prior=True)
                plays = [m for m in tried if m["type"] == "play"]
                others = [m for m in legal if m["type"] != "play"]
                assert all(m in legal for m in tried)
                assert plays == duck_heuristic.best_moves(view, top) and len(plays) == top
                assert [m for m in tried if m["type"] != "play"] == others
                if hint["type"] == "play":
                    assert plays[0] == hint
                narrow = search_module._candidates(view, legal, hint, prior=True, top=2)
                assert narrow == others + duck_heuristic.best_moves(view, 2)
                ducks += {"type": "duck"} in tried
                checked += 1
            game.apply(seat, rng.choice(game.legal_moves(seat)))
    assert checked >= 50 and ducks >= 1

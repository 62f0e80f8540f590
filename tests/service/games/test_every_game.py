"""Every registered game runs through the same API with no service code of its own.

For each game in `engine.GAMES`: a game played to its end by first-legal-move clients only; a
human seat (a token-holding client) against every bot that `GET /api/v1/bots` says plays the
game, answered by the REAL RQ worker, whose record replays exactly; and a bots-only match run
by the worker to completion. Which bots play which game is read from the API at test time, so a
heuristic added for a game is covered here the moment the registry lists it.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from flask.testing import FlaskClient
from testkit.svc_helpers import API, Seat, Table, play_out, wait_for

from engine import GAMES
from engine.record import replay

# Short games, so the whole file stays well under a minute with two xdist workers.
SHORT: dict[str, tuple[int, dict[str, Any]]] = {
    "doubleduck": (4, {"max_deals": 1}),
    "ducksoup": (2, {"target": 1}),
    "duck": (3, {}),
    "doppelkopf": (4, {"max_deals": 1}),
}
HUMAN_GAME_TIMEOUT = 60.0


def short(name: str) -> tuple[int, dict[str, Any]]:
    """Seats and options of a short game; a game added without an entry here fails loudly."""
    assert name in SHORT, f"add {name!r} with short options to SHORT in {__file__}"
    return SHORT[name]


def bots_for(client: FlaskClient, name: str) -> list[str]:
    """The bots the API says play this game, random first."""
    r = client.get(f"{API}/bots")
    assert r.status_code == 200, r.json
    names = [b["name"] for b in r.json["bots"] if name in b["games"]]
    assert "random" in names, f"no random bot for {name}"
    return sorted(names, key=lambda b: (b != "random", b))


def lineups(bots: list[str], seats: int) -> list[list[str]]:
    """Bot names for seats 1..n-1 so that every bot sits at least once: one table when the
    seats suffice (the strongest first), else one table per bot."""
    others = seats - 1
    if others >= len(bots):
        order = bots[::-1]
        return [[order[i % len(order)] for i in range(others)]]
    return [[bot] * others for bot in bots]


def play_as_human(table: Table, human: Seat, rng: random.Random) -> dict[str, Any]:
    """Play the human seat from its own legal moves (dealing when a deal is due) until the end;
    the worker plays every other seat. Returns the human's last view."""
    deadline = time.monotonic() + HUMAN_GAME_TIMEOUT
    while time.monotonic() < deadline:
        body = human.view()
        if body["status"] == "over":
            return body
        if body["status"] == "deal_pending":
            r = human.deal()
            assert r.status_code == 200, r.json
            continue
        view = body["view"]
        if human.seat in view["to_act"]:
            assert view["legal_moves"], f"seat {human.seat} to act without a legal move"
            move = rng.choice(view["legal_moves"])
            r = human.post_move(move, expected_version=body["version"])
            assert r.status_code == 200, r.json
            continue
        assert view["legal_moves"] == [], "legal moves offered out of turn"
        time.sleep(0.005)
    raise AssertionError(f"the game did not end within {HUMAN_GAME_TIMEOUT} s")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_game_plays_to_the_end_over_http(client: FlaskClient, name: str) -> None:
    seats, options = short(name)
    table = Table.create(
        client, game=name, seats=[{}] * seats, seed=f"every-{name}", options=options
    )
    play_out(table, max_moves=20000)
    record = client.get(f"{API}/games/{table.gid}/record").json["record"]
    assert record["game"] == name
    assert replay(record).view(None) == table.public()["view"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_human_against_every_bot_of_the_game(bot_client: FlaskClient, name: str) -> None:
    """Seat 0 is a client with a token; the worker plays the rest; the record replays exactly."""
    seats, options = short(name)
    bots = bots_for(bot_client, name)
    for number, lineup in enumerate(lineups(bots, seats)):
        seed = f"human-{name}-{number}"
        table = Table.create(
            bot_client,
            game=name,
            seats=[{}, *({"bot": b} for b in lineup)],
            seed=seed,
            options=options,
        )
        assert [s.seat for s in table.seats] == [0]
        last = play_as_human(table, table.seat(0), random.Random(seed))
        public = table.public()
        assert public["status"] == "over" and public["view"]["winners"] is not None
        assert last["view"]["legal_moves"] == []
        record = bot_client.get(f"{API}/games/{table.gid}/record").json["record"]
        assert (record["game"], record["seat_count"], record["seed"]) == (name, seats, seed)
        moved = {a["seat"] for a in record["actions"] if "seat" in a}
        assert moved == set(range(seats)), f"{lineup}: only seats {sorted(moved)} moved"
        game = replay(record)
        assert game.is_over()
        assert game.view(None) == public["view"]
        assert game.view(0) == last["view"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_bots_only_match_runs_to_completion(bot_client: FlaskClient, name: str) -> None:
    """Two short games with every bot of the game in the rotation, played by the worker."""
    seats, options = short(name)
    bots = bots_for(bot_client, name)
    lineup = [bots[i % len(bots)] for i in range(seats)]
    spec = {"game": name, "bots": lineup, "games": 2, "seed": f"match-{name}", "options": options}
    r = bot_client.post(f"{API}/matches", json=spec)
    assert r.status_code == 202, r.json
    url = f"{API}/matches/{r.json['id']}"

    def finished() -> dict[str, Any] | None:
        body = bot_client.get(url).json
        assert body["status"] != "failed", body
        return body if body["status"] == "done" else None

    body = wait_for(finished, timeout=180)  # search bots, untimed, on the niced bulk pool
    assert body["progress"] == {"done": 2, "failed": 0, "total": 2}
    results = {b["bot"]: b for b in body["results"]["bots"]}
    assert set(results) == set(lineup)
    for bot, stats in results.items():
        assert stats["seat_games"] > 0, f"{bot} played no seat"
        assert stats["deal_score"]["mean"] is not None, f"{bot} has no mean deal score"
        assert stats["game_points"]["mean"] is not None, f"{bot} has no mean game points"
    records = bot_client.get(f"{url}/games").json["records"]
    assert [g["index"] for g in records] == [0, 1]

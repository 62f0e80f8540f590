"""Issue 34's proof: a Swiss tournament of 8 entrants, built-in levels and kit bots of two app
keys (one invited, which accepts), runs to the end with standings and a crosstable, against
the real service (gunicorn, Redis, the session's RQ workers); each kit bot's seats are played
by `python -m duckpond_kit play`, as an author runs it. Every game of every pairing is rated
on the ladder once."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import redis
from duckpond_kit import Kit

from service.access.app_keys import AppKeys

ROOT = Path(__file__).resolve().parents[2]
API = "/api/v1"
MINE = {"kit-ace": "heuristic", "kit-bee": "random_move", "kit-cod": "heuristic"}
THEIRS = {"kit-dab": "heuristic", "kit-eel": "random_move"}
BUILT_IN = ["heuristic", "random", "search:fast"]


def _play(url: str, key: str, bots: dict[str, str], log: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "DUCKPOND_KEY": key, "DUCKPOND_URL": url}
    argv = [sys.executable, "-m", "duckpond_kit", "play"]
    for name, policy in bots.items():
        argv += ["--bot", f"{name}=duckpond_kit.examples:{policy}"]
    return subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log.open("w"), text=True
    )


def test_a_swiss_of_eight_built_in_and_kit_bots_runs_to_the_end(
    served_with_keys: tuple[int, str], redis_port: int, tmp_path: Path
) -> None:
    port, key = served_with_keys
    url = f"http://127.0.0.1:{port}"
    with redis.Redis(port=redis_port, db=1) as client:  # the keys of `served_with_keys`
        other = AppKeys(client).issue("pond-lab").key
    players = []
    with Kit(url, key) as me, Kit(url, other) as lab:
        for name in MINE:
            me.register(name, ["ducksoup"])
        for name in THEIRS:
            lab.register(name, ["ducksoup"])
        entrants = [*BUILT_IN, *MINE, *THEIRS]
        made = me.request(
            "POST",
            f"{API}/tournaments",
            {
                "game": "ducksoup",
                "entrants": entrants,
                "format": "swiss",
                "rounds": 3,
                "games": 2,
                "options": {"target": 1},
                "move_seconds": 5,
            },
        )
        tid = made["id"]
        assert made["status"] == "created" and made["invited"] == [
            {"key": "pond-lab", "answer": None}
        ]
        mine = me.request("GET", f"{API}/tournaments")["tournaments"]
        assert [t["id"] for t in mine] == [tid]
        started = lab.request("POST", f"{API}/tournaments/{tid}/accept", {})
        assert started["status"] == "running" and started["round"] == 1
        assert len(started["pairings"]) == 4  # 8 entrants: no bye
        try:
            players = [
                _play(url, key, MINE, tmp_path / "mine.log"),
                _play(url, other, THEIRS, tmp_path / "theirs.log"),
            ]
            deadline = time.monotonic() + 600
            body: dict[str, Any] = started
            while time.monotonic() < deadline:
                body = me.request("GET", f"{API}/tournaments/{tid}")
                if body["status"] == "done":
                    break
                time.sleep(1)
            else:
                raise AssertionError(f"not done: round {body['round']}, {body['pairings']}")
        finally:
            for proc in players:
                proc.terminate()
                proc.wait(10)
        # 3 rounds of 4 pairings, none met twice; every pairing a match that finished.
        assert body["round"] == 3 and len(body["pairings"]) == 12
        met = [frozenset((p["a"], p["b"])) for p in body["pairings"]]
        assert len(set(met)) == 12
        rotations = 0  # (bot, rotation) pairs the ladder should count
        for p in body["pairings"]:
            match = me.request("GET", f"{API}/matches/{p['match_id']}")
            assert match["status"] == "done" and match["rated"] is True
            assert match["progress"] == {"done": 2, "failed": 0, "total": 2}
            assert match["seed"] is not None  # drawn by the server, shown once done
            rotations += 2 * 2 * len(match["rotations"])  # 2 bots x 2 games
            assert p["result"]["points"] in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
        # Standings: every entrant, 3 played pairings, points summing to the pairings'.
        table = body["standings"]
        assert sorted(r["entrant"] for r in table) == sorted(entrants)
        assert sum(r["points"] for r in table) == 12
        assert all(r["played"] == 3 and r["byes"] == 0 for r in table)
        assert all(r["deal_score_diff"]["n"] == 6 and r["deal_score_diff"]["ci95"] for r in table)
        points = [r["points"] for r in table]
        assert points == sorted(points, reverse=True)
        # The crosstable: each pairing's paired mean difference per deal with its interval.
        assert len(body["crosstable"]) == 12
        for row in body["crosstable"]:
            diff = row["deal_score_diff"]
            assert diff["n"] == 2 and diff["ci95"][0] <= diff["mean"] <= diff["ci95"][1]
        # Every game rated once: the ladder counts each rotation of each game once per bot.
        ladder = me.request("GET", f"{API}/ladder/ducksoup")
        counted = sum(int(b["games"]) for b in ladder["entries"])
        assert counted == rotations

"""The kit's command as docs/kit.md shows it (issue 31, item 11): `register --exist-ok`
reuses the key's own bot on a second run (exit 0) and still refuses another key's name
clearly; `match` says one line per finished game, with logging quiet unless `-v`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import redis
from testkit.service_fixtures import QUEUE_DB

from service.access.app_keys import AppKeys

ROOT = Path(__file__).resolve().parents[2]
Command = Callable[..., subprocess.CompletedProcess[str]]


def commands(port: int, key: str) -> Command:
    env = {**os.environ, "DUCKPOND_KEY": key, "DUCKPOND_URL": f"http://127.0.0.1:{port}"}
    # This checkout's kit, whichever one the environment installed.
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "kit"), env.get("PYTHONPATH", "")])

    def command(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "duckpond_kit", *args],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    return command


def test_register_exist_ok_reuses_the_keys_own_bot_and_refuses_anothers(
    served_with_keys: tuple[int, str], redis_port: int, nodes: str
) -> None:
    port, key = served_with_keys
    with redis.Redis(port=redis_port, db=QUEUE_DB[1] if nodes else 1) as client:
        other_key = AppKeys(client).issue("someone-else").key
    mine, theirs = commands(port, key), commands(port, other_key)
    # The docs' sequence, run twice as a script would: the second run reuses the bot.
    sequence = ("register", "kit-again", "--games", "ducksoup,duck", "--exist-ok")
    first = mine(*sequence, "--description", "what it does")
    assert first.returncode == 0, first.stderr
    second = mine(*sequence, "--description", "what it does")
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout) == json.loads(first.stdout)
    assert json.loads(second.stdout)["name"] == "kit-again"
    # Without the flag a second registration is still the 409 it always was.
    plain = mine("register", "kit-again", "--games", "ducksoup")
    assert plain.returncode == 1 and "bot_name_taken" in plain.stderr
    # Another key's name is refused even with the flag, and says so.
    other = theirs(*sequence)
    assert other.returncode == 1, other.stdout
    assert "409 bot_name_taken" in other.stderr and "'kit-again' is taken" in other.stderr
    # A built-in bot's name too.
    builtin = mine("register", "heuristic", "--games", "ducksoup", "--exist-ok")
    assert builtin.returncode == 1 and "built-in" in builtin.stderr


def test_match_says_one_line_per_finished_game_and_logs_only_warnings(
    served_with_keys: tuple[int, str],
) -> None:
    port, key = served_with_keys
    command = commands(port, key)
    assert command("register", "kit-lines", "--games", "ducksoup").returncode == 0
    played = command(
        "match", "--game", "ducksoup", "--bots", "kit-lines,random", "--games", "3",
        "--bot", "kit-lines=duckpond_kit.examples:random_move", "--option", "target=1",
        "--seed", "lines",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr[-2000:]
    lines = played.stderr.splitlines()
    assert re.fullmatch(r"match \S+: ducksoup kit-lines,random x 3", lines[0]), lines
    assert lines[1:] == [f"game {n}/3 finished" for n in (1, 2, 3)], lines
    assert json.loads(played.stdout)["status"] == "done"
    loud = command(
        "match", "--game", "ducksoup", "--bots", "kit-lines,random", "--games", "1", "-v",
        "--bot", "kit-lines=duckpond_kit.examples:random_move", "--option", "target=1",
    )  # fmt: skip
    assert loud.returncode == 0, loud.stderr[-2000:]
    assert " INFO playing game " in loud.stderr  # -v says what it does, seat by seat


def test_arena_opts_a_bot_in_reads_it_and_takes_it_out(
    served_with_keys: tuple[int, str], redis_port: int, nodes: str
) -> None:
    port, key = served_with_keys
    with redis.Redis(port=redis_port, db=QUEUE_DB[1] if nodes else 1) as client:
        other_key = AppKeys(client).issue("someone-else").key
    mine, theirs = commands(port, key), commands(port, other_key)
    assert mine("register", "kit-arena", "--games", "ducksoup").returncode == 0
    # Refusals say what the service said; nothing is opted in.
    other = theirs("arena", "kit-arena", "--games", "ducksoup")
    assert other.returncode == 1 and "403 not_your_bot" in other.stderr
    low = mine("arena", "kit-arena", "--games", "ducksoup", "--games-per-hour", "1")
    assert low.returncode == 1 and "422 validation_error" in low.stderr
    assert json.loads(mine("arena", "kit-arena").stdout) == {"bot": "kit-arena", "status": "out"}
    joined = mine("arena", "kit-arena", "--games", "ducksoup", "--games-per-hour", "10",
                  "--concurrency", "1")  # fmt: skip
    left = mine("arena", "kit-arena", "--leave")
    assert joined.returncode == 0, joined.stderr
    standing = json.loads(joined.stdout)
    assert (standing["status"], standing["games"]) == ("active", ["ducksoup"])
    assert (standing["games_per_hour"], standing["concurrency"]) == (10, 1)
    assert json.loads(left.stdout) == {"bot": "kit-arena", "status": "out"}

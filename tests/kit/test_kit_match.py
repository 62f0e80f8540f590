"""Outside matches played by the kit against the real service (gunicorn, Redis, the session's
RQ workers with their watchdog, which times seats out): the README's few lines, from a new
bot's registration to a finished duplicate match against the heuristic; and the kit's command
killed mid-match (SIGKILL: no goodbye) and started again, which finds the seats of the games
still live through `GET /api/v1/feed/seats` and plays the match to its end. What the service
does for a client that never comes back (its moves time out, the match finishes) is
tests/service/matches/test_outside_matches.py's."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from duckpond_kit import Kit, KitError

ROOT = Path(__file__).resolve().parents[2]
API = "/api/v1"


def readme_code() -> str:
    """The README's "Bring your own bot" code, as an author copies it."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Bring your own bot") :]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found is not None, "the section has its code"
    return found.group(1)


def test_the_readmes_lines_finish_a_match_against_the_heuristic(
    served_with_keys: tuple[int, str],
) -> None:
    port, key = served_with_keys
    code = readme_code()
    assert len([line for line in code.splitlines() if line.strip()]) < 10
    assert code.count('"dpk_..."') == 1 and code.count(", 100, ") == 1
    code = code.replace("http://127.0.0.1:8000", f"http://127.0.0.1:{port}")
    code = code.replace('"dpk_..."', repr(key)).replace(", 100, ", ", 4, ")  # a short one
    scope: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), scope)  # the author's few lines, as they are
    match = scope["match"]
    assert match["status"] == "done"
    assert match["progress"] == {"done": 4, "failed": 0, "total": 4}
    stats = {b["bot"]: b for b in match["results"]["bots"]}
    assert set(stats) == {"my-bot", "heuristic"}
    assert stats["my-bot"]["seat_games"] == 4 * 2  # both rotations of each game
    assert stats["my-bot"]["timeouts"] == 0  # the kit played every move itself
    exec(compile(code, "README.md", "exec"), scope)  # run again: the name is still ours
    with Kit(f"http://127.0.0.1:{port}", key) as kit:
        try:
            kit.register("my-bot", ["ducksoup"])
            raise AssertionError("a name is registered once")
        except KitError as exc:
            assert exc.status == 409 and exc.reason == "bot_name_taken"


def test_the_command_killed_mid_match_resumes_its_seats(
    served_with_keys: tuple[int, str], tmp_path: Path
) -> None:
    port, key = served_with_keys
    url = f"http://127.0.0.1:{port}"
    with Kit(url, key) as kit:
        kit.register("kit-phoenix", ["ducksoup"])
        match = kit.create_match(
            "ducksoup", ["kit-phoenix", "heuristic"], 6, seed="phoenix",
            options={"target": 1}, move_seconds=3, concurrency=2,
        )  # fmt: skip
        mid = match["id"]
        first = _play(url, key, tmp_path / "first.log")
        _until(lambda: kit.get_match(mid)["progress"]["done"] >= 1, 60)
        first.send_signal(signal.SIGKILL)  # gone mid-match, without a word
        first.wait(10)
        time.sleep(4)  # a move times out in each live game: the service plays it
        left = {s["game_id"] for s in kit.seats()}  # games that were live all along
        assert left, "the match's live seats are there to be found"
        second = _play(url, key, tmp_path / "second.log")
        done = kit.wait_match(mid, timeout=120)
        second.send_signal(signal.SIGTERM)
        out, _ = second.communicate(timeout=30)
    assert done["status"] == "done"
    assert done["progress"] == {"done": 6, "failed": 0, "total": 6}
    stats = json.loads(out.strip().splitlines()[-1])["stats"]
    assert stats["moves"] >= 1 and stats["refused"] == 0
    taken = (tmp_path / "second.log").read_text()
    assert any(f"playing game {gid}" in taken for gid in left), taken[-2000:]
    ours = next(b for b in done["results"]["bots"] if b["bot"] == "kit-phoenix")
    assert ours["timeouts"] > 0  # the moves the dead command missed were the service's


def _play(url: str, key: str, log: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "DUCKPOND_KEY": key, "DUCKPOND_URL": url}
    argv = [
        sys.executable, "-m", "duckpond_kit", "play",
        "--bot", "kit-phoenix=duckpond_kit.examples:heuristic",
    ]  # fmt: skip
    return subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=log.open("w"), text=True
    )


def _until(predicate: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_the_command_registers_and_plays_a_match(served_with_keys: tuple[int, str]) -> None:
    port, key = served_with_keys
    env = {**os.environ, "DUCKPOND_KEY": key, "DUCKPOND_URL": f"http://127.0.0.1:{port}"}

    def command(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "duckpond_kit", *args],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    made = command("register", "kit-cli", "--games", "ducksoup", "--description", "random")
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["name"] == "kit-cli"
    again = command("register", "kit-cli", "--games", "ducksoup")
    assert again.returncode == 1 and "bot_name_taken" in again.stderr
    played = command(
        "match", "--game", "ducksoup", "--bots", "kit-cli,random", "--games", "2",
        "--bot", "kit-cli=duckpond_kit.examples:random_move", "--option", "target=1",
        "--seed", "cli",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr[-2000:]
    match = json.loads(played.stdout.strip().splitlines()[-1])
    assert match["status"] == "done" and match["seed"] == "cli"
    assert match["options"]["target"] == 1
    ours = next(b for b in match["results"]["bots"] if b["bot"] == "kit-cli")
    assert ours["seat_games"] == 4 and ours["timeouts"] == 0
    bad = command("play", "--bot", "no-colon")
    assert bad.returncode == 2 and "NAME=module:function" in bad.stderr

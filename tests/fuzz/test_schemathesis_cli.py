"""schemathesis' command line against the real service, as a user would run it: `st run` with
every check and the checked-in `schemathesis.toml` (its hooks supply each created game's
tokens, `testkit.st_hooks`), at the spec the service serves, under gunicorn with app keys
off and the live tables' worker playing the bots. Bounded for CI: few cases per operation
(`-n`), a fixed seed; 80-90 s on two cores under a load of 5.

Two runs, both of which must find nothing (a 413 or 414 refusal of an invalid body or URL
aside: correct refusals the check's defaults do not list):

- every operation, the examples, coverage, fuzzing and stateful phases: with the spec's links,
  but among every operation the stateful phase rarely chains a creation, a seat's view at its
  turn and its move (in a bounded run: none to a few);
- the stateful phase alone on the game's operations (`GAME_OPERATIONS`), along the links.

Whether a bounded run happens on a legal move is the luck of its cases (with the hooks' tokens:
15 accepted moves in the two runs, measured; 9 in a run of 100 scenarios when links carried
the tokens, 0 in one of 50). That the served spec's links lead to one is proven without
luck on the same server: they are followed by hand (`links.py`), from a creation to each
seat's view to the first legal move of the seat to act, and the server counts exactly that
one move (`duckpond_moves_total{by="seat"}`: only a token a creation handed out can move).
Then the same links once more as schemathesis cases under the checked-in configuration, whose
only token is the one its hooks supply (`links.play_along`): one more move counted. With a link
broken (the view's `legal_moves/0` pointing nowhere), or hooks that do not give the seat to act
its token, no move is made and the test fails.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import schemathesis
from flask import Flask
from testkit.links import Exchange, Walk, create_and_move, play_along, url, via_schemathesis
from testkit.st_hooks import checked_in_config

EXAMPLES = 10
"""Cases per operation and phase of the whole run."""
STATEFUL_RUNS = 100
"""Scenarios of the stateful run on the game's operations."""
GAME_OPERATIONS = ("create_game", "get_game", "play_move")
"""Create, read at the turn, play: every other operation in the run only dilutes the chain."""
SERVER = {
    "APP_KEYS": "off",
    # Thousands of made-up tokens from one address: the refused-credential limit out of reach
    # (as in test_schemathesis.py); its lockout has its own tests.
    "RATE_LIMIT_AUTH_FAILURES": "1000000 per minute",
    "RATE_LIMIT_CLAIMS": "1000000 per minute",  # its claims' limit too: tested on its own
    "MAX_WAIT_SECONDS": "1",  # a link's `?wait=30` would hold answers 30 s each
    "METRICS": "on",  # `duckpond_moves_total{by="seat"}`: the moves the seats' tokens made
    # The bulk pool does not run (matches would keep the CPU busy): its beat, written below,
    # keeps /healthz at 200 for the run.
    "WORKER_SILENT_SECONDS": "3600",
    "TURNS_OVERDUE_SECONDS": "3600",
}
SEAT_MOVES = re.compile(r'^duckpond_moves_total\{by="seat"\} ([0-9.]+)$', re.M)
"""Moves accepted from a seat's token: only the stateful phase holds one (a creation's answer
gives it, and only the spec's links carry it on), so these are its moves."""
REASON = re.compile(r'"reason":"([a-z_]+)"')
LINKS = re.compile(
    r"API Links:\s+([0-9]+) covered / [0-9]+ selected / ([0-9]+) total \(([0-9]+) inferred"
)

COVERED = re.compile(r"API Links:\s+([0-9]+) covered")


def unexpected(report: Path) -> list[str]:
    """The failures in a JUnit report, but for a 413 or 414 refusal of invalid data: a body
    or a URL over the server's limits, refused as it must be, with a status the check's
    defaults do not list (schemathesis lists 400, 401, 403, 404, 405, 406, 409, 415, 422, 428,
    429 and any 5xx)."""
    out = []
    for case in ET.parse(report).getroot().findall(".//testcase"):
        for failure in case.findall("failure"):
            text, code = failure.text or "", failure.get("message")
            if code == "ST201" and re.search(
                r"\[41[34]\].*(body_too_large|uri_too_long)", text, re.S
            ):
                continue
            out.append(f"{case.get('name')}: {text[:600]}")
    return out


ROOT = Path(__file__).resolve().parents[2]


def st_run(port: int, report: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """`st run` against the served spec with every check and a fixed seed, from the repository's
    root, where it reads the checked-in `schemathesis.toml` (its hooks from `tests/`)."""
    return subprocess.run(
        [str(Path(sys.executable).parent / "st"), "run", f"http://127.0.0.1:{port}/openapi.json",
         "--checks", "all", "--seed", "7", "--no-color", *options,
         "--report", "junit", "--report-junit-path", str(report)],
        capture_output=True, text=True, timeout=180, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "tests")},
    )  # fmt: skip


def seat_moves(port: int) -> float:
    """Moves the server accepted from seats' tokens so far (`/metrics`)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        found = SEAT_MOVES.search(answer.read().decode())
    return float(found.group(1)) if found else 0.0


def http(port: int) -> Any:
    """`links.Send` over HTTP to the served instance."""

    def send(sent: Exchange) -> tuple[int, dict[str, str], Any]:
        where = f"http://127.0.0.1:{port}{url(sent)}"
        if sent.query:
            where += "?" + urllib.parse.urlencode(sent.query)
        data = None if sent.body is None else json.dumps(sent.body).encode()
        headers = {**sent.headers, **({"Content-Type": "application/json"} if data else {})}
        request = urllib.request.Request(where, data, headers, method=sent.method.upper())
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                status, got, text = answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as refused:
            status, got, text = refused.code, dict(refused.headers), refused.read()
        return status, got, json.loads(text) if text else None

    return send


def test_the_cli_finds_nothing_and_plays_along_the_links(
    serve_api: Callable[..., Any],
    spawn_worker: Callable[..., Any],
    app: Flask,
    tmp_path: Path,
) -> None:
    spawn_worker(0, "live")  # bots play their turns, so a human seat's turn comes round
    for pool in ("bulk", "recovery"):  # the same Redis database as the server's
        app.extensions["duckpond"].store.beat(f"{pool}:cli")
    whole, game = tmp_path / "whole.xml", tmp_path / "game.xml"
    with serve_api(**SERVER) as (port, _):
        done = st_run(port, whole, "--phases", "examples,coverage,fuzzing,stateful",
                      "-n", str(EXAMPLES))  # fmt: skip
        played = st_run(port, game, "--phases", "stateful", "-n", str(STATEFUL_RUNS),
                        *(f"--include-operation-id={o}" for o in GAME_OPERATIONS))  # fmt: skip
        before = seat_moves(port)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=10) as got:
            spec = json.load(got)
        view, moved = create_and_move(Walk(spec, http(port)), "doubleduck", 4, seed="cli-links")
        by_hand = seat_moves(port) - before
        schema = schemathesis.openapi.from_url(f"http://127.0.0.1:{port}/openapi.json",
                                               config=checked_in_config())  # fmt: skip
        st_view, st_moved = play_along(Walk(spec, via_schemathesis(schema)), "doubleduck", 4,
                                       seed="cli-schemathesis")  # fmt: skip
        by_schemathesis = seat_moves(port) - before - by_hand
    for run in (done, played):  # the checked-in file (an unloadable hook would end the run)
        assert re.search(r"Configuration:\s+\S*schemathesis\.toml", run.stdout), run.stdout[:3000]
    assert len(ET.parse(whole).getroot().findall(".//testcase")) >= 17, done.stdout[-3000:]
    assert ET.parse(game).getroot().findall(".//testcase"), played.stdout[-3000:]
    failures = unexpected(whole) + unexpected(game)
    assert not failures, "\n\n".join(failures)
    # The spec's own links are all in the run (besides those schemathesis infers from
    # `Location`), and it followed some; how many a run of this size covers moves with every
    # operation added, so what proves they lead somewhere is the game run's moves below.
    ours = sum(
        len(response.get("links", {}))
        for item in app.test_client().get("/openapi.json").json["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        for response in operation.get("responses", {}).values()
    )
    links = LINKS.search(done.stdout)
    assert links is not None, done.stdout[-3000:]
    _, total, inferred = (int(n) for n in links.groups())
    assert total - inferred == ours, done.stdout[-3000:]
    # The whole run's few stateful scenarios spread over every operation (44 of them), so
    # whether one of them lands on a link is their luck; the game run's scenarios, on the three
    # operations a game's links join, follow them.
    game_links = COVERED.search(played.stdout)
    assert game_links is not None, played.stdout[:6000]
    assert int(game_links.group(1)) > 0, played.stdout[:6000]
    # The served spec's links, followed by hand: a creation, each seat's view at its turn, the
    # first legal move of the seat to act, which the rules accept and the server counts.
    assert moved.status == 200, moved.answer
    assert moved.answer["version"] > view.answer["version"]
    assert by_hand == 1, by_hand
    # And as schemathesis sends them under the checked-in configuration: its hooks' tokens
    # (the walk sends none), one more move counted.
    assert st_moved.status == 200, st_moved.answer
    assert st_moved.answer["version"] > st_view.answer["version"]
    assert by_schemathesis == 1, by_schemathesis

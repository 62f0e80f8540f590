"""schemathesis' command line against the real service, as a user would run it: `st run` with
every check, the examples, coverage, fuzzing and stateful phases and its default config, at the
spec the service serves, under gunicorn with app keys off and the live tables' worker playing
the bots. Bounded for CI: few cases per operation (`-n`), a fixed seed.

It must find nothing but what the rules refuse (`RULES`: schema-valid data that the state of a
game or of a key refuses with its own 422) and a 413 for a huge invalid body (a refusal the
check's defaults do not list), and its stateful phase must follow the spec's links. That the
links lead to accepted moves is test_schemathesis.py's stateful test (the same links, served
by the same app): in a bounded CLI run they reach one only now and then.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask
from rules import RULES

EXAMPLES = 10
"""Cases per operation and phase (the run takes about 25 s on two loaded cores)."""
SERVER = {
    "APP_KEYS": "off",
    # Thousands of made-up tokens from one address: the refused-credential limit out of reach
    # (as in test_schemathesis.py); its lockout has its own tests.
    "RATE_LIMIT_AUTH_FAILURES": "1000000 per minute",
    "MAX_WAIT_SECONDS": "1",  # a link's `?wait=30` would hold answers 30 s each
    # The bulk pool does not run (matches would keep the CPU busy): its beat, written below,
    # keeps /healthz at 200 for the run.
    "WORKER_SILENT_SECONDS": "3600",
    "TURNS_OVERDUE_SECONDS": "3600",
}
REASON = re.compile(r'"reason":"([a-z_]+)"')
LINKS = re.compile(
    r"API Links:\s+([0-9]+) covered / [0-9]+ selected / ([0-9]+) total \(([0-9]+) inferred"
)


def unexpected(report: Path) -> list[str]:
    """The failures in a JUnit report but the rules' refusals of schema-valid data and 413s."""
    out = []
    for case in ET.parse(report).getroot().findall(".//testcase"):
        for failure in case.findall("failure"):
            text, code = failure.text or "", failure.get("message")
            if code == "ST202" and set(REASON.findall(text)) <= RULES:
                continue
            if code == "ST201" and "[413]" in text and "body_too_large" in text:
                continue
            out.append(f"{case.get('name')}: {text[:600]}")
    return out


def test_the_cli_finds_only_rule_refusals(
    serve_api: Callable[..., Any],
    spawn_worker: Callable[..., Any],
    app: Flask,
    tmp_path: Path,
) -> None:
    spawn_worker(0, "live")  # bots play their turns, so a human seat's turn comes round
    for pool in ("bulk", "recovery"):  # the same Redis database as the server's
        app.extensions["duckpond"].store.beat(f"{pool}:cli")
    report = tmp_path / "junit.xml"
    with serve_api(**SERVER) as (port, _):
        done = subprocess.run(
            [str(Path(sys.executable).parent / "st"), "run",
             f"http://127.0.0.1:{port}/openapi.json", "--checks", "all",
             "--phases", "examples,coverage,fuzzing,stateful", "-n", str(EXAMPLES),
             "--seed", "7", "--no-color", "--report", "junit", "--report-junit-path", str(report)],
            capture_output=True, text=True, timeout=180,
        )  # fmt: skip
    assert len(ET.parse(report).getroot().findall(".//testcase")) >= 17, done.stdout[-3000:]
    failures = unexpected(report)
    assert not failures, "\n\n".join(failures)
    # The spec's own links are all in the run (besides those schemathesis infers from
    # `Location`), and it followed them: 9 were covered when the spec had none.
    ours = sum(
        len(response.get("links", {}))
        for item in app.test_client().get("/openapi.json").json["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        for response in operation.get("responses", {}).values()
    )
    links = LINKS.search(done.stdout)
    assert links is not None, done.stdout[-3000:]
    covered, total, inferred = (int(n) for n in links.groups())
    assert total - inferred == ours and covered > 9, done.stdout[-3000:]

"""The web client cannot drift from the API: its TypeScript types are what openapi-typescript makes
of the committed spec, and tsc type-checks every script of the page against them (JSDoc types,
service/web/tsconfig.json). node and service/web's pinned npm packages come from scripts/test
(`npm ci`); each check runs in seconds."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from testkit.scripts import openapi_script

ROOT = Path(__file__).resolve().parents[3]
WEB = ROOT / "service" / "web"
TSC = WEB / "node_modules" / ".bin" / "tsc"


def _tsc(project: Path) -> subprocess.CompletedProcess[str]:
    if not TSC.exists():
        pytest.fail(f"{TSC.relative_to(ROOT)} is missing (scripts/test runs npm ci in service/web)")
    return subprocess.run(
        [str(TSC), "--noEmit", "--pretty", "false", "-p", str(project / "tsconfig.json")],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def test_the_committed_types_are_what_the_committed_spec_makes() -> None:
    script = openapi_script()
    made = script.typescript((ROOT / "openapi/openapi.json").read_text())
    assert "export interface paths" in made and "GameOut:" in made
    assert script.TYPES.read_text() == made, (
        "service/web/types/openapi.d.ts differs from what openapi-typescript makes of "
        "openapi/openapi.json: run `.venv/bin/python scripts/openapi.py` and commit both"
    )


def test_the_web_client_type_checks_against_the_spec() -> None:
    done = _tsc(WEB)
    assert done.returncode == 0, (
        "tsc finds the web client (service/web/static/js) at odds with the spec's types "
        f"(service/web/types/openapi.d.ts):\n{done.stdout}{done.stderr}"
    )


def test_what_the_spec_no_longer_has_fails_the_check(tmp_path: Path) -> None:
    """The check has teeth, for answers and requests alike: the same client against types where
    the events page's `next_after` and its query parameter `after` are renamed
    (as a change to the spec would rename them) is refused, at the lines of link.js (the table's
    requests) that use them."""
    shutil.copytree(WEB / "static" / "js", tmp_path / "static" / "js")
    shutil.copy(WEB / "tsconfig.json", tmp_path / "tsconfig.json")
    types = (WEB / "types" / "openapi.d.ts").read_text()
    renames = {
        "next_after: number;": "next_page: number;",
        "after?: number;": "since?: number;",
    }
    for old, new in renames.items():
        assert types.count(old) == 1, old
        types = types.replace(old, new)
    (tmp_path / "types").mkdir()
    (tmp_path / "types" / "openapi.d.ts").write_text(types)
    done = _tsc(tmp_path)
    assert done.returncode != 0
    errors = [line for line in done.stdout.splitlines() if "error TS" in line]
    assert len(errors) == 2, done.stdout
    assert all("static/js/link.js" in line for line in errors), done.stdout
    assert "Property 'next_after' does not exist" in done.stdout, done.stdout
    assert "'after' does not exist" in done.stdout, done.stdout

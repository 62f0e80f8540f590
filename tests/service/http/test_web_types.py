"""The web client cannot drift from the API: its TypeScript types are what openapi-typescript makes
of the committed spec, every request goes through openapi-fetch's client typed by them (vendored,
as the pinned package ships it), and tsc type-checks every script of the page against them (JSDoc
types, service/web/tsconfig.json). node and service/web's pinned npm packages come from
scripts/test (`npm ci`); each check runs in seconds."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from testkit.scripts import openapi_script

ROOT = Path(__file__).resolve().parents[3]
WEB = ROOT / "service" / "web"
TSC = WEB / "node_modules" / ".bin" / "tsc"
VENDORED = WEB / "static" / "vendor" / "openapi-fetch.js"


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


def _with_types(tmp_path: Path, types: str) -> Path:
    """A copy of the web client (its scripts, the vendored client's types, tsconfig) whose
    generated types are `types`: what tsc would say of the page after such a spec."""
    shutil.copytree(WEB / "static" / "js", tmp_path / "static" / "js")
    shutil.copytree(WEB / "static" / "vendor", tmp_path / "static" / "vendor")
    shutil.copy(WEB / "tsconfig.json", tmp_path / "tsconfig.json")
    # The package's types (openapi-fetch's), resolved from the copy as from service/web.
    (tmp_path / "node_modules").symlink_to(WEB / "node_modules")
    (tmp_path / "types").mkdir()
    (tmp_path / "types" / "openapi.d.ts").write_text(types)
    return tmp_path


def _operation(types: str, name: str) -> tuple[int, int]:
    """Where an operation's type is in the generated types: `    name: {` to the next one."""
    start = types.index(f"\n    {name}: {{\n")
    end = re.compile(r"\n    \w+: \{\n").search(types, start + 1)
    assert end, name
    return start, end.start()


def _errors(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stdout.splitlines() if "error TS" in line]


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
    types = (WEB / "types" / "openapi.d.ts").read_text()
    renames = {
        "next_after: number;": "next_page: number;",
        "after?: number;": "since?: number;",
    }
    for old, new in renames.items():
        assert types.count(old) == 1, old
        types = types.replace(old, new)
    done = _tsc(_with_types(tmp_path, types))
    assert done.returncode != 0
    errors = _errors(done)
    assert len(errors) == 2, done.stdout
    assert all("static/js/link.js" in line for line in errors), done.stdout
    assert "Property 'next_after' does not exist" in done.stdout, done.stdout
    assert "'after' does not exist" in done.stdout, done.stdout


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("after?: string;", "since?: string;", "'after' does not exist"),
        ("rematch?: boolean;", "rematch?: string;", "not assignable to type 'string"),
    ],
    ids=["query-renamed", "query-retyped"],
)
def test_the_stream_is_checked_too(tmp_path: Path, old: str, new: str, said: str) -> None:
    """The game's stream (stream.js) goes through the typed client as every request does: a
    renamed or retyped query parameter of `stream_game` fails tsc at the stream's request. (With
    the hand-written wrappers it built its URL from strings: the same types passed.)"""
    types = (WEB / "types" / "openapi.d.ts").read_text()
    start, end = _operation(types, "stream_game")
    operation = types[start:end]
    assert operation.count(old) == 1, old
    done = _tsc(_with_types(tmp_path, types[:start] + operation.replace(old, new) + types[end:]))
    assert done.returncode != 0
    errors = _errors(done)
    assert errors and all("static/js/stream.js" in line for line in errors), done.stdout
    assert said in done.stdout, done.stdout


def test_a_renamed_path_fails_the_check(tmp_path: Path) -> None:
    """A path the spec no longer has (the stream's, renamed) is refused where the page calls it."""
    types = (WEB / "types" / "openapi.d.ts").read_text()
    old = '"/api/v1/games/{game_id}/stream": {'
    assert types.count(old) == 1
    done = _tsc(_with_types(tmp_path, types.replace(old, '"/api/v1/games/{game_id}/follow": {')))
    assert done.returncode != 0
    errors = _errors(done)
    assert errors and all("static/js/stream.js" in line for line in errors), done.stdout


def test_the_vendored_client_is_the_pinned_package() -> None:
    """The page loads openapi-fetch from static/vendor (nothing is bundled; a deployment has no
    node_modules), and tsc checks it against the package's own types: the two are the same
    release, the vendored file byte for byte the package's ESM build after its licence."""
    pinned = json.loads((WEB / "package.json").read_text())["devDependencies"]["openapi-fetch"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), f"openapi-fetch pinned exactly, not {pinned!r}"
    lock = json.loads((WEB / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/openapi-fetch"]["version"] == pinned
    package = WEB / "node_modules" / "openapi-fetch"
    if not package.exists():
        pytest.fail(f"{package.relative_to(ROOT)} is missing (scripts/test runs npm ci)")
    assert json.loads((package / "package.json").read_text())["version"] == pinned
    vendored = VENDORED.read_bytes()
    header, sep, code = vendored.partition(b"*/\n")
    assert header.startswith(b"/*!") and sep, "the vendored file starts with its licence comment"
    assert f"openapi-fetch {pinned} (npm)".encode() in header
    assert (package / "LICENSE").read_bytes().strip() in header
    assert code == (package / "dist" / "index.mjs").read_bytes(), (
        f"{VENDORED.relative_to(ROOT)} is not openapi-fetch {pinned}'s dist/index.mjs: copy it "
        "again after its header (bump the version in the header with the pin)"
    )

"""Regenerate openapi/openapi.json from the code (flask-smorest, OpenAPI 3.1), keys sorted, the
web client's TypeScript types from it (service/web/types/openapi.d.ts, openapi-typescript) and
the kit's Python client (kit/duckpond_client/, openapi-python-client).

    .venv/bin/python scripts/openapi.py           # write all three
    .venv/bin/python scripts/openapi.py --check   # exit 1 if any committed file is stale

Why committed files: clients and reviewers see API changes as a diff; tests fail when the spec
and the code disagree (tests/service/api/test_openapi_spec.py), and when the types are not what
openapi-typescript makes of the spec or the web client does not type-check against them
(tests/service/http/test_web_types.py), and when the kit's client is not what
openapi-python-client makes of it (tests/kit/test_client_drift.py). The types need node and
service/web's pinned npm packages: this script runs `npm ci` there when they are missing, as
scripts/test does.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "openapi" / "openapi.json"
WEB = ROOT / "service" / "web"
TYPES = WEB / "types" / "openapi.d.ts"
GENERATOR = WEB / "node_modules" / ".bin" / "openapi-typescript"
CLIENT = ROOT / "kit" / "duckpond_client"


def generate() -> dict[str, Any]:
    """The spec exactly as the app serves it at /openapi.json (no Redis needed)."""
    sys.path.insert(0, str(ROOT))
    from service.app import create_app

    app = create_app({"REDIS_URL": "redis://127.0.0.1:1/0"})
    with app.test_client() as client:
        response = client.get("/openapi.json")
        if response.status_code != 200 or response.json is None:
            raise SystemExit(f"/openapi.json answered {response.status_code}")
        return dict(response.json)


def render(spec: dict[str, Any]) -> str:
    return json.dumps(spec, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def typescript(spec_text: str) -> str:
    """What openapi-typescript (as service/web/package-lock.json pins it) makes of a spec."""
    if not GENERATOR.exists():
        if shutil.which("npm") is None:
            raise SystemExit("the web client's types need node and npm: scripts/test installs them")
        print("installing the web client's npm packages (npm ci in service/web)", file=sys.stderr)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True, timeout=600)
    done = subprocess.run(
        [str(GENERATOR)],
        input=spec_text,
        capture_output=True,
        text=True,
        cwd=WEB,
        check=False,
        timeout=120,
    )
    if done.returncode != 0:
        raise SystemExit(f"openapi-typescript failed:\n{done.stderr}")
    return done.stdout


def python_client(spec_text: str) -> dict[str, str]:
    """What openapi-python-client (as pyproject.toml pins it) makes of a spec: each file of the
    package by its path inside it. Offline: no formatter runs (`post_hooks: []`)."""
    with tempfile.TemporaryDirectory(prefix="dp-client-") as tmp:
        where = Path(tmp)
        (where / "spec.json").write_text(spec_text)
        (where / "config.yaml").write_text("post_hooks: []\n")
        done = subprocess.run(
            [sys.executable, "-m", "openapi_python_client", "generate", "--meta", "none",
             "--path", str(where / "spec.json"), "--output-path", str(where / CLIENT.name),
             "--config", str(where / "config.yaml")],
            capture_output=True, text=True, check=False, timeout=180,
        )  # fmt: skip
        if done.returncode != 0 or "Warning" in done.stdout + done.stderr:
            raise SystemExit(f"openapi-python-client failed:\n{done.stdout}{done.stderr}")
        package = where / CLIENT.name
        return {
            str(path.relative_to(package)): path.read_text()
            for path in sorted(package.rglob("*"))
            if path.is_file()
        }


def client_files() -> dict[str, str]:
    """The committed client, as `python_client` answers it."""
    if not CLIENT.exists():
        return {}
    return {
        str(path.relative_to(CLIENT)): path.read_text()
        for path in sorted(CLIENT.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def write_client(files: dict[str, str]) -> None:
    """Replace the committed client with `files` (a file the spec no longer makes goes)."""
    shutil.rmtree(CLIENT, ignore_errors=True)
    for name, text in files.items():
        path = CLIENT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    args = parser.parse_args(argv)
    text = render(generate())
    outputs = {TARGET: text, TYPES: typescript(text)}
    client = python_client(text)
    if args.check:
        stale = [path for path, new in outputs.items() if current(path) != new]
        if client_files() != client:
            stale.append(CLIENT)
        for path in stale:
            print(f"{path.relative_to(ROOT)} is stale: run scripts/openapi.py", file=sys.stderr)
        return 1 if stale else 0
    for path, new in outputs.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(new)
        print(f"wrote {path.relative_to(ROOT)}")
    write_client(client)
    print(f"wrote {CLIENT.relative_to(ROOT)}/ ({len(client)} files)")
    return 0


def current(path: Path) -> str:
    return path.read_text() if path.exists() else ""


if __name__ == "__main__":
    raise SystemExit(main())

"""Regenerate openapi/openapi.json from the code (flask-smorest, OpenAPI 3.1), keys sorted, and
the web client's TypeScript types from it (service/web/types/openapi.d.ts, openapi-typescript).

    .venv/bin/python scripts/openapi.py           # write both
    .venv/bin/python scripts/openapi.py --check   # exit 1 if either committed file is stale

Why committed files: clients and reviewers see API changes as a diff; tests fail when the spec
and the code disagree (tests/service/test_openapi_spec.py), and when the types are not what
openapi-typescript makes of the spec or the web client does not type-check against them
(tests/service/test_web_types.py). The types need node and service/web's pinned npm packages:
this script runs `npm ci` there when they are missing, as scripts/test does.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "openapi" / "openapi.json"
WEB = ROOT / "service" / "web"
TYPES = WEB / "types" / "openapi.d.ts"
GENERATOR = WEB / "node_modules" / ".bin" / "openapi-typescript"


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    args = parser.parse_args(argv)
    text = render(generate())
    outputs = {TARGET: text, TYPES: typescript(text)}
    if args.check:
        stale = [path for path, new in outputs.items() if current(path) != new]
        for path in stale:
            print(f"{path.relative_to(ROOT)} is stale: run scripts/openapi.py", file=sys.stderr)
        return 1 if stale else 0
    for path, new in outputs.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(new)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


def current(path: Path) -> str:
    return path.read_text() if path.exists() else ""


if __name__ == "__main__":
    raise SystemExit(main())

"""Regenerate openapi/openapi.json from the code (flask-smorest, OpenAPI 3.1), keys sorted.

    .venv/bin/python scripts/openapi.py           # write openapi/openapi.json
    .venv/bin/python scripts/openapi.py --check   # exit 1 if the committed file is stale

Why a committed file: clients and reviewers see API changes as a diff; a test
(tests/service/test_openapi_spec.py) fails when the file and the code disagree.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "openapi" / "openapi.json"


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, do not write")
    args = parser.parse_args(argv)
    text = render(generate())
    if args.check:
        current = TARGET.read_text() if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run scripts/openapi.py", file=sys.stderr)
            return 1
        return 0
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(text)
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

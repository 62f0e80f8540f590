"""The kit's generated client cannot drift from the API: kit/duckpond_client/ must be exactly
what openapi-python-client (as pyproject.toml pins it) makes of the committed spec, and the
kit's own layer must find in it the operations it calls."""

from __future__ import annotations

import json
from pathlib import Path

from testkit.scripts import openapi_script

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_client_is_what_the_committed_spec_makes() -> None:
    script = openapi_script()
    made = script.python_client((ROOT / "openapi/openapi.json").read_text())
    assert "client.py" in made and "api/moves/play_move.py" in made
    committed = script.client_files()
    stale = sorted(set(made) ^ set(committed)) + sorted(
        name for name in set(made) & set(committed) if made[name] != committed[name]
    )
    assert not stale, (
        f"kit/duckpond_client differs from what openapi-python-client makes of "
        f"openapi/openapi.json ({', '.join(stale[:5])}...): run `.venv/bin/python "
        "scripts/openapi.py` and commit it"
    )


def test_the_check_has_teeth(tmp_path: Path) -> None:
    """A spec with one operation less makes another client: the comparison would see it."""
    script = openapi_script()
    spec = json.loads((ROOT / "openapi/openapi.json").read_text())
    del spec["paths"]["/api/v1/feed/seats"]
    made = script.python_client(json.dumps(spec))
    assert "api/feed/list_feed_seats.py" not in made
    assert "api/feed/list_feed_seats.py" in script.client_files()

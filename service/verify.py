"""Check a finished game's record against the deal commitments the table was shown.

    python -m service.verify record.json [events.json]

`record.json` is the answer of `GET /api/v1/games/{id}/record` (or its `record`); `events.json`
(optional, but it is what makes the check yours) is the answer of `GET .../events` read with
your seat's token, or its `events` list, or several such answers concatenated into one JSON
array. Exit 0 when every commitment holds, 1 with one line per mismatch, 2 when a file cannot
be read. How and why: docs/fair-deals.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.audit import verify


def _events(data: Any) -> list[dict[str, Any]]:
    """The events of an events answer, of a bare list, or of a list of answers."""
    if isinstance(data, dict):
        data = data.get("events")
    if not isinstance(data, list):
        raise ValueError("expected an events answer or a list of events")
    out: list[dict[str, Any]] = []
    for item in data:
        if isinstance(item, dict) and isinstance(item.get("events"), list):
            out += _events(item)
        elif isinstance(item, dict):
            out.append(item)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m service.verify",
        description="Check a finished game's record against its deals' SHA-256 commitments.",
    )
    parser.add_argument("record", type=Path, help="the record endpoint's answer, as JSON")
    parser.add_argument(
        "events",
        type=Path,
        nargs="?",
        help="the events you were shown (the events endpoint's answer)",
    )
    args = parser.parse_args(argv)
    try:
        record = json.loads(args.record.read_text(encoding="utf-8"))
        events = (
            _events(json.loads(args.events.read_text(encoding="utf-8")))
            if args.events is not None
            else None
        )
        if not isinstance(record, dict):
            raise ValueError("a record is a JSON object")
    except (OSError, ValueError) as exc:
        print(f"verify: cannot read the input: {exc}", file=sys.stderr)
        return 2
    problems = verify(record, events)
    if problems:
        for problem in problems:
            print(f"MISMATCH: {problem}", file=sys.stderr)
        print(f"verify: the record does NOT keep its commitments ({len(problems)} problems)")
        return 1
    inner = record.get("record", record)
    deals = inner.get("commitments", [])
    kinds = ", ".join(sorted({str(c.get("dealt_by")) for c in deals}))
    shown = f", and the {len(events)} events given agree" if events is not None else ""
    print(f"verify: ok, {len(deals)} deals ({kinds}) keep their commitments{shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

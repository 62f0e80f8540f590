"""Write the golden Doubleduck playthroughs in tests/golden/ (seeded games, readable transcripts).

Run `.venv/bin/python scripts/golden.py` after a deliberate rules or view change, read the diff,
and commit the new files; `tests/engine/test_dd_golden.py` fails while they differ. Each game is
played by a seeded random policy over `legal_moves`, so any change to dealing, legal moves, trick
resolution, drawing, scoring, events or views shows up as a line-level diff.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.doubleduck import Doubleduck  # noqa: E402
from engine.protocol import JSON, Event  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
# (seed, options): small games so each transcript stays well under 300 KB.
GAMES: tuple[tuple[int, JSON], ...] = (
    (1, {"max_deals": 1}),
    (2, {"max_deals": 2, "first_dealer": 1}),
    (3, {"max_deals": 1, "first_dealer": 2, "target": 150}),
)
SEAT_ONLY = ("seat", "side", "hand", "legal_moves")


def path_for(seed: int) -> Path:
    return GOLDEN / f"doubleduck_{seed}.txt"


def compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def render_event(event: Event) -> str:
    to = "all" if event.visible_to is None else f"seat {event.visible_to}"
    return f"  > {event.type} [{to}] {compact(event.data)}"


def render_views(game: Doubleduck) -> list[str]:
    """The spectator view in full (options aside), then what each seat sees beyond it."""
    table = game.view(None)
    lines = ["  table " + compact({k: v for k, v in table.items() if k != "options"})]
    for seat in range(4):
        view = game.view(seat)
        extra = {k: v for k, v in view.items() if table.get(k, object()) != v}
        assert set(extra) <= set(SEAT_ONLY), f"seat view differs beyond its own keys: {extra}"
        legal = " ".join(
            m["card"] + (":" + m["call"] if "call" in m else "") for m in view["legal_moves"]
        )
        lines.append(
            f"  seat {seat} side {view['side']} hand {' '.join(view['hand'])} | legal {legal}"
        )
    return lines


def transcript(seed: int, options: JSON) -> list[str]:
    """The lines of one seeded game: every move, every event, views at deal and trick ends."""
    game = Doubleduck.new(seed=f"golden-{seed}", options=options)
    rng = random.Random(f"golden-policy-{seed}")
    lines = [
        f"# Doubleduck golden playthrough, seed golden-{seed}",
        f"# options {compact(game.options)}",
        "# regenerate with: .venv/bin/python scripts/golden.py",
        f"deal {game.deal_no}",
        *render_views(game),
    ]
    number = 0
    while not game.is_over():
        if game.deal_pending():
            events = game.next_deal()
            lines.append(f"deal {game.deal_no}")
            lines += [render_event(e) for e in events]
            lines += render_views(game)
            continue
        (seat,) = game.to_act()
        move = rng.choice(game.legal_moves(seat))
        number += 1
        lines.append(f"move {number}: seat {seat} {move.text()}")
        events = game.apply(seat, move)
        lines += [render_event(e) for e in events]
        if not game.trick:
            lines += render_views(game)
    lines.append("result " + compact(game.result().to_json()))
    return lines


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for seed, options in GAMES:
        path = path_for(seed)
        path.write_text("\n".join(transcript(seed, options)) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()

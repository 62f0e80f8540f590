"""Write the golden playthroughs of every game in `engine.GAMES` to tests/golden/ (readable text).

Run `.venv/bin/python scripts/golden.py` after a deliberate rules or view change, read the diff,
and commit the new files; `tests/engine/test_golden.py` fails while they differ. Each game is
played by a seeded random policy over `legal_moves`, so any change to dealing, legal moves, trick
resolution, drawing, scoring, events or views shows up as a line-level diff.

A transcript holds every move with its events (and who may see each), the spectator view in full
and each seat's view beyond it at the start of a deal and after every trick (every turn in Duck,
which has no tricks), and the result. Duck's legal-move lists run to thousands of moves, so for
Duck they are a count and a hash; the trick games list them.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import GAMES  # noqa: E402
from engine.protocol import JSON, Event, Game, Move  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
MAX_BYTES = 300_000
# Keys a seat's view may add to (or change in) the spectator's: anything else would be a leak.
SEAT_ONLY = frozenset(
    ("seat", "side", "party", "parties", "left", "right", "hand", "hand_sum", "legal_moves")
)
HASHED_LEGAL = frozenset(("duck",))
"""Games whose legal-move lists are too long to print: a count and a hash stand in for them."""
DELTA_VIEWS = frozenset(("duck",))
"""Games shown after every turn: there, views are given in full at a deal's start and end and
otherwise as what changed (the table's changed keys, the seat lines that changed)."""


@dataclass(frozen=True)
class Playthrough:
    """One seeded game: which game, its seats and options, and the file it is written to."""

    game: str
    stem: str
    seed: str
    options: JSON = field(default_factory=dict)
    seats: int | None = None

    @property
    def path(self) -> Path:
        return GOLDEN / f"{self.stem}.txt"


# Small games so each transcript stays well under MAX_BYTES. The Doubleduck seeds and policy
# seeds predate the other games and are kept, so their transcripts are unchanged. The other seeds
# were picked (by scanning seeds 1..4000) so that the rare paths are shown at least once:
# Duck Soup's duck soup, leader-takes-both and no-card-left tricks; Duck's going out, correct
# and wrong ducks; Doppelkopf's wedding with a partner, failed wedding (solo), both
# announcements, fox and Charlie.
PLAYTHROUGHS: tuple[Playthrough, ...] = (
    Playthrough("doubleduck", "doubleduck_1", "golden-1", {"max_deals": 1}),
    Playthrough("doubleduck", "doubleduck_2", "golden-2", {"max_deals": 2, "first_dealer": 1}),
    Playthrough(
        "doubleduck", "doubleduck_3", "golden-3", {"max_deals": 1, "first_dealer": 2, "target": 150}
    ),
    Playthrough("ducksoup", "ducksoup_1", "golden-ducksoup-217", {"target": 60}),
    Playthrough("ducksoup", "ducksoup_2", "golden-ducksoup-309", {"target": 60}),
    Playthrough("duck", "duck_3seats", "golden-duck-4", seats=3),
    Playthrough("duck", "duck_5seats", "golden-duck-7", {"first_dealer": 3}, seats=5),
    Playthrough("doppelkopf", "doppelkopf_1", "golden-doppelkopf-4", {"max_deals": 1}),
    Playthrough("doppelkopf", "doppelkopf_2", "golden-doppelkopf-2619", {"max_deals": 2}),
)


def path_for(stem: str) -> Path:
    return GOLDEN / f"{stem}.txt"


def compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def policy_seed(seed: str) -> str:
    """The move policy's own seed ("golden-1" -> "golden-policy-1"), kept from the first version."""
    return seed.replace("golden-", "golden-policy-", 1)


def render_event(event: Event) -> str:
    to = "all" if event.visible_to is None else f"seat {event.visible_to}"
    return f"  > {event.type} [{to}] {compact(event.data)}"


def short_move(move: JSON) -> str:
    """A legal move in a few characters: `JS`, `JS:quack`, `concede`, `announce`."""
    if move.get("type") == "play" and "card" in move:
        return str(move["card"]) + (":" + move["call"] if "call" in move else "")
    if len(move) == 1:
        return str(move["type"])
    return compact(move)


def render_legal(name: str, legal: list[JSON]) -> str:
    if name in HASHED_LEGAL:
        digest = hashlib.sha256(
            "\n".join(Move.from_json(m).text() for m in legal).encode()
        ).hexdigest()
        return f"{len(legal)} moves sha256 {digest[:16]}" if legal else "0 moves"
    return " ".join(short_move(m) for m in legal)


def render_seat_value(value: Any) -> str:
    return str(value) if isinstance(value, (int, str)) else compact(value)


def render_views(game: Game, shown: dict[str, Any] | None = None) -> list[str]:
    """The spectator view in full (options aside), then what each seat sees beyond it.

    With `shown` (the lines last printed, updated here), only what changed since is printed.
    """
    spectator = game.view(None)
    table = {k: v for k, v in spectator.items() if k not in ("options", "history")}
    lines: list[str] = []
    if shown is None or "table" not in shown:
        lines.append("  table " + compact(table))
    else:
        old = shown["table"]
        changed = {k: v for k, v in table.items() if old.get(k, object()) != v}
        gone = sorted(set(old) - set(table))
        lines.append("  table changes " + compact(changed) + (f" gone {gone}" if gone else ""))
    if shown is not None:
        shown["table"] = table
    history = spectator["history"]
    # The whole history would repeat every move line above: its length and last entry stand in.
    lines.append(f"  history {len(history)} last {compact(history[-1]) if history else '-'}")
    for seat in range(game.seats):
        view = game.view(seat)
        extra = {k: v for k, v in view.items() if spectator.get(k, object()) != v}
        assert set(extra) <= SEAT_ONLY, f"seat view differs beyond its own keys: {extra}"
        fields = [
            f"{key} {render_seat_value(value)}"
            for key, value in extra.items()
            if key not in ("seat", "hand", "legal_moves")
        ]
        line = (
            f"  seat {seat} {' '.join([*fields, ''])}hand {' '.join(view['hand'])}"
            f" | legal {render_legal(game.name, view['legal_moves'])}"
        )
        if shown is not None:
            if shown.get(f"seat {seat}") == line:
                continue
            shown[f"seat {seat}"] = line
        lines.append(line)
    return lines


def deal_label(game: Game) -> str:
    """`deal 2`."""
    return f"deal {game.view(None)['deal_no']}"


def at_boundary(game: Game) -> bool:
    """After a trick (the trick games) or after every turn (Duck, which has no tricks)."""
    trick = game.view(None).get("trick")
    return not trick


def transcript(play: Playthrough) -> list[str]:
    """The lines of one seeded game: every move, every event, views at deal and trick ends."""
    cls = GAMES[play.game]
    game = cls.new(play.seats, seed=play.seed, options=play.options)
    rng = random.Random(policy_seed(play.seed))
    seats = f", {game.seats} seats" if cls.min_seats != cls.max_seats else ""
    lines = [
        f"# {cls.title} golden playthrough{seats}, seed {play.seed}",
        f"# options {compact(game.options)}",
        "# regenerate with: .venv/bin/python scripts/golden.py",
        deal_label(game),
    ]
    delta = play.game in DELTA_VIEWS
    shown: dict[str, Any] | None = {} if delta else None
    lines += render_views(game, shown)
    number = 0
    while not game.is_over():
        if game.deal_pending():
            events = game.next_deal()
            lines.append(deal_label(game))
            lines += [render_event(e) for e in events]
            shown = {} if delta else None
            lines += render_views(game, shown)
            continue
        (seat,) = game.to_act()
        move = rng.choice(game.legal_moves(seat))
        number += 1
        lines.append(f"move {number}: seat {seat} {move.text()}")
        events = game.apply(seat, move)
        lines += [render_event(e) for e in events]
        if at_boundary(game):
            if shown is not None and (game.deal_pending() or game.is_over()):
                shown = {}  # a deal's end: everything in full
            lines += render_views(game, shown)
    lines.append("result " + compact(game.result().to_json()))
    return lines


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for play in PLAYTHROUGHS:
        path = play.path
        path.write_text("\n".join(transcript(play)) + "\n", encoding="utf-8")
        size = path.stat().st_size
        print(f"wrote {path.relative_to(ROOT)} ({size} bytes)")
        if size >= MAX_BYTES:
            print(f"  over {MAX_BYTES} bytes: choose smaller options", file=sys.stderr)


if __name__ == "__main__":
    main()

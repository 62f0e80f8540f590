"""Who meets whom in the arena, and at what table: pure (`service.matches.arena` step 3).

Apart from the arena's Redis loop so that the rule can be read, and tested, on its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine import GAMES
from service.matches.ratings import Skill, ladder_name


def lineup(game: str, a: str, b: str) -> tuple[str, ...]:
    """Two bots at one table of `game`: face to face, or alternating round a table of four
    (a Doubleduck side is one bot; in Duck and Doppelkopf each holds two seats), so both
    rotations seat each in every place."""
    rules = GAMES[game]
    seats = next(n for n in range(rules.min_seats, rules.max_seats + 1) if n % 2 == 0)
    return (a, b) * (seats // 2)


@dataclass(slots=True)
class Standing:
    """What the pairer knows of one opted-in bot this round."""

    name: str
    owner: str
    games: tuple[str, ...]
    games_per_hour: int
    concurrency: int
    spent: int = 0
    """Real games planned in the last hour."""
    live: int = 0
    """Games its open pairings may have live at once."""

    def hour_room(self) -> int:
        return self.games_per_hour - self.spent

    def live_room(self) -> int:
        return self.concurrency - self.live


def choose(
    entrants: Sequence[str],
    anchors: Sequence[str],
    skills: Mapping[str, Skill],
    last: Mapping[str, str],
) -> list[tuple[str, str]]:
    """The round's pairings of one game (the module docstring, step 3): pure, for tests."""

    def skill(bot: str) -> Skill:
        return skills.get(ladder_name(bot), Skill())

    order = sorted(entrants, key=lambda b: (-skill(b).sigma, b))
    used: set[str] = set()
    out = []
    for bot in order:
        if bot in used:
            continue
        options = [o for o in order if o != bot and o not in used] + [
            a for a in anchors if a not in entrants
        ]
        if len(options) > 1 and last.get(bot) in options:
            options.remove(last[bot])
        if not options:
            continue
        mu = skill(bot).mu
        other = min(options, key=lambda o: (abs(skill(o).mu - mu), skill(o).games, o))
        used.update((bot, other))
        out.append((bot, other))
    return out

"""Who plays whom in a tournament's round: pure functions, no Redis (`service.matches.tournaments`).

Round robin is the circle method: entrant 0 stays, the others turn one place a round, so every
pair meets once in n - 1 rounds (n rounds and a bye each for an odd n). Swiss pairs the entrants
still in by their standing (best first), top down, each with the best-placed one it has not met,
backing up when the rest cannot be paired without a repeat; a repeat is allowed only when no
pairing of the whole round avoids one. With an odd count the lowest-placed entrant that has had
no bye sits out with a bye (the lowest of all when each has had one).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

Pairing = tuple[str, str | None]
"""(a, b), or (a, None): a bye for a."""


def round_robin_rounds(n: int) -> int:
    return n - 1 if n % 2 == 0 else n


def swiss_default_rounds(n: int) -> int:
    """ceil(log2 n): enough for one entrant to stand alone on top when all are unequal."""
    return max(1, math.ceil(math.log2(n)))


def round_robin(entrants: Sequence[str], number: int) -> list[Pairing]:
    """Round `number` (1-based) of the circle method over `entrants` in their given order."""
    players: list[str | None] = list(entrants)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    turn = (number - 1) % (n - 1)
    rest = players[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    circle = [players[0], *rest]
    out: list[Pairing] = []
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        if a is None:
            a, b = b, None
        if a is None:
            continue
        out.append((a, b) if b is not None else (a, None))
    return out


def swiss(
    ranked: Sequence[str], played: Collection[frozenset[str]], byes: Collection[str]
) -> list[Pairing]:
    """One Swiss round over `ranked` (the entrants still in, best first): no pair in `played`
    meets again while any pairing of the round avoids it; `byes` have sat out before."""
    players = list(ranked)
    out: list[Pairing] = []
    if len(players) % 2:
        sitter = next((p for p in reversed(players) if p not in byes), players[-1])
        players.remove(sitter)
        out_bye: list[Pairing] = [(sitter, None)]
    else:
        out_bye = []
    pairs = _pair(players, played) or _pair(players, ())
    assert pairs is not None, "an even count always pairs when repeats are allowed"
    out += pairs
    return out + out_bye


def _pair(players: list[str], played: Collection[frozenset[str]]) -> list[Pairing] | None:
    """Top-down pairing with backtracking; None when no pairing avoids `played`."""
    if not players:
        return []
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in played:
            continue
        tail = _pair(rest[:i] + rest[i + 1 :], played)
        if tail is not None:
            return [(first, other), *tail]
    return None

"""French playing cards as small ints, with their names as used on the wire.

A card is `suit * 13 + rank`, rank 0 = A, 1 = 2, ..., 12 = K; the name is rank then suit (`TS`).
Games that rank aces differently map the rank through their own order tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANKS = "A23456789TJQK"
SUITS = "CDHS"
NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
PACK: tuple[int, ...] = tuple(range(52))


def suit(card: int) -> int:
    return card // 13


def rank(card: int) -> int:
    return card % 13


def parse(name: str) -> int | None:
    """The card of a name, or None for a name that is no card."""
    return INDEX.get(name)


def names(cards: Iterable[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def ints(cards: Sequence[str]) -> list[int]:
    """Names to cards; the caller has already checked the names."""
    return [INDEX[c] for c in cards]

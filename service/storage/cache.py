"""A per-process cache of decoded games, by (game id, version).

Why it is safe: a version names one state for ever (the compare-and-set writes version v + 1
only on top of v), so a cached (id, v) can never be out of date; it can only be behind. A
change that starts from a cached v is still written expecting v, so if the game moved on, the
write is refused (409) exactly as if it had been read. What it saves: the read and decode of
the whole game on a move that names its expected version, when this process made or read that
version (a player's next move, a bot's next turn).

Cached games are shared between threads, so nobody may change one: `game` hands out a clone.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict

from engine import Game
from service.storage.records import Stored

DEFAULT_SIZE = 1024


class GameCache:
    """Least-recently-used entries, at most `size`; one per process."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[str, int], tuple[Stored, Game]] = OrderedDict()
        self._lock = threading.Lock()

    def put(self, stored: Stored, game: Game) -> None:
        """Remember `game` as the decoded state of `stored`; the caller must not change it
        afterwards."""
        if self.size <= 0:
            return
        key = (stored.gid, stored.version)
        entry = (stored if stored.cached else dataclasses.replace(stored, cached=True), game)
        with self._lock:
            self._entries[key] = entry
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def stored(self, gid: str, version: int) -> Stored | None:
        """The game at `version`, if this process holds it (marked `cached`)."""
        with self._lock:
            entry = self._entries.get((gid, version))
            if entry is not None:
                self._entries.move_to_end((gid, version))
        return None if entry is None else entry[0]

    def game(self, stored: Stored) -> Game | None:
        """A private copy of the decoded game of `stored`, or None when it is not held."""
        with self._lock:
            entry = self._entries.get((stored.gid, stored.version))
        return None if entry is None else entry[1].clone()

"""The app keys' feeds open in this process, woken when their feed grows.

Each open feed waits on an event (`Watcher`); the process's one shard listener
(`service.streams.listener`, shared with the waits and game streams) hears every feed's news
on the 64 fixed channels `dp:{k}:feednews` and sets the events of that key's open feeds, so
an open feed costs no Redis connection of its own.
"""

from __future__ import annotations

import threading
from collections.abc import Collection

from service.core.errors import ServiceError
from service.core.shards import DataClient, all_tags
from service.storage.keys import news_channel
from service.streams.listener import Listener


class Watcher:
    """One open feed's place in the hub: `wake` is set when its key's feed grows by an entry
    of a type it follows (`types`; None: every type)."""

    __slots__ = ("_hub", "key_id", "types", "wake")

    def __init__(self, hub: FeedHub, key_id: str, types: frozenset[bytes] | None = None) -> None:
        self._hub = hub
        self.key_id = key_id
        self.types = types
        self.wake = threading.Event()

    def release(self) -> None:
        """Give the place back (again: nothing)."""
        self._hub._release(self)


class FeedHub:
    """The feeds open in this process: each waits on an event that the listener sets when its
    key's feed grows; the process's shard listener hears every feed's news on the 64 fixed
    channels, so an open feed costs no Redis connection of its own."""

    def __init__(
        self, client: DataClient, per_key: int = 8, listener: Listener | None = None
    ) -> None:
        self.per_key = per_key
        self._waiting: dict[str, set[Watcher]] = {}
        self._lock = threading.Lock()
        self._listener = listener or Listener(client)
        """Hears every feed's news channel (`service.streams.listener`), with the changes."""
        self._listener.subscribe([news_channel(t) for t in all_tags()], self.notify, self._wake_all)
        self.closing = False

    def admit(self, key_id: str, types: Collection[str] | None = None) -> Watcher:
        """A place for one more open feed of `key_id`, woken whenever that feed grows by an
        entry of `types` (None: any; and on every resubscription, when news may have been
        missed); at most `per_key` at once per key in this process (429 `too_many_streams`).
        Release it when the feed ends."""
        wanted = None if types is None else frozenset(t.encode() for t in types)
        watcher = Watcher(self, key_id, wanted)
        with self._lock:
            mine = self._waiting.setdefault(key_id, set())
            if self.per_key > 0 and len(mine) >= self.per_key:
                raise ServiceError(
                    "too_many_streams",
                    f"this app key already holds {self.per_key} open feeds here, as many as it"
                    " may: close one, or retry after Retry-After",
                    retry_after=5,
                )
            mine.add(watcher)
        self._listener.start()  # in the process that serves it (never before a fork)
        return watcher

    def _release(self, watcher: Watcher) -> None:
        with self._lock:
            mine = self._waiting.get(watcher.key_id)
            if mine is not None:
                mine.discard(watcher)
                if not mine:
                    del self._waiting[watcher.key_id]

    def notify(self, message: bytes) -> None:
        """A feed's news, `<key id> <newest number> <type>...`: wake that key's open feeds
        that follow one of those types (all of them when the news names none: an older
        relay's)."""
        key_id, _, *types = message.split(b" ")
        with self._lock:
            waiting = list(self._waiting.get(key_id.decode(), ()))
        for watcher in waiting:
            if watcher.types is None or not types or not watcher.types.isdisjoint(types):
                watcher.wake.set()

    def close(self) -> None:
        """The process is stopping: every open feed ends now."""
        self.closing = True
        self._wake_all()

    def _wake_all(self) -> None:
        with self._lock:
            waiting = [w for ws in self._waiting.values() for w in ws]
        for watcher in waiting:
            watcher.wake.set()

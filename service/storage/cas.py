"""The compare-and-set of one game (`service.storage.store.Store.write`, `CAS_SCRIPT` in
`service.storage.scripts`): what a change writes, and what the script answers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgpack


def outbox_rows(flat: list[str]) -> tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...]:
    """Outbox entries from a script's flat answer: id, key id, f, f times type and JSON."""
    rows = []
    i = 0
    while i < len(flat):
        count = int(flat[i + 2])
        pairs = flat[i + 3 : i + 3 + 2 * count]
        rows.append((flat[i], flat[i + 1], tuple(zip(pairs[::2], pairs[1::2], strict=True))))
        i += 3 + 2 * count
    return tuple(rows)


def pack_commands(commands: Sequence[Sequence[str | bytes | int | float]]) -> bytes:
    """Redis commands as ONE script argument (`Write.jobs`): a msgpack array of arrays of
    strings, which the script reads with `cmsgpack.unpack`. Each argument of a command
    costs redis-py's encoder about 0.7 us of client CPU; packed, a bot turn's job (about 60
    of them, RQ's record of the job) goes as one, in about 2 us. Numbers go as their decimal
    text (as redis-py sends them), and every string as msgpack's raw string: Redis 7.0's
    `cmsgpack` reads no `bin` type."""
    packed: bytes = msgpack.packb(
        [[a if isinstance(a, str | bytes) else repr(a) for a in command] for command in commands],
        use_bin_type=False,
    )
    return packed


@dataclass(frozen=True, slots=True)
class Write:
    """What one accepted change writes; see CAS_SCRIPT for the meaning of each part."""

    expected: int
    state: dict[str, Any]
    status: str
    ttl: int
    events: list[dict[str, Any]]
    actions: list[dict[str, Any]]
    idem_field: str = ""
    response: str = ""
    meta: dict[str, Any] | None = None
    due: tuple[str, ...] = ()
    """Due turns at the new version, as `service.tables.bot_turns.due_turns` names them."""
    to_act: tuple[int, ...] = ()
    create_key: str = ""
    """A creation's hashed Idempotency-Key: its short reservation becomes `pointer_ttl` long."""
    pointer_ttl: int = 0
    news: bool = False
    """Publish the new state and the events with the change (`service.streams.waits.News`): at a
    live
    table a woken request then answers without reading the game back."""
    app_key: str = ""
    """The app key whose feed hears of this change (`service.streams.feed`), "" for none."""
    feed: tuple[tuple[str, bytes], ...] = ()
    """Its feed entries (type, JSON: `service.streams.feed.game_entries`); go to the outbox."""
    relay: tuple[tuple[str, ...], str] | None = None
    """On one Redis: the key's feed keys and the relay's parameters, to move the entries
    into the feed in this same script (`service.streams.feed.Feed.inline`)."""
    jobs: bytes = b""
    """On one Redis: RQ's commands that enqueue the jobs of the change's due bot turns
    (`service.tables.bot_turns.BotTurns.commands`), packed (`pack_commands`), run by this
    same script once the change is written, so a change that loses its race enqueues nothing
    and one that wins cannot lose its jobs."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The script's answer: `ok`, `stale`, `missing`, `exists`, `taken` or `replay`."""

    kind: str
    version: int = -1
    events_before: int = 0
    response: str = ""
    """The stored answer (`replay`), or the game id that holds the creation key (`taken`)."""
    outbox: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = ()
    """With feed entries written, not relayed at once: the bucket's oldest outbox entries
    (id, app key, its entries), for `service.streams.feed.Feed.relay`."""
    relayed: tuple[bool, tuple[int, ...]] | None = None
    """With feed entries relayed at once: whether the key has webhooks, the numbers added."""

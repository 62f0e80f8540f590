"""An open feed's bytes, framed as SSE or NDJSON (`service.core.sse`), and the live games a
client that lost part of its feed starts again from."""

from __future__ import annotations

import math
import socket
import time
from collections.abc import Callable, Collection, Iterator, Sequence

from service.core import sse
from service.core.codec import dumps_sorted, loads
from service.core.connections import NOBODY, Peer
from service.core.shards import DataClient
from service.storage.keys import game_key
from service.streams.feed import CLOSED, GAMES_PATH, JSON, OPENED
from service.streams.feed_hub import FeedHub, Watcher
from service.streams.feed_relay import BATCH, Feed
from service.streams.streams import RESUME_RETRY_MS, Client
from service.streams.ticker import Ticker

__all__ = ["CLOSED", "GAMES_PATH", "OPENED", "frames", "live_games"]
"""What the feed's endpoint (`service.api.feed`) reads here, with the first frame's names."""


def frames(
    feed: Feed,
    hub: FeedHub,
    watcher: Watcher,
    after: int | None,
    media: str,
    peer: Peer = NOBODY,
    *,
    ticker: Ticker,
    sock: socket.socket | None = None,
    hangup_check: float = 2.0,
    max_seconds: float = 3600.0,
    revoked: Callable[[], bool] | None = None,
    revoke_check: float = 1.0,
    types: Collection[str] | None = None,
) -> Iterator[bytes]:
    """A feed's bytes: without a resume point a `feed_opened` frame (its id: where it starts),
    then every entry after it as it comes, each framed with its number as `id` and its type
    as `event`; keep-alives while idle, when the process's `ticker` says one is due. Ends when
    the client hangs up, after `max_seconds` (the client resumes with `Last-Event-ID`), or
    when the process stops: then with a last `feed_closed` frame (`reason` `server_restart`),
    whose `id` and `resume_after` are the last entry sent, so a client that resumes there
    misses nothing. Then `watcher` (admitted before the answer started: `FeedHub.admit`) is
    released.

    The key was checked once, when the feed opened: `revoked()` (the key's record, read
    before every batch of entries and every `revoke_check` seconds while idle) ends it once
    the key is revoked, with a last `feed_closed` frame (no `id`: nothing to resume) saying
    so, and no entry relayed after the revocation is sent.

    With `types`, only entries of those types are sent (the watcher, admitted with the same
    types, wakes for no other); the others are read past when one it follows comes, so the
    `server_restart` frame's resume point may be an entry it did not send: resuming there
    misses none it follows."""
    key_id, wake = watcher.key_id, watcher.wake
    client = Client(peer, sock, wake, hangup_check)
    beat = ticker.open(wake, time.monotonic() + max_seconds, sock)
    try:
        if after is None:
            after = feed.position(key_id)
            opened = {"type": OPENED, "retention_seconds": feed.retention, "games": GAMES_PATH}
            yield sse.frame(media, dumps_sorted(opened), event_id=str(after), event=OPENED)
            beat.sent()
        deadline = time.monotonic() + max_seconds
        recheck = time.monotonic() + revoke_check if revoked is not None else math.inf
        while not (ticker.closing or hub.closing):
            wake.clear()  # before the read: an entry relayed after it wakes the wait below
            read = feed.read(key_id, after)
            rows = read if types is None else [row for row in read if row[1] in types]
            if revoked is not None and (rows or time.monotonic() >= recheck):
                if revoked():
                    yield _revoked_frame(media)
                    return
                recheck = time.monotonic() + revoke_check
            if read:
                after = read[-1][0]  # past the entries it does not follow, too
            if rows:
                yield b"".join(sse.frame(media, d, event_id=str(n), event=t) for n, t, d in rows)
                beat.sent()
            if len(read) == BATCH:
                continue
            if ticker.closing or hub.closing:
                break
            soonest = min(client.next_look, recheck)
            # Woken (an entry, the ticker) or not (a recheck, a look at the client): read again.
            wake.wait(None if math.isinf(soonest) else max(soonest - time.monotonic(), 0))
            if ticker.closing or hub.closing:
                break
            now = time.monotonic()
            if client.gone(now) or now >= deadline:
                return
            if beat.ping:  # and read: news lost on a dropped subscription is found there
                beat.ping = False
                yield sse.keepalive(media)
        yield _restart_frame(media, after)
    finally:
        ticker.release(beat)
        client.close()
        watcher.release()


def _revoked_frame(media: str) -> bytes:
    """The last frame of a feed whose key was revoked: no `id`, nothing to resume."""
    closed = {"type": CLOSED, "reason": "app_key_revoked", "message": "this app key was revoked"}
    return sse.frame(media, dumps_sorted(closed), event=CLOSED)


def _restart_frame(media: str, after: int) -> bytes:
    """The last frame of a feed open when its process stops: where to resume."""
    restart = {
        "type": CLOSED,
        "reason": "server_restart",
        "resume_after": str(after),
        "message": "the server is restarting: reconnect with Last-Event-ID",
    }
    return sse.frame(
        media, dumps_sorted(restart), event_id=str(after), event=CLOSED, retry=RESUME_RETRY_MS
    )


def live_games(client: DataClient, gids: Sequence[str]) -> list[JSON]:
    """The unfinished games among `gids` (an app key's: `service.app_keys`), each with its
    version, status and the human seats to act: where a client that lost part of its feed
    starts again."""
    with client.pipeline(transaction=False) as pipe:
        for gid in gids:
            pipe.hmget(game_key(gid), "version", "status", "to_act", "meta")
        found = pipe.execute()
    out = []
    for gid, (version, status, to_act, meta) in zip(gids, found, strict=True):
        if version is None or meta is None or status in (b"over", b"abandoned"):
            continue
        described = loads(meta)
        seats = described["seats"]
        acting = [int(s) for s in (to_act or b"").split() if seats[int(s)].get("bot") is None]
        out.append(
            {
                "id": gid,
                "game": described["game"],
                "version": int(version),
                "status": status.decode(),
                "to_act": acting,
            }
        )
    return out

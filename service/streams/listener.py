"""One listener per process for every shard channel it hears: games' changes and feeds' news.

Why one: the waits and game streams (`service.streams.waits.Changes`, on each bucket's
`dp:{t}:changes`) and the app keys' feeds (`service.streams.feed_hub.FeedHub`, on each
bucket's `dp:{t}:feednews`) hear the same kind of thing the same way: sharded pub/sub
(SSUBSCRIBE) on 64 fixed channels each, on one Redis or across a cluster's shards. One
listener serves both, so what it learns about reconnecting serves both.

How: a subscriber hands over its channels and two callbacks (`subscribe`): one for each
message on them (its payload), one for a gap (news may have been missed). The listener (a
thread; a greenlet under gevent) opens one connection per Redis server that holds some of the
channels, each with a reader of its own blocked in its read, so a message wakes its
subscriber at once (no polling of one shard after another). On a cluster the readers follow
its topology: each master carries its own slots' channels, the two channels of one bucket
share a slot and so a connection.

Pub/sub is at-most-once. After any error (a lost connection, a restarted Redis, a slot moved
in a failover: its channel is unsubscribed) every reader ends and all are opened anew, with
the slot map refreshed; every subscriber is told of the gap at once and again when each
server's subscriptions are confirmed, so it re-reads what it watches.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import redis
from redis.cluster import RedisCluster

from service.core.shards import DataClient

log = logging.getLogger("duckpond.listener")

READ_SECONDS = 1.0
"""The longest a reader's read blocks before it looks whether it is to stop."""
RETRY_SECONDS = 0.5
"""The least time between two rounds of connections after an error."""

OnMessage = Callable[[bytes], object]
"""Told each message's payload on a subscribed channel (a reader's thread)."""
OnGap = Callable[[], object]
"""Told that messages may have been missed (a lost or new subscription)."""


class Listener:
    """The process's readers of shard channels; one per process, shared by its subscribers."""

    def __init__(self, client: DataClient) -> None:
        self._client = client
        self._on_message: dict[str, OnMessage] = {}
        """Channel -> whom its messages go to."""
        self._on_gap: dict[str, OnGap] = {}
        """Channel -> whom a gap on it is told."""
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        """Set to end the current round's connections (an error, new channels, `close`)."""
        self._renew = False
        """Set with `_stop` when channels were added: a new round, not an error."""
        self.closing = False

    def subscribe(self, channels: Sequence[str], on_message: OnMessage, on_gap: OnGap) -> None:
        """Hear `channels` from now on (once the listener runs: `start`). Channels added while
        it runs are subscribed by a new round of connections."""
        with self._lock:
            for channel in channels:
                self._on_message[channel] = on_message
                self._on_gap[channel] = on_gap
            running = self._thread is not None and self._thread.is_alive()
        if running:
            self._renew = True
            self._stop.set()

    def start(self) -> None:
        """Listen, if not already: started by the first subscriber that needs it, in the
        process that serves it (never before a fork: a forked child starts its own)."""
        if self._thread is not None and self._thread.is_alive():
            return
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self.closing = False
                self._thread = threading.Thread(
                    target=self._run, name="duckpond-listener", daemon=True
                )
                self._thread.start()

    def close(self) -> None:
        """Stop listening (the readers end within `READ_SECONDS`)."""
        self.closing = True
        self._stop.set()

    def gap(self) -> None:
        """Tell every subscriber that messages may have been missed."""
        with self._lock:
            told = list(dict.fromkeys(self._on_gap.values()))
        for on_gap in told:
            _safely(on_gap)

    def _run(self) -> None:
        failing = False
        while not self.closing:
            self._stop = stop = threading.Event()
            readers: list[threading.Thread] = []
            started = time.monotonic()
            try:
                for client, channels in self._by_server():
                    reader = threading.Thread(
                        target=self._read, args=(client, channels, stop),
                        name="duckpond-listener-shard", daemon=True,
                    )  # fmt: skip
                    reader.start()
                    readers.append(reader)
                stop.wait()
                if self.closing:
                    break
                if self._renew:  # new channels, no error: the new round's confirmations tell
                    self._renew = False
                    self._settle(readers, started, retry=False)
                    continue
                raise redis.ConnectionError("a listener's connection ended")
            except Exception as exc:
                if not failing or self._healthy(started):  # once per outage, not every round
                    log.warning("listener: %s; reconnecting", type(exc).__name__)
                failing = True
            stop.set()
            self.gap()
            self._settle(readers, started, retry=True)

    def _healthy(self, started: float) -> bool:
        """Whether the round that ended ran long enough to call an outage before it over."""
        return time.monotonic() - started > 10 * RETRY_SECONDS

    def _settle(self, readers: list[threading.Thread], started: float, *, retry: bool) -> None:
        """Between two rounds: the last round's readers end (one reader per server at a
        time); after an error, at least `RETRY_SECONDS` pass since the round started and a
        cluster's slot map is read anew."""
        deadline = time.monotonic() + READ_SECONDS + 1.0
        for reader in readers:
            reader.join(max(deadline - time.monotonic(), 0.0))
        if not retry:
            return
        time.sleep(max(started + RETRY_SECONDS - time.monotonic(), 0.0))
        refresh = getattr(self._client, "nodes_manager", None)  # a cluster's slot map
        if refresh is not None:
            with contextlib.suppress(Exception):
                refresh.initialize()

    def _by_server(self) -> list[tuple[redis.Redis, list[str]]]:
        """The channels by the server that holds them: one Redis, or a cluster's masters (a
        plain client on each, for its own channels)."""
        with self._lock:
            channels = list(self._on_message)
        if not channels:
            return []
        if not isinstance(self._client, RedisCluster):
            return [(self._client, channels)]
        servers: dict[tuple[str, int], list[str]] = {}
        for channel in channels:
            node = self._client.get_node_from_key(channel)  # type: ignore[no-untyped-call]
            servers.setdefault((node.host, int(node.port)), []).append(channel)
        return [
            (redis.Redis(host=host, port=port, socket_timeout=5, socket_connect_timeout=2), chs)
            for (host, port), chs in servers.items()
        ]

    def _read(self, client: redis.Redis, channels: list[str], stop: threading.Event) -> None:
        """One server's channels, until an error or `stop`; then it sets `stop` (all reopen)."""
        # RESP3 (redis-py's default) hands each message to the parser's push handler, whose
        # default looks a logger up and logs it at DEBUG, per message: ours passes it on.
        pubsub = client.pubsub(push_handler_func=_as_it_is)
        try:
            for channel in channels:  # one command each: a cluster refuses two slots in one
                pubsub.ssubscribe(channel)
            confirmed = 0
            conn = pubsub.connection  # connected by the subscriptions above
            assert conn is not None, "subscribed"
            while not stop.is_set():
                # The connection's own read, with a timeout: `get_message(timeout=)` would first
                # poll the socket twice a message (readable? closed?), most of its cost here.
                # A timeout leaves a part-read message in the parser, for the next read.
                try:
                    response = conn.read_response(
                        timeout=READ_SECONDS, disconnect_on_error=False, push_request=True
                    )
                except redis.TimeoutError:
                    continue
                if _is_message(response):  # the common case, read as it is (see `_is_message`)
                    self._deliver(_text(response[1]), response[2])
                    continue
                message = pubsub.handle_message(response)
                if message is None:
                    continue
                kind = _text(message["type"])
                if kind == "smessage":
                    self._deliver(_text(message["channel"]), message["data"])
                elif kind == "ssubscribe":
                    confirmed += 1
                    if confirmed == len(channels):  # news sent before this was not heard
                        self._gap_of(channels)
                elif kind == "sunsubscribe":  # its slot moved (a failover)
                    break
        except Exception as exc:
            log.debug("listener connection: %s", type(exc).__name__)
        finally:
            stop.set()
            with contextlib.suppress(Exception):
                pubsub.close()
            if client is not self._client:
                with contextlib.suppress(Exception):
                    client.close()

    def _deliver(self, channel: str, data: Any) -> None:
        with self._lock:
            on_message = self._on_message.get(channel)
        if on_message is not None:
            _safely(on_message, bytes(data) if not isinstance(data, str) else data.encode())

    def _gap_of(self, channels: list[str]) -> None:
        """Tell the subscribers of `channels` (each once) of a gap."""
        with self._lock:
            told = list(dict.fromkeys(self._on_gap[c] for c in channels if c in self._on_gap))
        for on_gap in told:
            _safely(on_gap)


def _as_it_is(response: Any) -> Any:
    return response


def _is_message(response: Any) -> bool:
    """Whether a reply is a sharded channel's message, `[smessage, channel, payload]` (RESP2
    or RESP3 alike). Such a reply is delivered without `PubSub.handle_message`, which builds
    a dict and records metrics for it; subscriptions' confirmations and the rest go there."""
    return (
        isinstance(response, list)
        and len(response) == 3
        and response[0] in (b"smessage", "smessage")
    )


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _safely(call: Callable[..., object], *args: Any) -> None:
    """A subscriber's callback: its failure is logged, never the reader's end."""
    try:
        call(*args)
    except Exception:
        log.exception("a listener's subscriber failed")

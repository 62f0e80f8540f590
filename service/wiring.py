"""The one place that builds the service's layers from settings, for every process.

The API (`service.app`), the worker and its jobs (`service.worker`, `service.jobs`) and the
watchdog all get their store, queues and use cases from `build`, so they agree on Redis, queue
names and limits, and nobody reaches into another layer to borrow its parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import redis
from rq import Queue
from rq.serializers import JSONSerializer

from service.bot_turns import BotTurns
from service.cache import GameCache
from service.match_store import MatchStore
from service.matches import Matches
from service.store import Store
from service.tables import Tables
from service.waits import Changes, Waits


@dataclass(frozen=True, slots=True)
class Layers:
    """Everything a process needs, built once; one Redis pool shared by all of it."""

    redis: redis.Redis
    store: Store
    turns: BotTurns
    changes: Changes
    waits: Waits
    tables: Tables
    matches: Matches

    @property
    def bot_queue(self) -> Queue:
        return self.turns.queue

    @property
    def bulk_queue(self) -> Queue:
        """Match games and the bot turns of bot-only games."""
        return self.turns.bulk

    @property
    def match_queue(self) -> Queue:
        return self.matches.queue


def client(settings: Mapping[str, Any], socket_timeout: float = 5) -> redis.Redis:
    """A Redis pool from settings. Commands time out after `socket_timeout` seconds, so a
    stalled Redis (SIGSTOP, a network cut) is an error the caller recovers from, not a hang.

    The pool blocks (up to `socket_timeout`) for a free connection instead of failing at
    redis-py's default 100: under gevent thousands of requests run at once, and a burst
    (every waiter woken by one move) must queue for `REDIS_MAX_CONNECTIONS`, not be refused."""
    pool = redis.BlockingConnectionPool.from_url(
        settings["REDIS_URL"],
        max_connections=int(settings.get("REDIS_MAX_CONNECTIONS", 64)),
        timeout=socket_timeout,
        socket_timeout=socket_timeout,
        socket_connect_timeout=2,
        health_check_interval=30,
        retry_on_timeout=False,
    )
    return redis.Redis(connection_pool=pool)


def build(settings: Mapping[str, Any]) -> Layers:
    """The layers from settings (`service.config.from_env`, or a test's overrides)."""
    pool = client(settings)
    store = Store(pool)
    bulk = queue(settings, "BULK_QUEUE", pool)
    turns = BotTurns(queue(settings, "BOT_QUEUE", pool), bulk)
    changes = Changes(
        pool, int(settings["WAIT_SLOTS"]), int(settings.get("SPECTATOR_WAITS_PER_ADDRESS", 0))
    )
    waits = Waits(store, changes, float(settings["MAX_WAIT_SECONDS"]))
    finished_ttl = int(settings["FINISHED_GAME_TTL"])
    tables = Tables(
        store,
        turns,
        waits,
        finished_ttl=finished_ttl,
        idempotency_ttl=int(settings["IDEMPOTENCY_TTL"]),
        idle_ttl=int(settings.get("GAME_IDLE_TTL", 3 * 24 * 3600)),
        reservation_ttl=int(settings.get("CREATE_RESERVATION_SECONDS", 5)),
        think_limit_ms=int(settings.get("BOT_THINK_LIMIT_MS", 1000)),
        chain_seconds=int(settings.get("BOT_CHAIN_MS", 20)) / 1000,
        cache=GameCache(int(settings["GAME_CACHE_SIZE"])),
    )
    matches = Matches(
        MatchStore(pool),
        bulk,
        finished_ttl=finished_ttl,
        max_games=int(settings.get("MAX_MATCH_GAMES", 1000)),
    )
    return Layers(pool, store, turns, changes, waits, tables, matches)


def queue(settings: Mapping[str, Any], name: str, pool: redis.Redis) -> Queue:
    """The RQ queue named by setting `name`, with the JSON serializer (never pickle)."""
    return Queue(settings[name], connection=pool, serializer=JSONSerializer)

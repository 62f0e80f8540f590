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
    def match_queue(self) -> Queue:
        return self.matches.queue


def build(settings: Mapping[str, Any]) -> Layers:
    """The layers from settings (`service.config.from_env`, or a test's overrides)."""
    client = redis.Redis.from_url(
        settings["REDIS_URL"], socket_timeout=5, socket_connect_timeout=2, health_check_interval=30
    )
    store = Store(client)
    turns = BotTurns(queue(settings, "BOT_QUEUE", client))
    changes = Changes(client, int(settings["WAIT_SLOTS"]))
    waits = Waits(store, changes, float(settings["MAX_WAIT_SECONDS"]))
    finished_ttl = int(settings["FINISHED_GAME_TTL"])
    tables = Tables(
        store,
        turns,
        waits,
        finished_ttl=finished_ttl,
        idempotency_ttl=int(settings["IDEMPOTENCY_TTL"]),
        cache=GameCache(int(settings["GAME_CACHE_SIZE"])),
    )
    matches = Matches(
        MatchStore(client), queue(settings, "MATCH_QUEUE", client), finished_ttl=finished_ttl
    )
    return Layers(client, store, turns, changes, waits, tables, matches)


def queue(settings: Mapping[str, Any], name: str, client: redis.Redis) -> Queue:
    """The RQ queue named by setting `name`, with the JSON serializer (never pickle)."""
    return Queue(settings[name], connection=client, serializer=JSONSerializer)

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

from service.access.app_keys import AppKeys
from service.access.bot_registry import BotRegistry
from service.core import shards
from service.core.shards import DataClient, QueueClient
from service.matches.arena import Arena
from service.matches.arena import Settings as ArenaSettings
from service.matches.challenges import Challenges
from service.matches.match_games import MatchGames
from service.matches.matches import Matches
from service.matches.ratings import Ratings
from service.matches.tournaments import Tournaments
from service.storage.cache import GameCache
from service.storage.match_store import MatchStore
from service.storage.store import Store
from service.storage.tournament_store import TournamentStore
from service.streams.feed_hub import FeedHub
from service.streams.feed_relay import Feed
from service.streams.listener import Listener
from service.streams.streams import Limits, Streams
from service.streams.waits import Changes, Waits
from service.streams.webhooks import Settings as WebhookSettings
from service.streams.webhooks import Webhooks
from service.tables.bot_turns import BotTurns
from service.tables.tables import Tables


@dataclass(frozen=True, slots=True)
class Layers:
    """Everything a process needs, built once: one pool for game data (`redis`: one Redis or a
    cluster) and one for the queues (`queue_redis`, the same pool when there is one Redis)."""

    redis: DataClient
    store: Store
    turns: BotTurns
    changes: Changes
    waits: Waits
    tables: Tables
    matches: Matches
    queue_redis: QueueClient | None = None
    streams: Streams | None = None
    """The game streams of this process (the API's; None elsewhere)."""
    feed: Feed | None = None
    """App keys' feeds: the relay (`service.streams.feed`)."""
    feed_hub: FeedHub | None = None
    """The feeds open in this process and the listener that wakes them."""
    webhooks: Webhooks | None = None
    registry: BotRegistry | None = None
    """Outside bots (`service.access.bot_registry`), on the queues' Redis next to the app keys."""
    app_keys: AppKeys | None = None
    """The app keys, on the queues' Redis (`service.app_keys`)."""
    challenges: Challenges | None = None
    """Matches that wait for another key's consent (`service.matches.challenges`)."""
    ratings: Ratings | None = None
    """The bots' ladders per game (`service.matches.ratings`), which match games are rated on."""
    arena: Arena | None = None
    """Opted-in outside bots and their pairer (`service.matches.arena`)."""
    tournaments: Tournaments | None = None
    """Round robins and Swiss tournaments of matches (`service.matches.tournaments`)."""

    @property
    def bot_queue(self) -> Queue:
        return self.turns.queue

    @property
    def think_queue(self) -> Queue:
        """The turns of bots that think (the search bot) at live tables."""
        return self.turns.think

    @property
    def bulk_queue(self) -> Queue:
        """Match games and the bot turns of bot-only games."""
        return self.turns.bulk

    @property
    def match_queue(self) -> Queue:
        return self.matches.queue

    @property
    def webhook_queue(self) -> Queue:
        assert self.webhooks is not None, "built by `build`"
        return self.webhooks.queue


def client(settings: Mapping[str, Any], socket_timeout: float = 5) -> redis.Redis:
    """A pool on the queues' Redis (`QUEUE_REDIS_URL`, else `REDIS_URL`; RQ's connection).
    Commands time out after `socket_timeout` seconds, so a stalled Redis (SIGSTOP, a network
    cut) is an error the caller recovers from, not a hang. The pool blocks for a free
    connection, up to `REDIS_MAX_CONNECTIONS` (`service.core.shards.standalone`)."""
    return shards.standalone(
        shards.queue_url(settings), socket_timeout, shards.max_connections(settings)
    )


def build(settings: Mapping[str, Any]) -> Layers:
    """The layers from settings (`service.core.config.from_env`, or a test's overrides)."""
    pool = shards.data_client(settings)
    queues = shards.queue_client(settings, data=pool)
    store = Store(pool, queues)
    bulk = queue(settings, "BULK_QUEUE", queues)
    live = queue(settings, "BOT_QUEUE", queues)
    think = queue(settings, "THINK_QUEUE", queues) if settings.get("THINK_QUEUE") else live
    turns = BotTurns(live, bulk, think)
    feed = Feed(
        pool,
        retention=int(settings.get("FEED_RETENTION_SECONDS", 3600)),
        max_entries=int(settings.get("FEED_MAX_ENTRIES", 100_000)),
    )
    hooks = queue(settings, "WEBHOOK_QUEUE", queues) if settings.get("WEBHOOK_QUEUE") else bulk
    webhooks = Webhooks(pool, feed, hooks, WebhookSettings.of(settings))
    listener = Listener(pool)  # one per process: the changes' and the feeds' channels
    changes = Changes(
        pool,
        int(settings["WAIT_SLOTS"]),
        int(settings.get("SPECTATOR_WAITS_PER_ADDRESS", 0)),
        listener,
    )
    waits = Waits(store, changes, float(settings["MAX_WAIT_SECONDS"]))
    # On the queues' standalone Redis, never the cluster, whose slots would split a key's
    # records; `games` is where the games are (read to free finished games' slots).
    keys = AppKeys(
        queues,
        str(settings.get("APP_KEYS", "required")),
        games=pool,
        remember_seconds=float(settings.get("BOUND_KEY_CACHE_SECONDS", 1.0)),
    )
    tables = _tables(settings, store, turns, waits, feed, keys)
    matches, ratings, registry = _matches(settings, pool, queues, bulk, live, tables, feed)
    streams = Streams(store, changes, Limits.of(settings))
    hub = FeedHub(pool, int(settings.get("FEEDS_PER_APP_KEY", 8)), listener)
    return Layers(
        pool,
        store,
        turns,
        changes,
        waits,
        tables,
        matches,
        queues,
        streams,
        feed,
        hub,
        webhooks,
        registry,
        keys,
        Challenges(pool, matches, registry, keys, feed),
        ratings,
        arena=Arena(pool, registry, matches, ratings, feed, ArenaSettings.of(settings)),
        tournaments=_tournaments(pool, matches, registry, live, feed, keys),
    )


def _tables(
    settings: Mapping[str, Any],
    store: Store,
    turns: BotTurns,
    waits: Waits,
    feed: Feed,
    keys: AppKeys,
) -> Tables:
    """The tables (`service.tables`), from their settings."""
    return Tables(
        store,
        turns,
        waits,
        finished_ttl=int(settings["FINISHED_GAME_TTL"]),
        idempotency_ttl=int(settings["IDEMPOTENCY_TTL"]),
        idle_ttl=int(settings.get("GAME_IDLE_TTL", 3 * 24 * 3600)),
        reservation_ttl=int(settings.get("CREATE_RESERVATION_SECONDS", 5)),
        think_limit_ms=int(settings.get("BOT_THINK_LIMIT_MS", 1000)),
        chain_seconds=int(settings.get("BOT_CHAIN_MS", 20)) / 1000,
        cache=GameCache(int(settings["GAME_CACHE_SIZE"])),
        feed=feed,
        key_check=keys.identify,
    )


def _matches(
    settings: Mapping[str, Any],
    pool: DataClient,
    queues: QueueClient,
    bulk: Queue,
    live: Queue,
    tables: Tables,
    feed: Feed,
) -> tuple[Matches, Ratings, BotRegistry]:
    """The matches (`service.matches`), their games' driver and the bot registry, and the
    tables told where a match game's end and a match's seal go."""
    finished_ttl = int(settings["FINISHED_GAME_TTL"])
    ratings = Ratings(pool)
    matches = Matches(
        MatchStore(pool),
        bulk,
        finished_ttl=finished_ttl,
        max_games=int(settings.get("MAX_MATCH_GAMES", 1000)),
        idempotency_ttl=int(settings["IDEMPOTENCY_TTL"]),
        reservation_ttl=int(settings.get("CREATE_RESERVATION_SECONDS", 5)),
        feed=feed,
        ratings=ratings,
    )
    matches.driver = MatchGames(
        matches.store,
        tables,
        live,  # a step is short (ms) and a client waits on it: never behind in-process games
        finished_ttl=finished_ttl,
        feed=feed,
        rate=matches._rate,
    )
    tables.match_game_ended = matches.driver.game_ended
    tables.match_sealed = matches.sealed
    registry = BotRegistry(queues)
    matches.registry = registry
    return matches, ratings, registry


def _tournaments(
    pool: DataClient,
    matches: Matches,
    registry: BotRegistry,
    live: Queue,
    feed: Feed,
    keys: AppKeys,
) -> Tournaments:
    """The tournaments, told when a match ends (a pairing's: its tournament steps)."""
    tournaments = Tournaments(TournamentStore(pool), matches, registry, live, feed, keys)
    matches.finished = tournaments.match_finished
    if matches.driver is not None:
        matches.driver.finished = tournaments.match_finished
    return tournaments


def queue(settings: Mapping[str, Any], name: str, pool: redis.Redis) -> Queue:
    """The RQ queue named by setting `name`, with the JSON serializer (never pickle)."""
    return Queue(settings[name], connection=pool, serializer=JSONSerializer)

"""Where game data lives: hash-tag buckets, and the data and queue Redis clients.

Why buckets. On Redis Cluster a Lua script may only touch keys of one hash slot. The
compare-and-set of a game (`service.storage.store`) writes the game AND its entry in the due-turn
index
that the watchdog scans, so the index cannot be one key: it is split into `BUCKETS` buckets, and
a game's keys carry its bucket's hash tag, so each compare-and-set writes the bucket in its own
slot, and a scan of every bucket covers every shard.

A game's bucket is the first character of its id (ids are `secrets.token_urlsafe`, so the
first character is uniform over the 64 characters of that alphabet). Each bucket's hash tag is
chosen once, here, so that the 64 tags fall in 64 evenly spaced ranges of Redis Cluster's 16384
slots: any split of the slots into contiguous ranges (as `redis-cli --cluster create` makes)
gives every master its share of the buckets. The cost of 64: game data uses 64 slots, so at most
64 masters hold games, and one slot holds 1/64 of them (docs/scaling.md).

A creation retried with an Idempotency-Key must find its game id from the key alone, in the
game's slot: the id is drawn with the first character that the key's hash names (`new_id`), so
the key's pointer and the game share a bucket.

Two Redis roles (`service.core.config`): game data on `REDIS_URL`, or on a Redis Cluster when
`REDIS_CLUSTER_NODES` is set; RQ's queues, its registries and the workers' heartbeats on
`QUEUE_REDIS_URL` (a standalone Redis: RQ does not run on a cluster), which defaults to
`REDIS_URL`, so a single-server setup needs one Redis and one connection pool.
"""

from __future__ import annotations

import binascii
import secrets
import string
from collections.abc import Mapping
from typing import Any, TypeAlias

import redis
from redis.backoff import ExponentialBackoff
from redis.cluster import ClusterNode, RedisCluster
from redis.exceptions import RedisClusterException
from redis.retry import Retry

DataClient: TypeAlias = redis.Redis | RedisCluster
"""The client of game data: one Redis, or a Redis Cluster (the same commands and scripts)."""
QueueClient: TypeAlias = redis.Redis
"""The client of the queues: always one standalone Redis."""
FAILURES = (redis.RedisError, RedisClusterException)
"""What a failing store raises: redis-py's errors, and its cluster client's own (not found
among them: "Redis Cluster cannot be connected", a slot no master covers)."""

ALPHABET = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"
"""The characters of `secrets.token_urlsafe`, in the order of base64url."""
BUCKETS = len(ALPHABET)
SLOTS = 16384


def key_slot(key: str) -> int:
    """Redis Cluster's slot of a key without a hash tag (CRC16/XMODEM, as Redis computes it)."""
    return binascii.crc_hqx(key.encode(), 0) % SLOTS


def _tag(index: int) -> str:
    """The shortest tag `<char><n>` of bucket `index` whose slot lies in the bucket's range."""
    width = SLOTS // BUCKETS
    n = 0
    while True:
        tag = f"{ALPHABET[index]}{n}"
        if key_slot(tag) // width == index:
            return tag
        n += 1


TAGS: dict[str, str] = {char: _tag(i) for i, char in enumerate(ALPHABET)}
"""Bucket (an id's first character) -> its hash tag (without braces)."""


def tag(gid: str) -> str:
    """The hash tag of a game's keys and of its bucket. Only valid ids reach keys
    (`service.storage.store.valid_id`); any other string falls in the first bucket."""
    return TAGS.get(gid[:1]) or TAGS[ALPHABET[0]]


def all_tags() -> list[str]:
    """Every bucket's tag: what a scan of the due-turn index (or of the changes) covers."""
    return list(TAGS.values())


def key_bucket(key_hash: str) -> str:
    """The bucket of a creation's hashed Idempotency-Key (hex): where its pointer lives."""
    return ALPHABET[int(key_hash[:8], 16) % BUCKETS]


def new_id(key_hash: str = "") -> str:
    """A new game id (72 random bits); with a creation key, in that key's bucket (66 bits)."""
    gid = secrets.token_urlsafe(9)
    return key_bucket(key_hash) + gid[1:] if key_hash else gid


def cluster_nodes(settings: Mapping[str, Any]) -> list[tuple[str, int]]:
    """`REDIS_CLUSTER_NODES` ("host:port,host:port"): a few nodes to learn the cluster from."""
    nodes = []
    for item in str(settings.get("REDIS_CLUSTER_NODES") or "").split(","):
        host, _, port = item.strip().rpartition(":")
        if host and port.isdigit():
            nodes.append((host, int(port)))
    return nodes


def data_client(settings: Mapping[str, Any], socket_timeout: float = 5) -> DataClient:
    """Game data's client: the cluster when nodes are configured, else `REDIS_URL`. Commands
    time out after `socket_timeout` seconds, so a stalled Redis is an error, not a hang."""
    nodes = cluster_nodes(settings)
    if not nodes:
        return standalone(str(settings["REDIS_URL"]), socket_timeout, max_connections(settings))
    return RedisCluster(
        startup_nodes=[ClusterNode(host, port) for host, port in nodes],  # type: ignore[no-untyped-call]
        socket_timeout=socket_timeout,
        socket_connect_timeout=1,
        health_check_interval=30,
        # A dead master fails fast: the request answers 503 (and the client retries it with
        # its Idempotency-Key) instead of holding a thread through the whole failover.
        retry=Retry(ExponentialBackoff(cap=0.2, base=0.05), 2),
    )


def queue_url(settings: Mapping[str, Any]) -> str:
    return str(settings.get("QUEUE_REDIS_URL") or settings["REDIS_URL"])


def queue_client(
    settings: Mapping[str, Any], socket_timeout: float = 5, data: DataClient | None = None
) -> redis.Redis:
    """The queues' Redis (RQ, heartbeats). `data`, a standalone client on the same URL, is
    shared instead of opening a second pool."""
    url = queue_url(settings)
    if isinstance(data, redis.Redis) and url == settings["REDIS_URL"]:
        return data
    return standalone(url, socket_timeout, max_connections(settings))


def max_connections(settings: Mapping[str, Any]) -> int:
    """`REDIS_MAX_CONNECTIONS`: the most connections one standalone pool opens (default 64)."""
    return int(settings.get("REDIS_MAX_CONNECTIONS", 64))


def standalone(url: str, socket_timeout: float, max_connections: int = 64) -> redis.Redis:
    """A standalone Redis's pool. It blocks (up to `socket_timeout`) for a free connection
    instead of failing at redis-py's default 100: under gevent thousands of requests run at
    once, and a burst (every waiter woken by one move) must queue for `REDIS_MAX_CONNECTIONS`,
    not be refused."""
    pool = redis.BlockingConnectionPool.from_url(
        url,
        max_connections=max_connections,
        timeout=socket_timeout,
        socket_timeout=socket_timeout,
        socket_connect_timeout=2,
        health_check_interval=30,
        retry_on_timeout=False,
    )
    return redis.Redis(connection_pool=pool)

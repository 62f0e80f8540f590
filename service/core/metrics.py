"""Prometheus metrics (prometheus_client), safe under gunicorn's many worker processes.

With `PROMETHEUS_MULTIPROC_DIR` set (scripts/serve and the compose file set it, and empty it at
start), every process writes its counters to files there and `/metrics` sums them, as the
client library's multiprocess mode prescribes; without it, one process's own registry is served.
Whatever lives in Redis (queue depth, due bot turns, the oldest one's lag) is read when
scraped, so every process (and every container) reports the same figures.

- `duckpond_request_seconds{route,method,status}`: latency per route (the endpoint's name,
  never a path: paths hold game ids);
- `duckpond_moves_total{by}`: moves accepted, by `seat` (API) or `bot` (workers);
- `duckpond_refusals_total{reason}`: 4xx/5xx answers by their reason in the one error shape;
- `duckpond_rate_limited_total{limit}`: requests refused by a rate limit (`address`,
  `app_key` or `auth_failures`);
- `duckpond_recoveries_total`: bot turns the watchdog re-enqueued;
- `duckpond_queue_depth{queue}`, `duckpond_bot_turns_due`, `duckpond_bot_turn_lag_seconds`
  (how long the oldest due bot turn has waited), read from Redis at scrape time.

`/metrics` is off unless `METRICS` is `on`; with `METRICS_TOKEN` set it also needs
`Authorization: Bearer <that token>`. The figures tell nothing secret (no ids, no tokens), but
they tell an outsider how busy the service is, so they are for the operator's scraper only.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import redis
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from service.core.shards import FAILURES

REQUEST_SECONDS = Histogram(
    "duckpond_request_seconds",
    "Time to answer a request, by route (endpoint name), method and status.",
    ["route", "method", "status"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
MOVES = Counter("duckpond_moves", "Moves accepted, by who made them (seat or bot).", ["by"])
REFUSALS = Counter("duckpond_refusals", "Error answers by their reason.", ["reason"])
RATE_LIMITED = Counter("duckpond_rate_limited", "Requests refused by a rate limit.", ["limit"])
RECOVERIES = Counter("duckpond_recoveries", "Bot turns re-enqueued by the watchdog.")

MOVE_ENDPOINT = "moves.post_move"


def moved(by: str) -> None:
    MOVES.labels(by=by).inc()


def refused(reason: str) -> None:
    REFUSALS.labels(reason=reason).inc()


def rate_limited(limit: str) -> None:
    RATE_LIMITED.labels(limit=limit).inc()


def recovered() -> None:
    RECOVERIES.inc()


class RedisCollector(Collector):
    """What Redis holds, read at scrape time: queues (on the queues' Redis), due bot turns and
    the oldest one's age (every bucket of the due-turn index, on the game data's Redis)."""

    def __init__(self, queues_client: redis.Redis, store: Any, queues: Iterable[str]) -> None:
        self.redis = queues_client
        self.store = store
        self.queues = list(queues)

    def collect(self) -> Iterator[GaugeMetricFamily]:
        depth = GaugeMetricFamily(
            "duckpond_queue_depth", "Jobs waiting in an RQ queue.", labels=["queue"]
        )
        try:
            with self.redis.pipeline(transaction=False) as pipe:
                for name in self.queues:
                    pipe.llen(f"rq:queue:{name}")
                lengths = pipe.execute()
            now_ms, buckets = self.store.oldest_due()
        except FAILURES:
            return  # the store is away: these gauges are absent, the rest still scrapes
        due = sum(count for _, count, _ in buckets)
        oldest = min((first for _, _, first in buckets), default=None)
        for name, length in zip(self.queues, lengths, strict=True):
            depth.add_metric([name], float(length))
        yield depth
        yield GaugeMetricFamily(
            "duckpond_bot_turns_due", "Bot turns due and not yet played.", value=float(due)
        )
        lag = max(now_ms - oldest, 0) / 1000 if oldest is not None else 0.0
        yield GaugeMetricFamily(
            "duckpond_bot_turn_lag_seconds",
            "How long the oldest due bot turn has waited (0 when none is due).",
            value=lag,
        )


def registry() -> CollectorRegistry:
    """What `/metrics` serves: every process's counters under gunicorn (multiprocess mode),
    else this process's own."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return registry
    registry = CollectorRegistry()
    for collector in list(REGISTRY._collector_to_names):
        registry.register(collector)
    return registry


def observe(
    route: str,
    method: str,
    status: int,
    seconds: float | None,
    reason: Callable[[], str | None],
    replayed: bool,
) -> None:
    """Time one answer and count what it did: a refusal by its reason (`reason()` reads it,
    only for an error), an accepted seat's move unless it was a replayed answer.
    Framework-free: the Flask hook below and the fast lane (`service.api.fast_lane`) call it."""
    if seconds is not None:
        REQUEST_SECONDS.labels(route, method, str(status)).observe(seconds)
    if status >= 400:
        said = reason()
        refused(said if said is not None else f"http_{status}")
    elif route == MOVE_ENDPOINT and method == "POST" and not replayed:  # not an OPTIONS
        moved("seat")

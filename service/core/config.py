"""All configuration, read from the environment in one place.

The API (`service.app.create_app`) and the worker (`service.worker`) read the same settings, so
both always agree on the Redis URL and the queue name.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any


def _int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ValueError(f"environment variable {name} must be an integer, not {raw!r}") from exc


def _seconds(env: Mapping[str, str], name: str, default: float, *, zero: bool = False) -> float:
    """A duration in seconds, above 0 (or 0 too, when `zero` is allowed)."""
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError as exc:
        raise ValueError(f"environment variable {name} must be a number, not {raw!r}") from exc
    if not (value >= 0 if zero else value > 0):
        least = "0 or more" if zero else "above 0"
        raise ValueError(f"environment variable {name} must be {least}, not {raw!r}")
    return value


def from_env(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The service settings as Flask config keys, defaults overridden by the environment.

    - `REDIS_URL`: game data and the RQ queues (default redis://127.0.0.1:6379/0).
    - `REDIS_CLUSTER_NODES`: game data on this Redis Cluster instead, a few of its nodes as
      `host:port,host:port` (the rest are found from them); see `service.core.shards`.
    - `QUEUE_REDIS_URL`: RQ's queues and registries and the workers' heartbeats, on a standalone
      Redis (RQ does not run on a cluster); default `REDIS_URL`.
    - `FINISHED_GAME_TTL`: seconds a finished (or abandoned) game's keys live on (default 7
      days).
    - `GAME_IDLE_TTL`: seconds an unfinished game's keys live after its last change (default
      3 days): each change starts the clock again, so only a game nobody plays expires.
    - `MAX_MATCH_GAMES`: the most games one match may ask for (default 1000).
    - `MAX_BODY_BYTES`: the largest request body accepted; larger ones get 413 (default 16 KiB).
    - `IDEMPOTENCY_TTL`: seconds a game creation is remembered under its Idempotency-Key (1 day).
    - `BOT_QUEUE`: the RQ queue of the bot turns of live tables, games with a human seat
      (default "duckpond-bots"); served by the `live` worker pool only.
    - `BULK_QUEUE`: the RQ queue of match games and of the bot turns of bot-only games
      (default "duckpond-bulk"); served by the `bulk` pool, so none of it delays a live table.
    - `THINK_QUEUE`: the RQ queue of the turns of bots that think (the search bot's levels,
      hundreds of ms a turn) at live tables, served by the `think` pool, so a search bot's
      think never holds up another table's quick bot turn (default: `BOT_QUEUE`, one pool for
      all; `scripts/serve` and the compose file set it and run a think worker).
    - `BULK_NICE`: how much lower the bulk workers' CPU priority is (default 10; 0 for none):
      on a busy machine they yield the CPU to the live tables' bot turns.
    - `CREATE_RESERVATION_SECONDS`: how long a creation's Idempotency-Key is held before its
      game is written (default 5): a request that dies in between blocks retries that long.
    - `TURNS_OVERDUE_SECONDS`: `/healthz` fails when a bot turn has been due this long
      (default 30); `WORKER_SILENT_SECONDS`: ... or when a pool (live, bulk) or the recovery
      loop has not beaten for this long (default 15).
    - `BOT_THINK_LIMIT_MS`: CPU milliseconds a bot policy may think in a worker before it is
      stopped and the turn's seeded random move is played instead (default 1000).
    - `BOT_CHAIN_MS`: how long a worker's bot-turn job goes on playing the bot turns right
      after its own before it leaves the rest to the queue (default 20; 0: one turn a job).
      Consecutive bot turns then cost no queue hop; kept short, so that no chain keeps other
      games' turns waiting (`service.tables.tables.Tables.bot_turn`).
    - `CORS_ORIGINS`: origins whose browser pages may call the API, comma-separated (default
      `*`: any; the API's credentials are bearer tokens, never cookies); empty for none.
    - `LOG_LEVEL`: the level of the service's own loggers (default INFO).
    - `MAX_WAIT_SECONDS`: the longest a request may wait for a turn or a change (`?wait=`;
      default 30).
    - `GAME_CACHE_SIZE`: decoded games kept per process (`service.storage.cache`; default 1024, 0
    for
      none), so a move that names its expected version need not read the game.
    - `WAIT_SLOTS`: requests that may wait at once in one API process (default 4096; 0: no
      request waits). Under gevent workers (scripts/serve, compose) a waiting request costs
      a greenlet, not a thread; under a threaded server keep it below the threads per
      process. With every slot taken, a wait is refused: 503 `wait_slots_full`, Retry-After.
    - `SPECTATOR_WAITS_PER_ADDRESS`: waits without a seat (no token) one client address may
      hold at once in one API process (default 16; 0 for no limit); beyond, 429
      `too_many_waits` with Retry-After.
    - Game streams (`GET /api/v1/games/<id>/stream`, `service.streams.streams`), each bound per API
      process: `STREAM_SLOTS` open streams in all (default 8192; beyond, 503
      `stream_slots_full`), `STREAMS_PER_ADDRESS` from one client address (default 64) and
      `STREAMS_PER_APP_KEY` on the games of one app key (default 2048; 0 for no limit, either):
      beyond, 429 `too_many_streams` with Retry-After. `STREAM_KEEPALIVE_SECONDS`: an idle
      stream's keep-alive period (default 15); `STREAM_HANGUP_CHECK_SECONDS`: how often an idle
      stream looks whether its client hung up where it cannot be told at once (under gevent it
      is: a watch on the socket; elsewhere, or once the client sent bytes, it looks this often;
      default 2); `STREAM_SEND_TIMEOUT_SECONDS`: a
      client that takes no bytes for this long is dropped (default 10), and
      `STREAM_SEND_BUFFER` bytes is the most the kernel holds for it (default 65536);
      `STREAM_MAX_SECONDS`: a stream ends after this long (default 3600), and the client
      resumes with `Last-Event-ID` (so one connection does not stay on one process forever).
    - App keys' feeds (`GET /api/v1/feed`, `service.streams.feed`): `FEED_RETENTION_SECONDS`, how
    long
      a feed keeps its entries (default 3600; a resume point older than that is a 410
      `feed_expired`), `FEED_MAX_ENTRIES`, the most it keeps (default 100000), and
      `FEEDS_PER_APP_KEY`, feeds one key may hold open at once in one API process (default 8;
      0 for no limit; beyond, 429 `too_many_streams`).
    - Webhooks (`service.streams.webhooks`): `WEBHOOK_QUEUE`, the RQ queue of deliveries (default
    "":
      the bulk queue; set it, and run `python -m service.worker --pool webhooks`, to give
      them workers of their own); the pool serving it runs RQ's scheduler, which makes the
      retries. `WEBHOOK_RETRY_SECONDS`, the waits before each retry, comma-separated (default
      `5,30,120,600,1800,3600,7200,14400,28800,28800`: about a day);
      `WEBHOOK_DISABLE_AFTER_SECONDS`, an endpoint whose every attempt failed this long is
      disabled (default 86400); `WEBHOOK_TIMEOUT_SECONDS`, one attempt's limit (default 5);
      `WEBHOOKS_PER_APP_KEY` (default 10); `WEBHOOK_ALLOWED_NETWORKS`, private networks that
      endpoints may be on after all, comma-separated CIDRs (default none: only public
      addresses; `127.0.0.0/8,::1/128` for a receiver on this host).
    - `REDIS_MAX_CONNECTIONS`: Redis connections per process (default 64); a request that
      finds none free waits up to `socket_timeout` for one, then answers 503.
    - `APP_KEYS`: `required` (default) or `off`. Required: creating a game or a match needs
      `Authorization: Bearer <app key>` (`service.app_keys`; `python -m service.app_keys`).
      Off: anyone may create, for a private network or the test suite.
      `BOUND_KEY_CACHE_SECONDS` (default 1; 0 for none): how long an API process may
      remember that a bound seat's `Duckpond-App-Key` is live instead of reading it on every
      request (`AppKeys.identify`), so a key revoked elsewhere still plays its bound seats for
      at most this long in each process (a revocation made in that process counts at once).
    - `RATE_LIMITS`: `on` (default) or `off`; `RATE_LIMIT_PER_ADDRESS` (default
      `60000 per minute`: a flood guard), `RATE_LIMIT_PER_APP_KEY` (`600 per minute`) and
      `RATE_LIMIT_AUTH_FAILURES` (`1200 per minute`): limits in the `limits` library's notation
      (`100/minute;2000/hour`), see `service.http.rate_limits`. `RATE_LIMIT_HEADERS=on` puts the
      `RateLimit-*` headers on every answer, not only on 429s (one Redis command more each).
    - `TRUSTED_PROXIES`: how many proxies in front append to `X-Forwarded-For` (default 0:
      the header is ignored and the socket's peer is the client).
    - `METRICS`: `on` serves Prometheus metrics at `/metrics` (default `off`);
      `METRICS_TOKEN`: when set, `/metrics` needs `Authorization: Bearer <it>`.
    - `LOG_FORMAT`: `json` (default: one JSON object per line, a line per request) or `text`.
    """
    env = os.environ if env is None else env
    max_body = _int(env, "MAX_BODY_BYTES", 16 * 1024)
    return {
        "REDIS_URL": env.get("REDIS_URL") or "redis://127.0.0.1:6379/0",
        "REDIS_CLUSTER_NODES": env.get("REDIS_CLUSTER_NODES") or "",
        "QUEUE_REDIS_URL": env.get("QUEUE_REDIS_URL") or "",
        "FINISHED_GAME_TTL": _int(env, "FINISHED_GAME_TTL", 7 * 24 * 3600),
        "IDEMPOTENCY_TTL": _int(env, "IDEMPOTENCY_TTL", 24 * 3600),
        "GAME_IDLE_TTL": max(60, _int(env, "GAME_IDLE_TTL", 3 * 24 * 3600)),
        "MAX_MATCH_GAMES": max(1, _int(env, "MAX_MATCH_GAMES", 1000)),
        "MAX_BODY_BYTES": max_body,
        "MAX_CONTENT_LENGTH": max_body,
        "BOT_QUEUE": env.get("BOT_QUEUE") or "duckpond-bots",
        # Match games and bot-only games: their own queue and workers (`service.worker`).
        "BULK_QUEUE": env.get("BULK_QUEUE") or "duckpond-bulk",
        "THINK_QUEUE": env.get("THINK_QUEUE") or "",  # "": the same as BOT_QUEUE
        "BULK_NICE": _int(env, "BULK_NICE", 10),
        "CREATE_RESERVATION_SECONDS": max(1, _int(env, "CREATE_RESERVATION_SECONDS", 5)),
        "BOT_THINK_LIMIT_MS": _int(env, "BOT_THINK_LIMIT_MS", 1000),
        "BOT_CHAIN_MS": max(0, _int(env, "BOT_CHAIN_MS", 20)),
        "TURNS_OVERDUE_SECONDS": _int(env, "TURNS_OVERDUE_SECONDS", 30),
        "WORKER_SILENT_SECONDS": _int(env, "WORKER_SILENT_SECONDS", 15),
        "LOG_LEVEL": env.get("LOG_LEVEL") or "INFO",
        "CORS_ORIGINS": [o.strip() for o in env.get("CORS_ORIGINS", "*").split(",") if o.strip()],
        "MAX_WAIT_SECONDS": min(_int(env, "MAX_WAIT_SECONDS", 30), 30),
        "WAIT_SLOTS": _int(env, "WAIT_SLOTS", 4096),
        "SPECTATOR_WAITS_PER_ADDRESS": _int(env, "SPECTATOR_WAITS_PER_ADDRESS", 16),
        "STREAM_SLOTS": _int(env, "STREAM_SLOTS", 8192),
        "STREAMS_PER_ADDRESS": _int(env, "STREAMS_PER_ADDRESS", 64),
        "STREAMS_PER_APP_KEY": _int(env, "STREAMS_PER_APP_KEY", 2048),
        "STREAM_KEEPALIVE_SECONDS": _seconds(env, "STREAM_KEEPALIVE_SECONDS", 15.0),
        "STREAM_HANGUP_CHECK_SECONDS": _seconds(env, "STREAM_HANGUP_CHECK_SECONDS", 2.0),
        "STREAM_SEND_TIMEOUT_SECONDS": _seconds(env, "STREAM_SEND_TIMEOUT_SECONDS", 10.0),
        "STREAM_SEND_BUFFER": _int(env, "STREAM_SEND_BUFFER", 65536),
        "STREAM_MAX_SECONDS": _seconds(env, "STREAM_MAX_SECONDS", 3600.0),
        "FEED_RETENTION_SECONDS": max(1, _int(env, "FEED_RETENTION_SECONDS", 3600)),
        "FEED_MAX_ENTRIES": max(1, _int(env, "FEED_MAX_ENTRIES", 100_000)),
        "FEEDS_PER_APP_KEY": _int(env, "FEEDS_PER_APP_KEY", 8),
        "WEBHOOK_QUEUE": env.get("WEBHOOK_QUEUE") or "",  # "": the bulk queue
        "WEBHOOK_RETRY_SECONDS": env.get("WEBHOOK_RETRY_SECONDS") or "",
        "WEBHOOK_DISABLE_AFTER_SECONDS": _int(env, "WEBHOOK_DISABLE_AFTER_SECONDS", 86400),
        "WEBHOOK_TIMEOUT_SECONDS": max(1, _int(env, "WEBHOOK_TIMEOUT_SECONDS", 5)),
        "WEBHOOKS_PER_APP_KEY": _int(env, "WEBHOOKS_PER_APP_KEY", 10),
        "WEBHOOK_ALLOWED_NETWORKS": env.get("WEBHOOK_ALLOWED_NETWORKS") or "",
        "REDIS_MAX_CONNECTIONS": max(2, _int(env, "REDIS_MAX_CONNECTIONS", 64)),
        "GAME_CACHE_SIZE": _int(env, "GAME_CACHE_SIZE", 1024),
        # Off: every request goes through its schemas (`service.api.common.lean`; tests, benches).
        "LEAN_ROUTES": (env.get("LEAN_ROUTES") or "1") != "0",
        # Off: plain moves and views go through Flask too (`service.api.fast_lane`; tests, benches).
        "FAST_LANE": (env.get("FAST_LANE") or "1") != "0",
        # flask-smorest / OpenAPI
        "API_TITLE": "duckpond",
        "API_VERSION": "1.0.0",
        "OPENAPI_VERSION": "3.1.0",
        "OPENAPI_URL_PREFIX": "/",
        "OPENAPI_JSON_PATH": "openapi.json",
        "OPENAPI_SWAGGER_UI_PATH": "/docs",
        "OPENAPI_SWAGGER_UI_URL": "/docs/static/",  # served by service.http.docs, no CDN
        "JSON_SORT_KEYS": False,
        "APP_KEYS": (env.get("APP_KEYS") or "required").strip().lower(),
        "BOUND_KEY_CACHE_SECONDS": _seconds(env, "BOUND_KEY_CACHE_SECONDS", 1.0, zero=True),
        "RATE_LIMITS_ENABLED": (env.get("RATE_LIMITS") or "on").strip().lower() != "off",
        "RATE_LIMIT_PER_ADDRESS": env.get("RATE_LIMIT_PER_ADDRESS") or "60000 per minute",
        "RATE_LIMIT_PER_APP_KEY": env.get("RATE_LIMIT_PER_APP_KEY") or "600 per minute",
        "RATE_LIMIT_AUTH_FAILURES": env.get("RATE_LIMIT_AUTH_FAILURES") or "1200 per minute",
        "RATE_LIMIT_HEADERS": (env.get("RATE_LIMIT_HEADERS") or "off").strip().lower() == "on",
        "TRUSTED_PROXIES": _int(env, "TRUSTED_PROXIES", 0),
        "METRICS": (env.get("METRICS") or "off").strip().lower(),
        "METRICS_TOKEN": env.get("METRICS_TOKEN") or "",
        "LOG_FORMAT": (env.get("LOG_FORMAT") or "json").strip().lower(),
    }

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


def from_env(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The service settings as Flask config keys, defaults overridden by the environment.

    - `REDIS_URL`: game data and the RQ queues (default redis://127.0.0.1:6379/0).
    - `REDIS_CLUSTER_NODES`: game data on this Redis Cluster instead, a few of its nodes as
      `host:port,host:port` (the rest are found from them); see `service.shards`.
    - `QUEUE_REDIS_URL`: RQ's queues and registries and the workers' heartbeats, on a standalone
      Redis (RQ does not run on a cluster); default `REDIS_URL`.
    - `FINISHED_GAME_TTL`: seconds a finished game's keys live on (default 7 days).
    - `MAX_BODY_BYTES`: the largest request body accepted; larger ones get 413 (default 16 KiB).
    - `IDEMPOTENCY_TTL`: seconds a game creation is remembered under its Idempotency-Key (1 day).
    - `BOT_QUEUE`: the RQ queue of the bot turns of live tables, games with a human seat
      (default "duckpond-bots"); served by the `live` worker pool only.
    - `BULK_QUEUE`: the RQ queue of match games and of the bot turns of bot-only games
      (default "duckpond-bulk"); served by the `bulk` pool, so none of it delays a live table.
    - `BULK_NICE`: how much lower the bulk workers' CPU priority is (default 10; 0 for none):
      on a busy machine they yield the CPU to the live tables' bot turns.
    - `CREATE_RESERVATION_SECONDS`: how long a creation's Idempotency-Key is held before its
      game is written (default 5): a request that dies in between blocks retries that long.
    - `TURNS_OVERDUE_SECONDS`: `/healthz` fails when a bot turn has been due this long
      (default 30); `WORKER_SILENT_SECONDS`: ... or when a pool (live, bulk) or the recovery
      loop has not beaten for this long (default 15).
    - `BOT_THINK_LIMIT_MS`: CPU milliseconds a bot policy may think in a worker before it is
      stopped and the turn's seeded random move is played instead (default 1000).
    - `CORS_ORIGINS`: origins whose browser pages may call the API, comma-separated (default
      `*`: any; the API's credentials are bearer tokens, never cookies); empty for none.
    - `LOG_LEVEL`: the level of the service's own loggers (default INFO).
    - `MAX_WAIT_SECONDS`: the longest a request may wait for a turn or a change (`?wait=`;
      default 30).
    - `GAME_CACHE_SIZE`: decoded games kept per process (`service.cache`; default 1024, 0 for
      none), so a move that names its expected version need not read the game.
    - `WAIT_SLOTS`: requests that may wait at once in one API process (default 48). Each holds
      a server thread: keep it below the threads per process (scripts/serve runs 64), so
      moves always find a thread; with every slot taken, a request answers at once.
    """
    env = os.environ if env is None else env
    max_body = _int(env, "MAX_BODY_BYTES", 16 * 1024)
    return {
        "REDIS_URL": env.get("REDIS_URL") or "redis://127.0.0.1:6379/0",
        "REDIS_CLUSTER_NODES": env.get("REDIS_CLUSTER_NODES") or "",
        "QUEUE_REDIS_URL": env.get("QUEUE_REDIS_URL") or "",
        "FINISHED_GAME_TTL": _int(env, "FINISHED_GAME_TTL", 7 * 24 * 3600),
        "IDEMPOTENCY_TTL": _int(env, "IDEMPOTENCY_TTL", 24 * 3600),
        "MAX_BODY_BYTES": max_body,
        "MAX_CONTENT_LENGTH": max_body,
        "BOT_QUEUE": env.get("BOT_QUEUE") or "duckpond-bots",
        # Match games and bot-only games: their own queue and workers (`service.worker`).
        "BULK_QUEUE": env.get("BULK_QUEUE") or "duckpond-bulk",
        "BULK_NICE": _int(env, "BULK_NICE", 10),
        "CREATE_RESERVATION_SECONDS": max(1, _int(env, "CREATE_RESERVATION_SECONDS", 5)),
        "BOT_THINK_LIMIT_MS": _int(env, "BOT_THINK_LIMIT_MS", 1000),
        "TURNS_OVERDUE_SECONDS": _int(env, "TURNS_OVERDUE_SECONDS", 30),
        "WORKER_SILENT_SECONDS": _int(env, "WORKER_SILENT_SECONDS", 15),
        "LOG_LEVEL": env.get("LOG_LEVEL") or "INFO",
        "CORS_ORIGINS": [o.strip() for o in env.get("CORS_ORIGINS", "*").split(",") if o.strip()],
        "MAX_WAIT_SECONDS": min(_int(env, "MAX_WAIT_SECONDS", 30), 30),
        "WAIT_SLOTS": _int(env, "WAIT_SLOTS", 48),
        "GAME_CACHE_SIZE": _int(env, "GAME_CACHE_SIZE", 1024),
        # Off: every request goes through its schemas (`service.api.common.lean`; tests, benches).
        "LEAN_ROUTES": (env.get("LEAN_ROUTES") or "1") != "0",
        # flask-smorest / OpenAPI
        "API_TITLE": "duckpond",
        "API_VERSION": "1.0.0",
        "OPENAPI_VERSION": "3.1.0",
        "OPENAPI_URL_PREFIX": "/",
        "OPENAPI_JSON_PATH": "openapi.json",
        "OPENAPI_SWAGGER_UI_PATH": "/docs",
        "OPENAPI_SWAGGER_UI_URL": "/docs/static/",  # served by service.docs, no CDN
        "JSON_SORT_KEYS": False,
    }

"""All configuration, read from the environment in one place: `Settings`, one typed field a setting.

The API (`service.app.create_app`) and the worker (`service.worker`) read the same settings, so
both always agree on the Redis URL and the queue name. Each field is named for its environment
variable, which is also its Flask config key (`RATE_LIMITS` is the one exception: its key is
`RATE_LIMITS_ENABLED`). What a bad value does stays as it always was: an empty variable is its
default; a number that is no number, or a duration out of its range, stops the process with a
`ValueError` naming the variable; a count out of its bounds is brought back within them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, ValidationError, ValidationInfo
from pydantic_settings import BaseSettings, NoDecode, PydanticBaseSettingsSource, SettingsConfigDict


def _default(info: ValidationInfo) -> Any:
    """The default of the field being read: what an unset or empty variable means."""
    assert info.field_name is not None
    return Settings.model_fields[info.field_name].get_default(call_default_factory=True)


def _integer(value: object, info: ValidationInfo) -> object:
    if not isinstance(value, str):
        return value  # a default
    if value.strip() == "":
        return _default(info)
    try:
        return int(value)
    except ValueError:
        raise ValueError(
            f"environment variable {info.field_name} must be an integer, not {value!r}"
        ) from None


def _duration(zero: bool) -> BeforeValidator:
    """A duration in seconds, above 0 (or 0 too, when `zero` is allowed)."""

    def parse(value: object, info: ValidationInfo) -> object:
        if not isinstance(value, str):
            return value
        if value.strip() == "":
            return _default(info)
        try:
            seconds = float(value)
        except ValueError:
            raise ValueError(
                f"environment variable {info.field_name} must be a number, not {value!r}"
            ) from None
        if not (seconds >= 0 if zero else seconds > 0):
            least = "0 or more" if zero else "above 0"
            raise ValueError(
                f"environment variable {info.field_name} must be {least}, not {value!r}"
            )
        return seconds

    return BeforeValidator(parse)


def _text(value: object, info: ValidationInfo) -> object:
    """Unset or empty: the default."""
    if value == "":
        return _default(info)
    return value


def _word(value: object, info: ValidationInfo) -> object:
    """Unset or empty: the default; else trimmed and in lower case."""
    if value == "":
        return _default(info)
    return value.strip().lower() if isinstance(value, str) else value


def _flag(test: Callable[[str], bool]) -> BeforeValidator:
    """Unset or empty: the default; else whether `test` holds for the value."""

    def parse(value: object, info: ValidationInfo) -> object:
        if value == "":
            return _default(info)
        return test(value) if isinstance(value, str) else value

    return BeforeValidator(parse)


def _comma_list(value: object) -> object:
    return [o.strip() for o in value.split(",") if o.strip()] if isinstance(value, str) else value


def _at_least(low: int) -> AfterValidator:
    return AfterValidator(lambda value: max(low, value))


Int = Annotated[int, BeforeValidator(_integer)]
Seconds = Annotated[float, _duration(zero=False)]
Text = Annotated[str, BeforeValidator(_text)]
Word = Annotated[str, BeforeValidator(_word)]
Unless0 = Annotated[bool, _flag(lambda v: v != "0")]


class Settings(BaseSettings):
    """The service's settings, each from the environment variable of its name (or default).

    Notes the one-line descriptions leave out: `WAIT_SLOTS` under gevent workers costs a
    greenlet a wait, under a threaded server keep it below the threads per process (a full
    house answers 503 `wait_slots_full`); the stream, feed and wait bounds answer 429 with
    Retry-After beyond them; `WEBHOOK_RETRY_SECONDS` empty is 5,30,120,600,1800,3600,7200,
    14400,28800,28800 (`service.streams.webhooks`); the webhooks pool is
    `python -m service.worker --pool webhooks`, one process per delivery in flight (run more
    than `WEBHOOK_KEY_CONCURRENCY`: the rest serve the other keys while one key's are slow);
    rate limits are in the `limits` library's notation (`100/minute;2000/hour`,
    `service.http.rate_limits`).
    """

    model_config = SettingsConfigDict(case_sensitive=True, extra="ignore")

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings)  # no .env file, no secrets directory

    # Redis
    REDIS_URL: Text = Field(
        default="redis://127.0.0.1:6379/0", description="game data and the RQ queues"
    )
    REDIS_CLUSTER_NODES: Text = Field(
        default="",
        description="game data on this Redis Cluster, a few nodes as host:port,host:port",
    )
    QUEUE_REDIS_URL: Text = Field(
        default="",
        description="RQ's queues, registries, heartbeats on a standalone Redis ('': REDIS_URL)",
    )
    MAX_BODY_BYTES: Int = Field(
        default=16 * 1024, description="the largest request body accepted; larger ones get 413"
    )
    # Games and matches
    FINISHED_GAME_TTL: Int = Field(
        default=7 * 24 * 3600, description="seconds a finished (or abandoned) game's keys live on"
    )
    IDEMPOTENCY_TTL: Int = Field(
        default=24 * 3600, description="seconds a creation is remembered under its Idempotency-Key"
    )
    GAME_IDLE_TTL: Annotated[Int, _at_least(60)] = Field(
        default=3 * 24 * 3600,
        description="seconds an unfinished game's keys live after its last change (less at"
        " most a tenth, at most an hour: a change renews them once run down that far)",
    )
    MAX_MATCH_GAMES: Annotated[Int, _at_least(1)] = Field(
        default=1000, description="the most games one match may ask for"
    )
    # The arena (`service.matches.arena`): opted-in outside bots paired by the workers
    ARENA_INTERVAL_SECONDS: Seconds = Field(
        default=5.0, description="seconds between two rounds of the arena's pairer"
    )
    ARENA_LEASE_SECONDS: Seconds = Field(
        default=15.0, description="how long the pairer's lease outlives a pairer that stops"
    )
    ARENA_MATCH_GAMES: Annotated[Int, _at_least(1)] = Field(
        default=2, description="match games of one arena pairing (each in both rotations)"
    )
    ARENA_MOVE_SECONDS: Annotated[Int, _at_least(1)] = Field(
        default=10, description="an outside bot's time for a move in an arena game (1 to 600)"
    )
    ARENA_ANCHORS: Annotated[list[str], NoDecode, BeforeValidator(_comma_list)] = Field(
        default_factory=lambda: ["random", "heuristic", "search:fast", "search:strong"],
        description="the built-in bots the arena pairs opted-in bots with",
    )
    # The anchor keeper (`service.matches.keeper`), in the bulk pool's processes
    ANCHOR_KEEPER: Annotated[bool, _flag(lambda v: v.strip().lower() != "off")] = Field(
        default=True,
        description="`off`: the built-in anchors are not played onto the ladders by themselves",
    )
    ANCHOR_KEEPER_BOTS: Text = Field(
        default="",
        description="the built-in bots it keeps on every ladder, weakest first"
        " ('': random,heuristic,search:fast,search:strong)",
    )
    ANCHOR_KEEPER_ROUNDS: Annotated[Int, _at_least(0)] = Field(
        default=0,
        description="match games a line-up it plays at most per game (0: the anchor sizes)",
    )
    ANCHOR_KEEPER_IN_FLIGHT: Annotated[Int, _at_least(1)] = Field(
        default=1, description="its match games queued or playing at once, all games together"
    )
    ANCHOR_KEEPER_INTERVAL: Seconds = Field(
        default=2.0, description="seconds between two looks at the ladders and its games"
    )
    # Queues and workers (`service.worker`)
    BOT_QUEUE: Text = Field(
        default="duckpond-bots", description="RQ queue of live tables' bot turns (the `live` pool)"
    )
    BULK_QUEUE: Text = Field(
        default="duckpond-bulk",
        description="RQ queue of match games and bot-only games' turns (`bulk`)",
    )
    THINK_QUEUE: Text = Field(
        default="", description="RQ queue of thinking bots' turns at live tables ('': BOT_QUEUE)"
    )
    BULK_NICE: Int = Field(
        default=10, description="how much lower the bulk workers' CPU priority is"
    )
    CREATE_RESERVATION_SECONDS: Annotated[Int, _at_least(1)] = Field(
        default=5,
        description="how long a creation's Idempotency-Key is held before its game is written",
    )
    BOT_THINK_LIMIT_MS: Int = Field(
        default=1000,
        description="CPU ms a bot policy may think before its seeded random move is played",
    )
    BOT_CHAIN_MS: Annotated[Int, _at_least(0)] = Field(
        default=20,
        description="how long a bot-turn job plays the next bot turns itself (0: one a job)",
    )
    TURNS_OVERDUE_SECONDS: Int = Field(
        default=30, description="/healthz fails when a bot turn has been due this long"
    )
    WORKER_SILENT_SECONDS: Int = Field(
        default=15,
        description="/healthz fails when a pool or the recovery loop is silent this long",
    )
    # The API
    LOG_LEVEL: Text = Field(default="INFO", description="the level of the service's own loggers")
    CORS_ORIGINS: Annotated[list[str], NoDecode, BeforeValidator(_comma_list)] = Field(
        default_factory=lambda: ["*"], description="origins whose pages may call the API ('': none)"
    )
    MAX_WAIT_SECONDS: Annotated[Int, AfterValidator(lambda v: min(v, 30))] = Field(
        default=30, description="the longest a request may wait for a turn or a change (at most 30)"
    )
    WAIT_SLOTS: Int = Field(
        default=4096, description="requests that may wait at once in one API process"
    )
    SPECTATOR_WAITS_PER_ADDRESS: Int = Field(
        default=16,
        description="seatless waits one client address may hold in one process (0: no limit)",
    )
    # Game streams (`service.streams.streams`), per API process
    STREAM_SLOTS: Int = Field(default=8192, description="open streams in all; beyond, 503")
    STREAMS_PER_ADDRESS: Int = Field(default=64, description="open streams from one client address")
    STREAMS_PER_APP_KEY: Int = Field(
        default=2048, description="open streams on one app key's games (0: no limit)"
    )
    STREAM_KEEPALIVE_SECONDS: Seconds = Field(
        default=15.0, description="an idle stream's keep-alive period"
    )
    STREAM_HANGUP_CHECK_SECONDS: Seconds = Field(
        default=2.0, description="how often an idle stream looks whether its client hung up"
    )
    STREAM_SEND_TIMEOUT_SECONDS: Seconds = Field(
        default=10.0, description="a client that takes no bytes for this long is dropped"
    )
    STREAM_SEND_BUFFER: Int = Field(
        default=65536, description="bytes the kernel holds for one client"
    )
    STREAM_MAX_SECONDS: Seconds = Field(
        default=3600.0,
        description="a stream ends after this long; the client resumes (Last-Event-ID)",
    )
    # App keys' feeds (`service.streams.feed`)
    FEED_RETENTION_SECONDS: Annotated[Int, _at_least(1)] = Field(
        default=3600, description="how long a feed keeps its entries (an older resume point: 410)"
    )
    FEED_MAX_ENTRIES: Annotated[Int, _at_least(1)] = Field(
        default=100_000, description="the most entries a feed keeps"
    )
    FEEDS_PER_APP_KEY: Int = Field(
        default=8, description="feeds one key may hold open in one process (0: no limit)"
    )
    # Webhooks (`service.streams.webhooks`)
    WEBHOOK_QUEUE: Text = Field(
        default="duckpond-webhooks",
        description="RQ queue of webhook deliveries, the `webhooks` pool's ('': BULK_QUEUE)",
    )
    WEBHOOK_KEY_CONCURRENCY: Annotated[Int, _at_least(1)] = Field(
        default=1, description="deliveries one app key may have in flight at once, all endpoints"
    )
    WEBHOOK_ENDPOINT_CONCURRENCY: Annotated[Int, _at_least(1)] = Field(
        default=1, description="deliveries one endpoint may have in flight at once"
    )
    WEBHOOK_RETRY_SECONDS: Text = Field(
        default="", description="waits before each retry, comma-separated ('': about a day's worth)"
    )
    WEBHOOK_DISABLE_AFTER_SECONDS: Int = Field(
        default=86400, description="an endpoint failing every attempt this long is disabled"
    )
    WEBHOOK_TIMEOUT_SECONDS: Annotated[Int, _at_least(1)] = Field(
        default=5, description="one delivery attempt's time limit"
    )
    WEBHOOKS_PER_APP_KEY: Int = Field(
        default=10, description="webhook endpoints one app key may have"
    )
    WEBHOOK_ALLOWED_NETWORKS: Text = Field(
        default="",
        description="private networks (CIDRs, comma-separated) endpoints may be on after all",
    )
    # Processes
    REDIS_MAX_CONNECTIONS: Annotated[Int, _at_least(2)] = Field(
        default=64,
        description="Redis connections per process; with none free a request waits, then 503",
    )
    GAME_CACHE_SIZE: Int = Field(
        default=1024,
        description="decoded games kept per process (`service.storage.cache`; 0: none)",
    )
    LEAN_ROUTES: Unless0 = Field(
        default=True,
        description="0: every request goes through its schemas (`service.api.common.lean`)",
    )
    FAST_LANE: Unless0 = Field(
        default=True,
        description="0: plain moves and views go through Flask too (`service.api.fast_lane`)",
    )
    # Who may call, how often, and what operators see
    APP_KEYS: Word = Field(
        default="required",
        description="`required`: creating needs an app key; `off`: anyone may create",
    )
    BOUND_KEY_CACHE_SECONDS: Annotated[float, _duration(zero=True)] = Field(
        default=1.0, description="how long a process may trust that a bound seat's app key is live"
    )
    RATE_LIMITS_ENABLED: Annotated[bool, _flag(lambda v: v.strip().lower() != "off")] = Field(
        default=True, validation_alias="RATE_LIMITS", description="`off`: no rate limits"
    )
    RATE_LIMIT_PER_ADDRESS: Text = Field(
        default="60000 per minute", description="requests from one address (`limits` notation)"
    )
    RATE_LIMIT_PER_APP_KEY: Text = Field(
        default="600 per minute", description="requests on one app key (`limits` notation)"
    )
    RATE_LIMIT_AUTH_FAILURES: Text = Field(
        default="1200 per minute", description="failed authentications from one address"
    )
    RATE_LIMIT_CLAIMS: Text = Field(
        default="60 per minute", description="seat claims (invite codes tried) from one address"
    )
    RATE_LIMIT_HEADERS: Annotated[bool, _flag(lambda v: v.strip().lower() == "on")] = Field(
        default=False, description="`on`: RateLimit-* headers on every answer, not only on 429s"
    )
    TRUSTED_PROXIES: Int = Field(
        default=0, description="proxies in front appending to X-Forwarded-For (0: header ignored)"
    )
    METRICS: Word = Field(default="off", description="`on`: Prometheus metrics at /metrics")
    METRICS_TOKEN: Text = Field(
        default="", description="when set, /metrics needs it as a bearer token"
    )
    LOG_FORMAT: Word = Field(default="json", description="`json` (a line per request) or `text`")

    @classmethod
    def of(cls, env: Mapping[str, str]) -> Settings:
        """From `env` alone, never the process's environment (tests, benches): every field is
        passed, the variables `env` sets and the defaults of the rest."""
        values: dict[str, Any] = {}
        for name, field in cls.model_fields.items():
            variable = str(field.validation_alias or name)
            values[variable] = (
                env[variable] if variable in env else field.get_default(call_default_factory=True)
            )
        return cls(**values)


# Not settings: the same in every process (flask-smorest / OpenAPI, Flask).
FIXED: dict[str, Any] = {
    "API_TITLE": "duckpond",
    "API_VERSION": "5.6.0",
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "/docs",
    "OPENAPI_SWAGGER_UI_URL": "/docs/static/",  # served by service.http.docs, no CDN
    "JSON_SORT_KEYS": False,
}


def from_env(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The service settings as Flask config keys, defaults overridden by the environment (`env`,
    else the process's). A bad value raises `ValueError` naming its variable."""
    try:
        settings = Settings() if env is None else Settings.of(env)
    except ValidationError as exc:
        error = exc.errors()[0].get("ctx", {}).get("error")
        raise ValueError(str(error) if error else str(exc)) from exc
    config = settings.model_dump()
    config["MAX_CONTENT_LENGTH"] = settings.MAX_BODY_BYTES
    return {**config, **FIXED}

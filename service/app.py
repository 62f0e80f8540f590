"""`create_app(config=None)`: the only way to build the API (gunicorn, tests, the spec script)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask
from flask_smorest import Api

from service.api import fast_lane, register
from service.api.common_schemas import ErrorOut, documented
from service.core.config import from_env
from service.games.contract import components
from service.http import (
    app_keys,
    deprecation,
    docs,
    edges,
    errors,
    metrics,
    rate_limits,
    request_log,
    security_headers,
    web,
)
from service.wiring import build


class DuckpondFlask(Flask):
    """Flask, with `ensure_sync` answered once per function: Flask asks it of every hook on
    every request (a dozen `inspect` calls a request, about 5% of a move's CPU), and the
    answer for one function never changes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        sync = self._sync.get(func)
        if sync is None:
            sync = self._sync[func] = super().ensure_sync(func)
        return sync


class DuckpondApi(Api):  # type: ignore[misc]
    """flask-smorest's Api, documenting our error payload (with `errors.reason`)."""

    ERROR_SCHEMA = ErrorOut

    def _register_pagination_header(self) -> None:
        """No route paginates flask-smorest's way: its header's `PaginationMetadata` schema
        would be an unused component of the spec (Redocly's `no-unused-components`)."""


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Settings from the environment (`service.core.config`), then `config` on top (tests)."""
    app = DuckpondFlask("service")
    app.config.from_mapping(from_env())
    if config:
        app.config.from_mapping(config)
        if "MAX_BODY_BYTES" in config:
            app.config["MAX_CONTENT_LENGTH"] = config["MAX_BODY_BYTES"]
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.config["API_SPEC_OPTIONS"] = {
        "info": {"description": docs.DESCRIPTION, "license": docs.LICENSE},
        "servers": docs.SERVERS,
    }
    _configure_logging(app.config["LOG_LEVEL"], app.config.get("LOG_FORMAT", "json"))
    api = DuckpondApi(app)
    api.ma_plugin.converter.add_attribute_function(documented)
    for name, schema in components().items():
        api.spec.components.schema(name, component=schema)
    register(api)
    docs.refine(api.spec, app.config["MAX_MATCH_GAMES"])  # per-game bodies, links
    errors.init_app(app)  # after Api: replaces its HTTPException handler
    docs.init_app(app)
    deprecation.init_app(app)
    fast_lane.install(app)  # before edges and rate_limits wrap the WSGI app around it
    edges.init_app(app)
    web.init_app(app)
    app.extensions["duckpond"] = build(app.config)
    # Issue 17: who may create (app keys), how often (rate limits), and what operators see.
    request_log.init_app(app)
    metrics.init_app(app)
    security_headers.init_app(app)
    rate_limits.init_app(app)
    app_keys.init_app(app)
    return app


def _configure_logging(level: str, style: str = "json") -> None:
    """Our loggers print somewhere under gunicorn too, unless the host already set logging up.
    They never log a hand, the stock, a seed or a token: only ids, versions and public moves."""
    logger = logging.getLogger("duckpond")
    logger.setLevel(level)
    if not logger.handlers and not logging.getLogger().handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(
            request_log.JsonFormatter()
            if style == "json"
            else logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s")
        )
        logger.addHandler(handler)

"""The app key of a request: verified before a route's body, read by its view.

The keys themselves (issuing, quotas, revoking) are `service.access.app_keys`.
"""

from __future__ import annotations

from typing import cast

from flask import Flask, current_app, g, request
from flask_smorest import Blueprint

from service.access.app_keys import AppKey, AppKeys


def init_app(app: Flask) -> None:
    """The app's `AppKeys`: the layers' (`service.wiring`, on the queues' standalone Redis
    pool). Call after the layers are built."""
    app.extensions["duckpond_app_keys"] = app.extensions["duckpond"].app_keys


def app_keys() -> AppKeys:
    return cast(AppKeys, current_app.extensions["duckpond_app_keys"])


def required_on(blp: Blueprint, *endpoints: str, always: bool = False) -> None:
    """Make `endpoints` of `blp` (every one, when none are named) verify the app key before
    anything else (a 401 or 403 comes before the body's 422); the view reads the key with
    `presented()`. `always`: even with app keys off (`AppKeys.verify`)."""

    def check() -> None:
        if not endpoints or request.endpoint in endpoints:
            g.app_key = app_keys().verify(request.headers.get("Authorization"), always=always)

    blp.before_request(check)


def presented() -> AppKey | None:
    """The key this request presented and `required_on` verified (None with keys off)."""
    return cast(AppKey | None, g.get("app_key"))


def scope() -> str:
    """Whose Idempotency-Keys a creation's belongs to: its app key, else its client address
    (`request.remote_addr`, which the trusted proxies setting makes the client's own)."""
    key = presented()
    return f"key:{key.id}" if key is not None else f"addr:{request.remote_addr}"

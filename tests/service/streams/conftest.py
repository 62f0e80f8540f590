"""The feed tests' app and server: app keys required, as a deployment runs them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask


@pytest.fixture()
def keyed(make_app: Callable[..., Flask]) -> Flask:
    """An app of this test's Redis that needs an app key on every request."""
    return make_app(APP_KEYS="required")


@pytest.fixture()
def served_feed(serve_api: Callable[..., Any]) -> Iterator[int]:
    """A real gunicorn (gevent, as deployed), app keys required, keep-alives every second."""
    with serve_api(APP_KEYS="required", STREAM_KEEPALIVE_SECONDS="1") as (port, _):
        yield port

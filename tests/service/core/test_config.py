"""Settings come from the environment in one place; create_app(config) overrides them."""

from __future__ import annotations

import pytest

from service.app import create_app
from service.core.config import from_env


def test_defaults_and_environment() -> None:
    defaults = from_env({})
    assert defaults["REDIS_URL"] == "redis://127.0.0.1:6379/0"
    assert defaults["MAX_CONTENT_LENGTH"] == defaults["MAX_BODY_BYTES"] == 16 * 1024
    assert defaults["OPENAPI_VERSION"] == "3.1.0" and defaults["OPENAPI_SWAGGER_UI_PATH"] == "/docs"
    env = from_env({"REDIS_URL": "redis://r:1/2", "MAX_BODY_BYTES": "100", "BOT_QUEUE": "q"})
    assert (env["REDIS_URL"], env["MAX_CONTENT_LENGTH"], env["BOT_QUEUE"]) == (
        "redis://r:1/2",
        100,
        "q",
    )
    with pytest.raises(ValueError, match="FINISHED_GAME_TTL"):
        from_env({"FINISHED_GAME_TTL": "soon"})


def test_create_app_overrides() -> None:
    app = create_app({"MAX_BODY_BYTES": 10, "REDIS_URL": "redis://127.0.0.1:1/0"})
    assert app.config["MAX_CONTENT_LENGTH"] == 10
    r = app.test_client().post("/api/v1/games", json={"game": "doubleduck", "seats": [{}] * 4})
    assert r.status_code == 413 and r.json["errors"]["reason"] == "body_too_large"


def test_the_bound_key_cache_may_be_off_but_not_negative() -> None:
    assert from_env({})["BOUND_KEY_CACHE_SECONDS"] == 1.0
    assert from_env({"BOUND_KEY_CACHE_SECONDS": "0"})["BOUND_KEY_CACHE_SECONDS"] == 0.0
    with pytest.raises(ValueError, match="0 or more"):
        from_env({"BOUND_KEY_CACHE_SECONDS": "-1"})
    with pytest.raises(ValueError, match="above 0"):  # the other durations keep their rule
        from_env({"STREAM_MAX_SECONDS": "0"})

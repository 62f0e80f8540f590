"""The refusals routes document, as named groups from one table (`service.core.errors.REASONS`).

A route lists the groups it can meet and its own reasons beside them (`common.errors`); a
status number stands for every reason of that status. Order matters only within a status
(the spec lists a status's reasons in the order given).
"""

from __future__ import annotations

APP_KEY_REFUSED = ("missing_app_key", "bad_app_key", "app_key_revoked")
"""A route's app key (`service.http.app_keys.required_on`) missing, unknown or revoked."""

SEAT_REFUSED = (401, "token_of_another_game", "seat_of_another_key", "app_key_revoked")
"""A seat's token: missing or wrong (401), another game's, or a bound seat's beside another
(or a revoked) app key (`service.games.callers.authenticate`)."""

BODY_REFUSED = (400, 413, "validation_error")
"""A body that is not JSON, too large, or not what the schema takes."""

JSON_ONLY = (415,)
"""A body sent as anything but JSON."""

GAME_ENDED = ("game_over", "game_abandoned")
"""A change of a game that takes no more changes."""

VERSION_RACED = ("stale_version", "future_version")
"""A change that names a version the game is not at."""

THROTTLED = ("rate_limited", 503)
"""A rate limit met, or the store away (every 503 reason)."""

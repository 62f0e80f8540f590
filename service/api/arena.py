"""The arena: an app key opts one of its outside bots in to rated play that the service pairs
(`service.matches.arena`)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any, cast

from flask_smorest import Blueprint

from service.access.app_keys import AppKey
from service.api.arena_schemas import ArenaIn, ArenaOut
from service.api.common import KEY_ONLY, errors, layers
from service.api.refusals import APP_KEY_REFUSED, THROTTLED
from service.http import app_keys
from service.matches.arena import Arena

blp = Blueprint(
    "arena", __name__, url_prefix="/api/v1", description="Rated play the service pairs."
)
app_keys.required_on(blp, always=True)

ACTIVE_EXAMPLE = {
    "bot": "my-bot",
    "status": "active",
    "games": ["ducksoup"],
    "games_per_hour": 60,
    "concurrency": 2,
    "since": 1767225600000,
    "hour_games": 4,
    "open_matches": ["Kq7Zk3xP2aB9"],
}
PAUSED_EXAMPLE = {
    **ACTIVE_EXAMPLE,
    "status": "paused",
    "open_matches": [],
    "reason": "the service played 9 timed-out moves for it in 4 games of arena match "
    "Kq7Zk3xP2aB9 (the limit: 1 a game); opt it in again to resume",
    "paused": 1767225900000,
}
OWNER_REFUSED = ("not_your_bot", "no_such_bot")


def _arena() -> Arena:
    found = layers().arena
    assert found is not None, "built by `service.wiring.build`"
    return found


def _key() -> AppKey:
    return cast(AppKey, app_keys.presented())  # verified first (`required_on`)


@blp.route("/bots/<string:name>/arena", methods=["PUT"])
@blp.doc(operationId="join_arena", security=KEY_ONLY)
@blp.arguments(ArenaIn(), example={"games": ["ducksoup"], "games_per_hour": 60, "concurrency": 2})
@blp.response(200, ArenaOut, example=ACTIVE_EXAMPLE)
@errors(
    blp,
    400,
    *APP_KEY_REFUSED,
    *OWNER_REFUSED,
    413,
    415,
    "validation_error",
    "retired_bot",
    "unknown_bot",
    "unknown_game",
    *THROTTLED,
)
def join_arena(body: dict[str, Any], name: str) -> dict[str, Any]:
    """Opt a live bot of the app key in to the arena: the service pairs it, continuously, in
    rated duplicate matches against other opted-in bots and the built-in anchors, within its
    budget (`games_per_hour` 2 to 1200, `concurrency` 1 to 16). Its seats come on the key's
    feed (`match_seat`) as in any outside match; this is the standing consent a challenge
    would ask for. Again replaces the budget, and resumes a paused bot.

    A bot whose moves the service had to play (timed out) once a game or more, over one arena
    match, is paused: `arena_paused` on the key's feed says why."""
    return _arena().opt_in(_key(), name, body["games"], body["games_per_hour"], body["concurrency"])


@blp.route("/bots/<string:name>/arena", methods=["GET"])
@blp.doc(operationId="get_arena", security=KEY_ONLY)
@blp.response(200, ArenaOut, example=PAUSED_EXAMPLE)
@errors(blp, *APP_KEY_REFUSED, *OWNER_REFUSED, *THROTTLED)
def get_arena(name: str) -> dict[str, Any]:
    """The bot's standing in the arena (its owner's key only): `out`, `active` with its
    budget's use, `paused` with the reason, or `retired`."""
    return _arena().entry(_key(), name)


@blp.route("/bots/<string:name>/arena", methods=["DELETE"])
@blp.doc(operationId="leave_arena", security=KEY_ONLY)
@blp.response(200, ArenaOut, example={"bot": "my-bot", "status": "out"})
@errors(blp, *APP_KEY_REFUSED, *OWNER_REFUSED, *THROTTLED)
def leave_arena(name: str) -> dict[str, Any]:
    """Take the bot out of the arena: no new pairing from now on (matches under way finish).
    Again answers the same."""
    return _arena().opt_out(_key(), name)

"""The bots: the service's own (`{"bot": name}` at creation) and outside bots, which an app key
registers and its owner's program plays (`service.access.bot_registry`)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any, cast

from flask_smorest import Blueprint

from bots import BOTS
from service.access.app_keys import AppKey
from service.api.bots_schemas import BotIn, BotOut, BotsOut
from service.api.common import KEY_ONLY, PUBLIC, errors, registry, tables
from service.api.refusals import APP_KEY_REFUSED, THROTTLED
from service.core.errors import ServiceError
from service.http import app_keys

blp = Blueprint("bots", __name__, url_prefix="/api/v1", description="Computer players.")
app_keys.required_on(blp, "bots.register_bot", "bots.retire_bot", always=True)

BUILTIN_EXAMPLE = {
    "name": "random",
    "kind": "builtin",
    "games": ["doppelkopf", "doubleduck", "duck", "ducksoup"],
    "description": "Picks uniformly among the legal moves.",
    "strength": "The baseline: every other bot is measured against it.",
}
OUTSIDE_EXAMPLE = {
    "name": "my-bot",
    "kind": "outside",
    "owner": "acme",
    "games": ["doubleduck"],
    "description": "Counts the trumps still out.",
    "strength": "An outside bot: its owner's program plays it; the service does not measure "
    "it (its rating is on the game's ladder).",
    "retired": False,
    "created": 1764774000000,
}


def builtin(bot: dict[str, Any]) -> dict[str, Any]:
    """A built-in bot's entry (`bots.Bot.to_json`) as listed next to outside bots."""
    return {**bot, "kind": "builtin"}


@blp.route("/bots", methods=["GET"])
@blp.doc(operationId="list_bots", security=PUBLIC)
@blp.response(200, BotsOut, example={"bots": [BUILTIN_EXAMPLE, OUTSIDE_EXAMPLE]})
@errors(blp, *THROTTLED)
def list_bots() -> dict[str, Any]:
    """List the bots by name: the built-in ones (`kind` `builtin`), with the games each plays
    and notes on its strength, then the live outside bots (`kind` `outside`) with their owner.

    A bot sees only its seat's view and legal moves, as a human player would. Outside bots
    are seated by matches only; a plain game's seats take built-in bots (the catalog lists
    those per game).
    """
    return {"bots": [builtin(b) for b in tables().bots()] + registry().live()}


@blp.route("/bots", methods=["POST"])
@blp.doc(operationId="register_bot", security=KEY_ONLY)
@blp.arguments(
    BotIn(),
    example={
        "name": "my-bot",
        "description": "Counts the trumps still out.",
        "games": ["doubleduck"],
    },
)
@blp.response(201, BotOut, example=OUTSIDE_EXAMPLE)
@errors(
    blp,
    400,
    *APP_KEY_REFUSED,
    413,
    415,
    "validation_error",
    "bot_name_taken",
    "too_many_bots",
    *THROTTLED,
)
def register_bot(body: dict[str, Any]) -> dict[str, Any]:
    """Register an outside bot of the app key: a public name (never a built-in bot's, never
    one used before, even by a retired bot), a description and the games it plays. A match
    may then seat it by name; the key's program plays its seats. At most 20 live bots a key.
    """
    return registry().register(_key(), body["name"], body["description"], body["games"])


@blp.route("/bots/<string:name>", methods=["GET"])
@blp.doc(operationId="get_bot", security=PUBLIC)
@blp.response(200, BotOut, example=OUTSIDE_EXAMPLE)
@errors(blp, "no_such_bot", *THROTTLED)
def get_bot(name: str) -> dict[str, Any]:
    """One bot by name: a built-in one, or an outside one, retired ones too."""
    if name in BOTS:
        return builtin(BOTS[name].to_json())
    bot = registry().get(name)
    if bot is None:
        raise ServiceError("no_such_bot", f"no bot named {name!r}")
    return bot.to_json()


@blp.route("/bots/<string:name>", methods=["DELETE"])
@blp.doc(operationId="retire_bot", security=KEY_ONLY)
@blp.response(200, BotOut, example={**OUTSIDE_EXAMPLE, "retired": True})
@errors(blp, *APP_KEY_REFUSED, "not_your_bot", "no_such_bot", *THROTTLED)
def retire_bot(name: str) -> dict[str, Any]:
    """Retire an outside bot of the app key, for good: no match seats it any more, and its
    name is never given again. Retiring it again answers the same."""
    if name in BOTS:
        raise ServiceError("not_your_bot", f"{name!r} is a built-in bot: the service's own")
    return registry().retire(name, _key())


def _key() -> AppKey:
    return cast(AppKey, app_keys.presented())  # verified first (`required_on`)

"""The ratings ladder: every rated bot of a game, built-in and outside, best first."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from engine import GAMES
from service.api.common import PUBLIC, errors, json_response, ratings, registry
from service.api.ladder_schemas import LadderOut
from service.api.refusals import THROTTLED

blp = Blueprint(
    "ladder", __name__, url_prefix="/api/v1/ladder", description="Bots' ratings per game."
)

LADDER_EXAMPLE = {
    "game": "doppelkopf",
    "entries": [
        {
            "bot": "search:strong",
            "kind": "builtin",
            "mu": 31.2,
            "sigma": 1.4,
            "ordinal": 27.0,
            "mu_low": 28.46,
            "mu_high": 33.94,
            "provisional": False,
            "games": 96,
            "last_played": 1767225600000,
        },
        {
            "bot": "my_bot",
            "kind": "outside",
            "owner": "alice",
            "mu": 27.5,
            "sigma": 5.9,
            "ordinal": 9.8,
            "mu_low": 15.94,
            "mu_high": 39.06,
            "provisional": True,
            "games": 12,
            "last_played": 1767225660000,
        },
    ],
}


@blp.route(f"/<any({', '.join(GAMES)}):game>", methods=["GET"])
@blp.doc(operationId="get_ladder", security=PUBLIC)
@blp.response(200, LadderOut, example=LADDER_EXAMPLE)
@errors(blp, "not_found", *THROTTLED)
def get_ladder(game: str) -> Response:
    """The game's ladder: each bot that played a rated match game of it, with its OpenSkill
    (Plackett-Luce) rating, best `ordinal` (mu - 3 sigma) first.

    Every match game is rated: as one contest of its teams ranked by their mean score per deal
    over all its rotations (duplicate deals: the cards' luck cancels), Doubleduck's sides as
    teams; Doppelkopf per deal, between its parties. The built-in anchors (random, heuristic,
    search:fast, search:strong) pin the scale: the service plays them onto every ladder by
    itself, a little for every game first, then until their ratings are no longer
    `provisional`. Each entry says how firm it is: `mu_low` and `mu_high` bound mu's 95%
    interval, and `provisional` is true while sigma is above 5. Outside bots are listed with
    their owner (its app key's name), retired ones too. Public: no token. A name no game has
    is a 404.
    """
    entries = ratings().ladder(game)
    for entry in entries:
        if entry["kind"] == "outside":  # retired ones too: their games stay rated
            bot = registry().get(entry["bot"])
            entry["owner"] = None if bot is None else bot.owner_name
    return json_response({"game": game, "entries": entries})

"""The ratings ladder: every rated bot of a game, built-in and outside, best first."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from engine import GAMES
from service.api.common import PUBLIC, errors, json_response, ratings, registry
from service.api.ladder_schemas import LadderOut
from service.api.refusals import THROTTLED
from service.matches.ratings import entries as ladder_entries

blp = Blueprint(
    "ladder", __name__, url_prefix="/api/v1/ladder", description="Bots' ratings per game."
)

LADDER_EXAMPLE = {
    "game": "ducksoup",
    "spread": 43.92,
    "entries": [
        {
            "bot": "search:strong",
            "kind": "builtin",
            "mu": 86.3,
            "sigma": 6.99,
            "ordinal": 65.33,
            "mu_low": 72.6,
            "mu_high": 100.0,
            "provisional": False,
            "games": 256,
            "last_played": 1767225600000,
        },
        {
            "bot": "my_bot",
            "kind": "outside",
            "owner": "alice",
            "mu": 49.8,
            "sigma": 24.42,
            "ordinal": -23.46,
            "mu_low": 1.94,
            "mu_high": 97.66,
            "provisional": True,
            "games": 4,
            "last_played": 1767225660000,
        },
    ],
}


@blp.route(f"/<any({', '.join(GAMES)}):game>", methods=["GET"])
@blp.doc(operationId="get_ladder", security=PUBLIC)
@blp.response(200, LadderOut, example=LADDER_EXAMPLE)
@errors(blp, "not_found", *THROTTLED)
def get_ladder(game: str) -> Response:
    """The game's ladder: each bot that played a rated match game of it, best `ordinal`
    (mu - 3 sigma) first, and the ladder's `spread`.

    The ratings are a least-squares fit of every paired margin at once. Each rated match game
    gives, for each pair of bots on opposite teams in it, a's mean score per deal minus b's
    over the same duplicate deals (Doubleduck's sides as teams; Doppelkopf's parties change
    every deal, so every two bots at its table are paired); every rated game fits the whole
    ladder again. `mu` is a bot's skill in points a deal above the ladder's average bot (the
    means add up to 0), `sigma` its standard deviation; `mu_low` and `mu_high` bound mu's 95%
    interval (mu -+ 1.96 sigma), and `provisional` is true while sigma is above half the
    `spread` (the spread of one match game's paired difference). A bot's rating may move a
    little when others play: the fit learns more about the bots it met. Numbers are in the
    game's own scale, so ladders of different games are not comparable. The built-in anchors
    (random, heuristic, search:fast, search:strong) put the scale in place: the service plays
    them onto every ladder by itself. Outside bots are listed with their owner (its app key's
    name), retired ones too. Public: no token. A name no game has is a 404.
    """
    spread = ratings().spread(game)  # read once: the entries' `provisional` is judged by it
    entries = ladder_entries(ratings().skills(game).items(), spread)
    for entry in entries:
        if entry["kind"] == "outside":  # retired ones too: their games stay rated
            bot = registry().get(entry["bot"])
            entry["owner"] = None if bot is None else bot.owner_name
    return json_response({"game": game, "spread": spread, "entries": entries})

"""Bots' rating history and head-to-head records per game, and a game's crosstable: public,
as the ladder is (`service.matches.history` reads what the rating script wrote)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from engine import GAMES
from service.api.common import PUBLIC, errors, ratings, registry
from service.api.history_schemas import BotHistoryOut, CrosstableOut, CrosstableQuery
from service.api.refusals import THROTTLED
from service.core.errors import ServiceError
from service.matches.history import History
from service.matches.ratings import kind_of, ladder_name

blp = Blueprint(
    "history",
    __name__,
    url_prefix="/api/v1/ladder",
    description="Bots' rating history and head-to-head records per game.",
)

GAME = f"<any({', '.join(GAMES)}):game>"
DIFF_EXAMPLE = {"mean": 341.2, "ci95": [333.4, 349.0], "half_width": 7.8, "n": 64}
BOT_EXAMPLE = {
    "game": "ducksoup",
    "entry": {
        "rank": 3,
        "bot": "heuristic",
        "kind": "builtin",
        "mu": 66.2,
        "sigma": 6.56,
        "ordinal": 46.52,
        "mu_low": 53.34,
        "mu_high": 79.06,
        "provisional": False,
        "games": 256,
        "last_played": 1767225660000,
    },
    "history": [
        {"time": 1767225600000, "mu": 156.3, "sigma": 160.6, "ordinal": -325.5, "games": 2},
        {"time": 1767225660000, "mu": 66.2, "sigma": 6.56, "ordinal": 46.52, "games": 256},
    ],
    "head_to_head": [
        {"opponent": "search:fast", "kind": "builtin", "deal_score_diff": {
            "mean": -6.5, "ci95": [-18.3, 5.3], "half_width": 11.8, "n": 64}},
        {"opponent": "random", "kind": "builtin", "deal_score_diff": DIFF_EXAMPLE},
    ],
}  # fmt: skip
CROSSTABLE_EXAMPLE = {
    "game": "ducksoup",
    "bots": ["search:strong", "search:fast", "heuristic"],
    "left_out": 2,
    "pairs": [
        {"bots": ["search:strong", "search:fast"], "deal_score_diff": {
            "mean": 13.6, "ci95": [1.7, 25.5], "half_width": 11.9, "n": 64}},
        {"bots": ["search:fast", "heuristic"], "deal_score_diff": {
            "mean": 6.5, "ci95": [-5.3, 18.3], "half_width": 11.8, "n": 64}},
    ],
}  # fmt: skip


@blp.route(f"/{GAME}/bots/<string:bot>", methods=["GET"])
@blp.doc(operationId="get_ladder_bot", security=PUBLIC)
@blp.response(200, BotHistoryOut, example=BOT_EXAMPLE)
@errors(blp, "no_such_bot", "not_found", *THROTTLED)
def get_ladder_bot(game: str, bot: str) -> dict[str, Any]:
    """A bot's rating history in the game and its head-to-head record against every bot it
    met as an opponent.

    The history has a point per rated match game the bot played: its rating as that game
    left it (thinned past 512, see `history`). Each rated game re-fits the whole ladder, so
    the entry, the rating now, may have moved a little since its last point. A
    head-to-head row takes one sample per match game the two played on opposite teams: the
    bot's mean score per deal minus the opponent's, paired over the same duplicate deals (a
    Doubleduck seat scores its side's; a bot in several seats by the mean of them; Doppelkopf's
    parties change deal by deal, so every two bots of a game are compared), with its 95%
    interval. `search` names `search:fast`. Public: no token. A bot not on this game's ladder
    is a 404 `no_such_bot`; a name no game has, a 404 `not_found`.
    """
    name = ladder_name(bot)
    entries = ratings().ladder(game)
    place = {e["bot"]: i for i, e in enumerate(entries)}
    if name not in place:
        raise ServiceError("no_such_bot", f"no bot named {bot!r} is on the {game} ladder")
    entry = {"rank": place[name] + 1, **entries[place[name]]}
    if entry["kind"] == "outside":
        found = registry().get(name)
        entry["owner"] = None if found is None else found.owner_name
    history = History(ratings().redis)
    met = history.opponents(game, name)
    rows = sorted(met.items(), key=lambda item: (place.get(item[0], len(place)), item[0]))
    return {
        "game": game,
        "entry": entry,
        "history": history.points(game, name),
        "head_to_head": [
            {"opponent": o, "kind": kind_of(o), "deal_score_diff": e.to_json()} for o, e in rows
        ],
    }


@blp.route(f"/{GAME}/head-to-head", methods=["GET"])
@blp.doc(operationId="get_ladder_crosstable", security=PUBLIC)
@blp.arguments(CrosstableQuery(), location="query")
@blp.response(200, CrosstableOut, example=CROSSTABLE_EXAMPLE)
@errors(blp, "validation_error", "not_found", *THROTTLED)
def get_ladder_crosstable(query: dict[str, Any], game: str) -> dict[str, Any]:
    """The game's crosstable: the head-to-head record of every pair among the ladder's `limit`
    best bots (20 unless told, at most 100) that met in a rated match game, each pair once,
    the higher-placed bot first (its mean score per deal minus the other's, paired per match
    game, with its 95% interval; see `GET /ladder/{game}/bots/{bot}`). Public: no token.
    """
    entries = ratings().ladder(game)
    bots = [e["bot"] for e in entries[: query["limit"]]]
    return {
        "game": game,
        "bots": bots,
        "left_out": len(entries) - len(bots),
        "pairs": History(ratings().redis).crosstable(game, bots),
    }

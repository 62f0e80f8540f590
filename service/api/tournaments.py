"""Tournaments: round robin or Swiss over built-in and outside bots, each pairing a duplicate
match (`service.matches.tournaments`)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any, cast

from flask import Response, jsonify, url_for
from flask_smorest import Blueprint

from service.access.app_keys import AppKey
from service.api.common import KEY_ONLY, NO_STORE_HEADER, PUBLIC, errors, layers, location_header
from service.api.refusals import APP_KEY_REFUSED, THROTTLED
from service.api.tournaments_schemas import (
    TournamentAnswerIn,
    TournamentIn,
    TournamentOut,
    TournamentsOut,
)
from service.http import app_keys
from service.matches.tournaments import Tournaments, most_games

blp = Blueprint(
    "tournaments",
    __name__,
    url_prefix="/api/v1/tournaments",
    description="Round robins and Swiss tournaments of bots, each pairing a duplicate match.",
)
app_keys.required_on(
    blp,
    "tournaments.create_tournament",
    "tournaments.list_tournaments",
    "tournaments.accept_tournament",
    "tournaments.decline_tournament",
    "tournaments.cancel_tournament",
    always=True,
)

KEY_REFUSALS = (*APP_KEY_REFUSED, *THROTTLED)
EXAMPLE_ID = "t8Kd3mQ1wZ5r"
ESTIMATE = {"mean": 412.5, "ci95": [120.1, 704.9], "half_width": 292.4, "n": 4}
TOURNAMENT_EXAMPLE: dict[str, Any] = {
    "id": EXAMPLE_ID,
    "status": "running",
    "from": "acme",
    "game": "ducksoup",
    "format": "swiss",
    "entrants": ["acme-bot", "lab-bot", "heuristic", "random"],
    "rounds": 2,
    "round": 1,
    "games": 2,
    "options": {"target": 1},
    "move_seconds": 10,
    "invited": [{"key": "pond-lab", "answer": "accepted"}],
    "outside": {"acme-bot": "acme", "lab-bot": "pond-lab"},
    "created": 1764774000000,
    "expires": 1764777600000,
    "pairings": [
        {
            "round": 1,
            "a": "acme-bot",
            "b": "lab-bot",
            "match_id": "t4Tc8hQ2xY7e",
            "result": {"points": [1.0, 0.0], "deal_score_diff": ESTIMATE},
        },
        {"round": 1, "a": "heuristic", "b": "random", "match_id": "tQ2mx7Ke1cVb", "result": None},
    ],
    "standings": [
        {
            "entrant": "acme-bot",
            "points": 1.0,
            "played": 1,
            "wins": 1,
            "draws": 0,
            "losses": 0,
            "byes": 0,
            "withdrawn": None,
            "deal_score_diff": ESTIMATE,
        }
    ],
    "crosstable": [
        {
            "bots": ["acme-bot", "lab-bot"],
            "round": 1,
            "match_id": "t4Tc8hQ2xY7e",
            "points": [1.0, 0.0],
            "reason": None,
            "deal_score_diff": ESTIMATE,
        }
    ],
}
CREATE_EXAMPLE = {
    "game": "ducksoup",
    "entrants": ["acme-bot", "lab-bot", "heuristic", "random"],
    "format": "swiss",
    "rounds": 2,
    "games": 2,
    "options": {"target": 1},
}


def tournaments() -> Tournaments:
    found = layers().tournaments
    assert found is not None, "built by `service.wiring.build`"
    return found


def _key() -> AppKey:
    return cast(AppKey, app_keys.presented())  # verified first (`required_on`)


@blp.route("", methods=["POST"])
@blp.doc(operationId="create_tournament", security=KEY_ONLY)
@blp.arguments(TournamentIn(), example=CREATE_EXAMPLE)
@blp.response(
    201,
    TournamentOut,
    example={**TOURNAMENT_EXAMPLE, "status": "created", "round": 0, "pairings": []},
    headers={"Location": location_header("tournament"), "Cache-Control": NO_STORE_HEADER},
)
@errors(
    blp,
    400,
    *KEY_REFUSALS,
    413,
    415,
    "validation_error",
    "unknown_game",
    "unknown_bot",
    "retired_bot",
    "invalid_entrants",
    "invalid_seats",
    "invalid_options",
    "quota_match_games",
    "idempotency_in_progress",
)
def create_tournament(body: dict[str, Any]) -> Response:
    """Create a tournament over `entrants` of one game: `swiss` (default) or `round_robin`.

    Each pairing is a duplicate match of `games` games (a two-seat game seats `a,b`, a
    four-seat one `a,b,a,b`; Duck is played at 4), with a seed the service draws, so its games
    are rated on the ladder as any match's. Outside entrants of other keys are invited: their
    keys hear `tournament` on their feeds and accept or decline (`.../accept`,
    `.../decline`); round 1 starts once all accepted (at once when nobody is invited). The
    creator's feed and every entrant owner's hear `tournament_round` and
    `tournament_finished` (`status` done or cancelled); the outside bots get their seats as in
    any match (`match_seat`). The creator may cancel it (`.../cancel`). The most games it may
    play count against this key's match quotas, as one match's (429).
    Every refusal comes before anything is stored.
    """
    key = _key()
    keys = app_keys.app_keys()
    games = most_games(body)
    if keys.required:
        keys.admit_match(key, games)
    try:
        created = tournaments().create(key, body)
    except BaseException:
        if keys.required:
            keys.refund_match(key, games)
        raise
    response = jsonify(TournamentOut().dump(created))
    response.status_code = 201
    response.headers["Location"] = url_for(
        "tournaments.get_tournament", tournament_id=created["id"]
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@blp.route("", methods=["GET"])
@blp.doc(operationId="list_tournaments", security=KEY_ONLY)
@blp.response(
    200,
    TournamentsOut,
    example={
        "tournaments": [
            {
                k: v
                for k, v in TOURNAMENT_EXAMPLE.items()
                if k not in ("pairings", "standings", "crosstable")
            }
        ]
    },
)
@errors(blp, *KEY_REFUSALS)
def list_tournaments() -> dict[str, Any]:
    """The key's tournaments, those it made and those it was invited to, newest first (100
    at most), without their pairings."""
    return tournaments().of_key(_key())


@blp.route("/<string:tournament_id>", methods=["GET"])
@blp.doc(operationId="get_tournament", security=PUBLIC)
@blp.response(200, TournamentOut, example=TOURNAMENT_EXAMPLE)
@errors(blp, "no_such_tournament", 503)
def get_tournament(tournament_id: str) -> dict[str, Any]:
    """A tournament (public): its pairings, standings (points, then the paired mean per
    deal with its 95% interval) and crosstable (each pairing's head-to-head difference per
    deal). Reading it also takes its next step, should a job have been lost."""
    return tournaments().get(tournament_id)


ANSWER_ERRORS = (
    400,
    *KEY_REFUSALS,
    "not_your_tournament",
    "no_such_tournament",
    "tournament_closed",
    413,
    415,
    "validation_error",
)


@blp.route("/<string:tournament_id>/accept", methods=["POST"])
@blp.doc(operationId="accept_tournament", security=KEY_ONLY)
@blp.arguments(TournamentAnswerIn(), example={})
@blp.response(200, TournamentOut, example=TOURNAMENT_EXAMPLE)
@errors(blp, *ANSWER_ERRORS)
def accept_tournament(_body: dict[str, Any], tournament_id: str) -> dict[str, Any]:
    """Accept an invitation for the key's bots (invited keys only); the last acceptance
    starts round 1. Accepting again answers the same; 409 once declined or expired."""
    return tournaments().answer(tournament_id, _key(), accept=True)


@blp.route("/<string:tournament_id>/decline", methods=["POST"])
@blp.doc(operationId="decline_tournament", security=KEY_ONLY)
@blp.arguments(TournamentAnswerIn(), example={})
@blp.response(200, TournamentOut, example={**TOURNAMENT_EXAMPLE, "status": "declined"})
@errors(blp, *ANSWER_ERRORS)
def decline_tournament(_body: dict[str, Any], tournament_id: str) -> dict[str, Any]:
    """Decline an invitation (invited keys only): the tournament closes with no round
    played, and its creator hears `tournament_answered`. 409 once it started or expired."""
    return tournaments().answer(tournament_id, _key(), accept=False)


@blp.route("/<string:tournament_id>/cancel", methods=["POST"])
@blp.doc(operationId="cancel_tournament", security=KEY_ONLY)
@blp.arguments(TournamentAnswerIn(), example={})
@blp.response(200, TournamentOut, example={**TOURNAMENT_EXAMPLE, "status": "cancelled"})
@errors(blp, *ANSWER_ERRORS)
def cancel_tournament(_body: dict[str, Any], tournament_id: str) -> dict[str, Any]:
    """Cancel a tournament (its creator's key only; any other key: 403
    `not_your_tournament`), awaiting its invitations or running: in one step it becomes
    `cancelled`, makes no round and settles no pairing more. The matches of the round under
    way are cancelled (a game being played finishes, no other starts); the games recorded stay
    recorded and rated, and the standings show what was played. The match games it counted
    against the key's quotas and will not play are given back, once. The creator's and the
    entrants' keys hear `tournament_finished` with `status: cancelled`. Cancelling again
    answers the same; 409 `tournament_closed` once done, declined or expired."""
    return tournaments().cancel(tournament_id, _key())

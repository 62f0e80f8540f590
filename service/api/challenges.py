"""Challenges: a match that seats another app key's bot, made once that key accepts
(`service.matches.challenges`)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any, cast

from flask import Response, jsonify, url_for
from flask_smorest import Blueprint

from service.access.app_keys import AppKey
from service.api.challenges_schemas import (
    ChallengeAnswerIn,
    ChallengeCreatedOut,
    ChallengeIn,
    ChallengeOut,
    ChallengesOut,
)
from service.api.common import (
    KEY_ONLY,
    NO_STORE_HEADER,
    REPLAYED_HEADER,
    errors,
    layers,
    location_header,
)
from service.api.common_schemas import CreateHeaders
from service.api.refusals import APP_KEY_REFUSED, THROTTLED
from service.http import app_keys
from service.matches.challenges import Challenges

blp = Blueprint(
    "challenges",
    __name__,
    url_prefix="/api/v1/challenges",
    description="Matches against other app keys' bots, made once their keys accept.",
)
app_keys.required_on(blp, always=True)

KEY_REFUSALS = (*APP_KEY_REFUSED, *THROTTLED)
EXAMPLE_ID = "c7Hn2wQ9xK4p"
CHALLENGE_EXAMPLE: dict[str, Any] = {
    "id": EXAMPLE_ID,
    "status": "created",
    "role": "challenger",
    "match_id": "m4Tc8hQ2xY7e",
    "from": "acme",
    "to": ["pond-lab"],
    "answers": [{"key": "pond-lab", "answer": None}],
    "game": "doubleduck",
    "bots": ["acme-bot", "lab-bot", "acme-bot", "lab-bot"],
    "games": 100,
    "options": {"max_deals": 1},
    "created": 1764774000000,
    "expires": 1764777600000,
}
CREATE_EXAMPLE = {
    "game": "doubleduck",
    "bots": ["acme-bot", "lab-bot", "acme-bot", "lab-bot"],
    "games": 100,
    "options": {"max_deals": 1},
    "expires_seconds": 3600,
}


def challenges() -> Challenges:
    found = layers().challenges
    assert found is not None, "built by `service.wiring.build`"
    return found


def _key() -> AppKey:
    return cast(AppKey, app_keys.presented())  # verified first (`required_on`)


@blp.route("", methods=["POST"])
@blp.doc(operationId="create_challenge", security=KEY_ONLY)
@blp.arguments(ChallengeIn(), example=CREATE_EXAMPLE)
@blp.arguments(CreateHeaders(), location="headers")
@blp.response(
    201,
    ChallengeCreatedOut,
    example={**CHALLENGE_EXAMPLE, "host_token": "m4Tc8hQ2xY7e.s3cr3t"},
    headers={
        "Location": location_header("challenge"),
        "Cache-Control": NO_STORE_HEADER,
        "Idempotent-Replayed": REPLAYED_HEADER,
    },
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
    "invalid_seats",
    "invalid_options",
    "too_many_games",
    "no_challenged_bot",
    "idempotency_in_progress",
    "idempotency_key_reused",
    "quota_match_games",
)
def create_challenge(body: dict[str, Any], headers: dict[str, Any]) -> Response:
    """Challenge the owners of other app keys' bots to a match: the body is a match's (no
    `seed`: the service draws it when the match is made) naming at least one bot of another
    key, and `expires_seconds` to answer (60 to 86400, default 3600).

    Each challenged key hears `challenge` on its feed and accepts or declines
    (`POST .../accept`, `.../decline`). Once every one accepted, the match `match_id` is made
    for this key (its feed hears `challenge_answered`, then the match's progress), and each
    key's bots get their seats on their own key's feed. The answer's `host_token` (shown once)
    may cancel that match. Its games count against this key's match quotas now (429), and are
    given back if the challenge is declined or expires.

    Send an `Idempotency-Key` to retry safely: the retry gets the first answer back
    (`Idempotent-Replayed: true`, the same id and host token), makes no second challenge
    and counts against no quota. The key is the caller's own, as for games and matches.
    """
    key, scope, idem = _key(), app_keys.scope(), headers.get("idempotency_key")
    keys = app_keys.app_keys()
    games = int(body["games"])
    charged = keys.required and not challenges().is_retry(idem, scope)
    if charged:
        keys.admit_match(key, games)
    try:
        answer = challenges().create(key, body, idem, scope)
    except BaseException:
        if charged:
            keys.refund_match(key, games)
        raise
    if charged and answer.replayed:
        keys.refund_match(key, games)  # a race of two retries
    response = jsonify(ChallengeCreatedOut().dump(answer.body))
    response.status_code = 201
    response.headers["Location"] = url_for(
        "challenges.get_challenge", challenge_id=answer.body["id"]
    )
    if answer.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@blp.route("", methods=["GET"])
@blp.doc(operationId="list_challenges", security=KEY_ONLY)
@blp.response(200, ChallengesOut, example={"challenges": [CHALLENGE_EXAMPLE]})
@errors(blp, *KEY_REFUSALS)
def list_challenges() -> dict[str, Any]:
    """The key's challenges, those it made (`role` `challenger`) and those it got
    (`challenged`), newest first; each is kept a day past its expiry."""
    return challenges().list(_key())


@blp.route("/<string:challenge_id>", methods=["GET"])
@blp.doc(operationId="get_challenge", security=KEY_ONLY)
@blp.response(200, ChallengeOut, example=CHALLENGE_EXAMPLE)
@errors(blp, *KEY_REFUSALS, "not_your_challenge", "no_such_challenge")
def get_challenge(challenge_id: str) -> dict[str, Any]:
    """One challenge, for its challenger or a challenged key (any other key: 403)."""
    return challenges().get(challenge_id, _key())


ANSWER_ERRORS = (
    400,
    *KEY_REFUSALS,
    "not_your_challenge",
    "no_such_challenge",
    "challenge_closed",
    413,
    415,
    "validation_error",
)


@blp.route("/<string:challenge_id>/accept", methods=["POST"])
@blp.doc(operationId="accept_challenge", security=KEY_ONLY)
@blp.arguments(ChallengeAnswerIn(), example={})
@blp.response(200, ChallengeOut, example={**CHALLENGE_EXAMPLE, "status": "accepted"})
@errors(blp, *ANSWER_ERRORS)
def accept_challenge(_body: dict[str, Any], challenge_id: str) -> dict[str, Any]:
    """Accept a challenge to one of the key's bots (challenged keys only). The last
    acceptance makes the match (status `accepted`); accepting again answers the same. A match
    the service can no longer make (a bot retired meanwhile) closes the challenge as
    `declined`, with its `reason`. 409 once it was declined or expired."""
    return challenges().answer(challenge_id, _key(), accept=True)


@blp.route("/<string:challenge_id>/decline", methods=["POST"])
@blp.doc(operationId="decline_challenge", security=KEY_ONLY)
@blp.arguments(ChallengeAnswerIn(), example={})
@blp.response(200, ChallengeOut, example={**CHALLENGE_EXAMPLE, "status": "declined"})
@errors(blp, *ANSWER_ERRORS)
def decline_challenge(_body: dict[str, Any], challenge_id: str) -> dict[str, Any]:
    """Decline a challenge (challenged keys only): no match; the challenger hears
    `challenge_answered`. Declining again answers the same; 409 once it was accepted (by
    every key) or expired."""
    return challenges().answer(challenge_id, _key(), accept=False)

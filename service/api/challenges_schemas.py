"""Schemas of `challenges.py`: a match between outside bots, proposed to their keys."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.common_schemas import Out, WholeNumber
from service.api.matches_schemas import MatchIn
from service.matches.challenges import DEFAULT_EXPIRES as DEFAULT_CHALLENGE_EXPIRES
from service.matches.challenges import EXPIRES_SECONDS as CHALLENGE_EXPIRES


class ChallengeIn(MatchIn):
    """A match body (without `seed`: the service draws it when the match is made, so the
    challenger cannot choose the deals) and how long the challenged keys have to answer."""

    class Meta:
        exclude = ("seed",)

    expires_seconds = WholeNumber(
        validate=validate.Range(min=CHALLENGE_EXPIRES[0], max=CHALLENGE_EXPIRES[1]),
        metadata={
            "description": "Seconds the challenged keys have to accept (default "
            f"{DEFAULT_CHALLENGE_EXPIRES}); past them the challenge is `expired`."
        },
    )


class ChallengeAnswerIn(Schema):
    """Accepting or declining takes no fields: the body may be absent or `{}`."""


class ChallengeAnswerOut(Out):
    key = fields.String(required=True, metadata={"description": "A challenged app key's name."})
    answer = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(["accepted", "declined"]),
        metadata={"description": "null while it has not answered."},
    )


class ChallengeOut(Out):
    id = fields.String(required=True)
    status = fields.String(
        required=True,
        validate=validate.OneOf(["created", "accepted", "declined", "expired"]),
        metadata={
            "description": "`created` while it waits for answers; `accepted` once every "
            "challenged key accepted (the match `match_id` exists then); `declined` (by a "
            "challenged key, or the match could not be made: `reason`) or `expired`: no match."
        },
    )
    role = fields.String(
        required=True,
        validate=validate.OneOf(["challenger", "challenged"]),
        metadata={"description": "The caller's part in it."},
    )
    match_id = fields.String(
        required=True,
        metadata={"description": "The match it makes, once accepted (`GET /api/v1/matches/{id}`)."},
    )
    from_ = fields.String(
        data_key="from",
        attribute="from",
        required=True,
        metadata={"description": "The challenger's key name."},
    )
    to = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The names of the keys whose bots it seats."},
    )
    answers = fields.List(fields.Nested(ChallengeAnswerOut), required=True)
    game = fields.String(required=True)
    bots = fields.List(fields.String(), required=True)
    games = fields.Integer(required=True)
    options = fields.Dict(required=True)
    move_seconds = fields.Integer()
    concurrency = fields.Integer()
    created = fields.Integer(required=True, metadata={"description": "ms since the epoch."})
    expires = fields.Integer(
        required=True, metadata={"description": "ms since the epoch: answers end then."}
    )
    reason = fields.String(
        metadata={
            "description": "Why a challenge every key accepted was closed without a match: the "
            "reason the match was refused (e.g. `retired_bot`)."
        }
    )


class ChallengeCreatedOut(ChallengeOut):
    host_token = fields.String(
        required=True,
        metadata={
            "description": "The match's host token, shown only in this answer: once the "
            "match exists it may cancel it (`POST /api/v1/matches/{id}/cancel`)."
        },
    )


class ChallengesOut(Out):
    challenges = fields.List(
        fields.Nested(ChallengeOut),
        required=True,
        metadata={"description": "The key's challenges, made and got, newest first (100 at most)."},
    )

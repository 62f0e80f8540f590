"""Schemas of `tournaments.py`: round robins and Swiss tournaments of duplicate matches."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.api.common_schemas import Out, WholeNumber
from service.api.matches_schemas import EstimateOut
from service.matches.match_games import DEFAULT_MOVE_SECONDS, MOVE_SECONDS
from service.matches.tournaments import (
    DEFAULT_EXPIRES,
    DEFAULT_GAMES,
    ENTRANTS,
    EXPIRES_SECONDS,
    GAMES_PER_PAIRING,
    ROUND_ROBIN,
    SWISS,
    SWISS_ROUNDS_MAX,
)

STATUSES = ["created", "running", "done", "declined", "expired", "cancelled"]


class TournamentIn(Schema):
    game = fields.String(
        required=True,
        validate=validate.Length(min=1, max=64),
        metadata={"description": "A game name from the catalog."},
    )
    entrants = fields.List(
        fields.String(validate=validate.Length(min=1, max=64)),
        required=True,
        validate=validate.Length(min=1, max=64),
        metadata={
            "description": f"{ENTRANTS[0]} to {ENTRANTS[1]} bots, each once: built-in ones with "
            "their level written out (`search:fast`) and outside bots by name. Their order "
            "is the seeding (the last tie-break)."
        },
    )
    format = fields.String(
        validate=validate.OneOf([SWISS, ROUND_ROBIN]),
        metadata={"description": f"`{SWISS}` (default) or `{ROUND_ROBIN}`."},
    )
    rounds = WholeNumber(
        validate=validate.Range(min=1, max=SWISS_ROUNDS_MAX),
        metadata={
            "description": "Swiss: 1 to min(entrants - 1, 10) rounds (default ceil(log2 "
            "entrants)). A round robin has its own count (entrants - 1, or entrants when odd)."
        },
    )
    games = WholeNumber(
        validate=validate.Range(min=GAMES_PER_PAIRING[0], max=GAMES_PER_PAIRING[1]),
        metadata={
            "description": f"Match games per pairing (default {DEFAULT_GAMES}), each "
            "played in every rotation of the pairing's seats."
        },
    )
    options = fields.Dict(
        keys=fields.String(),
        metadata={"description": 'Game options from the catalog, e.g. `{"target": 1}`.'},
    )
    move_seconds = WholeNumber(
        validate=validate.Range(min=MOVE_SECONDS[0], max=MOVE_SECONDS[1]),
        metadata={
            "description": "Seconds each move of an outside entrant may take (default "
            f"{DEFAULT_MOVE_SECONDS}); as in a match."
        },
    )
    expires_seconds = WholeNumber(
        validate=validate.Range(min=EXPIRES_SECONDS[0], max=EXPIRES_SECONDS[1]),
        metadata={
            "description": "Seconds invited keys have to accept (default "
            f"{DEFAULT_EXPIRES}); past them the tournament is `expired`."
        },
    )


class TournamentAnswerIn(Schema):
    """Accepting, declining or cancelling takes no fields: the body may be absent or `{}`."""


class InvitedOut(Out):
    key = fields.String(required=True, metadata={"description": "An invited app key's name."})
    answer = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(["accepted", "declined"]),
        metadata={"description": "null while it has not answered."},
    )


class ResultOut(Out):
    points = fields.List(
        fields.Float(), required=True, metadata={"description": "[a's points, b's points]."}
    )
    reason = fields.String(
        allow_none=True,
        metadata={
            "description": "Why the pairing was not played out: `bye`, `forfeit` (an entrant "
            "withdrew: see its standing's `withdrawn`), `failed` (every game's job failed for "
            "good: void, 0 points each), or the match's refusal."
        },
    )
    failed_games = fields.Integer(
        metadata={
            "description": "Games of the pairing's match whose job failed for good (a bug); "
            "present only then. The pairing is scored from the games it recorded."
        },
    )
    deal_score_diff = fields.Nested(
        EstimateOut,
        allow_none=True,
        metadata={"description": "a's paired mean difference per deal over b (played pairings)."},
    )


class PairingOut(Out):
    round = fields.Integer(required=True)
    a = fields.String(required=True)
    b = fields.String(
        required=True, allow_none=True, metadata={"description": "null: a bye for `a`."}
    )
    match_id = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The pairing's match (`GET /api/v1/matches/{id}`)."},
    )
    result = fields.Nested(
        ResultOut, required=True, allow_none=True, metadata={"description": "null until over."}
    )


class StandingOut(Out):
    entrant = fields.String(required=True)
    points = fields.Float(required=True, metadata={"description": "1 a win or bye, 0.5 a draw."})
    played = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    draws = fields.Integer(required=True)
    losses = fields.Integer(required=True)
    byes = fields.Integer(required=True)
    withdrawn = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "Why the entrant left (e.g. `retired_bot`); null if it is in."},
    )
    deal_score_diff = fields.Nested(
        EstimateOut,
        required=True,
        metadata={
            "description": "Its paired mean difference per deal over its opponents, one value "
            "a match game of its played pairings, with the 95% interval."
        },
    )


class CrossOut(Out):
    bots = fields.List(fields.String(), required=True, metadata={"description": "[a, b]."})
    round = fields.Integer(required=True)
    match_id = fields.String(required=True)
    points = fields.List(fields.Float(), required=True, allow_none=True)
    reason = fields.String(required=True, allow_none=True)
    deal_score_diff = fields.Nested(
        EstimateOut,
        required=True,
        allow_none=True,
        metadata={"description": "a's paired mean difference per deal over b, 95% interval."},
    )


class TournamentSummaryOut(Out):
    id = fields.String(required=True)
    status = fields.String(
        required=True,
        validate=validate.OneOf(STATUSES),
        metadata={
            "description": "`created` while invited keys answer; `running`; `done`; "
            "`declined` or `expired`: no round was played; `cancelled` by its creator: "
            "what was played stays, nothing more is."
        },
    )
    from_ = fields.String(
        data_key="from", attribute="from", required=True, metadata={"description": "Creator."}
    )
    game = fields.String(required=True)
    format = fields.String(required=True, validate=validate.OneOf([SWISS, ROUND_ROBIN]))
    entrants = fields.List(fields.String(), required=True)
    rounds = fields.Integer(required=True)
    round = fields.Integer(required=True, metadata={"description": "Rounds made so far."})
    games = fields.Integer(required=True)
    options = fields.Dict(required=True)
    move_seconds = fields.Integer(required=True)
    invited = fields.List(fields.Nested(InvitedOut), required=True)
    outside = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Outside entrant -> its owner key's name."},
    )
    created = fields.Integer(required=True, metadata={"description": "ms since the epoch."})
    expires = fields.Integer(required=True, metadata={"description": "Answers end then (ms)."})
    reason = fields.String()


class TournamentOut(TournamentSummaryOut):
    pairings = fields.List(fields.Nested(PairingOut), required=True)
    standings = fields.List(
        fields.Nested(StandingOut),
        required=True,
        metadata={"description": "Best first: points, then the paired mean, then the seeding."},
    )
    crosstable = fields.List(
        fields.Nested(CrossOut),
        required=True,
        metadata={"description": "Every pairing that met, head to head."},
    )


class TournamentsOut(Out):
    tournaments = fields.List(fields.Nested(TournamentSummaryOut), required=True)

"""Schemas of `games.py`: creating a game and reading it; also what its changes share (a
game as a caller sees it, a change's answer and headers), which `moves.py`, `deals.py`,
`seats.py`, `abandon.py`, `resign.py`, `claim.py`, `rematch.py` and `lobby.py` answer with."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.api.common_schemas import (
    IDEMPOTENCY_KEY,
    VERSION_DOC,
    Documented,
    Out,
    app_key_param,
    if_match_param,
    wait_param,
)
from service.games import contract

CARD_LIST = validate.Length(max=128)


class SeatIn(Schema):
    bot = fields.String(
        validate=validate.Length(min=1, max=64),
        metadata={"description": "A bot's name (see the catalog); `{}` is a human seat."},
    )
    level = fields.String(
        validate=validate.Length(min=1, max=32),
        metadata={
            "description": "For a bot with levels (`GET /api/v1/bots`), how hard it thinks: "
            '`{"bot": "search", "level": "strong"}`. Absent: its first (fastest) level.'
        },
    )
    open = fields.Boolean(
        metadata={
            "description": "`true`: a human seat nobody holds yet. The creation answer gives "
            "no token for it but the table's `invite_code`; whoever presents the code takes "
            "the seat (`POST .../claim`). The table waits (status `waiting`: no move, deal or "
            "bot turn) until every open seat is taken."
        }
    )
    invited = fields.Boolean(
        metadata={
            "description": "`true`: a human seat whose token the creator hands to someone "
            "(an invite link). The table waits as for an open seat (status `waiting`: no "
            "clock, move, deal or bot turn) until the token's holder takes the seat (`POST "
            ".../seats/{seat}/claim`); the clocks then start fresh."
        }
    )


class DealIn(Schema):
    """An explicit deal: the game's cards as one list, in the order the table deals them (the
    spec says each game's order and sizes; `engine.Game.deal_of` reads it)."""

    cards = fields.List(
        fields.String(validate=validate.Length(max=8)),
        validate=validate.Length(max=128),
        metadata={
            "description": "Seat 0's hand, then seat 1's, ..., then the game's piles (Duck's "
            "`face_up`, one card per seat), then the stock, top card first."
        },
    )
    # The deprecated form (service.games.old_forms): one of the two forms, never both.
    hands = fields.List(
        fields.List(fields.String(validate=validate.Length(max=8)), validate=CARD_LIST),
        validate=validate.Length(min=1, max=8),
    )
    stock = fields.List(fields.String(validate=validate.Length(max=8)), validate=CARD_LIST)
    face_up = fields.List(fields.String(validate=validate.Length(max=8)), validate=CARD_LIST)

    @validates_schema
    def _one_form(self, data: dict[str, Any], **_: Any) -> None:
        """`cards`, or the deprecated `hands` (with `stock`, `face_up`): exactly one form."""
        old = [name for name in ("hands", "stock", "face_up") if name in data]
        if "cards" in data and old:
            raise ValidationError(f"not with 'cards': {', '.join(old)}", field_name="cards")
        if "cards" not in data and "hands" not in data:
            raise ValidationError("Missing data for required field.", field_name="cards")


class CreateGameIn(Schema):
    game = fields.String(
        required=True,
        validate=validate.Length(min=1, max=64),
        metadata={
            "description": "A game name from the catalog; it decides what the rest of the "
            "body may be (the spec has one schema per game)."
        },
    )
    seats = fields.List(
        fields.Nested(SeatIn),
        required=True,
        validate=validate.Length(min=1, max=16),
        metadata={"description": 'One entry per seat: `{}` for a human, `{"bot": "random"}`.'},
    )
    seed = fields.String(
        validate=validate.Length(min=1, max=200),
        metadata={
            "description": "Shuffles every deal; secret until the game ends. Absent: the "
            "server draws a secret one."
        },
    )
    deal = fields.Nested(
        DealIn,
        allow_none=True,
        metadata={"description": "An explicit first deal; absent or null, it is shuffled."},
    )
    options = fields.Dict(
        keys=fields.String(),
        metadata={
            "description": "Game options from the catalog, plus the service options "
            "`auto_deal` (boolean) and the turn clock's `turn_seconds`, `reserve_seconds`, "
            "`on_timeout` and `away_after`. An option of another game, or one out of its "
            "bounds, is refused (422)."
        },
    )
    lobby = fields.String(
        validate=validate.OneOf(["key", "all"]),
        metadata={
            "description": "List the table in the lobby while it has open seats (`GET "
            "/api/v1/lobby/{game}`), with its invite code: `key` to callers with this app key, "
            "`all` to every app key of the service. Absent: not listed (share the code "
            "yourself)."
        },
    )


class ViewQuery(Schema):
    wait = wait_param(
        "With `after_version`, it waits instead for any change past that version. A caller "
        "without a seat (a spectator, the host) has no turn: without `after_version` it waits "
        "for the next change after the version the request found."
    )
    after_version = fields.Integer(
        validate=validate.Range(min=0),
        metadata={"description": "With `wait`: answer once the game's version is above this."},
    )


IF_NONE_MATCH_MAX = 512


class ViewHeaders(Schema):
    app_key = app_key_param()
    if_none_match = fields.String(
        data_key="If-None-Match",
        validate=validate.Length(max=IF_NONE_MATCH_MAX),
        metadata={
            "description": "An ETag from an earlier answer: 304 with no body while it holds."
        },
    )


class ChangeHeaders(Schema):
    app_key = app_key_param()
    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        validate=IDEMPOTENCY_KEY,
        metadata={"description": "A retry with the same key returns the first answer."},
    )
    if_match = if_match_param()


class SeatClockOut(Out):
    """A human seat's clock in a timed game (`turn_seconds`)."""

    deadline = fields.Integer(
        required=True,
        allow_none=True,
        metadata={
            "description": "While the seat is to act: when its `on_timeout` bot plays for it, "
            "in ms since the epoch by the server's clock (Redis TIME); else null."
        },
    )
    remaining_ms = fields.Integer(
        required=True,
        allow_none=True,
        metadata={
            "description": "`deadline` minus the server's time as this answer was made "
            "(`clock.now`); null when the seat is not on the clock."
        },
    )
    reserve_ms = fields.Integer(
        required=True,
        metadata={
            "description": "The seat's bank, as of its turn's start: spent once a move's own "
            "`turn_seconds` ran out (the deadline counts it in)."
        },
    )
    timeouts = fields.Integer(
        required=True,
        metadata={"description": "Timeouts in a row; at `away_after` the seat is away."},
    )


class ClockOut(Out):
    """A timed game's clock options and the server's time."""

    now = fields.Integer(
        required=True,
        metadata={"description": "The server's time as this answer was made (ms since the epoch)."},
    )
    turn_seconds = fields.Integer(required=True)
    reserve_seconds = fields.Integer(required=True)
    away_after = fields.Integer(required=True)
    on_timeout = fields.String(
        required=True, metadata={"description": "`heuristic`, `search:fast`..."}
    )


class SeatOut(Out):
    seat = fields.Integer(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["human", "bot"]))
    bot = fields.String()
    level = fields.String(metadata={"description": "The bot's level, when one was picked."})
    away = fields.Boolean(
        metadata={
            "description": "A human seat: true while its `on_timeout` bot plays it (it left, "
            "or timed out `away_after` times in a row) until it returns."
        }
    )
    stand_in = fields.String(
        metadata={"description": "While away: the bot that plays the seat (`on_timeout`)."}
    )
    clock = fields.Nested(
        SeatClockOut, metadata={"description": "A human seat's clock, in a timed game."}
    )
    open = fields.Boolean(
        metadata={"description": "Present (`true`) on a human seat nobody holds yet."}
    )
    invited = fields.Boolean(
        metadata={
            "description": "Present (`true`) on an invited seat its token's holder has not "
            "taken yet (`POST .../seats/{seat}/claim`): the table waits for it."
        }
    )


class CreatedSeatOut(SeatOut):
    token = fields.String(
        metadata={"description": "The seat's secret bearer token, shown only in this answer."}
    )


class GameOut(Out):
    id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": VERSION_DOC})
    status = fields.String(
        required=True,
        validate=validate.OneOf(["waiting", "playing", "deal_pending", "over", "abandoned"]),
        metadata={
            "description": "`waiting`: seats are open or invited (no clock, move, deal or bot "
            "turn until every one is taken); `abandoned`: the host ended it; it takes no more "
            "changes."
        },
    )
    game = fields.String(required=True)
    role = fields.String(
        required=True,
        validate=validate.OneOf(["seat", "host", "spectator"]),
        metadata={"description": "How the caller was recognised, from its token alone."},
    )
    seat = fields.Integer(allow_none=True, required=True)
    seats = fields.List(fields.Nested(SeatOut), required=True)
    auto_deal = fields.Boolean(required=True)
    rematch_of = fields.String(
        metadata={
            "description": "Only in a rematch: the finished game it is the rematch of (its "
            "open seats are that game's players', taken by asking for the rematch)."
        }
    )
    clock = fields.Nested(
        ClockOut,
        metadata={"description": "A timed game's clock options and the server's time."},
    )
    view = Documented(
        contract.ANY_VIEW,
        required=True,
        metadata={
            "description": "The game as the caller may know it, typed per game (`game` tells "
            "which): with a seat token it adds `seat`, `hand` and `legal_moves` (empty unless "
            "it is that seat's turn); the host and spectators get the public view."
        },
    )


class CreatedOut(GameOut):
    seats = fields.List(fields.Nested(CreatedSeatOut), required=True)
    host_token = fields.String(
        required=True,
        metadata={"description": "The creator's token: may deal, sees the public view."},
    )
    invite_code = fields.String(
        metadata={
            "description": "With open seats: the code that takes one (`POST .../claim`), "
            "shown only here (and in the lobby, for a listed table)."
        }
    )


class SeatTokenOut(GameOut):
    """A game as the caller's new seat (or host) sees it, with its token: shown to it alone."""

    token = fields.String(
        required=True,
        metadata={"description": "The caller's secret bearer token of this game."},
    )


class ChangeOut(GameOut):
    events = fields.List(
        Documented(contract.ANY_EVENT),
        required=True,
        metadata={"description": "The events this change caused that the caller may see."},
    )

"""Marshmallow schemas of every body, parameter and answer; they are also the OpenAPI spec.

Input schemas reject unknown fields (flask-smorest's default, against mass assignment); server-
owned fields (id, version, status, tokens) exist only in output schemas.
"""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, fields, validate

from bots.match import MAX_GAMES, METHOD
from engine import GAMES
from engine.fairness import DEALT_BY
from service.access.bot_registry import MAX_DESCRIPTION as MAX_BOT_DESCRIPTION
from service.access.bot_registry import NAME as BOT_NAME
from service.core.codec import MAX_SAFE_INTEGER
from service.core.errors import REASONS
from service.games import contract
from service.matches.challenges import DEFAULT_EXPIRES as DEFAULT_CHALLENGE_EXPIRES
from service.matches.challenges import EXPIRES_SECONDS as CHALLENGE_EXPIRES
from service.matches.match_games import (
    CONCURRENCY,
    DEFAULT_CONCURRENCY,
    DEFAULT_MOVE_SECONDS,
    MOVE_SECONDS,
)
from service.streams.feed import TYPES

VERSION_DOC = "Number of accepted state changes of the game; 0 right after creation."
CARD = fields.String(metadata={"description": "A card name, rank then suit: `JS`, `TC`."})


def Documented(json_schema: dict[str, Any], **kwargs: Any) -> fields.Raw:
    """A value sent as the service built it, documented by a JSON Schema of its own: the games'
    contract (`service.games.contract`: a view of any game, an event of any type), which marshmallow
    cannot express. `documented` puts that schema in the spec."""
    metadata = {**kwargs.pop("metadata", {}), "json_schema": json_schema}
    return fields.Raw(metadata=metadata, **kwargs)


def documented(converter: Any, field: fields.Field[Any], **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: a field's own JSON Schema (`json_schema` in its metadata),
    on top of what apispec derived from the field."""
    return dict(field.metadata.get("json_schema", {}))


class WholeNumber(fields.Integer):
    """An integer as JSON Schema counts them: `198` and `198.0` alike; never a string, a
    boolean or a fraction (strict otherwise, as `fields.Integer(strict=True)`)."""

    def __init__(self, **kwargs: Any) -> None:
        given = kwargs.pop("validate", None)
        validators = [given] if callable(given) else list(given or [])
        # What every JSON reader holds exactly (I-JSON); the spec says so as its maximum.
        validators.append(validate.Range(min=-MAX_SAFE_INTEGER, max=MAX_SAFE_INTEGER))
        super().__init__(strict=True, validate=validators, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_SAFE_INTEGER:
            value = int(value)
        return int(super()._validated(value))


class Out(Schema):
    """An answer's schema. Its JSON Schema allows properties it does not list: v1 changes only
    by adding, so a client must ignore fields it does not know (and generated clients do)."""

    class Meta:
        unknown = EXCLUDE


# --- inputs -------------------------------------------------------------------------------


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


class DealIn(Schema):
    """An explicit deal: the game's cards as one list, in the order the table deals them (the
    spec says each game's order and sizes; `engine.Game.deal_of` reads it)."""

    cards = fields.List(
        fields.String(validate=validate.Length(max=8)),
        required=True,
        validate=validate.Length(max=128),
        metadata={
            "description": "Seat 0's hand, then seat 1's, ..., then the game's piles (Duck's "
            "`face_up`, one card per seat), then the stock, top card first."
        },
    )


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


class MoveBody(Schema):
    """What the server reads of a move before the rules do; the spec says each game's moves
    exactly (`service.games.contract.move_in`)."""

    type = fields.String(required=True, validate=validate.Length(min=1, max=32))
    card = fields.String(validate=validate.Length(max=8))
    call = fields.String(validate=validate.Length(max=64))
    cards = fields.List(
        fields.String(validate=validate.Length(max=8)), validate=validate.Length(max=64)
    )
    draw = fields.String(validate=validate.Length(max=32))


class MoveIn(Schema):
    move = fields.Nested(MoveBody, required=True)
    expected_version = WholeNumber(
        validate=validate.Range(min=0),
        metadata={"description": "Refuse (409 stale_version) unless the game is at this version."},
    )


class DealRequestIn(Schema):
    deal = fields.Nested(
        DealIn,
        allow_none=True,
        metadata={"description": "Host only: an explicit deal; absent or null, it is shuffled."},
    )
    expected_version = WholeNumber(validate=validate.Range(min=0))


EVENTS_PAGE = 500
"""Stored events per page of `GET .../events` unless `limit` says otherwise."""
EVENTS_PAGE_MAX = 1000


class EventsQuery(Schema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=10**9),
        metadata={"description": "Return events numbered after this one (0: from the start)."},
    )
    limit = fields.Integer(
        load_default=EVENTS_PAGE,
        validate=validate.Range(min=1, max=EVENTS_PAGE_MAX),
        metadata={
            "description": f"At most this many events numbered after `after` (default "
            f"{EVENTS_PAGE}, at most {EVENTS_PAGE_MAX}); a token's page may hold fewer, as it "
            "skips the events it may not see. `has_more` says whether more follow."
        },
    )


def _wait(more: str) -> fields.Float:
    """The `wait` query parameter of a view and of a move; `more` says what it adds there."""
    return fields.Float(
        load_default=0.0,
        validate=validate.Range(min=0, max=30),
        metadata={
            "description": "Seconds (at most 30) to hold the answer until the game is ready for "
            "you: your seat is to act, or the deal or the game has ended. Saves polling: one "
            "request per turn. The answer comes at once when it is already so; after the "
            "time, it is the game as it is then. A wait the server cannot take now is refused "
            "with `Retry-After` and nothing done: 503 `wait_slots_full`, or 429 "
            "`too_many_waits` for too many waits without a token from one address. " + more
        },
    )


class MoveQuery(Schema):
    wait = _wait(
        "With `wait`, the answer's `events` are all those since this move that the seat may "
        "see (what the others played meanwhile)."
    )


class ViewQuery(Schema):
    wait = _wait(
        "With `after_version`, it waits instead for any change past that version. A caller "
        "without a seat (a spectator, the host) has no turn: without `after_version` it waits "
        "for the next change after the version the request found."
    )
    after_version = fields.Integer(
        validate=validate.Range(min=0),
        metadata={"description": "With `wait`: answer once the game's version is above this."},
    )


IF_NONE_MATCH_MAX = 512


def _authorization() -> fields.String:
    """The optional `Authorization` header of what spectators may read too. A parameter, not a
    security requirement: generated clients make any operation with one (even an optional
    one) demand an authenticated client, and a spectator has no token."""
    return fields.String(
        data_key="Authorization",
        metadata={
            "description": "`Bearer <token>`: a seat's token shows that seat's own view (its "
            "hand, its legal moves, its private events); the host token or none, the public "
            "one.",
            "example": "Bearer q7Zk3xP2aB9w.s3cr3t-seat-1",
        },
    )


def _token(whose: str) -> fields.String:
    """The `Authorization` header a change needs (`Bearer <token>`; 401 without it, before
    anything else is read). A parameter of each operation, like a view's, rather than a
    security scheme: the token is the game's (or the match's) own, handed out by its creation,
    and a client follows the spec's links to it."""
    return fields.String(
        data_key="Authorization",
        required=True,
        validate=validate.Length(max=512),
        metadata={
            "description": f"`Bearer <token>`: {whose}, from the creation's answer.",
            "example": "Bearer q7Zk3xP2aB9w.s3cr3t-seat-1",
        },
    )


def _app_key() -> fields.String:
    """`Duckpond-App-Key`, which a bound seat's token needs (`service.games.callers.bound_to`). No
    length bound here: the lean routes read it unvalidated, so both ways refuse a bad one
    alike (401 `bad_app_key`)."""
    return fields.String(
        data_key="Duckpond-App-Key",
        metadata={
            "description": "The app key (`dpk_...`) a bound seat belongs to: an outside bot's "
            "seat in a match works only with its token AND its owner's app key (401 "
            "`app_key_required` without it, 403 `seat_of_another_key` with another). Ignored "
            "for every other seat and for the host.",
            "example": "dpk_0123456789ab_s3cr3t-app-key-of-the-seat-s-owner",
        },
    )


class ViewHeaders(Schema):
    authorization = _authorization()
    app_key = _app_key()
    if_none_match = fields.String(
        data_key="If-None-Match",
        validate=validate.Length(max=IF_NONE_MATCH_MAX),
        metadata={
            "description": "An ETag from an earlier answer: 304 with no body while it holds."
        },
    )


class EventsHeaders(Schema):
    authorization = _authorization()
    app_key = _app_key()


EVENT_NUMBER = r"^[0-9]{1,18}$"


class StreamQuery(Schema):
    # A string, read by `service.core.sse.resume_from`: a malformed resume point is its 400.
    after = fields.String(
        metadata={
            "description": "Resume after this event number (the `id` of the last frame read): "
            "no snapshot, only the events after it. `Last-Event-ID` wins when both are sent.",
            "pattern": EVENT_NUMBER,
        },
    )


class StreamHeaders(Schema):
    authorization = _authorization()
    app_key = _app_key()
    last_event_id = fields.String(
        data_key="Last-Event-ID",
        metadata={
            "description": "Resume after this event number, as `?after=` (an EventSource "
            "sends it when it reconnects); empty is none, as in SSE.",
            "pattern": r"^[0-9]{0,18}$",
        },
    )


IDEMPOTENCY_KEY = [
    validate.Length(min=1, max=255),
    # Printable ASCII, as the IETF draft's sf-string: a key any server, proxy and log reads alike.
    validate.Regexp(r"^[\x20-\x7e]+$", error="Printable ASCII only."),
]


def expected_version(what: str) -> WholeNumber:
    """The optional `expected_version` of a change: `what` it does only at that version."""
    return WholeNumber(
        validate=validate.Range(min=0),
        metadata={"description": f"{what} only if the game is still at this version."},
    )


class ResignIn(Schema):
    expected_version = expected_version("Resign")


class ClaimIn(Schema):
    invite_code = fields.String(
        required=True,
        validate=validate.Length(min=1, max=64),
        metadata={"description": "The table's invite code, from its creation (or the lobby)."},
    )
    seat = fields.Integer(
        validate=validate.Range(min=0, max=15),
        metadata={"description": "The open seat to take; absent, the lowest open one."},
    )


class RematchIn(Schema):
    """Asking for a rematch takes no fields: the body may be absent or `{}`."""


class LobbyQuery(Schema):
    limit = fields.Integer(
        load_default=50,
        validate=validate.Range(min=1, max=100),
        metadata={"description": "At most this many tables, newest first."},
    )


IF_MATCH = r'^(?:\*|(?:W/)?"[0-9]{1,18}(?:\.[A-Za-z0-9]{1,16})?"|[0-9]{1,18})?$'
"""What `If-Match` may be: an ETag of ours (`"12.seat1"`, `"12"`, weak or not), a bare
version (`12`), `*` or nothing. The spec's pattern, and what `api.common.parse_if_match`
reads (anything else is its 422 `invalid_if_match`, on the lean path too)."""


def _if_match() -> fields.String:
    """`If-Match`, documented with its exact pattern but checked by `parse_if_match`, so that
    both ways a move is read refuse it with the same reason."""
    return fields.String(
        data_key="If-Match",
        validate=validate.Length(max=64),
        metadata={
            "description": 'Expected version, as `"12"`; same as `expected_version`.',
            "pattern": IF_MATCH,
        },
    )


class ChangeHeaders(Schema):
    authorization = _token("a seat's token to move; a seat's or the host's to deal")
    app_key = _app_key()
    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        validate=IDEMPOTENCY_KEY,
        metadata={"description": "A retry with the same key returns the first answer."},
    )
    if_match = _if_match()


class AbandonIn(Schema):
    expected_version = expected_version("Abandon")


class PresenceIn(Schema):
    expected_version = WholeNumber(
        validate=validate.Range(min=0),
        metadata={"description": "Only if the game is still at this version (else 409)."},
    )


class AbandonHeaders(Schema):
    authorization = _token("the host token")
    if_match = _if_match()


class PresenceHeaders(Schema):
    authorization = _token("the token of the seat named in the path")
    app_key = _app_key()
    if_match = _if_match()


class ResignHeaders(ChangeHeaders):
    authorization = _token("the resigning seat's token")


class RematchHeaders(Schema):
    authorization = _token("a seat's token of the finished game, or its host token")
    app_key = _app_key()


class CreateHeaders(Schema):
    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        validate=IDEMPOTENCY_KEY,
        metadata={"description": "A retry with the same key returns the first answer."},
    )


# --- outputs ------------------------------------------------------------------------------


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
            "description": "`waiting`: seats are open (no move, deal or bot turn until every "
            "one is taken); `abandoned`: the host ended it; it takes no more changes."
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


class RematchOut(SeatTokenOut):
    rematch_of = fields.String(
        required=True, metadata={"description": "The finished game this is the rematch of."}
    )


class LobbyTableOut(Out):
    id = fields.String(required=True)
    game = fields.String(required=True)
    seats = fields.List(fields.Nested(SeatOut), required=True)
    open_seats = fields.List(fields.Integer(), required=True)
    options = fields.Dict(
        required=True, metadata={"description": "The game's options, defaults filled in."}
    )
    auto_deal = fields.Boolean(required=True)
    lobby = fields.String(
        required=True,
        validate=validate.OneOf(["key", "all"]),
        metadata={"description": "Listed to its app key's callers (`key`) or to all."},
    )
    age_seconds = fields.Integer(required=True, metadata={"description": "Since creation."})
    invite_code = fields.String(
        required=True, metadata={"description": "Takes an open seat (`POST .../claim`)."}
    )


class LobbyOut(Out):
    game = fields.String(required=True)
    tables = fields.List(fields.Nested(LobbyTableOut), required=True)


class ChangeOut(GameOut):
    events = fields.List(
        Documented(contract.ANY_EVENT),
        required=True,
        metadata={"description": "The events this change caused that the caller may see."},
    )


class EventsOut(Out):
    id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": VERSION_DOC})
    after = fields.Integer(required=True)
    last = fields.Integer(
        required=True, metadata={"description": "Pass as `after` to get what follows."}
    )
    next_after = fields.Integer(
        required=True,
        metadata={"description": "The same as `last`: the `after` of the next page."},
    )
    has_more = fields.Boolean(
        required=True,
        metadata={"description": "More events follow this page: ask again with `next_after`."},
    )
    events = fields.List(
        Documented(contract.ANY_EVENT),
        required=True,
        metadata={"description": "Typed per event `type`; private ones carry `visible_to`."},
    )


class ScoreOut(Out):
    id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": VERSION_DOC})
    status = fields.String(required=True)
    over = fields.Boolean(required=True)
    deals = fields.List(
        Documented(contract.ref("DealRecord")),
        required=True,
        metadata={"description": "Each scored deal: course counts, scores, running totals."},
    )
    totals = fields.List(fields.Integer(), required=True)
    game_points = fields.List(fields.Integer(), required=True)
    winners = fields.List(fields.Integer(), required=True)


class RecordOut(Out):
    id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": VERSION_DOC})
    status = fields.String(required=True)
    record = Documented(
        contract.ref("GameRecord"),
        required=True,
        metadata={
            "description": "game, seats, seed, options, first deal and every action; "
            "`engine.record.replay` rebuilds the game from it exactly. It reveals the seed and "
            "salt each deal's commitment hid: `python -m service.verify` checks them."
        },
    )


class DealtByOut(Out):
    name = fields.String(required=True, validate=validate.OneOf(list(DEALT_BY)))
    doc = fields.String(required=True)


class ResignOfferOut(Out):
    offered = fields.Boolean(required=True)
    doc = fields.String(required=True)


class CatalogGameOut(Out):
    name = fields.String(required=True)
    title = fields.String(required=True)
    min_seats = fields.Integer(required=True)
    max_seats = fields.Integer(required=True)
    options = fields.List(fields.Dict(), required=True)
    moves = fields.List(fields.Dict(), required=True)
    bots = fields.List(fields.String(), required=True)
    dealt_by = fields.List(
        fields.Nested(DealtByOut),
        required=True,
        metadata={
            "description": "Each way a deal can be made, as a view's and a `deal_started` "
            "event's `dealt_by` names it, and what it tells the table; every deal also carries "
            "a `deal_commitment` the record is checked against (docs/fair-deals.md)."
        },
    )
    deal_cap = fields.Integer(
        required=True,
        metadata={"description": "The game ends after this many deals at the latest."},
    )
    move_cap = fields.Integer(
        required=True, metadata={"description": "No game takes more moves than this."}
    )
    resign = fields.Nested(
        ResignOfferOut,
        required=True,
        metadata={
            "description": "Whether a seat may resign (`POST .../resign`), and what "
            "that records in this game (docs/rules)."
        },
    )


class CatalogOut(Out):
    games = fields.List(fields.Nested(CatalogGameOut), required=True)


class HealthOut(Out):
    status = fields.String(required=True)


class SystemHealthOut(Out):
    """What an operator polls: Redis, the worker pools, the recovery loop, due bot turns."""

    status = fields.String(required=True, metadata={"description": '"ok" (else a 503).'})
    workers = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "Processes alive per pool: `live`, `bulk`, `recovery`."},
    )
    due_turns = fields.Integer(required=True, metadata={"description": "Bot turns due now."})
    oldest_due_seconds = fields.Float(
        required=True, metadata={"description": "How long the oldest due bot turn has waited."}
    )
    overdue_after_seconds = fields.Integer(
        required=True, metadata={"description": "Beyond this, turns count as overdue."}
    )


class ErrorDetailsOut(Out):
    """What went wrong, for machines: `reason` always, details by reason."""

    reason = fields.String(
        required=True,
        validate=validate.OneOf(sorted(str(r) for r in REASONS)),
        metadata={
            "description": "A stable machine-readable code (the table in the spec's "
            "description lists each with its HTTP status)."
        },
    )
    fields_ = fields.Dict(
        data_key="fields",
        metadata={"description": "With `validation_error`: the messages by location and field."},
    )
    version = fields.Integer(
        metadata={"description": "With `stale_version` and `game_not_over`: the game's version."}
    )


class ErrorOut(Out):
    """Every error: flask-smorest's payload plus a stable `errors.reason`."""

    code = fields.Integer(required=True, metadata={"description": "HTTP status code."})
    status = fields.String(required=True, metadata={"description": "HTTP status phrase."})
    message = fields.String(required=True, metadata={"description": "For humans."})
    errors = fields.Nested(ErrorDetailsOut, required=True)


class BotLevelOut(Out):
    name = fields.String(required=True, metadata={"description": 'As in `"level": "strong"`.'})
    think_ms = fields.Float(
        required=True, metadata={"description": "Think time per move at most, in ms."}
    )
    worlds = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "Per game, the sampled deals it weighs each move on."},
    )
    strength = fields.String(required=True, metadata={"description": "Measured strength."})


class BotOut(Out):
    name = fields.String(required=True, metadata={"description": 'As in `{"bot": "random"}`.'})
    games = fields.List(
        fields.String(), required=True, metadata={"description": "The games it plays."}
    )
    description = fields.String(required=True, metadata={"description": "How it plays."})
    strength = fields.String(
        required=True, metadata={"description": "How strong it is, and how fast."}
    )
    levels = fields.List(
        fields.Nested(BotLevelOut),
        metadata={"description": "The levels a seat may pick (bots that think), fastest first."},
    )
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["builtin", "outside"]),
        metadata={
            "description": "`builtin`: the service plays it; `outside`: an app key registered "
            "it and its owner's program plays it (a match seats it; a plain game does not)."
        },
    )
    owner = fields.String(
        metadata={"description": "An outside bot's owner: the name of its app key."}
    )
    retired = fields.Boolean(
        metadata={
            "description": "An outside bot: `true` once its owner retired it or its app key "
            "was revoked; it takes no seat, and its name is never given again."
        }
    )
    created = fields.Integer(
        metadata={"description": "An outside bot: when it was registered, ms since the epoch."}
    )


class BotsOut(Out):
    bots = fields.List(
        fields.Nested(BotOut),
        required=True,
        metadata={"description": "The built-in bots, then the live outside bots, each by name."},
    )


class BotIn(Schema):
    name = fields.String(
        required=True,
        validate=validate.Regexp(
            BOT_NAME.pattern, error="lower case letters, digits, _ and -; 3 to 32, a letter first"
        ),
        metadata={
            "description": "The bot's public name, unique for good: never a built-in bot's, "
            "never one registered before (even retired): 409 `bot_name_taken`.",
            "example": "my-bot",
        },
    )
    description = fields.String(
        load_default="",
        validate=validate.Length(max=MAX_BOT_DESCRIPTION),
        metadata={"description": "How it plays, for other authors."},
    )
    games = fields.List(
        fields.String(validate=validate.OneOf(sorted(GAMES))),
        required=True,
        validate=validate.Length(min=1, max=len(GAMES)),
        metadata={"description": "The games it plays (catalog names)."},
    )


# --- the ladder -------------------------------------------------------------------------


class LadderEntryOut(Out):
    bot = fields.String(
        required=True,
        metadata={
            "description": 'A built-in bot with its level (`"search:strong"`) or an outside bot.'
        },
    )
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["builtin", "outside"]),
        metadata={"description": "The service's own bot, or one an app key registered."},
    )
    owner = fields.String(
        allow_none=True,
        metadata={"description": "An outside bot's owner (its app key's name); null if unknown."},
    )
    mu = fields.Float(required=True, metadata={"description": "OpenSkill's skill estimate."})
    sigma = fields.Float(required=True, metadata={"description": "Its uncertainty."})
    ordinal = fields.Float(
        required=True,
        metadata={"description": "mu - 3 sigma: the ladder's order, highest first."},
    )
    games = fields.Integer(
        required=True,
        metadata={"description": "Rated games (each rotation of a match game is one game)."},
    )
    last_played = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "When its last game was rated, ms since the epoch."},
    )


class LadderOut(Out):
    game = fields.String(required=True)
    entries = fields.List(
        fields.Nested(LadderEntryOut),
        required=True,
        metadata={"description": "Every rated bot, best ordinal first."},
    )


# --- matches ----------------------------------------------------------------------------


class MatchIn(Schema):
    game = fields.String(
        required=True,
        validate=validate.Length(min=1, max=64),
        metadata={"description": "A game name from the catalog."},
    )
    bots = fields.List(
        fields.String(validate=validate.Length(min=1, max=64)),
        required=True,
        validate=validate.Length(min=1, max=16),
        metadata={
            "description": "The bot of each seat, seat 0 first (as many as the game has seats); "
            "a bot may appear several times. Each game is replayed with the bots rotated "
            "through the seats (duplicate deals); repeated assignments are skipped."
        },
    )
    games = WholeNumber(
        required=True,
        validate=validate.Range(min=1, max=MAX_GAMES),
        metadata={
            "description": "Number of match games; game i is dealt from `{seed}:{i}`. The "
            "service allows at most `MAX_MATCH_GAMES` (default 1000): more is `too_many_games`."
        },
    )
    seed = fields.String(
        validate=validate.Length(min=1, max=200),
        metadata={"description": "Makes the match reproducible; absent, the server draws one."},
    )
    options = fields.Dict(
        keys=fields.String(),
        metadata={"description": 'Game options from the catalog, e.g. `{"max_deals": 1}`.'},
    )
    move_seconds = WholeNumber(
        validate=validate.Range(min=MOVE_SECONDS[0], max=MOVE_SECONDS[1]),
        metadata={
            "description": "A match with outside bots: the seconds each of their moves may "
            f"take (default {DEFAULT_MOVE_SECONDS}); a late move is played by the random bot "
            "and counted in the bot's `timeouts`. Built-in bots only: ignored."
        },
    )
    concurrency = WholeNumber(
        validate=validate.Range(min=CONCURRENCY[0], max=CONCURRENCY[1]),
        metadata={
            "description": "A match with outside bots: the most of its games live at once "
            f"(default {DEFAULT_CONCURRENCY}; at most the app key's quota of live games). "
            "Built-in bots only: ignored."
        },
    )


class EstimateOut(Out):
    mean = fields.Float(allow_none=True, required=True)
    ci95 = fields.List(
        fields.Float(),
        allow_none=True,
        required=True,
        metadata={"description": "[low, high] = mean -+ 1.96*s/sqrt(n); null below n = 2."},
    )
    half_width = fields.Float(allow_none=True, required=True)
    n = fields.Integer(required=True, metadata={"description": "Match games in the sample."})


class BotResultOut(Out):
    bot = fields.String(required=True)
    seat_games = fields.Integer(required=True, metadata={"description": "Games x seats held."})
    seat_deals = fields.Integer(required=True, metadata={"description": "Deals x seats held."})
    wins = fields.Integer(required=True, metadata={"description": "Seat-games won."})
    win_rate = fields.Float(allow_none=True, required=True)
    deal_score = fields.Nested(
        EstimateOut,
        required=True,
        metadata={"description": "Mean score of the bot's seat (its side's, if sides) per deal."},
    )
    game_points = fields.Nested(
        EstimateOut, required=True, metadata={"description": "Mean game points per game."}
    )
    timeouts = fields.Integer(
        metadata={
            "description": "Moves the service played for this outside bot (its move came "
            "late, or its seat was away); 0 for built-in bots."
        },
    )


class ComparisonOut(Out):
    bots = fields.List(fields.String(), required=True, metadata={"description": "[a, b]"})
    deal_score_diff = fields.Nested(
        EstimateOut,
        required=True,
        metadata={"description": "a minus b, paired per match game (the duplicate figure)."},
    )
    game_points_diff = fields.Nested(EstimateOut, required=True)


class ResultsOut(Out):
    games = fields.Integer(required=True, metadata={"description": "Games counted so far."})
    method = fields.String(required=True, metadata={"description": METHOD})
    bots = fields.List(fields.Nested(BotResultOut), required=True)
    comparisons = fields.List(fields.Nested(ComparisonOut), required=True)


class ProgressOut(Out):
    done = fields.Integer(required=True, metadata={"description": "Games recorded."})
    failed = fields.Integer(
        required=True,
        metadata={"description": "Games whose job failed for good (a bug); not counted."},
    )
    total = fields.Integer(required=True)


class MatchOut(Out):
    id = fields.String(required=True)
    status = fields.String(
        required=True,
        validate=validate.OneOf(["queued", "running", "done", "cancelled"]),
        metadata={
            "description": "`cancelled`: its host stopped it; results cover the games "
            "recorded until then."
        },
    )
    game = fields.String(required=True)
    bots = fields.List(fields.String(), required=True)
    games = fields.Integer(required=True)
    seed = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "The match's seed (game i is dealt from `{seed}:{i}`); null while a "
            "match with outside bots runs, whose bots must not learn the deals to come."
        },
    )
    options = fields.Dict(required=True)
    rotations = fields.List(
        fields.List(fields.String()),
        required=True,
        metadata={"description": "The seat -> bot assignments each game is played with."},
    )
    progress = fields.Nested(ProgressOut, required=True)
    results = fields.Nested(
        ResultsOut,
        required=True,
        metadata={"description": "Over the games recorded so far (final once `done`)."},
    )
    outside = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={
            "description": "The outside bots of the match: name -> the name of the app key "
            "that owns it ({} for a match of built-in bots)."
        },
    )
    rated = fields.Boolean(
        metadata={
            "description": "Whether its games reach the ratings ladder: false for a match "
            "with outside bots whose creator chose the `seed` (who knows the seed knows "
            "every deal its bot will play)."
        }
    )
    move_seconds = fields.Integer(
        metadata={"description": "With outside bots: the seconds each of their moves may take."}
    )
    concurrency = fields.Integer(
        metadata={"description": "With outside bots: the most of its games live at once."}
    )


class MatchCreatedOut(MatchOut):
    host_token = fields.String(
        required=True,
        metadata={
            "description": "The creator's token, shown only in this answer: it may "
            "cancel the match (`POST .../cancel`)."
        },
    )


class MatchCancelIn(Schema):
    """A cancel takes no fields: the body may be absent or `{}`."""


class MatchCancelHeaders(Schema):
    authorization = _token("the match's host token")


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


class GamesQuery(Schema):
    start = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=MAX_GAMES),
        metadata={"description": "First game index."},
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class MatchGamesOut(Out):
    id = fields.String(required=True)
    games = fields.Integer(required=True)
    start = fields.Integer(required=True)
    limit = fields.Integer(required=True)
    records = fields.List(
        fields.Dict(),
        required=True,
        metadata={
            "description": "Recorded games in index order (unfinished ones are absent): "
            "`index`, `seed`, and per rotation `bots` (seat -> bot), `deal_scores` (per deal, "
            "per seat), `totals`, `game_points` (per seat), `winners` (seats), `moves`; with "
            "outside bots also `timeouts` (per seat: moves the service played for it) and "
            "`game_id` (the real game)."
        },
    )


# --- app feed and webhooks ------------------------------------------------------------------

FEED_TYPES = list(TYPES)
"""What a feed entry (and a webhook) may be (`service.streams.feed`)."""
FEED_ID = r"^[0-9]{1,18}$"


class FeedQuery(Schema):
    # A string, read by `service.core.sse.resume_from`: a malformed resume point is its 400.
    after = fields.String(
        metadata={
            "description": "Resume after this entry (the `id` of the last frame read). "
            "`Last-Event-ID` wins when both are sent.",
            "pattern": FEED_ID,
        },
    )


class FeedHeaders(Schema):
    last_event_id = fields.String(
        data_key="Last-Event-ID",
        metadata={
            "description": "Resume after this entry, as `?after=` (an EventSource sends it "
            "when it reconnects).",
            "pattern": FEED_ID,
        },
    )


class FeedGameOut(Out):
    id = fields.String(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": VERSION_DOC})
    status = fields.String(required=True)
    to_act = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "The human seats to act now (the key plays them)."},
    )


class FeedGamesOut(Out):
    games = fields.List(fields.Nested(FeedGameOut), required=True)


class FeedSeatOut(Out):
    type = fields.String(required=True, validate=validate.OneOf(["match_seat"]))
    match_id = fields.String(required=True)
    game_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    bot = fields.String(required=True, metadata={"description": "The key's bot that plays it."})
    index = fields.Integer(required=True, metadata={"description": "The match game's index."})
    rotation = fields.Integer(
        required=True, metadata={"description": "Which rotation of the match's bots it is."}
    )
    token = fields.String(
        required=True,
        metadata={
            "description": "The seat's token: send it with the key's own app key in "
            "`Duckpond-App-Key` (the seat is bound to the key)."
        },
    )
    game = fields.String(required=True)


class FeedSeatsOut(Out):
    seats = fields.List(fields.Nested(FeedSeatOut), required=True)


class WebhookIn(Schema):
    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2048),
        metadata={
            "description": "Where to POST: `https://` (or `http://`), on a public address "
            "(private, loopback and link-local ones are refused unless the operator allows "
            "them: `webhook_url_refused`).",
            "example": "https://example.com/duckpond/hooks",
        },
    )
    events = fields.List(
        fields.String(validate=validate.OneOf(FEED_TYPES)),
        required=True,
        validate=validate.Length(min=1, max=len(FEED_TYPES)),
        metadata={"description": "The feed entry types to deliver."},
    )


class WebhookOut(Out):
    id = fields.String(required=True)
    url = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    status = fields.String(
        required=True,
        validate=validate.OneOf(["active", "disabled"]),
        metadata={
            "description": "`disabled`: every attempt failed for a day; nothing more "
            "is sent (delete it and register it again)."
        },
    )
    created = fields.String(required=True, metadata={"format": "date-time"})
    disabled_at = fields.String(allow_none=True, metadata={"format": "date-time"})
    disabled_reason = fields.String(allow_none=True)
    failing_since = fields.String(
        allow_none=True,
        metadata={
            "format": "date-time",
            "description": "The first failure since the last "
            "success, if the latest attempt failed.",
        },
    )
    delivered = fields.Integer(
        required=True, metadata={"description": "Deliveries that got a 2xx."}
    )
    failed = fields.Integer(required=True, metadata={"description": "Deliveries given up."})


class WebhookCreatedOut(WebhookOut):
    secret = fields.String(
        required=True,
        metadata={
            "description": "The signing secret (`whsec_...`), shown this once: verify each "
            "delivery's `webhook-signature` with it (Standard Webhooks)."
        },
    )


class WebhooksOut(Out):
    webhooks = fields.List(fields.Nested(WebhookOut), required=True)


class DeliveryOut(Out):
    id = fields.String(
        required=True,
        metadata={"description": "The delivery's `webhook-id`: the same on every attempt."},
    )
    type = fields.String(required=True)
    feed_id = fields.String(required=True, metadata={"description": "The feed entry's id."})
    status = fields.String(
        required=True,
        validate=validate.OneOf(["pending", "retrying", "delivered", "failed", "skipped"]),
    )
    attempts = fields.Integer(required=True)
    status_code = fields.Integer(allow_none=True, metadata={"description": "The last answer's."})
    last_error = fields.String(allow_none=True)
    created = fields.String(required=True, metadata={"format": "date-time"})
    last_attempt = fields.String(allow_none=True, metadata={"format": "date-time"})
    next_attempt = fields.String(allow_none=True, metadata={"format": "date-time"})


class DeliveriesOut(Out):
    deliveries = fields.List(fields.Nested(DeliveryOut), required=True)

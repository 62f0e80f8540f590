"""An app key's feed: everything its games and matches await of it, as one stream."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from functools import partial
from typing import Any, cast

from flask import Response, request
from flask_smorest import Blueprint

from service.access.app_keys import AppKey
from service.api.common import EXAMPLE_ID, KEY_ONLY, errors, layers
from service.api.feed_schemas import FeedGamesOut, FeedHeaders, FeedQuery, FeedSeatsOut
from service.api.refusals import APP_KEY_REFUSED, THROTTLED
from service.core import sse
from service.core.codec import dumps_sorted
from service.core.connections import peer_of, socket_of
from service.http import app_keys
from service.storage.keys import app_key_live
from service.streams import feed_stream as feed
from service.streams.streams import RESUME_RETRY_MS

blp = Blueprint(
    "feed",
    __name__,
    url_prefix="/api/v1/feed",
    description="An app key's feed: its games' turns, deals and ends, its matches' progress.",
)
app_keys.required_on(blp, always=True)

EXAMPLE_ENTRIES: list[tuple[str, dict[str, Any]]] = [
    (
        "1764775200000000",
        {"type": feed.OPENED, "retention_seconds": 3600, "games": feed.GAMES_PATH},
    ),
    (
        "1764775201234000",
        {
            "type": "game_created",
            "game_id": EXAMPLE_ID,
            "version": 0,
            "game": "doubleduck",
            "seat_count": 4,
        },
    ),
    ("1764775201234001", {"type": "turn", "game_id": EXAMPLE_ID, "seat": 1, "version": 0}),
    (
        "1764775260500000",
        {"type": "match_progress", "match_id": "m4Tc8hQ2xY7e", "done": 3, "total": 100},
    ),
]


EXAMPLE_RESTART = {
    "type": feed.CLOSED,
    "reason": "server_restart",
    "resume_after": EXAMPLE_ENTRIES[-1][0],
    "message": "the server is restarting: reconnect with Last-Event-ID",
}
"""The last frame of a feed open when its server stops: where to resume."""


def _example(media: str) -> str:
    frames = [
        sse.frame(media, dumps_sorted(data), event_id=n, event=str(data["type"]))
        for n, data in EXAMPLE_ENTRIES
    ]
    restart = sse.frame(
        media,
        dumps_sorted(EXAMPLE_RESTART),
        event_id=EXAMPLE_ENTRIES[-1][0],
        event=feed.CLOSED,
        retry=RESUME_RETRY_MS,
    )
    return b"".join([*frames[:2], sse.keepalive(media), *frames[2:], restart]).decode()


FEED_RESPONSE = {
    "description": "The feed, until the client leaves (or after an hour: resume with "
    "`Last-Event-ID`). Without a resume point the first frame is `feed_opened`, whose `id` "
    "is where the feed starts; then one frame per entry, its `event` the entry's type and its "
    "`id` the entry's id: `game_created`, `game_dealt` (`deal_no`), `turn` (`game_id`, `seat`,"
    " `version`: a human seat of the key's game is to act), `deal_pending` (the next deal "
    "waits for `POST .../deal`), `game_ended`, `game_abandoned`, `match_progress` (`done` of "
    "`total`), `match_finished` (`status` done or cancelled), `match_seat` (a seat of an "
    "outside match's game that one of the key's bots is to play: `match_id`, `game_id`, "
    "`seat`, `bot`, `index`, `rotation`, `game` and the seat's `token`, which works only "
    "beside the key in `Duckpond-App-Key`; `GET /api/v1/feed/seats` lists the live ones), "
    "`challenge` (another key challenges one of the key's bots: `challenge_id`, `from`, "
    "`game`, `bots`, `games`, `expires`; answer it at `/api/v1/challenges/{id}`), "
    "`challenge_answered` (a challenge the key made is `accepted`, `declined` or `expired`: "
    "`challenge_id`, `status`, `match_id`, `by` or `reason` when declined), "
    "`tournament` (another key's tournament invites one of the key's bots: `tournament_id`, "
    "`from`, `game`, `format`, `entrants`, `expires`), `tournament_answered` (a tournament "
    "the key made is `accepted`, `declined` or `expired`), `tournament_round` (`round`, "
    "`rounds`, `pairings`), `tournament_finished` (`status` done, with `winner`, or "
    "cancelled by its creator, `winner` null; `standings`: each entrant's points), "
    "`arena_paused` (one of the key's bots was paused in the arena for its timed-out moves: "
    "`bot`, `match_id`, `timeouts`, `seat_games`, `reason`; `PUT /api/v1/bots/{name}/arena` "
    "resumes it). "
    "A feed open when its key is revoked ends within about a second: its last frame is "
    "`feed_closed` (`reason`: `app_key_revoked`; no `id`), and no entry after the revocation "
    "is sent; reopening it is then a 403 `app_key_revoked`. When the server stops (a restart, "
    "a deploy), every open feed ends at once with a `feed_closed` frame whose `reason` is "
    "`server_restart`: its `id` and `resume_after` are the last entry sent (in SSE with "
    "`retry:`, the milliseconds before reconnecting); reconnect with `Last-Event-ID` set to "
    "it, to any API process, and no entry is missed. "
    "Idle feeds get a keep-alive "
    "every 15 s (a `:` comment line in SSE, an empty line in NDJSON).",
    "headers": {"Cache-Control": {"schema": {"type": "string", "enum": ["no-store"]}}},
    "content": {
        sse.SSE: {"schema": {"type": "string"}, "example": _example(sse.SSE)},
        sse.NDJSON: {"schema": {"type": "string"}, "example": _example(sse.NDJSON)},
    },
}


def _key() -> AppKey:
    return cast(AppKey, app_keys.presented())  # verified before the view (`required_on`)


@blp.route("", methods=["GET"])
@blp.doc(operationId="stream_feed", security=KEY_ONLY, responses={"200": FEED_RESPONSE})
@blp.arguments(FeedQuery(), location="query")
@blp.arguments(FeedHeaders(), location="headers")
@errors(
    blp,
    "invalid_event_id",
    *APP_KEY_REFUSED,
    "feed_expired",
    "validation_error",
    "too_many_streams",
    *THROTTLED,
)
def stream_feed(query: dict[str, Any], headers: dict[str, Any]) -> Response:
    """Follow everything the app key's games and matches await of it, on one connection:
    Server-Sent Events (`text/event-stream`), or NDJSON with `Accept: application/x-ndjson`.

    A `turn` entry says a human seat of one of the key's games is to act (play it with that
    seat's token); the others say a game was created, dealt, awaits its next deal, ended or
    was abandoned, or a match progressed or finished; `match_seat` hands over a seat of an
    outside match's game for one of the key's bots to play; `challenge` and
    `challenge_answered` tell of challenges (`/api/v1/challenges`); `arena_paused` that one of
    its bots was paused in the arena (`/api/v1/bots/{name}/arena`). Entries are kept for
    `FEED_RETENTION_SECONDS` (an hour): reconnect with `Last-Event-ID: <id>` (or
    `?after=<id>`) to get exactly the entries after it, on any API process. A resume point the
    feed no longer reaches is a 410 `feed_expired`: read `GET /api/v1/feed/games` (the key's
    live games, with the seats to act), then open the feed without one. Only this key's
    games and matches are in it; other keys never see them. `?events=` follows only some
    types (a bot client that plays its seats with `?wait=` takes `match_seat` and
    `match_finished`, and is not woken by every `turn`). Open feeds count with game
    streams against the bounds per client address and per app key (429
    `too_many_streams`); a client that stops reading is dropped."""
    key = _key()
    after = sse.resume_from(headers.get("last_event_id"), query.get("after"))
    types = frozenset(query["events"]) if query.get("events") else None
    media = sse.negotiate(request.headers.get("Accept"))
    the_feed, hub = layers().feed, layers().feed_hub
    assert the_feed is not None and hub is not None, "the API's layers have a feed"
    if after is not None:
        the_feed.check_resume(key.id, after)
    streams = layers().streams
    assert streams is not None, "the API's layers have streams"
    peer = peer_of(request.environ)
    # One count with the game streams: open streams are bounded per address and per app key.
    release = streams.admit(peer.address, key.id)
    try:
        watcher = hub.admit(key.id, types)
    except BaseException:
        release()
        raise
    keys = layers().app_keys
    sock = socket_of(request.environ)
    try:
        body = feed.frames(
            the_feed,
            hub,
            watcher,
            after,
            media,
            peer,
            ticker=streams.ticker,
            sock=sock,
            hangup_check=streams.limits.hangup_check,
            max_seconds=streams.limits.max_seconds,
            revoked=partial(keys.revoked, key.id) if keys is not None else None,
            types=types,
        )
        response = Response(streams.guarded(body, sock), 200, mimetype=media)
    except BaseException:
        watcher.release()
        release()
        raise
    response.call_on_close(watcher.release)
    response.call_on_close(release)
    response.call_on_close(partial(streams.hang_up, sock))
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # a proxy passes each frame on at once
    return response


@blp.route("/games", methods=["GET"])
@blp.doc(operationId="list_feed_games", security=KEY_ONLY)
@blp.response(
    200,
    FeedGamesOut,
    example={
        "games": [
            {
                "id": EXAMPLE_ID,
                "game": "doubleduck",
                "version": 12,
                "status": "playing",
                "to_act": [1],
            }
        ]
    },
)
@errors(blp, *APP_KEY_REFUSED, *THROTTLED)
def list_feed_games() -> dict[str, Any]:
    """The app key's unfinished games, with the human seats to act in each: where a client
    starts again when its feed resume point is gone (410 `feed_expired`)."""
    key = _key()
    keys = app_keys.app_keys()
    members = cast(list[bytes], keys.redis.zrange(app_key_live(key.id), 0, -1))
    gids = [m.decode() for m in members if not m.startswith(b"pending:")]
    return {"games": feed.live_games(layers().redis, gids)}


@blp.route("/seats", methods=["GET"])
@blp.doc(operationId="list_feed_seats", security=KEY_ONLY)
@blp.response(
    200,
    FeedSeatsOut,
    example={
        "seats": [
            {
                "type": "match_seat",
                "match_id": "m4Tc8hQ2xY7e",
                "game_id": EXAMPLE_ID,
                "seat": 1,
                "bot": "my-bot",
                "index": 0,
                "rotation": 0,
                "token": f"{EXAMPLE_ID}.s3cr3t",
                "game": "ducksoup",
            }
        ]
    },
)
@errors(blp, *APP_KEY_REFUSED, *THROTTLED)
def list_feed_seats() -> dict[str, Any]:
    """Every seat the app key's outside bots are to play in the live games of matches, as the
    `match_seat` entries of the feed told them (tokens included): where a client that
    (re)connects finds its seats. A seat leaves the list when its game ends."""
    driver = layers().matches.driver
    assert driver is not None, "built by `service.wiring`"
    return {"seats": driver.seats(_key().id)}

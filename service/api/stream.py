"""A game's event stream (Server-Sent Events, or NDJSON): the caller's view, then its events."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from functools import partial
from typing import Any

from flask import Response, request
from flask_smorest import Blueprint

from service.api.common import ANYONE, EXAMPLE_ID, errors, layers, open_game, tables
from service.api.refusals import SEAT_REFUSED, THROTTLED
from service.api.stream_schemas import StreamHeaders, StreamQuery
from service.core import sse
from service.core.connections import peer_of, socket_of
from service.games.bodies import to_json
from service.streams.streams import CLOSING_REASON, RESUME_RETRY_MS

blp = Blueprint(
    "streams", __name__, url_prefix="/api/v1/games", description="Event streams of games."
)

SNAPSHOT_EXAMPLE = {"id": EXAMPLE_ID, "version": 2, "status": "playing", "...": "as GET"}
EVENT_EXAMPLE = {"n": 7, "version": 3, "type": "card_played", "data": {"seat": 1, "card": "JS"}}
END_EXAMPLE = {"id": EXAMPLE_ID, "version": 60, "status": "over"}
"""An `end` frame's data; a bound seat's stream ended by its key's revocation adds `reason`
(`app_key_revoked`) and its status is the game's, still in play."""
CLOSING_EXAMPLE = {"reason": CLOSING_REASON, "resume_after": 7}
"""A `closing` frame's data: the process stops; resume after event 7 (also the frame's id)."""
CLOSING_SSE = sse.frame(
    sse.SSE, to_json(CLOSING_EXAMPLE), event_id="7", event="closing", retry=RESUME_RETRY_MS
)
SSE_EXAMPLE = (
    sse.frame(sse.SSE, to_json(SNAPSHOT_EXAMPLE), event_id="6", event="snapshot")
    + sse.keepalive(sse.SSE)
    + sse.frame(sse.SSE, to_json(EVENT_EXAMPLE), event_id="7", event="event")
    + sse.frame(sse.SSE, to_json(END_EXAMPLE), event="end")
).decode()
NDJSON_EXAMPLE = (
    sse.frame(sse.NDJSON, to_json(SNAPSHOT_EXAMPLE), event_id="6", event="snapshot")
    + sse.frame(sse.NDJSON, to_json(EVENT_EXAMPLE), event_id="7", event="event")
    + sse.frame(sse.NDJSON, to_json(END_EXAMPLE), event="end")
).decode()
NDJSON_CLOSING = sse.frame(sse.NDJSON, to_json(CLOSING_EXAMPLE), event_id="7", event="closing")
SSE_EVENT = {
    "type": "object",
    "description": "One event of the stream (OpenAPI 3.1 reads an event stream's schema as "
    "each event's).",
    "required": ["data"],
    "properties": {
        "id": {"type": "string", "pattern": "^[0-9]{1,18}$", "description": "An event number."},
        "event": {"type": "string", "enum": ["snapshot", "event", "end", "rematch", "closing"]},
        "retry": {
            "type": "integer",
            "description": "Milliseconds to wait before reconnecting (a `closing` frame's).",
        },
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "description": "JSON: the view (`snapshot`), an event as `/events` lists it "
            "(`event`), the game's id, version and status (`end`; with `reason` "
            "`app_key_revoked` when a bound seat's key was revoked while it streamed), its "
            "rematch (`rematch`, with `?rematch=true`), or where to resume (`closing`: "
            "`reason` `server_restart` and `resume_after`, the number of the last event the "
            "stream passed, also its `id`).",
        },
    },
}
NDJSON_LINES = (
    'One JSON object a line, `{"id": "7", "event": "event", "data": {...}}` (the SSE '
    "frame's fields, `data` as JSON); a keep-alive is an empty line."
)
STREAM_RESPONSE = {
    "description": "The stream, until the game's end (then an `end` frame) or the client "
    "leaves. Frames: `snapshot` (the caller's view, as `GET` of the game answers it; its `id` "
    "is the number of the last event it includes), `event` (an event the caller may see, as "
    "`/events` lists it; its `id` is its number), `end` (no `id`: the game ended and every "
    "event was sent; or, with `reason` `app_key_revoked`, a bound seat's app key was revoked: "
    "its stream ends within about a second and sends nothing committed after). Idle streams "
    "get a keep-alive every 15 s (a `:` comment line in SSE, an "
    "empty line in NDJSON). With `?rematch=true`, a finished game's stream "
    "stays open after `end` until its rematch is asked for: one `rematch` frame (no `id`), "
    "then it closes. When the server stops (a restart, a deploy), every open stream ends at "
    "once with a `closing` frame, `reason` `server_restart`: its `id` and `resume_after` are "
    "the number of the last event the stream passed (in SSE with `retry:`, the milliseconds "
    "before reconnecting); reconnect with `Last-Event-ID` (or `?after=`) set to it, to any "
    "API process, and no event is missed. On the wire, in SSE:\n\n```\n"
    + SSE_EXAMPLE
    + "```\n\nand a closing frame:\n\n```\n"
    + CLOSING_SSE.decode()
    + "```\n\nIn NDJSON:\n\n```\n"
    + NDJSON_CLOSING.decode()
    + "```",
    "headers": {
        "Cache-Control": {"schema": {"type": "string", "enum": ["no-store"]}},
    },
    "content": {
        sse.SSE: {
            "schema": SSE_EVENT,
            # Each example is one event, as the schema is; the stream itself on the wire is
            # the description's.
            "examples": {
                "snapshot": {
                    "summary": "The first frame: the caller's view",
                    "value": {"id": "6", "event": "snapshot", "data": to_json(SNAPSHOT_EXAMPLE)},
                },
                "event": {
                    "summary": "An event the caller may see",
                    "value": {"id": "7", "event": "event", "data": to_json(EVENT_EXAMPLE)},
                },
                "end": {
                    "summary": "The game ended: the last frame",
                    "value": {"event": "end", "data": to_json(END_EXAMPLE)},
                },
                "closing": {
                    "summary": "The server stops: resume after this id (the last frame)",
                    "value": {
                        "id": "7",
                        "event": "closing",
                        "retry": RESUME_RETRY_MS,
                        "data": to_json(CLOSING_EXAMPLE),
                    },
                },
            },
        },
        sse.NDJSON: {
            "schema": {"type": "string", "description": NDJSON_LINES},
            "example": NDJSON_EXAMPLE,
        },
    },
}


@blp.route("/<string:game_id>/stream", methods=["GET"])
@blp.doc(operationId="stream_game", security=ANYONE, responses={"200": STREAM_RESPONSE})
@blp.arguments(StreamQuery(), location="query")
@blp.arguments(StreamHeaders(), location="headers")
@errors(
    blp,
    "invalid_event_id",
    *SEAT_REFUSED,
    "no_such_game",
    "validation_error",
    "too_many_streams",
    *THROTTLED,
)
def stream_game(query: dict[str, Any], headers: dict[str, Any], game_id: str) -> Response:
    """Follow a game as it is played: Server-Sent Events (`text/event-stream`), or NDJSON with
    `Accept: application/x-ndjson`.

    First a `snapshot` frame (the caller's view at version v, as `GET` of the game answers
    it), then every event after it that the caller may see, as `/events` filters them: a
    seat's token adds that seat's private events; the host and spectators see public events
    only. Each frame's `id` is an event number: reconnect with `Last-Event-ID: <id>` (or
    `?after=<id>`) to get exactly the events after it, with no snapshot. Open streams are
    bounded per client address and per app key of the game (429 `too_many_streams`); a
    client that stops reading is dropped."""
    after = sse.resume_from(headers.get("last_event_id"), query.get("after"), sse.MOST_EVENT)
    media = sse.negotiate(request.headers.get("Accept"))
    who, stored = open_game(game_id, required=False)
    streams = layers().streams
    assert streams is not None, "the API's layers have streams"
    peer = peer_of(request.environ)
    sock = socket_of(request.environ)
    release = streams.admit(peer.address, stored.meta.get("app_key"))
    # A bound seat's token works only beside its owner's key: its stream ends once that key
    # is revoked (the request was checked once, before).
    owner = (stored.meta.get("bound") or {}).get(str(who.seat)) if who.seat is not None else None
    keys = layers().app_keys
    revoked = partial(keys.revoked, str(owner)) if owner and keys is not None else None
    try:
        snapshot = tables().view(game_id, who, stored) if after is None else None
        start = stored.nevents if after is None else after
        if request.method == "HEAD":
            body: Any = []
        else:
            lobby = tables().lobby
            offer = (lambda: lobby.offer(game_id)) if query.get("rematch") else None
            body = streams.frames(
                stored,
                who,
                snapshot,
                start,
                media,
                peer,
                sock,
                revoked=revoked,
                rematch=offer,
            )
        response = Response(body, 200, mimetype=media)
    except BaseException:
        release()
        raise
    response.call_on_close(release)
    response.call_on_close(partial(streams.hang_up, sock))
    response.headers["X-Accel-Buffering"] = "no"  # a proxy passes each frame on at once
    return response

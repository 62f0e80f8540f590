"""The framing of the service's streams: Server-Sent Events, or NDJSON when asked.

Why one module: every stream (a game's, `service.streams.streams`; an app key's feed) speaks the
same
two media types the same way, so a client library reads them all alike:

- `text/event-stream` (the default): each frame is `id:`, `event:` and one `data:` line of
  JSON, then a blank line; a keep-alive is a comment line (`: keep-alive`). A closing frame
  (the process stops: resume elsewhere) also has `retry:`, the reconnection delay.
- `application/x-ndjson` (with `Accept: application/x-ndjson`): each frame is one JSON object
  on its own line, `{"id": "12", "event": "event", "data": {...}}` (`id` and `event` only when
  the frame has them); a keep-alive is an empty line.

Both carry the same `data` bytes, so a frame that many streams share is encoded once. A
client resumes after the last id it read: SSE's `Last-Event-ID` header (browsers' EventSource
sends it on a reconnect) or `?after=`; `resume_from` reads either, and refuses a malformed
one with 400 `invalid_event_id`.
"""

from __future__ import annotations

import re

from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header

from service.core.errors import ServiceError

SSE = "text/event-stream"
NDJSON = "application/x-ndjson"
MEDIA_TYPES = (SSE, NDJSON)
"""What a stream can answer in, the default first."""

EVENT_ID = re.compile(r"[0-9]{1,18}")
"""A resume point: an event number (what every frame's `id` is); ASCII digits only, no sign
or space (`re`'s digit class would take fullwidth digits)."""

MOST_ENTRY = 10**18 - 1
"""The largest resume point of an app key's feed (its entry numbers are microsecond stamps)."""
MOST_EVENT = 10**9
"""The largest game event number `/events?after=` and a game's stream take: one bound for
both, so a point one refuses the other refuses too, in the same words."""


def negotiate(accept: str | None) -> str:
    """The media type of a stream for an `Accept` header: NDJSON when the client prefers it,
    else SSE (also for no header, `*/*`, or types neither of these)."""
    return parse_accept_header(accept or "", MIMEAccept).best_match(MEDIA_TYPES, default=SSE)


def frame(
    media: str,
    data: bytes | str,
    *,
    event_id: str | None = None,
    event: str | None = None,
    retry: int | None = None,
) -> bytes:
    """One frame of `data` (a JSON text, on one line) in `media`; `retry` (SSE only: NDJSON
    has no such field) tells an EventSource how many ms to wait before it reconnects."""
    body = data.encode() if isinstance(data, str) else data
    if media == NDJSON:
        head = b'{"id":"' + event_id.encode() + b'",' if event_id is not None else b"{"
        if event is not None:
            head += b'"event":"' + event.encode() + b'",'
        return head + b'"data":' + body + b"}\n"
    lines = b"" if event_id is None else b"id: " + event_id.encode() + b"\n"
    if event is not None:
        lines += b"event: " + event.encode() + b"\n"
    if retry is not None:
        lines += b"retry: " + str(retry).encode() + b"\n"
    return lines + b"data: " + body + b"\n\n"


KEEPALIVE = {SSE: b": keep-alive\n\n", NDJSON: b"\n"}


def keepalive(media: str) -> bytes:
    """What keeps an idle stream open through proxies: nothing a client reads as a frame."""
    return KEEPALIVE[media]


def resume_from(last_event_id: str | None, after: str | None, most: int = MOST_ENTRY) -> int | None:
    """The event number a client resumes after: `Last-Event-ID` (an EventSource's reconnect
    sends it, with the URL's `after` unchanged, so the header wins), else `after`; None when
    neither is given (an empty header is none, as SSE's own reset is). Each one given must be
    an event number no larger than `most`."""
    header = last_event_id or None
    points = [event_number("Last-Event-ID", header, most), event_number("after", after, most)]
    return next((point for point in points if point is not None), None)


def event_number(name: str, raw: str | None, most: int = MOST_EVENT) -> int | None:
    """`raw` (a query's or a header's text, None when not given) as an event number from 0 to
    `most`, in no more digits than `most` has: the one reading of a resume point, so `/events`
    and the streams refuse the same texts with the same 400 `invalid_event_id` and words, and
    the spec's pattern (`service.api.stream_schemas`) says exactly which."""
    if raw is None:
        return None
    if not EVENT_ID.fullmatch(raw) or len(raw) > len(str(most)) or int(raw) > most:
        raise ServiceError(
            "invalid_event_id",
            f"{name} must be an event number from 0 to {most} in ASCII digits (the id of the"
            " last frame read), such as 12",
        )
    return int(raw)

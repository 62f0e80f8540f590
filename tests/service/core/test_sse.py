"""The framing every stream shares (`service.core.sse`): media types, frames, keep-alives, resume
points."""

from __future__ import annotations

import json

import pytest

from service.core import sse
from service.core.errors import ServiceError


@pytest.mark.parametrize(
    ("accept", "media"),
    [
        (None, sse.SSE),
        ("", sse.SSE),
        ("*/*", sse.SSE),
        ("application/json", sse.SSE),
        ("text/event-stream", sse.SSE),
        ("application/x-ndjson", sse.NDJSON),
        ("text/event-stream, application/x-ndjson", sse.SSE),
        ("application/x-ndjson;q=0.9, text/event-stream;q=0.5", sse.NDJSON),
    ],
)
def test_negotiate_answers_sse_unless_ndjson_is_preferred(accept: str | None, media: str) -> None:
    assert sse.negotiate(accept) == media


def test_frames_carry_the_same_data_in_both_media_types() -> None:
    data = json.dumps({"n": 7, "text": "a: b\\nc"}, separators=(",", ":"))
    framed = sse.frame(sse.SSE, data, event_id="7", event="event")
    assert framed == f"id: 7\nevent: event\ndata: {data}\n\n".encode()
    assert sse.frame(sse.SSE, data.encode()) == f"data: {data}\n\n".encode()
    line = sse.frame(sse.NDJSON, data, event_id="7", event="event")
    assert line.endswith(b"}\n") and line.count(b"\n") == 1
    assert json.loads(line) == {"id": "7", "event": "event", "data": json.loads(data)}
    assert json.loads(sse.frame(sse.NDJSON, data, event="end")) == {
        "event": "end",
        "data": json.loads(data),
    }
    assert sse.keepalive(sse.SSE).startswith(b":") and sse.keepalive(sse.NDJSON) == b"\n"


def test_resume_points() -> None:
    assert sse.resume_from(None, None) is None
    assert sse.resume_from("", None) is None  # an empty Last-Event-ID is none, as in SSE
    assert sse.resume_from("12", None) == 12
    assert sse.resume_from(None, "3") == 3
    for bad in (" 3", "3 ", ""):  # a query's value is what it says
        with pytest.raises(ServiceError):
            sse.resume_from(None, bad)
    assert sse.resume_from("5", "3") == 5  # the header wins
    for bad in ("x", "-1", "1.0", "9" * 19, "12\n", "\u0661"):  # \u0661: an Arabic-Indic 1
        for given in ((bad, None), (None, bad), (bad, "3"), ("3", bad)):
            with pytest.raises(ServiceError) as refused:
                sse.resume_from(*given)
            assert refused.value.reason == "invalid_event_id"

"""A finished game's rematch offered over its stream (`?rematch=true`) under the real server,
and a declined rematch told over the rematch's own stream: how the other players' pages learn
of an offer and of its refusal at once, without polling (issue 31, item 4)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from testkit.streamkit import API, NDJSON, Frame, Live
from testkit.svc_helpers import call

FAST = {"STREAM_KEEPALIVE_SECONDS": "0.3", "STREAM_HANGUP_CHECK_SECONDS": "0.2"}


def finished_soup(port: int) -> tuple[str, list[str]]:
    """A Duck Soup game of two humans that seat 1 resigned: its id and seat tokens."""
    status, body, _ = call(port, "POST", f"{API}/games", {"game": "ducksoup", "seats": [{}, {}]})
    assert status == 201, body
    tokens = [s["token"] for s in body["seats"]]
    status, over, _ = call(port, "POST", f"{API}/games/{body['id']}/resign", {}, tokens[1])
    assert status == 200 and over["status"] == "over", over
    return body["id"], tokens


def through_end(stream: Live) -> list[Frame]:
    frames = []
    while (frame := stream.next()) is not None:
        frames.append(frame)
        if frame["event"] == "end":
            return frames
    raise AssertionError(f"the stream closed before its end frame: {frames}")


def test_a_rematch_offer_reaches_the_other_seat_at_once(
    serve_api: Callable[..., Any], backend: str
) -> None:
    with serve_api(**FAST) as (port, _):
        gid, tokens = finished_soup(port)
        plain = Live(port, gid, tokens[1], media=NDJSON)
        through_end(plain)
        assert plain.next() is None, "without ?rematch=true the stream closes at its end"
        other = Live(port, gid, tokens[1], media=NDJSON, rematch=True)
        assert other.status == 200
        through_end(other)
        time.sleep(1.0)  # the stream waits, with keep-alives, for the offer
        asked = time.monotonic()
        status, made, _ = call(port, "POST", f"{API}/games/{gid}/rematch", {}, tokens[0])
        assert status == 200, made
        frame = other.next()
        took = time.monotonic() - asked
        assert frame is not None and frame["event"] == "rematch", frame
        assert took < 2.0, f"the offer reached the other seat after {took:.2f} s"
        assert other.keepalives >= 1
        assert frame["data"] == {
            "id": made["id"],
            "rematch_of": gid,
            "status": "waiting",
            "joined": [0],
            "open_seats": [1],
        }
        assert "token" not in str(frame["data"]) and tokens[0] not in str(frame["data"])
        assert other.next() is None, "the stream closes after the rematch frame"
        # A page opened later is told at once, and a spectator too.
        late = Live(port, gid, media=NDJSON, rematch=True)
        frames = through_end(late)
        offer = late.next()
        assert offer is not None and offer["data"]["id"] == made["id"], frames


def test_a_declined_rematch_is_told_to_its_asker_at_once(
    serve_api: Callable[..., Any], backend: str
) -> None:
    with serve_api(**FAST) as (port, _):
        gid, tokens = finished_soup(port)
        status, made, _ = call(port, "POST", f"{API}/games/{gid}/rematch", {}, tokens[0])
        assert status == 200, made
        asker = Live(port, made["id"], made["token"], media=NDJSON)
        snapshot = asker.next()
        assert snapshot is not None and snapshot["data"]["status"] == "waiting"
        declined = time.monotonic()
        status, body, _ = call(port, "POST", f"{API}/games/{gid}/rematch/decline", {}, tokens[1])
        assert status == 200, body
        assert body == {"id": made["id"], "rematch_of": gid, "status": "abandoned",
                        "declined_by": 1}  # fmt: skip
        frames = through_end(asker)
        took = time.monotonic() - declined
        assert took < 2.0, f"the asker heard of the refusal after {took:.2f} s"
        told = [(f["data"]["type"], f["data"]["data"]) for f in frames if f["event"] == "event"]
        assert told == [
            ("rematch_declined", {"seat": 1}),
            ("game_abandoned", {"by": "rematch_declined"}),
        ]
        assert frames[-1]["data"]["status"] == "abandoned"
        status, late, _ = call(port, "POST", f"{API}/games/{gid}/rematch", {}, tokens[1])
        assert status == 409 and late["errors"]["reason"] == "game_abandoned", late

"""What a caller is shown: a game's body (its view for that caller) and its events.

Secrets never leave through here: the view comes from the engine's `view(seat)`, which masks
every hand but the seat's own, and an event with `visible_to` reaches that seat only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import Game
from service.core.codec import text
from service.games.callers import Caller
from service.games.clocks import Seating, clock_out, stand_in_name

# The stored form of an event, kept here too for the use cases that build one.
from service.storage.records import event_entry as event_entry

JSON = dict[str, Any]

PLAYING, DEAL_PENDING, OVER = "playing", "deal_pending", "over"
ABANDONED = "abandoned"
"""A stored status only: the host ended the game early (`Tables.abandon`)."""
WAITING = "waiting"
"""A table with open or invited seats (the meta's `open`, `invited`): no clock, move, deal or
bot turn until every seat is taken (`service.tables.lobby`)."""


def to_json(body: Any) -> str:
    """Compact JSON, as an HTTP answer carries it (and as Flask's `jsonify` writes it)."""
    return text(body)


def seats_pending(meta: Mapping[str, Any]) -> bool:
    """Whether the table still waits for a seat: an open one (a code takes it) or an invited
    one (its token's holder takes it): no clock, turn or bot turn runs until none is left."""
    return bool(meta.get("open") or meta.get("invited"))


def status_of(game: Game) -> str:
    if game.is_over():
        return OVER
    return DEAL_PENDING if game.deal_pending() else PLAYING


def seats_out(
    meta: Mapping[str, Any], seating: Seating | None = None, now: int | None = None
) -> list[JSON]:
    """The seats as every body shows them: human or bot, and `open` while nobody holds one;
    with `seating` and the server's time `now` (`service.games.clocks`), who is away and, in a timed
    game, each human seat's clock."""
    waiting, invited = meta.get("open") or (), meta.get("invited") or ()
    seats = []
    for i, seat in enumerate(meta["seats"]):
        entry: JSON = {"seat": i, "kind": "bot" if seat.get("bot") else "human"}
        if seat.get("bot"):
            entry["bot"] = seat["bot"]
        if seat.get("level"):
            entry["level"] = seat["level"]
        if i in waiting:
            entry["open"] = True
        if i in invited:
            entry["invited"] = True
        if not seat.get("bot"):
            away = seating is not None and seating.seats[i].away
            entry["away"] = away
            if away:
                entry["stand_in"] = stand_in_name(meta)
            if seating is not None and seating.timed and now is not None:
                entry["clock"] = seating.seat_out(i, now)
        seats.append(entry)
    return seats


def game_body(
    gid: str,
    version: int,
    game: Game,
    meta: Mapping[str, Any],
    caller: Caller,
    seating: Seating | None = None,
    now: int | None = None,
) -> JSON:
    """The game as `caller` may see it (the `GameOut` schema). While seats are open the table
    waits: its status says so, and nobody is to act or has a legal move. `seating` and `now`
    as for `seats_out`."""
    view = game.view(caller.seat)
    waiting = seats_pending(meta)
    if waiting:
        view["to_act"] = []
        if "legal_moves" in view:
            view["legal_moves"] = []
    body: JSON = {
        "id": gid,
        "version": version,
        "status": WAITING if waiting else status_of(game),
        "game": game.name,
        "role": caller.role,
        "seat": caller.seat,
        "seats": seats_out(meta, seating, now),
        "auto_deal": bool(meta.get("auto_deal")),
        "view": view,
    }
    clock = None if now is None else clock_out(meta, now)
    if clock is not None:
        body["clock"] = clock
    if meta.get("rematch_of"):  # its seats wait for the finished game's players, not anyone
        body["rematch_of"] = meta["rematch_of"]
    return body


def event_out(entry: Mapping[str, Any], number: int) -> JSON:
    """A stored event as a caller sees it; `number` is its place in the game's list (from 1)."""
    out: JSON = {
        "n": number,
        "version": entry["version"],
        "type": entry["type"],
        "data": entry["data"],
    }
    if entry.get("visible_to") is not None:
        out["visible_to"] = entry["visible_to"]
    return out


def visible(entry: Mapping[str, Any], caller: Caller) -> bool:
    to = entry.get("visible_to")
    return to is None or (caller.seat is not None and to == caller.seat)


def events_out(entries: list[JSON], first: int, caller: Caller) -> list[JSON]:
    """The entries `caller` may see, numbered from `first` (the number of the first entry)."""
    return [event_out(e, first + i) for i, e in enumerate(entries) if visible(e, caller)]


@dataclass(frozen=True, slots=True)
class Answer:
    """A change's response body; `replayed` when it is the stored first answer to a retry.

    `text` is `body` as JSON when the change already serialised it (for its idempotency
    record), so the HTTP answer sends those bytes instead of encoding the body again."""

    body: JSON
    replayed: bool = False
    text: str | None = None
    events_before: int = 0
    """How many events the game had before this change (its first event is number +1)."""
    to_act: tuple[int, ...] | None = None
    """The seats to act after the change (None for a replayed answer)."""

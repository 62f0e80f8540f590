"""Checking a finished game's record against the deal commitments a player was shown.

Apart from `engine.fairness` (which makes the commitments, and which the protocol uses), as a
check replays the record through the games themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.fairness import disclosure
from engine.protocol import EngineError, Event
from engine.record import act, start


def verify(
    record: Mapping[str, Any], events: Sequence[Mapping[str, Any]] | None = None
) -> list[str]:
    """Every way a finished game's record breaks its commitments (empty: it keeps them all).

    `record` is the record endpoint's answer (or its `record`); `events` (optional) are the
    events a player was shown, as the events endpoint lists them. Checked: each deal's stated
    commitment against the one recomputed from the revealed seed and salt (and the host's
    cards); the record replays; and each `deal_started` and `hand_dealt` a player was shown is
    what the replay deals.
    """
    inner = record.get("record")
    rec: Mapping[str, Any] = inner if isinstance(inner, Mapping) else record
    problems: list[str] = []
    try:
        name, seed = str(rec["game"]), str(rec["seed"])
        salt, client_seed = str(rec["salt"]), bool(rec["client_seed"])
        stated = [dict(c) for c in rec["commitments"]]
        actions = list(rec["actions"])
        deals: list[Mapping[str, Any] | None] = [rec.get("deal")]
        deals += [a["deal"] for a in actions if "deal" in a]
    except (KeyError, TypeError, ValueError) as exc:
        return [f"not a record with commitments: {exc!r}"]

    if len(stated) != len(deals):
        problems.append(f"the record states {len(stated)} commitments for {len(deals)} deals")
    for number, (deal, given) in enumerate(zip(deals, stated, strict=False), start=1):
        want = disclosure(name, seed, salt, number, deal, client_seed)
        for key in ("deal_no", "dealt_by", "deal_commitment"):
            if given.get(key) != want[key]:
                problems.append(
                    f"deal {number}: the record says {key} {given.get(key)!r}, but the revealed "
                    f"seed and deals give {want[key]!r}"
                )

    dealt: list[Event] = []
    try:
        game, first = start(
            name,
            int(rec["seat_count"]),
            seed=seed,
            options=rec.get("options"),
            deal=rec.get("deal"),
            salt=salt,
            client_seed=client_seed,
        )
        dealt += first
        for action in actions:
            dealt += act(game, action)
    except (EngineError, KeyError, TypeError, ValueError) as exc:
        problems.append(f"the record does not replay: {getattr(exc, 'message', exc)!r}")
        return problems
    if game.commitments != stated:
        problems.append("the replayed game's commitments are not the ones the record states")
    if not game.is_over():
        problems.append("the replayed game is not over")
    if events is not None:
        problems += _check_shown(events, dealt)
    return problems


def _check_shown(events: Sequence[Mapping[str, Any]], dealt: Sequence[Any]) -> list[str]:
    """What a player was shown of each deal (its `deal_started`, the hands dealt after it)
    against the replay's deals. A hand belongs to the deal whose start came before it."""
    starts: dict[int, Mapping[str, Any]] = {}
    hands: dict[tuple[int, int], list[str]] = {}
    number = 0
    for e in dealt:
        if e.type == "deal_started":
            number = int(e.data["deal_no"])
            starts[number] = e.data
        elif e.type == "hand_dealt":
            hands[(number, int(e.data["seat"]))] = list(e.data["cards"])
    problems: list[str] = []
    shown: object = None
    for event in events:
        kind, data = event.get("type"), event.get("data")
        if not isinstance(data, Mapping):
            continue
        if kind == "deal_started":
            shown = data.get("deal_no")
            want = starts.get(shown) if isinstance(shown, int) else None
            if want is None:
                problems.append(f"you were shown deal {shown!r}, which the record never deals")
                continue
            for key in ("dealt_by", "deal_commitment"):
                if data.get(key) != want[key]:
                    problems.append(
                        f"deal {shown}: you were shown {key} {data.get(key)!r}, but the "
                        f"record gives {want[key]!r}"
                    )
        elif kind == "hand_dealt" and isinstance(shown, int):
            seat = data.get("seat")
            if not isinstance(seat, int) or hands.get((shown, seat)) != data.get("cards"):
                problems.append(f"deal {shown}: seat {seat}'s hand is not the one the record deals")
    return problems

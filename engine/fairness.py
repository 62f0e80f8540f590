"""Provably fair deals: how each deal was made, a SHA-256 commitment to what decided it, and
the check of a finished game's record against those commitments (docs/fair-deals.md).

When a deal is dealt, its `deal_started` event and every view carry `dealt_by` (how it was
made) and `deal_commitment`, the SHA-256 hex of the deal's preimage:

- a shuffled deal (`server_shuffle`, `client_seed`): `<salt>:<shuffle string>`, where the
  shuffle string is exactly what seeds the deal's `random.Random` (`shuffle_string`);
- a deal of cards the host chose (`host_cards`): `<salt>:<shuffle string>:<deal JSON>`, the
  deal as canonical JSON (`deal_text`).

The salt is 128 random bits the service draws at creation, secret with the seed and revealed
with it in the record. A server seed alone would hide the deal (it is 128 random bits too),
but a seed a client chose may be guessable ("s", "round-1"), and without the salt anyone could
find it from the commitment and read every hand. The commitment binds the server: once a
player has seen it, no other seed, salt or host deal gives the same hash, so after the end the
record either reproduces every deal the players were shown or fails `verify`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

JSON = dict[str, Any]

SERVER_SHUFFLE, CLIENT_SEED, HOST_CARDS = "server_shuffle", "client_seed", "host_cards"
DEALT_BY: dict[str, str] = {
    SERVER_SHUFFLE: "Shuffled from a seed the server drew (128 random bits), secret until the "
    "end: nobody at the table can know another hand.",
    CLIENT_SEED: "Shuffled from a seed the creator of the game chose: whoever chose it can "
    "know every hand from the start.",
    HOST_CARDS: "The host chose every card of the deal: the host knows every hand.",
}
"""Each way a deal can be made, as views and events name it, and what it tells the table."""


def shuffle_string(game: str, seed: str, deal_no: int) -> str:
    """The exact string that seeds deal `deal_no`'s shuffle (`Game.deal_rng`)."""
    return f"{game}:{seed}:{deal_no}"


def deal_text(deal: Mapping[str, Any]) -> str:
    """An explicit deal as canonical JSON: keys sorted, no spaces (card names are ASCII)."""
    return json.dumps(dict(deal), sort_keys=True, separators=(",", ":"))


def preimage(
    game: str, seed: str, salt: str, deal_no: int, deal: Mapping[str, Any] | None = None
) -> str:
    """What a deal's commitment is the hash of; revealed only by the record."""
    out = f"{salt}:{shuffle_string(game, seed, deal_no)}"
    return out if deal is None else f"{out}:{deal_text(deal)}"


def commitment(
    game: str, seed: str, salt: str, deal_no: int, deal: Mapping[str, Any] | None = None
) -> str:
    """The SHA-256 hex of the deal's `preimage`."""
    return hashlib.sha256(preimage(game, seed, salt, deal_no, deal).encode()).hexdigest()


def dealt_by(deal: Mapping[str, Any] | None, client_seed: bool) -> str:
    if deal is not None:
        return HOST_CARDS
    return CLIENT_SEED if client_seed else SERVER_SHUFFLE


def disclosure(
    game: str,
    seed: str,
    salt: str,
    deal_no: int,
    deal: Mapping[str, Any] | None,
    client_seed: bool,
) -> JSON:
    """One deal's public disclosure: its number, how it was made and its commitment."""
    return {
        "deal_no": deal_no,
        "dealt_by": dealt_by(deal, client_seed),
        "deal_commitment": commitment(game, seed, salt, deal_no, deal),
    }


# --- checking a record ----------------------------------------------------------------------


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
    # Imported here: the protocol imports this module for the commitments.
    from engine.protocol import EngineError, Event
    from engine.record import act, start

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

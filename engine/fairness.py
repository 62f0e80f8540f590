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
from collections.abc import Mapping
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

"""HTTP resources, one blueprint per file; views stay thin and call `service.games`.

`blp.arguments` gets schema INSTANCES: given a class, webargs builds a new schema, nested ones
included, on every request (a fifth of a move's time in the framework, once)."""

from __future__ import annotations

from flask_smorest import Api

from service.api import (
    abandon,
    arena,
    bots,
    catalog,
    challenges,
    claim,
    deals,
    events,
    feed,
    games,
    health,
    history,
    ladder,
    lobby,
    matches,
    moves,
    records,
    rematch,
    resign,
    scores,
    seats,
    stream,
    tournaments,
    webhooks,
)
from service.http import rate_limits

SCHEMES = {
    "appKey": "An app key (`dpk_...`), issued by the operator "
    "(`python -m service.app_keys issue`): creating a game or a match needs one, "
    "and the key's feed, webhooks, challenges and outside bots are read and changed with it. "
    "A game's host token is bound to the key that created it.",
    "seatToken": "A seat's token (`<game id>.<secret>`), shown once: in the creation's answer "
    "(`seats[].token`), a claim's or a rematch's. It acts for that seat only: its moves, "
    "its deal, resigning, stepping away and back, taking its invited seat, a rematch; and "
    "it shows that seat's own view (its hand, its legal moves, its private events). The "
    "token alone names the seat. A seat bound to an app key (an outside bot's in a match) "
    "also needs that key as `Duckpond-App-Key`.",
    "hostToken": "The host token (`host_token`, shown once by a creation). A game's deals "
    "(an explicit deal too, while its app key lives), abandons the game, asks or declines "
    "its rematch, and reads the public view, never a hand; it never moves for a seat. A "
    "match's host token (its creation's `host_token`) cancels that match.",
}
"""The credentials, as the spec's bearer security schemes (each sent as
`Authorization: Bearer <credential>`); each operation names the ones it takes
(`service.api.common`: `SEAT`, `HOST`, `ANYONE`...)."""


def register(api: Api) -> None:
    for name, description in SCHEMES.items():
        api.spec.components.security_scheme(
            name, {"type": "http", "scheme": "bearer", "description": description}
        )
    for module in (
        health, catalog, bots, games, moves, deals, seats, abandon, resign, claim, rematch,
        lobby, scores, events, stream, records, matches, challenges, tournaments, feed, webhooks,
        ladder, arena, history,
    ):  # fmt: skip
        api.register_blueprint(module.blp)
    rate_limits.document(api.spec)

"""HTTP resources, one blueprint per file; views stay thin and call `service.games`.

`blp.arguments` gets schema INSTANCES: given a class, webargs builds a new schema, nested ones
included, on every request (a fifth of a move's time in the framework, once)."""

from __future__ import annotations

from flask_smorest import Api

from service.api import (
    abandon,
    bots,
    catalog,
    challenges,
    claim,
    deals,
    events,
    feed,
    games,
    health,
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
    webhooks,
)
from service.http import rate_limits


def register(api: Api) -> None:
    api.spec.components.security_scheme(
        "appKey",
        {
            "type": "http",
            "scheme": "bearer",
            "description": "An app key (`dpk_...`), issued by the operator "
            "(`python -m service.app_keys issue`): creating a game or a match needs one, "
            "and the key's feed and webhooks are read with it. "
            "A game's host token is bound to the key that created it.",
        },
    )
    for module in (
        health, catalog, bots, games, moves, deals, seats, abandon, resign, claim, rematch,
        lobby, scores, events, stream, records, matches, challenges, feed, webhooks, ladder,
    ):  # fmt: skip
        api.register_blueprint(module.blp)
    rate_limits.document(api.spec)

"""The catalog: which games exist, their seats, options with defaults and move shapes."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from service.api.catalog_schemas import CatalogOut
from service.api.common import PUBLIC, matches, tables

blp = Blueprint("catalog", __name__, url_prefix="/api/v1", description="Games on offer.")

EXAMPLE = {
    "games": [
        {
            "name": "doubleduck",
            "title": "Doubleduck",
            "min_seats": 4,
            "max_seats": 4,
            "options": [
                {
                    "name": "max_deals",
                    "type": "int",
                    "default": 4,
                    "minimum": 1,
                    "maximum": 4,
                    "scope": "game",
                },
                {"name": "auto_deal", "type": "bool", "default": None, "scope": "service"},
            ],
            "moves": [{"type": "play", "card": "JS", "call": "quack"}],
            "bots": ["random"],
            "dealt_by": [
                {"name": "server_shuffle", "doc": "Shuffled from a seed the server drew ..."},
                {"name": "client_seed", "doc": "Shuffled from a seed the creator chose ..."},
                {"name": "host_cards", "doc": "The host chose every card of the deal ..."},
            ],
            "deal_cap": 4,
            "move_cap": 416,
            "resign": {"offered": True, "doc": "A side resigns when both its players have ..."},
        }
    ],
    "max_match_games": 1000,
}


@blp.route("/catalog", methods=["GET"])
@blp.doc(operationId="get_catalog", security=PUBLIC)
@blp.response(200, CatalogOut, example=EXAMPLE)
def catalog() -> dict[str, Any]:
    """List every game with its seat counts, options (with defaults) and move shapes.

    Options have `scope` "game" (the rules' variants) or "service" (`auto_deal`); every
    number option has a `maximum`. `dealt_by` lists how a deal can be made, as views and
    `deal_started` events disclose it. `deal_cap` and `move_cap` bound every game: it ends after
    `deal_cap` deals at the latest, and no game takes more than `move_cap` moves.
    `max_match_games` is the most games one match may ask for here (a form offers no more).
    """
    return {"games": tables().catalog(), "max_match_games": matches().max_games}

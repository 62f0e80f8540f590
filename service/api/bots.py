"""The bots: computer players a game's seats may take (`{"bot": name}` at creation)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from service.api.common import tables
from service.schemas import BotsOut

blp = Blueprint("bots", __name__, url_prefix="/api/v1", description="Computer players.")


EXAMPLE = {
    "bots": [
        {
            "name": "random",
            "games": ["doubleduck", "duck", "ducksoup"],
            "description": "Picks uniformly among the legal moves.",
            "strength": "The baseline: every other bot is measured against it.",
        }
    ]
}


@blp.route("/bots", methods=["GET"])
@blp.doc(operationId="list_bots")
@blp.response(200, BotsOut, example=EXAMPLE)
def list_bots() -> dict[str, Any]:
    """List the bots by name, with the games each plays and notes on its strength.

    A bot sees only its seat's view and legal moves, as a human player would.
    """
    return {"bots": tables().bots()}

"""The bots: computer players a game's seats may take (`{"bot": name}` at creation)."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint
from marshmallow import Schema, fields

from service.api.common import games

blp = Blueprint("bots", __name__, url_prefix="/api/v1", description="Computer players.")


class BotOut(Schema):
    name = fields.String(required=True, metadata={"description": 'As in `{"bot": "random"}`.'})
    games = fields.List(
        fields.String(), required=True, metadata={"description": "The games it plays."}
    )
    description = fields.String(required=True, metadata={"description": "How it plays."})
    strength = fields.String(
        required=True, metadata={"description": "How strong it is, and how fast."}
    )


class BotsOut(Schema):
    bots = fields.List(fields.Nested(BotOut), required=True)


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
@blp.response(200, BotsOut, example=EXAMPLE)
def list_bots() -> dict[str, Any]:
    """List the bots by name, with the games each plays and notes on its strength.

    A bot sees only its seat's view and legal moves, as a human player would.
    """
    return {"bots": games().bots()}

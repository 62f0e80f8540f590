"""Records: the whole game, seed and deals included, once it is over."""
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from service.api.common import EXAMPLE_ID, PUBLIC, errors, tables
from service.api.records_schemas import RecordOut

blp = Blueprint("records", __name__, url_prefix="/api/v1/games", description="Game records.")


@blp.route("/<string:game_id>/record", methods=["GET"])
@blp.doc(operationId="get_record", security=PUBLIC)
@blp.response(
    200,
    RecordOut,
    example={
        "id": EXAMPLE_ID,
        "version": 416,
        "status": "over",
        "record": {
            "game": "doubleduck",
            "seat_count": 4,
            "seed": "9f3c0d...",
            "salt": "5be1a7...",
            "client_seed": False,
            "options": {"first_dealer": 0, "max_deals": 4, "target": 1000},
            "deal": None,
            "actions": [{"seat": 1, "move": {"type": "play", "card": "JS"}}, {"deal": None}],
            "commitments": [
                {
                    "deal_no": 1,
                    "dealt_by": "server_shuffle",
                    "deal_commitment": "3d3825409b7e89d66aac35dc159b931b"
                    "4f05f8dfd458a16159d8bc596b5f6ef5",
                },
            ],
        },
    },
)
@errors(blp, "no_such_game", "game_not_over", "match_not_over", 503)
def get_record(game_id: str) -> dict[str, Any]:
    """Read the full record after the end (409 before): `engine.record.replay` rebuilds it,
    and `python -m service.verify` checks it against every deal's commitment."""
    return tables().record(game_id)

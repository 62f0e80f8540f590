"""Schemas of `records.py`: a game's full record."""

from __future__ import annotations

from marshmallow import fields

from service.api.common_schemas import VERSION_DOC, Documented, Out
from service.games import contract


class RecordOut(Out):
    id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": VERSION_DOC})
    status = fields.String(required=True)
    record = Documented(
        contract.ref("GameRecord"),
        required=True,
        metadata={
            "description": "game, seats, seed, options, first deal and every action; "
            "`engine.record.replay` rebuilds the game from it exactly. It reveals the seed and "
            "salt each deal's commitment hid: `python -m service.verify` checks them."
        },
    )

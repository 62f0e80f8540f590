"""What the fuzz suite's schemathesis runs allow of schema-valid data, in one place."""

from __future__ import annotations

RULES = frozenset(
    (
        # A move the game refuses in the state it is in: legal moves are not a schema.
        "card_not_in_hand",
        "illegal_call",
        "illegal_move",
        "malformed_move",
        # An explicit deal that is not exactly the game's cards (JSON Schema cannot count
        # cards across hands).
        "invalid_deal",
        # A key already used for another body: state, not shape.
        "idempotency_key_reused",
        # A seat number past the table's seats, a resignation in a game that offers none:
        # the game is the path's id, not in the body.
        "no_such_seat",
        "resign_not_offered",
    )
)
"""The 422s that schema-valid data may get: refusals by the state of a game or of a key,
which no schema can say. Any other 4xx of schema-valid data means the spec is looser than the
server."""

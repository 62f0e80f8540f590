"""Every registered game runs through the same API with no service code of its own."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from svc_helpers import API, Table, play_out

from engine import GAMES
from engine.record import replay


@pytest.mark.parametrize("name", sorted(GAMES))
def test_game_plays_to_the_end_over_http(client: FlaskClient, name: str) -> None:
    cls = GAMES[name]
    options = {"max_deals": 1} if any(o.name == "max_deals" for o in cls.options_spec) else {}
    table = Table.create(
        client, game=name, seats=[{}] * cls.min_seats, seed=f"every-{name}", options=options
    )
    play_out(table, max_moves=20000)
    record = client.get(f"{API}/games/{table.gid}/record").json["record"]
    assert record["game"] == name
    assert replay(record).view(None) == table.public()["view"]

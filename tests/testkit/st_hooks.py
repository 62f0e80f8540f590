"""schemathesis' hooks for duckpond's spec, loaded by the checked-in `schemathesis.toml`
(`hooks = "testkit.st_hooks"`, with `tests/` on the import path): the credentials of the games
a run creates, as a client of the spec's security schemes holds them.

A link cannot carry a token (the token is the caller's scheme, not a parameter), so the run
keeps what each creation answered (`seats[i].token`, `host_token`) and what a claim answered,
and the auth provider sends, on an operation of that game, the token of the seat to act as the
game's last answer showed it (`view.to_act`), the host's where only the host may act, and none
for a game the run did not create (a made-up id: the spectator's path). Only schemathesis'
documented hooks (`after_call`) and auth providers (`@schemathesis.auth`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import schemathesis

HOST_ONLY = {"abandon_game"}
"""Operations only the host's token may take (a deal takes a seat's or the host's: a seat's)."""


@dataclass
class Game:
    seats: list[str | None]
    host: str | None
    to_act: int = 0
    claimed: list[str] = field(default_factory=list)


GAMES: dict[str, Game] = {}
"""The games this process's run created, by id."""


def _json(response: Any) -> Any:
    try:
        return response.json()
    except ValueError:
        return None


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    """Learn a creation's tokens, a claim's token and whose turn it is from the answers."""
    if not 200 <= response.status_code < 300:
        return
    body = _json(response)
    if not isinstance(body, dict):
        return
    if case.method.upper() == "POST" and case.path == "/api/v1/games" and "id" in body:
        seats = [seat.get("token") for seat in body.get("seats", []) if isinstance(seat, dict)]
        GAMES[str(body["id"])] = Game(seats=seats, host=body.get("host_token"))
    gid = (case.path_parameters or {}).get("game_id") or body.get("id")
    game = GAMES.get(str(gid)) if gid is not None else None
    if game is None:
        return
    if case.path.endswith("/claim") and isinstance(body.get("token"), str):
        game.claimed.append(body["token"])
        if isinstance(body.get("seat"), int) and body["seat"] < len(game.seats):
            game.seats[body["seat"]] = body["token"]
    view = body.get("view")
    if isinstance(view, dict) and isinstance(view.get("to_act"), list) and view["to_act"]:
        game.to_act = int(view["to_act"][0])


@schemathesis.auth(refresh_interval=None)
class GameTokens:
    """The token for a case on a game this run created: the host's for a host's operation, else
    the seat's to act (a view at its turn has legal moves to play along `PlayFirstLegal`)."""

    def get(self, case: Any, ctx: Any) -> str | None:
        gid = (case.path_parameters or {}).get("game_id")
        game = GAMES.get(str(gid)) if gid is not None else None
        if game is None:
            return None
        operation = str(case.operation.definition.raw.get("operationId", ""))
        if operation in HOST_ONLY:
            return game.host
        seats = [token for token in game.seats if token]
        if 0 <= game.to_act < len(game.seats) and game.seats[game.to_act]:
            return game.seats[game.to_act]
        return seats[0] if seats else game.host

    def set(self, case: Any, data: str, ctx: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}

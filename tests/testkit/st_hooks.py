"""schemathesis' hooks for duckpond's spec, loaded by the checked-in `schemathesis.toml`
(`hooks = "testkit.st_hooks"`, with `tests/` on the import path): the credentials of the games
a run creates, as a client of the spec's security schemes holds them.

A link cannot carry a token (the token is the caller's scheme, not a parameter), so the run
keeps what each creation answered (`seats[i].token`, `host_token`) and what a claim answered,
and the auth provider sends, on an operation of that game, the token of the seat to act as the
game's last answer showed it (`view.to_act`; the creation's own answer shows it), the host's
where only the host may act, and none for a game the run did not create (a made-up id: the
spectator's path). Only schemathesis' documented hooks (`after_call`) and auth providers
(`@schemathesis.auth`); what they know is `CREDENTIALS`, which the hand-walk of the links
(`links.py`) asks too."""

from __future__ import annotations

import importlib
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import schemathesis

CONFIG = Path(__file__).resolve().parents[2] / "schemathesis.toml"
"""The checked-in configuration, which `st run` reads from the repository's root."""


def checked_in_config(**extra: Any) -> Any:
    """The repository's `schemathesis.toml` for the Python API (its hooks imported, as `st run`
    loads them), with a run's `extra` settings on top, table by table."""
    from schemathesis.config import SchemathesisConfig

    data = tomllib.loads(CONFIG.read_text())
    importlib.import_module(data["hooks"])
    return SchemathesisConfig.from_dict(_merged(data, extra))


def _merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        have = out.get(key)
        if isinstance(have, dict) and isinstance(value, dict):
            value = _merged(have, value)
        out[key] = value
    return out


APP_KEY = "DUCKPOND_APP_KEY"
"""The environment variable with an app key (`dpk_...`) for the operations that take one (a
creation: against a server with app keys on); none is sent without it."""

HOST_ONLY = {"abandon_game"}
"""Operations only the host's token may take (a deal takes a seat's or the host's: a seat's)."""


@dataclass
class Game:
    seats: list[str | None]
    host: str | None
    to_act: int = 0
    claimed: list[str] = field(default_factory=list)


@dataclass
class Credentials:
    """The tokens of the games a client created, and whose turn each game's last answer
    showed: a client of the spec's security schemes holds them (no link can)."""

    games: dict[str, Game] = field(default_factory=dict)

    def learn(self, method: str, path: str, game_id: str | None, status: int, body: Any) -> None:
        """Learn a creation's tokens, a claim's token and whose turn it is from an answer."""
        if not 200 <= status < 300 or not isinstance(body, dict):
            return
        if method.upper() == "POST" and path == "/api/v1/games" and "id" in body:
            seats = [seat.get("token") for seat in body.get("seats", []) if isinstance(seat, dict)]
            self.games[str(body["id"])] = Game(seats=seats, host=body.get("host_token"))
        game = self.games.get(str(game_id or body.get("id")))
        if game is None:
            return
        if path.endswith("/claim") and isinstance(body.get("token"), str):
            game.claimed.append(body["token"])
            if isinstance(body.get("seat"), int) and 0 <= body["seat"] < len(game.seats):
                game.seats[body["seat"]] = body["token"]
        view = body.get("view")
        if isinstance(view, dict) and isinstance(view.get("to_act"), list) and view["to_act"]:
            game.to_act = int(view["to_act"][0])

    def token(self, operation_id: str, game_id: str | None) -> str | None:
        """The token for `operation_id` on a game this client created: the host's for a host's
        operation, else the seat's to act (a view at its turn has legal moves to play along
        `PlayFirstLegal`); None for any other game."""
        game = self.games.get(str(game_id)) if game_id is not None else None
        if game is None:
            return None
        if operation_id in HOST_ONLY:
            return game.host
        if 0 <= game.to_act < len(game.seats) and game.seats[game.to_act]:
            return game.seats[game.to_act]
        return next((token for token in game.seats if token), game.host)


CREDENTIALS = Credentials()
"""What this process's runs learnt."""


def _game_id(case: Any) -> str | None:
    found = (case.path_parameters or {}).get("game_id")
    return None if found is None else str(found)


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    """Every answer schemathesis gets: learn the tokens and turns in it."""
    try:
        body = response.json()
    except ValueError:
        body = None
    CREDENTIALS.learn(case.method, case.path, _game_id(case), response.status_code, body)


@schemathesis.auth(refresh_interval=None)
class GameTokens:
    """A case on a game this run created gets the token `CREDENTIALS` holds for it, as
    `Authorization: Bearer` (the spec's seatToken/hostToken schemes), whatever parameters the
    operation declares; an operation that takes an app key gets `$DUCKPOND_APP_KEY` if set."""

    def get(self, case: Any, ctx: Any) -> str | None:
        raw = case.operation.definition.raw
        token = CREDENTIALS.token(str(raw.get("operationId", "")), _game_id(case))
        if token is None and any("appKey" in way for way in raw.get("security", [])):
            return os.environ.get(APP_KEY) or None
        return token

    def set(self, case: Any, data: str, ctx: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}

"""Records: a game as (game, seat_count, seed, options, first deal, actions), replayed exactly.

A record also reveals what each deal's commitment hid (`salt`, `client_seed`) and states the
commitments made (`commitments`), so `engine.audit.verify` can check one against the other.
An action is `{"seat": s, "move": {...}}`, `{"deal": {...} | None}` for a later deal, or
`{"seat": s, "resign": true}` (`Game.resign`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.protocol import JSON, Deal, Event, Game, Reason, SetupError
from engine.registry import GAMES


def games() -> dict[str, type[Game]]:
    return GAMES


def create(
    name: str,
    seats: int,
    *,
    seed: str,
    options: Mapping[str, Any] | None = None,
    deal: Mapping[str, Any] | None = None,
    salt: str = "",
    client_seed: bool = False,
) -> Game:
    """A new game of any registered kind, from JSON-shaped arguments."""
    return start(
        name, seats, seed=seed, options=options, deal=deal, salt=salt, client_seed=client_seed
    )[0]


def start(
    name: str,
    seats: int,
    *,
    seed: str,
    options: Mapping[str, Any] | None = None,
    deal: Mapping[str, Any] | None = None,
    salt: str = "",
    client_seed: bool = False,
) -> tuple[Game, list[Event]]:
    """As `create`, with the first deal's events."""
    cls = games().get(name)
    if cls is None:
        raise SetupError(Reason.INVALID_OPTIONS, f"unknown game {name!r}")
    return cls.start(
        seats,
        seed=seed,
        options=options,
        deal=Deal.from_json(deal) if deal is not None else None,
        salt=salt,
        client_seed=client_seed,
    )


def act(game: Game, action: Mapping[str, Any], events: bool = True) -> list[Any]:
    """Apply one recorded action."""
    if "deal" in action:
        deal = action["deal"]
        return game.next_deal(Deal.from_json(deal) if deal is not None else None)
    if action.get("resign"):
        return game.resign(int(action["seat"]))
    return game.apply(int(action["seat"]), action["move"])


def replay(record: Mapping[str, Any]) -> Game:
    """Rebuild a game from its record; raises EngineError if the record is not a real game."""
    try:
        game = create(
            str(record["game"]),
            int(record["seat_count"]),
            seed=str(record["seed"]),
            options=record.get("options"),
            deal=record.get("deal"),
            salt=str(record.get("salt", "")),
            client_seed=bool(record.get("client_seed", False)),
        )
        actions = record["actions"]
    except (KeyError, TypeError, ValueError) as exc:
        why = f"no '{exc.args[0]}'" if isinstance(exc, KeyError) else str(exc)
        raise SetupError(Reason.INVALID_STATE, f"bad record: {why}") from exc
    for action in actions:
        act(game, action)
    return game


def load(data: Mapping[str, Any]) -> Game:
    """A game from `Game.to_dict` output, of whichever kind it is."""
    cls = games().get(str(data.get("game")))
    if cls is None:
        raise SetupError(Reason.INVALID_STATE, f"unknown game {data.get('game')!r}")
    return cls.from_dict(data)


def record_of(game: Game, first_deal: JSON | None, actions: list[JSON]) -> JSON:
    return {
        "game": game.name,
        "seat_count": game.seats,
        "seed": game.seed,
        "salt": game.salt,
        "client_seed": game.client_seed,
        "options": dict(game.options),
        "deal": first_deal,
        "actions": actions,
        "commitments": [dict(c) for c in game.commitments],
    }

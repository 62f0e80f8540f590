from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.arena_in_games_item import ArenaInGamesItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ArenaIn")



@_attrs_define
class ArenaIn:
    """ 
        Attributes:
            games (list[ArenaInGamesItem]): The games to be paired in: catalog names the bot plays (another is a 422
                `unknown_bot`).
            concurrency (int | Unset): The most of its arena games live at once, 1 to 16. Default: 2.
            games_per_hour (int | Unset): The most games it is seated in over any hour, 2 to 1200: each rotation of a match
                game is one, as the ladder counts them. Default: 60.
     """

    games: list[ArenaInGamesItem]
    concurrency: int | Unset = 2
    games_per_hour: int | Unset = 60





    def to_dict(self) -> dict[str, Any]:
        games = []
        for games_item_data in self.games:
            games_item = games_item_data.value
            games.append(games_item)



        concurrency = self.concurrency

        games_per_hour = self.games_per_hour


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "games": games,
        })
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if games_per_hour is not UNSET:
            field_dict["games_per_hour"] = games_per_hour

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games = []
        _games = d.pop("games")
        for games_item_data in (_games):
            games_item = ArenaInGamesItem(games_item_data)



            games.append(games_item)


        concurrency = d.pop("concurrency", UNSET)

        games_per_hour = d.pop("games_per_hour", UNSET)

        arena_in = cls(
            games=games,
            concurrency=concurrency,
            games_per_hour=games_per_hour,
        )

        return arena_in


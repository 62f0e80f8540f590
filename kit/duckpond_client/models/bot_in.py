from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_in_games_item import BotInGamesItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="BotIn")



@_attrs_define
class BotIn:
    """ 
        Attributes:
            games (list[BotInGamesItem]): The games it plays (catalog names).
            name (str): The bot's public name, unique for good: never a built-in bot's, never one registered before (even
                retired): 409 `bot_name_taken`. Example: my-bot.
            description (str | Unset): How it plays, for other authors. Default: ''.
     """

    games: list[BotInGamesItem]
    name: str
    description: str | Unset = ''





    def to_dict(self) -> dict[str, Any]:
        games = []
        for games_item_data in self.games:
            games_item = games_item_data.value
            games.append(games_item)



        name = self.name

        description = self.description


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "games": games,
            "name": name,
        })
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games = []
        _games = d.pop("games")
        for games_item_data in (_games):
            games_item = BotInGamesItem(games_item_data)



            games.append(games_item)


        name = d.pop("name")

        description = d.pop("description", UNSET)

        bot_in = cls(
            games=games,
            name=name,
            description=description,
        )

        return bot_in


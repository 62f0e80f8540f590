from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.catalog_game_out import CatalogGameOut





T = TypeVar("T", bound="CatalogOut")



@_attrs_define
class CatalogOut:
    """ 
        Attributes:
            games (list[CatalogGameOut]):
            max_match_games (int): The most games one match may ask for on this server (its `MAX_MATCH_GAMES`; more is 422
                `too_many_games`). An app key's own quota of games per match may be lower (429 `quota_match_games`).
     """

    games: list[CatalogGameOut]
    max_match_games: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.catalog_game_out import CatalogGameOut # noqa: PLC0415
        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)



        max_match_games = self.max_match_games


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "games": games,
            "max_match_games": max_match_games,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.catalog_game_out import CatalogGameOut # noqa: PLC0415
        d = dict(src_dict)
        games = []
        _games = d.pop("games")
        for games_item_data in (_games):
            games_item = CatalogGameOut.from_dict(games_item_data)



            games.append(games_item)


        max_match_games = d.pop("max_match_games")

        catalog_out = cls(
            games=games,
            max_match_games=max_match_games,
        )


        catalog_out.additional_properties = d
        return catalog_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="GameCreatedData")



@_attrs_define
class GameCreatedData:
    """ Sent by: service.

        Attributes:
            bots (list[None | str]):
            game (str):
            seat_count (int):
     """

    bots: list[None | str]
    game: str
    seat_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bots = []
        for bots_item_data in self.bots:
            bots_item: None | str
            bots_item = bots_item_data
            bots.append(bots_item)



        game = self.game

        seat_count = self.seat_count


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bots": bots,
            "game": game,
            "seat_count": seat_count,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bots = []
        _bots = d.pop("bots")
        for bots_item_data in (_bots):
            def _parse_bots_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            bots_item = _parse_bots_item(bots_item_data)

            bots.append(bots_item)


        game = d.pop("game")

        seat_count = d.pop("seat_count")

        game_created_data = cls(
            bots=bots,
            game=game,
            seat_count=seat_count,
        )


        game_created_data.additional_properties = d
        return game_created_data

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

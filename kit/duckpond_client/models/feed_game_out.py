from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="FeedGameOut")



@_attrs_define
class FeedGameOut:
    """ 
        Attributes:
            game (str):
            id (str):
            status (str):
            to_act (list[int]): The human seats to act now (the key plays them).
            version (int): Number of accepted state changes of the game; 0 right after creation.
     """

    game: str
    id: str
    status: str
    to_act: list[int]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        game = self.game

        id = self.id

        status = self.status

        to_act = self.to_act



        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game": game,
            "id": id,
            "status": status,
            "to_act": to_act,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = d.pop("game")

        id = d.pop("id")

        status = d.pop("status")

        to_act = cast(list[int], d.pop("to_act"))


        version = d.pop("version")

        feed_game_out = cls(
            game=game,
            id=id,
            status=status,
            to_act=to_act,
            version=version,
        )


        feed_game_out.additional_properties = d
        return feed_game_out

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

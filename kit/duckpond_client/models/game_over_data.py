from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="GameOverData")



@_attrs_define
class GameOverData:
    """ Sent by: Doubleduck, Duck Soup, Duck, Doppelkopf.

        Attributes:
            totals (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            winners (list[int]):
            capped (bool | Unset): Present (true) when the deal cap ended the game.
            game_points (list[int] | Unset): One number per team of the game (a side in Doubleduck, else a seat).
            resigned (list[int] | Unset): Present when a resignation ended the game.
     """

    totals: list[int]
    winners: list[int]
    capped: bool | Unset = UNSET
    game_points: list[int] | Unset = UNSET
    resigned: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        totals = self.totals



        winners = self.winners



        capped = self.capped

        game_points: list[int] | Unset = UNSET
        if not isinstance(self.game_points, Unset):
            game_points = self.game_points



        resigned: list[int] | Unset = UNSET
        if not isinstance(self.resigned, Unset):
            resigned = self.resigned




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "totals": totals,
            "winners": winners,
        })
        if capped is not UNSET:
            field_dict["capped"] = capped
        if game_points is not UNSET:
            field_dict["game_points"] = game_points
        if resigned is not UNSET:
            field_dict["resigned"] = resigned

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        totals = cast(list[int], d.pop("totals"))


        winners = cast(list[int], d.pop("winners"))


        capped = d.pop("capped", UNSET)

        game_points = cast(list[int], d.pop("game_points", UNSET))


        resigned = cast(list[int], d.pop("resigned", UNSET))


        game_over_data = cls(
            totals=totals,
            winners=winners,
            capped=capped,
            game_points=game_points,
            resigned=resigned,
        )


        game_over_data.additional_properties = d
        return game_over_data

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

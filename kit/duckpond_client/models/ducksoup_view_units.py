from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="DucksoupViewUnits")



@_attrs_define
class DucksoupViewUnits:
    """ Per course, per team.

        Attributes:
            duck (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            soup (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
     """

    duck: list[int]
    soup: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        duck = self.duck



        soup = self.soup




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "duck": duck,
            "soup": soup,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        duck = cast(list[int], d.pop("duck"))


        soup = cast(list[int], d.pop("soup"))


        ducksoup_view_units = cls(
            duck=duck,
            soup=soup,
        )


        ducksoup_view_units.additional_properties = d
        return ducksoup_view_units

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

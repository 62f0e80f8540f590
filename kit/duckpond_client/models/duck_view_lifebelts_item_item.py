from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.duck_view_lifebelts_item_item_side import DuckViewLifebeltsItemItemSide






T = TypeVar("T", bound="DuckViewLifebeltsItemItem")



@_attrs_define
class DuckViewLifebeltsItemItem:
    """ A lifebelt a seat holds: its value, the side it lies on, what it scored.

        Attributes:
            deal_no (int):
            points (int):
            side (DuckViewLifebeltsItemItemSide):
            value (int):
     """

    deal_no: int
    points: int
    side: DuckViewLifebeltsItemItemSide
    value: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        deal_no = self.deal_no

        points = self.points

        side = self.side.value

        value = self.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deal_no": deal_no,
            "points": points,
            "side": side,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal_no = d.pop("deal_no")

        points = d.pop("points")

        side = DuckViewLifebeltsItemItemSide(d.pop("side"))




        value = d.pop("value")

        duck_view_lifebelts_item_item = cls(
            deal_no=deal_no,
            points=points,
            side=side,
            value=value,
        )


        duck_view_lifebelts_item_item.additional_properties = d
        return duck_view_lifebelts_item_item

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

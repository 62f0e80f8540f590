from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.duck_deal_lifebelt_type_0_side import DuckDealLifebeltType0Side






T = TypeVar("T", bound="DuckDealLifebeltType0")



@_attrs_define
class DuckDealLifebeltType0:
    """ 
        Attributes:
            deal_no (int):
            points (int):
            seat (int): A seat, from 0.
            side (DuckDealLifebeltType0Side):
            value (int):
     """

    deal_no: int
    points: int
    seat: int
    side: DuckDealLifebeltType0Side
    value: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        deal_no = self.deal_no

        points = self.points

        seat = self.seat

        side = self.side.value

        value = self.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deal_no": deal_no,
            "points": points,
            "seat": seat,
            "side": side,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal_no = d.pop("deal_no")

        points = d.pop("points")

        seat = d.pop("seat")

        side = DuckDealLifebeltType0Side(d.pop("side"))




        value = d.pop("value")

        duck_deal_lifebelt_type_0 = cls(
            deal_no=deal_no,
            points=points,
            seat=seat,
            side=side,
            value=value,
        )


        duck_deal_lifebelt_type_0.additional_properties = d
        return duck_deal_lifebelt_type_0

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CardsDrawnData")



@_attrs_define
class CardsDrawnData:
    """ Sent by: Doubleduck, Duck Soup.

        Attributes:
            order (list[int]):
            stock_count (int):
            counts (list[int] | Unset): One count per seat, seat 0 first.
     """

    order: list[int]
    stock_count: int
    counts: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        order = self.order



        stock_count = self.stock_count

        counts: list[int] | Unset = UNSET
        if not isinstance(self.counts, Unset):
            counts = self.counts




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "order": order,
            "stock_count": stock_count,
        })
        if counts is not UNSET:
            field_dict["counts"] = counts

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        order = cast(list[int], d.pop("order"))


        stock_count = d.pop("stock_count")

        counts = cast(list[int], d.pop("counts", UNSET))


        cards_drawn_data = cls(
            order=order,
            stock_count=stock_count,
            counts=counts,
        )


        cards_drawn_data.additional_properties = d
        return cards_drawn_data

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

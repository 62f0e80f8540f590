from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="DuckViewPilesItem")



@_attrs_define
class DuckViewPilesItem:
    """ 
        Attributes:
            size (int):
            top (None | str): A card: rank then suit (`JS`, `TC`), in Duck colour then number (`B7`).
     """

    size: int
    top: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        size = self.size

        top: None | str
        top = self.top


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "size": size,
            "top": top,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        size = d.pop("size")

        def _parse_top(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        top = _parse_top(d.pop("top"))


        duck_view_piles_item = cls(
            size=size,
            top=top,
        )


        duck_view_piles_item.additional_properties = d
        return duck_view_piles_item

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

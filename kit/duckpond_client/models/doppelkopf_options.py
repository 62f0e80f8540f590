from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DoppelkopfOptions")



@_attrs_define
class DoppelkopfOptions:
    """ The options of this Doppelkopf game, defaults filled in.

        Attributes:
            first_dealer (int): Seat that deals the first deal. Default: 0.
            max_deals (int): Number of deals; the deal passes left. Default: 8.
     """

    first_dealer: int = 0
    max_deals: int = 8
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        first_dealer = self.first_dealer

        max_deals = self.max_deals


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "first_dealer": first_dealer,
            "max_deals": max_deals,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        first_dealer = d.pop("first_dealer")

        max_deals = d.pop("max_deals")

        doppelkopf_options = cls(
            first_dealer=first_dealer,
            max_deals=max_deals,
        )


        doppelkopf_options.additional_properties = d
        return doppelkopf_options

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

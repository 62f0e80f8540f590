from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="DoppelkopfMatchInOptions")



@_attrs_define
class DoppelkopfMatchInOptions:
    """ Options of Doppelkopf (the catalog lists them with their defaults); any other member is refused.

        Attributes:
            first_dealer (int | Unset): Seat that deals the first deal. Default: 0.
            max_deals (int | Unset): Number of deals; the deal passes left. Default: 8.
     """

    first_dealer: int | Unset = 0
    max_deals: int | Unset = 8





    def to_dict(self) -> dict[str, Any]:
        first_dealer = self.first_dealer

        max_deals = self.max_deals


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if first_dealer is not UNSET:
            field_dict["first_dealer"] = first_dealer
        if max_deals is not UNSET:
            field_dict["max_deals"] = max_deals

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        first_dealer = d.pop("first_dealer", UNSET)

        max_deals = d.pop("max_deals", UNSET)

        doppelkopf_match_in_options = cls(
            first_dealer=first_dealer,
            max_deals=max_deals,
        )

        return doppelkopf_match_in_options


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="DoubleduckMatchInOptions")



@_attrs_define
class DoubleduckMatchInOptions:
    """ Options of Doubleduck (the catalog lists them with their defaults); any other member is refused.

        Attributes:
            first_dealer (int | Unset): Seat that deals the first deal. Default: 0.
            max_deals (int | Unset): The game ends after this many deals. Default: 4.
            target (int | Unset): A side whose total reaches this ends the game. Default: 1000.
     """

    first_dealer: int | Unset = 0
    max_deals: int | Unset = 4
    target: int | Unset = 1000





    def to_dict(self) -> dict[str, Any]:
        first_dealer = self.first_dealer

        max_deals = self.max_deals

        target = self.target


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if first_dealer is not UNSET:
            field_dict["first_dealer"] = first_dealer
        if max_deals is not UNSET:
            field_dict["max_deals"] = max_deals
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        first_dealer = d.pop("first_dealer", UNSET)

        max_deals = d.pop("max_deals", UNSET)

        target = d.pop("target", UNSET)

        doubleduck_match_in_options = cls(
            first_dealer=first_dealer,
            max_deals=max_deals,
            target=target,
        )

        return doubleduck_match_in_options


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="DucksoupMatchInOptions")



@_attrs_define
class DucksoupMatchInOptions:
    """ Options of Duck Soup (the catalog lists them with their defaults); any other member is refused.

        Attributes:
            first_dealer (int | Unset): Seat that deals the first deal. Default: 0.
            target (int | Unset): After a deal in which a total reaches this, the higher total wins. Default: 250.
     """

    first_dealer: int | Unset = 0
    target: int | Unset = 250





    def to_dict(self) -> dict[str, Any]:
        first_dealer = self.first_dealer

        target = self.target


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if first_dealer is not UNSET:
            field_dict["first_dealer"] = first_dealer
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        first_dealer = d.pop("first_dealer", UNSET)

        target = d.pop("target", UNSET)

        ducksoup_match_in_options = cls(
            first_dealer=first_dealer,
            target=target,
        )

        return ducksoup_match_in_options


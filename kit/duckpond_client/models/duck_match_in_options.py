from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DuckMatchInOptions")



@_attrs_define
class DuckMatchInOptions:
    """ Options of Duck (the catalog lists them with their defaults); any other member is refused.

        Attributes:
            first_dealer (int | Unset): Seat that deals the first deal. Default: 0.
            red_penalties (list[int] | Unset): Penalty of the red side of the lifebelt of deals 1-5 (5 numbers from 0 to
                20).
     """

    first_dealer: int | Unset = 0
    red_penalties: list[int] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        first_dealer = self.first_dealer

        red_penalties: list[int] | Unset = UNSET
        if not isinstance(self.red_penalties, Unset):
            red_penalties = self.red_penalties




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if first_dealer is not UNSET:
            field_dict["first_dealer"] = first_dealer
        if red_penalties is not UNSET:
            field_dict["red_penalties"] = red_penalties

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        first_dealer = d.pop("first_dealer", UNSET)

        red_penalties = cast(list[int], d.pop("red_penalties", UNSET))


        duck_match_in_options = cls(
            first_dealer=first_dealer,
            red_penalties=red_penalties,
        )

        return duck_match_in_options


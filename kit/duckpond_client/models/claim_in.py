from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ClaimIn")



@_attrs_define
class ClaimIn:
    """ 
        Attributes:
            invite_code (str): The table's invite code, from its creation (or the lobby).
            seat (int | Unset): The open seat to take; absent, the lowest open one.
     """

    invite_code: str
    seat: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        invite_code = self.invite_code

        seat = self.seat


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "invite_code": invite_code,
        })
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        invite_code = d.pop("invite_code")

        seat = d.pop("seat", UNSET)

        claim_in = cls(
            invite_code=invite_code,
            seat=seat,
        )

        return claim_in


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.announced_data_call import AnnouncedDataCall
from ..models.announced_data_party import AnnouncedDataParty






T = TypeVar("T", bound="AnnouncedData")



@_attrs_define
class AnnouncedData:
    """ Sent by: Doppelkopf.

        Attributes:
            call (AnnouncedDataCall):
            party (AnnouncedDataParty):
            seat (int): A seat, from 0.
     """

    call: AnnouncedDataCall
    party: AnnouncedDataParty
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        call = self.call.value

        party = self.party.value

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "call": call,
            "party": party,
            "seat": seat,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        call = AnnouncedDataCall(d.pop("call"))




        party = AnnouncedDataParty(d.pop("party"))




        seat = d.pop("seat")

        announced_data = cls(
            call=call,
            party=party,
            seat=seat,
        )


        announced_data.additional_properties = d
        return announced_data

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

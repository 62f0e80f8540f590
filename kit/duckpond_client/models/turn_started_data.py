from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TurnStartedData")



@_attrs_define
class TurnStartedData:
    """ Sent by: service.

        Attributes:
            at (int): The turn's start (ms since the epoch).
            deadline (int): When its `on_timeout` bot plays for it.
            reserve_ms (int): The seat's reserve, counted in `deadline`.
            seat (int): A seat, from 0.
     """

    at: int
    deadline: int
    reserve_ms: int
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        at = self.at

        deadline = self.deadline

        reserve_ms = self.reserve_ms

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "at": at,
            "deadline": deadline,
            "reserve_ms": reserve_ms,
            "seat": seat,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = d.pop("at")

        deadline = d.pop("deadline")

        reserve_ms = d.pop("reserve_ms")

        seat = d.pop("seat")

        turn_started_data = cls(
            at=at,
            deadline=deadline,
            reserve_ms=reserve_ms,
            seat=seat,
        )


        turn_started_data.additional_properties = d
        return turn_started_data

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TurnTimedOutData")



@_attrs_define
class TurnTimedOutData:
    """ Sent by: service.

        Attributes:
            at (int): When its bot played (ms since the epoch).
            bot (str): The `on_timeout` bot that played the move.
            deadline (int): The seat's deadline (ms since the epoch).
            seat (int): A seat, from 0.
     """

    at: int
    bot: str
    deadline: int
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        at = self.at

        bot = self.bot

        deadline = self.deadline

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "at": at,
            "bot": bot,
            "deadline": deadline,
            "seat": seat,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = d.pop("at")

        bot = d.pop("bot")

        deadline = d.pop("deadline")

        seat = d.pop("seat")

        turn_timed_out_data = cls(
            at=at,
            bot=bot,
            deadline=deadline,
            seat=seat,
        )


        turn_timed_out_data.additional_properties = d
        return turn_timed_out_data

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

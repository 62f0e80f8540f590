from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ClockOut")



@_attrs_define
class ClockOut:
    """ 
        Attributes:
            away_after (int):
            now (int): The server's time as this answer was made (ms since the epoch).
            on_timeout (str): `heuristic`, `search:fast`...
            reserve_seconds (int):
            turn_seconds (int):
     """

    away_after: int
    now: int
    on_timeout: str
    reserve_seconds: int
    turn_seconds: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        away_after = self.away_after

        now = self.now

        on_timeout = self.on_timeout

        reserve_seconds = self.reserve_seconds

        turn_seconds = self.turn_seconds


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "away_after": away_after,
            "now": now,
            "on_timeout": on_timeout,
            "reserve_seconds": reserve_seconds,
            "turn_seconds": turn_seconds,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        away_after = d.pop("away_after")

        now = d.pop("now")

        on_timeout = d.pop("on_timeout")

        reserve_seconds = d.pop("reserve_seconds")

        turn_seconds = d.pop("turn_seconds")

        clock_out = cls(
            away_after=away_after,
            now=now,
            on_timeout=on_timeout,
            reserve_seconds=reserve_seconds,
            turn_seconds=turn_seconds,
        )


        clock_out.additional_properties = d
        return clock_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SeatClockOut")



@_attrs_define
class SeatClockOut:
    """ 
        Attributes:
            deadline (int | None): While the seat is to act: when its `on_timeout` bot plays for it, in ms since the epoch
                by the server's clock (Redis TIME); else null.
            remaining_ms (int | None): `deadline` minus the server's time as this answer was made (`clock.now`); null when
                the seat is not on the clock.
            reserve_ms (int): The seat's bank, as of its turn's start: spent once a move's own `turn_seconds` ran out (the
                deadline counts it in).
            timeouts (int): Timeouts in a row; at `away_after` the seat is away.
     """

    deadline: int | None
    remaining_ms: int | None
    reserve_ms: int
    timeouts: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        deadline: int | None
        deadline = self.deadline

        remaining_ms: int | None
        remaining_ms = self.remaining_ms

        reserve_ms = self.reserve_ms

        timeouts = self.timeouts


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deadline": deadline,
            "remaining_ms": remaining_ms,
            "reserve_ms": reserve_ms,
            "timeouts": timeouts,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_deadline(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deadline = _parse_deadline(d.pop("deadline"))


        def _parse_remaining_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        remaining_ms = _parse_remaining_ms(d.pop("remaining_ms"))


        reserve_ms = d.pop("reserve_ms")

        timeouts = d.pop("timeouts")

        seat_clock_out = cls(
            deadline=deadline,
            remaining_ms=remaining_ms,
            reserve_ms=reserve_ms,
            timeouts=timeouts,
        )


        seat_clock_out.additional_properties = d
        return seat_clock_out

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

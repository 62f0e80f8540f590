from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_out_kind import SeatOutKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.seat_clock_out import SeatClockOut





T = TypeVar("T", bound="SeatOut")



@_attrs_define
class SeatOut:
    """ 
        Attributes:
            kind (SeatOutKind):
            seat (int):
            away (bool | Unset): A human seat: true while its `on_timeout` bot plays it (it left, or timed out `away_after`
                times in a row) until it returns.
            bot (str | Unset):
            clock (SeatClockOut | Unset):
            invited (bool | Unset): Present (`true`) on an invited seat its token's holder has not taken yet (`POST
                .../seats/{seat}/claim`): the table waits for it.
            level (str | Unset): The bot's level, when one was picked.
            open_ (bool | Unset): Present (`true`) on a human seat nobody holds yet.
            stand_in (str | Unset): While away: the bot that plays the seat (`on_timeout`).
     """

    kind: SeatOutKind
    seat: int
    away: bool | Unset = UNSET
    bot: str | Unset = UNSET
    clock: SeatClockOut | Unset = UNSET
    invited: bool | Unset = UNSET
    level: str | Unset = UNSET
    open_: bool | Unset = UNSET
    stand_in: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_clock_out import SeatClockOut # noqa: PLC0415
        kind = self.kind.value

        seat = self.seat

        away = self.away

        bot = self.bot

        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        invited = self.invited

        level = self.level

        open_ = self.open_

        stand_in = self.stand_in


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "seat": seat,
        })
        if away is not UNSET:
            field_dict["away"] = away
        if bot is not UNSET:
            field_dict["bot"] = bot
        if clock is not UNSET:
            field_dict["clock"] = clock
        if invited is not UNSET:
            field_dict["invited"] = invited
        if level is not UNSET:
            field_dict["level"] = level
        if open_ is not UNSET:
            field_dict["open"] = open_
        if stand_in is not UNSET:
            field_dict["stand_in"] = stand_in

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_clock_out import SeatClockOut # noqa: PLC0415
        d = dict(src_dict)
        kind = SeatOutKind(d.pop("kind"))




        seat = d.pop("seat")

        away = d.pop("away", UNSET)

        bot = d.pop("bot", UNSET)

        _clock = d.pop("clock", UNSET)
        clock: SeatClockOut | Unset
        if isinstance(_clock,  Unset):
            clock = UNSET
        else:
            clock = SeatClockOut.from_dict(_clock)




        invited = d.pop("invited", UNSET)

        level = d.pop("level", UNSET)

        open_ = d.pop("open", UNSET)

        stand_in = d.pop("stand_in", UNSET)

        seat_out = cls(
            kind=kind,
            seat=seat,
            away=away,
            bot=bot,
            clock=clock,
            invited=invited,
            level=level,
            open_=open_,
            stand_in=stand_in,
        )


        seat_out.additional_properties = d
        return seat_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doppelkopf_game_in_options_on_timeout import DoppelkopfGameInOptionsOnTimeout
from ..types import UNSET, Unset






T = TypeVar("T", bound="DoppelkopfGameInOptions")



@_attrs_define
class DoppelkopfGameInOptions:
    """ Options of Doppelkopf (the catalog lists them with their defaults); any other member is refused.

        Attributes:
            auto_deal (bool | Unset): Service option: deal each next deal by itself. Default: on when at most one seat is
                human.
            away_after (int | Unset): Service option: Timeouts in a row after which a seat is away: its bot plays it at once
                until the seat returns (POST .../seats/{seat}/return). Default: 3.
            first_dealer (int | Unset): Seat that deals the first deal. Default: 0.
            max_deals (int | Unset): Number of deals; the deal passes left. Default: 8.
            on_timeout (DoppelkopfGameInOptionsOnTimeout | Unset): Service option: The bot that plays a timed-out move and
                every move of an away seat: a bot name from GET /api/v1/bots, with a level as `search:fast`. Default:
                DoppelkopfGameInOptionsOnTimeout.HEURISTIC.
            reserve_seconds (int | Unset): Service option: A bank of seconds per seat, spent when a move takes longer than
                `turn_seconds`. Default: 0.
            turn_seconds (int | Unset): Service option: Seconds each move of a human seat may take (0: no clock). When they
                and the seat's reserve have run out, the `on_timeout` bot plays the move. Default: 0.
     """

    auto_deal: bool | Unset = UNSET
    away_after: int | Unset = 3
    first_dealer: int | Unset = 0
    max_deals: int | Unset = 8
    on_timeout: DoppelkopfGameInOptionsOnTimeout | Unset = DoppelkopfGameInOptionsOnTimeout.HEURISTIC
    reserve_seconds: int | Unset = 0
    turn_seconds: int | Unset = 0





    def to_dict(self) -> dict[str, Any]:
        auto_deal = self.auto_deal

        away_after = self.away_after

        first_dealer = self.first_dealer

        max_deals = self.max_deals

        on_timeout: str | Unset = UNSET
        if not isinstance(self.on_timeout, Unset):
            on_timeout = self.on_timeout.value


        reserve_seconds = self.reserve_seconds

        turn_seconds = self.turn_seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if auto_deal is not UNSET:
            field_dict["auto_deal"] = auto_deal
        if away_after is not UNSET:
            field_dict["away_after"] = away_after
        if first_dealer is not UNSET:
            field_dict["first_dealer"] = first_dealer
        if max_deals is not UNSET:
            field_dict["max_deals"] = max_deals
        if on_timeout is not UNSET:
            field_dict["on_timeout"] = on_timeout
        if reserve_seconds is not UNSET:
            field_dict["reserve_seconds"] = reserve_seconds
        if turn_seconds is not UNSET:
            field_dict["turn_seconds"] = turn_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        auto_deal = d.pop("auto_deal", UNSET)

        away_after = d.pop("away_after", UNSET)

        first_dealer = d.pop("first_dealer", UNSET)

        max_deals = d.pop("max_deals", UNSET)

        _on_timeout = d.pop("on_timeout", UNSET)
        on_timeout: DoppelkopfGameInOptionsOnTimeout | Unset
        if isinstance(_on_timeout,  Unset):
            on_timeout = UNSET
        else:
            on_timeout = DoppelkopfGameInOptionsOnTimeout(_on_timeout)




        reserve_seconds = d.pop("reserve_seconds", UNSET)

        turn_seconds = d.pop("turn_seconds", UNSET)

        doppelkopf_game_in_options = cls(
            auto_deal=auto_deal,
            away_after=away_after,
            first_dealer=first_dealer,
            max_deals=max_deals,
            on_timeout=on_timeout,
            reserve_seconds=reserve_seconds,
            turn_seconds=turn_seconds,
        )

        return doppelkopf_game_in_options


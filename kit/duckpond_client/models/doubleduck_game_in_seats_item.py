from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doubleduck_game_in_seats_item_bot import DoubleduckGameInSeatsItemBot
from ..models.doubleduck_game_in_seats_item_level import DoubleduckGameInSeatsItemLevel
from ..types import UNSET, Unset






T = TypeVar("T", bound="DoubleduckGameInSeatsItem")



@_attrs_define
class DoubleduckGameInSeatsItem:
    """ 
        Attributes:
            bot (DoubleduckGameInSeatsItemBot | Unset): A bot's name (see the catalog); `{}` is a human seat.
            invited (bool | Unset): `true`: a human seat whose token the creator hands to someone (an invite link). The
                table waits as for an open seat (status `waiting`: no clock, move, deal or bot turn) until the token's holder
                takes the seat (`POST .../seats/{seat}/claim`); the clocks then start fresh.
            level (DoubleduckGameInSeatsItemLevel | Unset): For a bot with levels (`GET /api/v1/bots`), how hard it thinks:
                `{"bot": "search", "level": "strong"}`. Absent: its first (fastest) level.
            open_ (bool | Unset): `true`: a human seat nobody holds yet. The creation answer gives no token for it but the
                table's `invite_code`; whoever presents the code takes the seat (`POST .../claim`). The table waits (status
                `waiting`: no move, deal or bot turn) until every open seat is taken.
     """

    bot: DoubleduckGameInSeatsItemBot | Unset = UNSET
    invited: bool | Unset = UNSET
    level: DoubleduckGameInSeatsItemLevel | Unset = UNSET
    open_: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        bot: str | Unset = UNSET
        if not isinstance(self.bot, Unset):
            bot = self.bot.value


        invited = self.invited

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value


        open_ = self.open_


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if bot is not UNSET:
            field_dict["bot"] = bot
        if invited is not UNSET:
            field_dict["invited"] = invited
        if level is not UNSET:
            field_dict["level"] = level
        if open_ is not UNSET:
            field_dict["open"] = open_

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _bot = d.pop("bot", UNSET)
        bot: DoubleduckGameInSeatsItemBot | Unset
        if isinstance(_bot,  Unset):
            bot = UNSET
        else:
            bot = DoubleduckGameInSeatsItemBot(_bot)




        invited = d.pop("invited", UNSET)

        _level = d.pop("level", UNSET)
        level: DoubleduckGameInSeatsItemLevel | Unset
        if isinstance(_level,  Unset):
            level = UNSET
        else:
            level = DoubleduckGameInSeatsItemLevel(_level)




        open_ = d.pop("open", UNSET)

        doubleduck_game_in_seats_item = cls(
            bot=bot,
            invited=invited,
            level=level,
            open_=open_,
        )

        return doubleduck_game_in_seats_item


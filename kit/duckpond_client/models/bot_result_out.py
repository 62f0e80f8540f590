from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.estimate_out import EstimateOut





T = TypeVar("T", bound="BotResultOut")



@_attrs_define
class BotResultOut:
    """ 
        Attributes:
            bot (str):
            deal_score (EstimateOut):
            game_points (EstimateOut):
            seat_deals (int): Deals x seats held.
            seat_games (int): Games x seats held.
            win_rate (float | None):
            wins (int): Seat-games won.
            timeouts (int | Unset): Moves the service played for this outside bot (its move came late, or its seat was
                away); 0 for built-in bots.
     """

    bot: str
    deal_score: EstimateOut
    game_points: EstimateOut
    seat_deals: int
    seat_games: int
    win_rate: float | None
    wins: int
    timeouts: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.estimate_out import EstimateOut # noqa: PLC0415
        bot = self.bot

        deal_score = self.deal_score.to_dict()

        game_points = self.game_points.to_dict()

        seat_deals = self.seat_deals

        seat_games = self.seat_games

        win_rate: float | None
        win_rate = self.win_rate

        wins = self.wins

        timeouts = self.timeouts


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bot": bot,
            "deal_score": deal_score,
            "game_points": game_points,
            "seat_deals": seat_deals,
            "seat_games": seat_games,
            "win_rate": win_rate,
            "wins": wins,
        })
        if timeouts is not UNSET:
            field_dict["timeouts"] = timeouts

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.estimate_out import EstimateOut # noqa: PLC0415
        d = dict(src_dict)
        bot = d.pop("bot")

        deal_score = EstimateOut.from_dict(d.pop("deal_score"))




        game_points = EstimateOut.from_dict(d.pop("game_points"))




        seat_deals = d.pop("seat_deals")

        seat_games = d.pop("seat_games")

        def _parse_win_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        win_rate = _parse_win_rate(d.pop("win_rate"))


        wins = d.pop("wins")

        timeouts = d.pop("timeouts", UNSET)

        bot_result_out = cls(
            bot=bot,
            deal_score=deal_score,
            game_points=game_points,
            seat_deals=seat_deals,
            seat_games=seat_games,
            win_rate=win_rate,
            wins=wins,
            timeouts=timeouts,
        )


        bot_result_out.additional_properties = d
        return bot_result_out

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

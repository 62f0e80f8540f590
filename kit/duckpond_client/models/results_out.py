from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.bot_result_out import BotResultOut
  from ..models.comparison_out import ComparisonOut





T = TypeVar("T", bound="ResultsOut")



@_attrs_define
class ResultsOut:
    """ 
        Attributes:
            bots (list[BotResultOut]):
            comparisons (list[ComparisonOut]):
            games (int): Games counted so far.
            method (str): deal_score: mean per seat-deal (a side's score for each of its seats); game_points: mean per seat-
                game. ci95 = mean +- 1.96*s/sqrt(n), normal approximation over the n match games as independent clusters (s:
                sample standard deviation of the per-game means, ratio-linearised when games have different numbers of deals);
                null below 2 games. Comparisons: paired per match game (duplicate deals).
     """

    bots: list[BotResultOut]
    comparisons: list[ComparisonOut]
    games: int
    method: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_result_out import BotResultOut # noqa: PLC0415
        from ..models.comparison_out import ComparisonOut # noqa: PLC0415
        bots = []
        for bots_item_data in self.bots:
            bots_item = bots_item_data.to_dict()
            bots.append(bots_item)



        comparisons = []
        for comparisons_item_data in self.comparisons:
            comparisons_item = comparisons_item_data.to_dict()
            comparisons.append(comparisons_item)



        games = self.games

        method = self.method


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bots": bots,
            "comparisons": comparisons,
            "games": games,
            "method": method,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_result_out import BotResultOut # noqa: PLC0415
        from ..models.comparison_out import ComparisonOut # noqa: PLC0415
        d = dict(src_dict)
        bots = []
        _bots = d.pop("bots")
        for bots_item_data in (_bots):
            bots_item = BotResultOut.from_dict(bots_item_data)



            bots.append(bots_item)


        comparisons = []
        _comparisons = d.pop("comparisons")
        for comparisons_item_data in (_comparisons):
            comparisons_item = ComparisonOut.from_dict(comparisons_item_data)



            comparisons.append(comparisons_item)


        games = d.pop("games")

        method = d.pop("method")

        results_out = cls(
            bots=bots,
            comparisons=comparisons,
            games=games,
            method=method,
        )


        results_out.additional_properties = d
        return results_out

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

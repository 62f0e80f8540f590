from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.deal_record import DealRecord





T = TypeVar("T", bound="ScoreOut")



@_attrs_define
class ScoreOut:
    """ 
        Attributes:
            deals (list[DealRecord]): Each scored deal: course counts, scores, running totals.
            game_points (list[int]):
            id (str):
            over (bool):
            status (str):
            totals (list[int]):
            version (int): Number of accepted state changes of the game; 0 right after creation.
            winners (list[int]):
     """

    deals: list[DealRecord]
    game_points: list[int]
    id: str
    over: bool
    status: str
    totals: list[int]
    version: int
    winners: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.deal_record import DealRecord # noqa: PLC0415
        deals = []
        for deals_item_data in self.deals:
            deals_item = deals_item_data.to_dict()
            deals.append(deals_item)



        game_points = self.game_points



        id = self.id

        over = self.over

        status = self.status

        totals = self.totals



        version = self.version

        winners = self.winners




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deals": deals,
            "game_points": game_points,
            "id": id,
            "over": over,
            "status": status,
            "totals": totals,
            "version": version,
            "winners": winners,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_record import DealRecord # noqa: PLC0415
        d = dict(src_dict)
        deals = []
        _deals = d.pop("deals")
        for deals_item_data in (_deals):
            deals_item = DealRecord.from_dict(deals_item_data)



            deals.append(deals_item)


        game_points = cast(list[int], d.pop("game_points"))


        id = d.pop("id")

        over = d.pop("over")

        status = d.pop("status")

        totals = cast(list[int], d.pop("totals"))


        version = d.pop("version")

        winners = cast(list[int], d.pop("winners"))


        score_out = cls(
            deals=deals,
            game_points=game_points,
            id=id,
            over=over,
            status=status,
            totals=totals,
            version=version,
            winners=winners,
        )


        score_out.additional_properties = d
        return score_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.estimate_out import EstimateOut





T = TypeVar("T", bound="StandingOut")



@_attrs_define
class StandingOut:
    """ 
        Attributes:
            byes (int):
            deal_score_diff (EstimateOut):
            draws (int):
            entrant (str):
            losses (int):
            played (int):
            points (float): 1 a win or bye, 0.5 a draw.
            wins (int):
            withdrawn (None | str): Why the entrant left (e.g. `retired_bot`); null if it is in.
     """

    byes: int
    deal_score_diff: EstimateOut
    draws: int
    entrant: str
    losses: int
    played: int
    points: float
    wins: int
    withdrawn: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.estimate_out import EstimateOut # noqa: PLC0415
        byes = self.byes

        deal_score_diff = self.deal_score_diff.to_dict()

        draws = self.draws

        entrant = self.entrant

        losses = self.losses

        played = self.played

        points = self.points

        wins = self.wins

        withdrawn: None | str
        withdrawn = self.withdrawn


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "byes": byes,
            "deal_score_diff": deal_score_diff,
            "draws": draws,
            "entrant": entrant,
            "losses": losses,
            "played": played,
            "points": points,
            "wins": wins,
            "withdrawn": withdrawn,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.estimate_out import EstimateOut # noqa: PLC0415
        d = dict(src_dict)
        byes = d.pop("byes")

        deal_score_diff = EstimateOut.from_dict(d.pop("deal_score_diff"))




        draws = d.pop("draws")

        entrant = d.pop("entrant")

        losses = d.pop("losses")

        played = d.pop("played")

        points = d.pop("points")

        wins = d.pop("wins")

        def _parse_withdrawn(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        withdrawn = _parse_withdrawn(d.pop("withdrawn"))


        standing_out = cls(
            byes=byes,
            deal_score_diff=deal_score_diff,
            draws=draws,
            entrant=entrant,
            losses=losses,
            played=played,
            points=points,
            wins=wins,
            withdrawn=withdrawn,
        )


        standing_out.additional_properties = d
        return standing_out

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

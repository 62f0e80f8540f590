from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.estimate_out import EstimateOut





T = TypeVar("T", bound="CrossOut")



@_attrs_define
class CrossOut:
    """ 
        Attributes:
            bots (list[str]): [a, b].
            deal_score_diff (EstimateOut | None): a's paired mean difference per deal over b, 95% interval.
            match_id (str):
            points (list[float] | None):
            reason (None | str):
            round_ (int):
     """

    bots: list[str]
    deal_score_diff: EstimateOut | None
    match_id: str
    points: list[float] | None
    reason: None | str
    round_: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.estimate_out import EstimateOut # noqa: PLC0415
        bots = self.bots



        deal_score_diff: dict[str, Any] | None
        if isinstance(self.deal_score_diff, EstimateOut):
            deal_score_diff = self.deal_score_diff.to_dict()
        else:
            deal_score_diff = self.deal_score_diff

        match_id = self.match_id

        points: list[float] | None
        if isinstance(self.points, list):
            points = self.points


        else:
            points = self.points

        reason: None | str
        reason = self.reason

        round_ = self.round_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bots": bots,
            "deal_score_diff": deal_score_diff,
            "match_id": match_id,
            "points": points,
            "reason": reason,
            "round": round_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.estimate_out import EstimateOut # noqa: PLC0415
        d = dict(src_dict)
        bots = cast(list[str], d.pop("bots"))


        def _parse_deal_score_diff(data: object) -> EstimateOut | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_score_diff_type_0 = EstimateOut.from_dict(data)



                return deal_score_diff_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EstimateOut | None, data)

        deal_score_diff = _parse_deal_score_diff(d.pop("deal_score_diff"))


        match_id = d.pop("match_id")

        def _parse_points(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                points_type_0 = cast(list[float], data)

                return points_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        points = _parse_points(d.pop("points"))


        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        round_ = d.pop("round")

        cross_out = cls(
            bots=bots,
            deal_score_diff=deal_score_diff,
            match_id=match_id,
            points=points,
            reason=reason,
            round_=round_,
        )


        cross_out.additional_properties = d
        return cross_out

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

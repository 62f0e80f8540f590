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





T = TypeVar("T", bound="ResultOut")



@_attrs_define
class ResultOut:
    """ 
        Attributes:
            points (list[float]): [a's points, b's points].
            deal_score_diff (EstimateOut | None | Unset): a's paired mean difference per deal over b (played pairings).
            failed_games (int | Unset): Games of the pairing's match whose job failed for good (a bug); present only then.
                The pairing is scored from the games it recorded.
            reason (None | str | Unset): Why the pairing was not played out: `bye`, `forfeit` (an entrant withdrew: see its
                standing's `withdrawn`), `failed` (every game's job failed for good: void, 0 points each), or the match's
                refusal.
     """

    points: list[float]
    deal_score_diff: EstimateOut | None | Unset = UNSET
    failed_games: int | Unset = UNSET
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.estimate_out import EstimateOut # noqa: PLC0415
        points = self.points



        deal_score_diff: dict[str, Any] | None | Unset
        if isinstance(self.deal_score_diff, Unset):
            deal_score_diff = UNSET
        elif isinstance(self.deal_score_diff, EstimateOut):
            deal_score_diff = self.deal_score_diff.to_dict()
        else:
            deal_score_diff = self.deal_score_diff

        failed_games = self.failed_games

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "points": points,
        })
        if deal_score_diff is not UNSET:
            field_dict["deal_score_diff"] = deal_score_diff
        if failed_games is not UNSET:
            field_dict["failed_games"] = failed_games
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.estimate_out import EstimateOut # noqa: PLC0415
        d = dict(src_dict)
        points = cast(list[float], d.pop("points"))


        def _parse_deal_score_diff(data: object) -> EstimateOut | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_score_diff_type_0 = EstimateOut.from_dict(data)



                return deal_score_diff_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EstimateOut | None | Unset, data)

        deal_score_diff = _parse_deal_score_diff(d.pop("deal_score_diff", UNSET))


        failed_games = d.pop("failed_games", UNSET)

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        result_out = cls(
            points=points,
            deal_score_diff=deal_score_diff,
            failed_games=failed_games,
            reason=reason,
        )


        result_out.additional_properties = d
        return result_out

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

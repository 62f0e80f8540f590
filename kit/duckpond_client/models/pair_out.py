from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.estimate_out import EstimateOut





T = TypeVar("T", bound="PairOut")



@_attrs_define
class PairOut:
    """ 
        Attributes:
            bots (list[str]): [a, b], a higher on the ladder.
            deal_score_diff (EstimateOut):
     """

    bots: list[str]
    deal_score_diff: EstimateOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.estimate_out import EstimateOut # noqa: PLC0415
        bots = self.bots



        deal_score_diff = self.deal_score_diff.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bots": bots,
            "deal_score_diff": deal_score_diff,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.estimate_out import EstimateOut # noqa: PLC0415
        d = dict(src_dict)
        bots = cast(list[str], d.pop("bots"))


        deal_score_diff = EstimateOut.from_dict(d.pop("deal_score_diff"))




        pair_out = cls(
            bots=bots,
            deal_score_diff=deal_score_diff,
        )


        pair_out.additional_properties = d
        return pair_out

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

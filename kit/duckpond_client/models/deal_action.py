from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.deal_action_deal_type_0 import DealActionDealType0





T = TypeVar("T", bound="DealAction")



@_attrs_define
class DealAction:
    """ The next deal, dealt.

        Attributes:
            deal (DealActionDealType0 | None): An explicit deal (Duck adds `face_up`); null: shuffled from the seed.
     """

    deal: DealActionDealType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.deal_action_deal_type_0 import DealActionDealType0 # noqa: PLC0415
        deal: dict[str, Any] | None
        if isinstance(self.deal, DealActionDealType0):
            deal = self.deal.to_dict()
        else:
            deal = self.deal


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deal": deal,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_action_deal_type_0 import DealActionDealType0 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_deal(data: object) -> DealActionDealType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = DealActionDealType0.from_dict(data)



                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DealActionDealType0 | None, data)

        deal = _parse_deal(d.pop("deal"))


        deal_action = cls(
            deal=deal,
        )


        deal_action.additional_properties = d
        return deal_action

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

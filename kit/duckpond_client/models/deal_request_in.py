from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.deal_request_in_deal_type_0 import DealRequestInDealType0





T = TypeVar("T", bound="DealRequestIn")



@_attrs_define
class DealRequestIn:
    """ 
        Attributes:
            deal (DealRequestInDealType0 | None | Unset): A deal of the game the path names, as one list (the schema of each
                game says its order): the cards that game deals now, else 409 `deck_mismatch`. Deprecated: the former `{hands,
                stock, face_up}` form (`x-deprecated-forms`) is still read until its sunset, 2027-06-30, with `Deprecation` and
                `Sunset` headers.
            expected_version (int | Unset):
     """

    deal: DealRequestInDealType0 | None | Unset = UNSET
    expected_version: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.deal_request_in_deal_type_0 import DealRequestInDealType0 # noqa: PLC0415
        deal: dict[str, Any] | None | Unset
        if isinstance(self.deal, Unset):
            deal = UNSET
        elif isinstance(self.deal, DealRequestInDealType0):
            deal = self.deal.to_dict()
        else:
            deal = self.deal

        expected_version = self.expected_version


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if deal is not UNSET:
            field_dict["deal"] = deal
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_request_in_deal_type_0 import DealRequestInDealType0 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_deal(data: object) -> DealRequestInDealType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = DealRequestInDealType0.from_dict(data)



                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DealRequestInDealType0 | None | Unset, data)

        deal = _parse_deal(d.pop("deal", UNSET))


        expected_version = d.pop("expected_version", UNSET)

        deal_request_in = cls(
            deal=deal,
            expected_version=expected_version,
        )

        return deal_request_in


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deal_commitment_dealt_by import DealCommitmentDealtBy






T = TypeVar("T", bound="DealCommitment")



@_attrs_define
class DealCommitment:
    """ One deal's number, how it was made and its commitment.

        Attributes:
            deal_commitment (str): SHA-256 hex of what decides the deal (salt, seed and deal number; the cards too when the
                host chose them), hiding until the record reveals the seed and salt: `python -m service.verify` checks the
                record against it (docs/fair-deals.md).
            deal_no (int):
            dealt_by (DealCommitmentDealtBy): How the deal was made: `server_shuffle`: Shuffled from a seed the server drew
                (128 random bits), secret until the end: nobody at the table can know another hand.; `client_seed`: Shuffled
                from a seed the creator of the game chose: whoever chose it can know every hand from the start.; `host_cards`:
                The host chose every card of the deal: the host knows every hand. (docs/fair-deals.md).
     """

    deal_commitment: str
    deal_no: int
    dealt_by: DealCommitmentDealtBy
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        deal_commitment = self.deal_commitment

        deal_no = self.deal_no

        dealt_by = self.dealt_by.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deal_commitment": deal_commitment,
            "deal_no": deal_no,
            "dealt_by": dealt_by,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal_commitment = d.pop("deal_commitment")

        deal_no = d.pop("deal_no")

        dealt_by = DealCommitmentDealtBy(d.pop("dealt_by"))




        deal_commitment = cls(
            deal_commitment=deal_commitment,
            deal_no=deal_no,
            dealt_by=dealt_by,
        )


        deal_commitment.additional_properties = d
        return deal_commitment

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

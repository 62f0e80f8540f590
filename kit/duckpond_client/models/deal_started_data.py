from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deal_started_data_dealt_by import DealStartedDataDealtBy
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DealStartedData")



@_attrs_define
class DealStartedData:
    """ Sent by: Doubleduck, Duck Soup, Duck, Doppelkopf.

        Attributes:
            deal_commitment (str): SHA-256 hex of what decides the deal (salt, seed and deal number; the cards too when the
                host chose them), hiding until the record reveals the seed and salt: `python -m service.verify` checks the
                record against it (docs/fair-deals.md).
            deal_no (int):
            dealer (int): A seat, from 0.
            dealt_by (DealStartedDataDealtBy): How the deal was made: `server_shuffle`: Shuffled from a seed the server drew
                (128 random bits), secret until the end: nobody at the table can know another hand.; `client_seed`: Shuffled
                from a seed the creator of the game chose: whoever chose it can know every hand from the start.; `host_cards`:
                The host chose every card of the deal: the host knows every hand. (docs/fair-deals.md).
            face_up (list[str] | Unset):
            first (int | Unset): A seat, from 0.
            leader (int | Unset): A seat, from 0.
            lifebelt (int | Unset):
            stock_count (int | Unset):
     """

    deal_commitment: str
    deal_no: int
    dealer: int
    dealt_by: DealStartedDataDealtBy
    face_up: list[str] | Unset = UNSET
    first: int | Unset = UNSET
    leader: int | Unset = UNSET
    lifebelt: int | Unset = UNSET
    stock_count: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        deal_commitment = self.deal_commitment

        deal_no = self.deal_no

        dealer = self.dealer

        dealt_by = self.dealt_by.value

        face_up: list[str] | Unset = UNSET
        if not isinstance(self.face_up, Unset):
            face_up = self.face_up



        first = self.first

        leader = self.leader

        lifebelt = self.lifebelt

        stock_count = self.stock_count


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deal_commitment": deal_commitment,
            "deal_no": deal_no,
            "dealer": dealer,
            "dealt_by": dealt_by,
        })
        if face_up is not UNSET:
            field_dict["face_up"] = face_up
        if first is not UNSET:
            field_dict["first"] = first
        if leader is not UNSET:
            field_dict["leader"] = leader
        if lifebelt is not UNSET:
            field_dict["lifebelt"] = lifebelt
        if stock_count is not UNSET:
            field_dict["stock_count"] = stock_count

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal_commitment = d.pop("deal_commitment")

        deal_no = d.pop("deal_no")

        dealer = d.pop("dealer")

        dealt_by = DealStartedDataDealtBy(d.pop("dealt_by"))




        face_up = cast(list[str], d.pop("face_up", UNSET))


        first = d.pop("first", UNSET)

        leader = d.pop("leader", UNSET)

        lifebelt = d.pop("lifebelt", UNSET)

        stock_count = d.pop("stock_count", UNSET)

        deal_started_data = cls(
            deal_commitment=deal_commitment,
            deal_no=deal_no,
            dealer=dealer,
            dealt_by=dealt_by,
            face_up=face_up,
            first=first,
            leader=leader,
            lifebelt=lifebelt,
            stock_count=stock_count,
        )


        deal_started_data.additional_properties = d
        return deal_started_data

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

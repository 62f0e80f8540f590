from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="DoubleduckDeal")



@_attrs_define
class DoubleduckDeal:
    """ A scored deal: what each team stored per course, its score, running totals.

        Attributes:
            deal_no (int):
            dealer (int): A seat, from 0.
            duck (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            score (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            soup (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            totals (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
     """

    deal_no: int
    dealer: int
    duck: list[int]
    score: list[int]
    soup: list[int]
    totals: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        deal_no = self.deal_no

        dealer = self.dealer

        duck = self.duck



        score = self.score



        soup = self.soup



        totals = self.totals




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deal_no": deal_no,
            "dealer": dealer,
            "duck": duck,
            "score": score,
            "soup": soup,
            "totals": totals,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal_no = d.pop("deal_no")

        dealer = d.pop("dealer")

        duck = cast(list[int], d.pop("duck"))


        score = cast(list[int], d.pop("score"))


        soup = cast(list[int], d.pop("soup"))


        totals = cast(list[int], d.pop("totals"))


        doubleduck_deal = cls(
            deal_no=deal_no,
            dealer=dealer,
            duck=duck,
            score=score,
            soup=soup,
            totals=totals,
        )


        doubleduck_deal.additional_properties = d
        return doubleduck_deal

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.duck_deal_duck_verdict_type_1 import DuckDealDuckVerdictType1
from ..models.duck_deal_duck_verdict_type_2_type_1 import DuckDealDuckVerdictType2Type1
from ..models.duck_deal_duck_verdict_type_3_type_1 import DuckDealDuckVerdictType3Type1
from ..models.duck_deal_end import DuckDealEnd
from typing import cast

if TYPE_CHECKING:
  from ..models.duck_deal_lifebelt_type_0 import DuckDealLifebeltType0





T = TypeVar("T", bound="DuckDeal")



@_attrs_define
class DuckDeal:
    """ 
        Attributes:
            banked (list[None | str]): The card each seat banked, or null.
            deal_no (int):
            dealer (int): A seat, from 0.
            discarded (list[int]):
            duck_verdict (DuckDealDuckVerdictType1 | DuckDealDuckVerdictType2Type1 | DuckDealDuckVerdictType3Type1 | None):
            end (DuckDealEnd):
            lifebelt (DuckDealLifebeltType0 | None):
            revealed (list[list[str]]): Every hand, laid open.
            score (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            seat (int | None): A seat, from 0.
            sums (list[int]): One number per seat, seat 0 first.
            totals (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            turns (int):
     """

    banked: list[None | str]
    deal_no: int
    dealer: int
    discarded: list[int]
    duck_verdict: DuckDealDuckVerdictType1 | DuckDealDuckVerdictType2Type1 | DuckDealDuckVerdictType3Type1 | None
    end: DuckDealEnd
    lifebelt: DuckDealLifebeltType0 | None
    revealed: list[list[str]]
    score: list[int]
    seat: int | None
    sums: list[int]
    totals: list[int]
    turns: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.duck_deal_lifebelt_type_0 import DuckDealLifebeltType0 # noqa: PLC0415
        banked = []
        for banked_item_data in self.banked:
            banked_item: None | str
            banked_item = banked_item_data
            banked.append(banked_item)



        deal_no = self.deal_no

        dealer = self.dealer

        discarded = self.discarded



        duck_verdict: None | str
        if isinstance(self.duck_verdict, DuckDealDuckVerdictType1):
            duck_verdict = self.duck_verdict.value
        elif isinstance(self.duck_verdict, DuckDealDuckVerdictType2Type1):
            duck_verdict = self.duck_verdict.value
        elif isinstance(self.duck_verdict, DuckDealDuckVerdictType3Type1):
            duck_verdict = self.duck_verdict.value
        else:
            duck_verdict = self.duck_verdict

        end = self.end.value

        lifebelt: dict[str, Any] | None
        if isinstance(self.lifebelt, DuckDealLifebeltType0):
            lifebelt = self.lifebelt.to_dict()
        else:
            lifebelt = self.lifebelt

        revealed = []
        for revealed_item_data in self.revealed:
            revealed_item = revealed_item_data


            revealed.append(revealed_item)



        score = self.score



        seat: int | None
        seat = self.seat

        sums = self.sums



        totals = self.totals



        turns = self.turns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "banked": banked,
            "deal_no": deal_no,
            "dealer": dealer,
            "discarded": discarded,
            "duck_verdict": duck_verdict,
            "end": end,
            "lifebelt": lifebelt,
            "revealed": revealed,
            "score": score,
            "seat": seat,
            "sums": sums,
            "totals": totals,
            "turns": turns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.duck_deal_lifebelt_type_0 import DuckDealLifebeltType0 # noqa: PLC0415
        d = dict(src_dict)
        banked = []
        _banked = d.pop("banked")
        for banked_item_data in (_banked):
            def _parse_banked_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            banked_item = _parse_banked_item(banked_item_data)

            banked.append(banked_item)


        deal_no = d.pop("deal_no")

        dealer = d.pop("dealer")

        discarded = cast(list[int], d.pop("discarded"))


        def _parse_duck_verdict(data: object) -> DuckDealDuckVerdictType1 | DuckDealDuckVerdictType2Type1 | DuckDealDuckVerdictType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                duck_verdict_type_1 = DuckDealDuckVerdictType1(data)



                return duck_verdict_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                duck_verdict_type_2_type_1 = DuckDealDuckVerdictType2Type1(data)



                return duck_verdict_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                duck_verdict_type_3_type_1 = DuckDealDuckVerdictType3Type1(data)



                return duck_verdict_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DuckDealDuckVerdictType1 | DuckDealDuckVerdictType2Type1 | DuckDealDuckVerdictType3Type1 | None, data)

        duck_verdict = _parse_duck_verdict(d.pop("duck_verdict"))


        end = DuckDealEnd(d.pop("end"))




        def _parse_lifebelt(data: object) -> DuckDealLifebeltType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lifebelt_type_0 = DuckDealLifebeltType0.from_dict(data)



                return lifebelt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DuckDealLifebeltType0 | None, data)

        lifebelt = _parse_lifebelt(d.pop("lifebelt"))


        revealed = []
        _revealed = d.pop("revealed")
        for revealed_item_data in (_revealed):
            revealed_item = cast(list[str], revealed_item_data)

            revealed.append(revealed_item)


        score = cast(list[int], d.pop("score"))


        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        sums = cast(list[int], d.pop("sums"))


        totals = cast(list[int], d.pop("totals"))


        turns = d.pop("turns")

        duck_deal = cls(
            banked=banked,
            deal_no=deal_no,
            dealer=dealer,
            discarded=discarded,
            duck_verdict=duck_verdict,
            end=end,
            lifebelt=lifebelt,
            revealed=revealed,
            score=score,
            seat=seat,
            sums=sums,
            totals=totals,
            turns=turns,
        )


        duck_deal.additional_properties = d
        return duck_deal

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

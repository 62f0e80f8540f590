from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deal_scored_data_announced_item import DealScoredDataAnnouncedItem
from ..models.deal_scored_data_duck_verdict_type_1 import DealScoredDataDuckVerdictType1
from ..models.deal_scored_data_duck_verdict_type_2_type_1 import DealScoredDataDuckVerdictType2Type1
from ..models.deal_scored_data_duck_verdict_type_3_type_1 import DealScoredDataDuckVerdictType3Type1
from ..models.deal_scored_data_end import DealScoredDataEnd
from ..models.deal_scored_data_kind import DealScoredDataKind
from ..models.deal_scored_data_winner import DealScoredDataWinner
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.deal_scored_data_announcements_item import DealScoredDataAnnouncementsItem
  from ..models.deal_scored_data_extras import DealScoredDataExtras
  from ..models.deal_scored_data_lifebelt_type_0 import DealScoredDataLifebeltType0
  from ..models.deal_scored_data_points import DealScoredDataPoints
  from ..models.deal_scored_data_tricks import DealScoredDataTricks
  from ..models.deal_scored_data_value_parts import DealScoredDataValueParts





T = TypeVar("T", bound="DealScoredData")



@_attrs_define
class DealScoredData:
    """ Sent by: Doubleduck, Duck Soup, Duck, Doppelkopf.

        Attributes:
            deal_no (int):
            dealer (int): A seat, from 0.
            score (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            totals (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            announced (list[DealScoredDataAnnouncedItem] | Unset):
            announcements (list[DealScoredDataAnnouncementsItem] | Unset):
            banked (list[None | str] | Unset): The card each seat banked, or null.
            discarded (list[int] | Unset):
            duck (list[int] | Unset): One number per team of the game (a side in Doubleduck, else a seat).
            duck_verdict (DealScoredDataDuckVerdictType1 | DealScoredDataDuckVerdictType2Type1 |
                DealScoredDataDuckVerdictType3Type1 | None | Unset):
            end (DealScoredDataEnd | Unset):
            extras (DealScoredDataExtras | Unset):
            kind (DealScoredDataKind | Unset):
            kontra (list[int] | Unset):
            lifebelt (DealScoredDataLifebeltType0 | None | Unset):
            partner (int | None | Unset): A seat, from 0.
            points (DealScoredDataPoints | Unset):
            re (list[int] | Unset):
            revealed (list[list[str]] | Unset): Every hand, laid open.
            seat (int | None | Unset): A seat, from 0.
            solo (bool | Unset):
            soup (list[int] | Unset): One number per team of the game (a side in Doubleduck, else a seat).
            sums (list[int] | Unset): One number per seat, seat 0 first.
            tricks (DealScoredDataTricks | Unset):
            turns (int | Unset):
            value (int | Unset):
            value_parts (DealScoredDataValueParts | Unset):
            wedding (int | None | Unset): A seat, from 0.
            winner (DealScoredDataWinner | Unset):
     """

    deal_no: int
    dealer: int
    score: list[int]
    totals: list[int]
    announced: list[DealScoredDataAnnouncedItem] | Unset = UNSET
    announcements: list[DealScoredDataAnnouncementsItem] | Unset = UNSET
    banked: list[None | str] | Unset = UNSET
    discarded: list[int] | Unset = UNSET
    duck: list[int] | Unset = UNSET
    duck_verdict: DealScoredDataDuckVerdictType1 | DealScoredDataDuckVerdictType2Type1 | DealScoredDataDuckVerdictType3Type1 | None | Unset = UNSET
    end: DealScoredDataEnd | Unset = UNSET
    extras: DealScoredDataExtras | Unset = UNSET
    kind: DealScoredDataKind | Unset = UNSET
    kontra: list[int] | Unset = UNSET
    lifebelt: DealScoredDataLifebeltType0 | None | Unset = UNSET
    partner: int | None | Unset = UNSET
    points: DealScoredDataPoints | Unset = UNSET
    re: list[int] | Unset = UNSET
    revealed: list[list[str]] | Unset = UNSET
    seat: int | None | Unset = UNSET
    solo: bool | Unset = UNSET
    soup: list[int] | Unset = UNSET
    sums: list[int] | Unset = UNSET
    tricks: DealScoredDataTricks | Unset = UNSET
    turns: int | Unset = UNSET
    value: int | Unset = UNSET
    value_parts: DealScoredDataValueParts | Unset = UNSET
    wedding: int | None | Unset = UNSET
    winner: DealScoredDataWinner | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.deal_scored_data_announcements_item import DealScoredDataAnnouncementsItem # noqa: PLC0415
        from ..models.deal_scored_data_extras import DealScoredDataExtras # noqa: PLC0415
        from ..models.deal_scored_data_lifebelt_type_0 import DealScoredDataLifebeltType0 # noqa: PLC0415
        from ..models.deal_scored_data_points import DealScoredDataPoints # noqa: PLC0415
        from ..models.deal_scored_data_tricks import DealScoredDataTricks # noqa: PLC0415
        from ..models.deal_scored_data_value_parts import DealScoredDataValueParts # noqa: PLC0415
        deal_no = self.deal_no

        dealer = self.dealer

        score = self.score



        totals = self.totals



        announced: list[str] | Unset = UNSET
        if not isinstance(self.announced, Unset):
            announced = []
            for announced_item_data in self.announced:
                announced_item = announced_item_data.value
                announced.append(announced_item)



        announcements: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.announcements, Unset):
            announcements = []
            for announcements_item_data in self.announcements:
                announcements_item = announcements_item_data.to_dict()
                announcements.append(announcements_item)



        banked: list[None | str] | Unset = UNSET
        if not isinstance(self.banked, Unset):
            banked = []
            for banked_item_data in self.banked:
                banked_item: None | str
                banked_item = banked_item_data
                banked.append(banked_item)



        discarded: list[int] | Unset = UNSET
        if not isinstance(self.discarded, Unset):
            discarded = self.discarded



        duck: list[int] | Unset = UNSET
        if not isinstance(self.duck, Unset):
            duck = self.duck



        duck_verdict: None | str | Unset
        if isinstance(self.duck_verdict, Unset):
            duck_verdict = UNSET
        elif isinstance(self.duck_verdict, DealScoredDataDuckVerdictType1):
            duck_verdict = self.duck_verdict.value
        elif isinstance(self.duck_verdict, DealScoredDataDuckVerdictType2Type1):
            duck_verdict = self.duck_verdict.value
        elif isinstance(self.duck_verdict, DealScoredDataDuckVerdictType3Type1):
            duck_verdict = self.duck_verdict.value
        else:
            duck_verdict = self.duck_verdict

        end: str | Unset = UNSET
        if not isinstance(self.end, Unset):
            end = self.end.value


        extras: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extras, Unset):
            extras = self.extras.to_dict()

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value


        kontra: list[int] | Unset = UNSET
        if not isinstance(self.kontra, Unset):
            kontra = self.kontra



        lifebelt: dict[str, Any] | None | Unset
        if isinstance(self.lifebelt, Unset):
            lifebelt = UNSET
        elif isinstance(self.lifebelt, DealScoredDataLifebeltType0):
            lifebelt = self.lifebelt.to_dict()
        else:
            lifebelt = self.lifebelt

        partner: int | None | Unset
        if isinstance(self.partner, Unset):
            partner = UNSET
        else:
            partner = self.partner

        points: dict[str, Any] | Unset = UNSET
        if not isinstance(self.points, Unset):
            points = self.points.to_dict()

        re: list[int] | Unset = UNSET
        if not isinstance(self.re, Unset):
            re = self.re



        revealed: list[list[str]] | Unset = UNSET
        if not isinstance(self.revealed, Unset):
            revealed = []
            for revealed_item_data in self.revealed:
                revealed_item = revealed_item_data


                revealed.append(revealed_item)



        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        solo = self.solo

        soup: list[int] | Unset = UNSET
        if not isinstance(self.soup, Unset):
            soup = self.soup



        sums: list[int] | Unset = UNSET
        if not isinstance(self.sums, Unset):
            sums = self.sums



        tricks: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tricks, Unset):
            tricks = self.tricks.to_dict()

        turns = self.turns

        value = self.value

        value_parts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.value_parts, Unset):
            value_parts = self.value_parts.to_dict()

        wedding: int | None | Unset
        if isinstance(self.wedding, Unset):
            wedding = UNSET
        else:
            wedding = self.wedding

        winner: str | Unset = UNSET
        if not isinstance(self.winner, Unset):
            winner = self.winner.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deal_no": deal_no,
            "dealer": dealer,
            "score": score,
            "totals": totals,
        })
        if announced is not UNSET:
            field_dict["announced"] = announced
        if announcements is not UNSET:
            field_dict["announcements"] = announcements
        if banked is not UNSET:
            field_dict["banked"] = banked
        if discarded is not UNSET:
            field_dict["discarded"] = discarded
        if duck is not UNSET:
            field_dict["duck"] = duck
        if duck_verdict is not UNSET:
            field_dict["duck_verdict"] = duck_verdict
        if end is not UNSET:
            field_dict["end"] = end
        if extras is not UNSET:
            field_dict["extras"] = extras
        if kind is not UNSET:
            field_dict["kind"] = kind
        if kontra is not UNSET:
            field_dict["kontra"] = kontra
        if lifebelt is not UNSET:
            field_dict["lifebelt"] = lifebelt
        if partner is not UNSET:
            field_dict["partner"] = partner
        if points is not UNSET:
            field_dict["points"] = points
        if re is not UNSET:
            field_dict["re"] = re
        if revealed is not UNSET:
            field_dict["revealed"] = revealed
        if seat is not UNSET:
            field_dict["seat"] = seat
        if solo is not UNSET:
            field_dict["solo"] = solo
        if soup is not UNSET:
            field_dict["soup"] = soup
        if sums is not UNSET:
            field_dict["sums"] = sums
        if tricks is not UNSET:
            field_dict["tricks"] = tricks
        if turns is not UNSET:
            field_dict["turns"] = turns
        if value is not UNSET:
            field_dict["value"] = value
        if value_parts is not UNSET:
            field_dict["value_parts"] = value_parts
        if wedding is not UNSET:
            field_dict["wedding"] = wedding
        if winner is not UNSET:
            field_dict["winner"] = winner

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_scored_data_announcements_item import DealScoredDataAnnouncementsItem # noqa: PLC0415
        from ..models.deal_scored_data_extras import DealScoredDataExtras # noqa: PLC0415
        from ..models.deal_scored_data_lifebelt_type_0 import DealScoredDataLifebeltType0 # noqa: PLC0415
        from ..models.deal_scored_data_points import DealScoredDataPoints # noqa: PLC0415
        from ..models.deal_scored_data_tricks import DealScoredDataTricks # noqa: PLC0415
        from ..models.deal_scored_data_value_parts import DealScoredDataValueParts # noqa: PLC0415
        d = dict(src_dict)
        deal_no = d.pop("deal_no")

        dealer = d.pop("dealer")

        score = cast(list[int], d.pop("score"))


        totals = cast(list[int], d.pop("totals"))


        _announced = d.pop("announced", UNSET)
        announced: list[DealScoredDataAnnouncedItem] | Unset = UNSET
        if _announced is not UNSET:
            announced = []
            for announced_item_data in _announced:
                announced_item = DealScoredDataAnnouncedItem(announced_item_data)



                announced.append(announced_item)


        _announcements = d.pop("announcements", UNSET)
        announcements: list[DealScoredDataAnnouncementsItem] | Unset = UNSET
        if _announcements is not UNSET:
            announcements = []
            for announcements_item_data in _announcements:
                announcements_item = DealScoredDataAnnouncementsItem.from_dict(announcements_item_data)



                announcements.append(announcements_item)


        _banked = d.pop("banked", UNSET)
        banked: list[None | str] | Unset = UNSET
        if _banked is not UNSET:
            banked = []
            for banked_item_data in _banked:
                def _parse_banked_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                banked_item = _parse_banked_item(banked_item_data)

                banked.append(banked_item)


        discarded = cast(list[int], d.pop("discarded", UNSET))


        duck = cast(list[int], d.pop("duck", UNSET))


        def _parse_duck_verdict(data: object) -> DealScoredDataDuckVerdictType1 | DealScoredDataDuckVerdictType2Type1 | DealScoredDataDuckVerdictType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                duck_verdict_type_1 = DealScoredDataDuckVerdictType1(data)



                return duck_verdict_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                duck_verdict_type_2_type_1 = DealScoredDataDuckVerdictType2Type1(data)



                return duck_verdict_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                duck_verdict_type_3_type_1 = DealScoredDataDuckVerdictType3Type1(data)



                return duck_verdict_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DealScoredDataDuckVerdictType1 | DealScoredDataDuckVerdictType2Type1 | DealScoredDataDuckVerdictType3Type1 | None | Unset, data)

        duck_verdict = _parse_duck_verdict(d.pop("duck_verdict", UNSET))


        _end = d.pop("end", UNSET)
        end: DealScoredDataEnd | Unset
        if isinstance(_end,  Unset):
            end = UNSET
        else:
            end = DealScoredDataEnd(_end)




        _extras = d.pop("extras", UNSET)
        extras: DealScoredDataExtras | Unset
        if isinstance(_extras,  Unset):
            extras = UNSET
        else:
            extras = DealScoredDataExtras.from_dict(_extras)




        _kind = d.pop("kind", UNSET)
        kind: DealScoredDataKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = DealScoredDataKind(_kind)




        kontra = cast(list[int], d.pop("kontra", UNSET))


        def _parse_lifebelt(data: object) -> DealScoredDataLifebeltType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lifebelt_type_0 = DealScoredDataLifebeltType0.from_dict(data)



                return lifebelt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DealScoredDataLifebeltType0 | None | Unset, data)

        lifebelt = _parse_lifebelt(d.pop("lifebelt", UNSET))


        def _parse_partner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        partner = _parse_partner(d.pop("partner", UNSET))


        _points = d.pop("points", UNSET)
        points: DealScoredDataPoints | Unset
        if isinstance(_points,  Unset):
            points = UNSET
        else:
            points = DealScoredDataPoints.from_dict(_points)




        re = cast(list[int], d.pop("re", UNSET))


        _revealed = d.pop("revealed", UNSET)
        revealed: list[list[str]] | Unset = UNSET
        if _revealed is not UNSET:
            revealed = []
            for revealed_item_data in _revealed:
                revealed_item = cast(list[str], revealed_item_data)

                revealed.append(revealed_item)


        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))


        solo = d.pop("solo", UNSET)

        soup = cast(list[int], d.pop("soup", UNSET))


        sums = cast(list[int], d.pop("sums", UNSET))


        _tricks = d.pop("tricks", UNSET)
        tricks: DealScoredDataTricks | Unset
        if isinstance(_tricks,  Unset):
            tricks = UNSET
        else:
            tricks = DealScoredDataTricks.from_dict(_tricks)




        turns = d.pop("turns", UNSET)

        value = d.pop("value", UNSET)

        _value_parts = d.pop("value_parts", UNSET)
        value_parts: DealScoredDataValueParts | Unset
        if isinstance(_value_parts,  Unset):
            value_parts = UNSET
        else:
            value_parts = DealScoredDataValueParts.from_dict(_value_parts)




        def _parse_wedding(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        wedding = _parse_wedding(d.pop("wedding", UNSET))


        _winner = d.pop("winner", UNSET)
        winner: DealScoredDataWinner | Unset
        if isinstance(_winner,  Unset):
            winner = UNSET
        else:
            winner = DealScoredDataWinner(_winner)




        deal_scored_data = cls(
            deal_no=deal_no,
            dealer=dealer,
            score=score,
            totals=totals,
            announced=announced,
            announcements=announcements,
            banked=banked,
            discarded=discarded,
            duck=duck,
            duck_verdict=duck_verdict,
            end=end,
            extras=extras,
            kind=kind,
            kontra=kontra,
            lifebelt=lifebelt,
            partner=partner,
            points=points,
            re=re,
            revealed=revealed,
            seat=seat,
            solo=solo,
            soup=soup,
            sums=sums,
            tricks=tricks,
            turns=turns,
            value=value,
            value_parts=value_parts,
            wedding=wedding,
            winner=winner,
        )


        deal_scored_data.additional_properties = d
        return deal_scored_data

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

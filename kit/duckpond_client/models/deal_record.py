from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deal_record_announced_item import DealRecordAnnouncedItem
from ..models.deal_record_duck_verdict_type_1 import DealRecordDuckVerdictType1
from ..models.deal_record_duck_verdict_type_2_type_1 import DealRecordDuckVerdictType2Type1
from ..models.deal_record_duck_verdict_type_3_type_1 import DealRecordDuckVerdictType3Type1
from ..models.deal_record_end import DealRecordEnd
from ..models.deal_record_kind import DealRecordKind
from ..models.deal_record_winner import DealRecordWinner
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.deal_record_announcements_item import DealRecordAnnouncementsItem
  from ..models.deal_record_extras import DealRecordExtras
  from ..models.deal_record_lifebelt_type_0 import DealRecordLifebeltType0
  from ..models.deal_record_points import DealRecordPoints
  from ..models.deal_record_tricks import DealRecordTricks
  from ..models.deal_record_value_parts import DealRecordValueParts





T = TypeVar("T", bound="DealRecord")



@_attrs_define
class DealRecord:
    """ Sent by: Doubleduck, Duck Soup, Duck, Doppelkopf.

        Attributes:
            deal_no (int):
            dealer (int): A seat, from 0.
            score (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            totals (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            announced (list[DealRecordAnnouncedItem] | Unset):
            announcements (list[DealRecordAnnouncementsItem] | Unset):
            banked (list[None | str] | Unset): The card each seat banked, or null.
            discarded (list[int] | Unset):
            duck (list[int] | Unset): One number per team of the game (a side in Doubleduck, else a seat).
            duck_verdict (DealRecordDuckVerdictType1 | DealRecordDuckVerdictType2Type1 | DealRecordDuckVerdictType3Type1 |
                None | Unset):
            end (DealRecordEnd | Unset):
            extras (DealRecordExtras | Unset):
            kind (DealRecordKind | Unset):
            kontra (list[int] | Unset):
            lifebelt (DealRecordLifebeltType0 | None | Unset):
            partner (int | None | Unset): A seat, from 0.
            points (DealRecordPoints | Unset):
            re (list[int] | Unset):
            revealed (list[list[str]] | Unset): Every hand, laid open.
            seat (int | None | Unset): A seat, from 0.
            solo (bool | Unset):
            soup (list[int] | Unset): One number per team of the game (a side in Doubleduck, else a seat).
            sums (list[int] | Unset): One number per seat, seat 0 first.
            tricks (DealRecordTricks | Unset):
            turns (int | Unset):
            value (int | Unset):
            value_parts (DealRecordValueParts | Unset):
            wedding (int | None | Unset): A seat, from 0.
            winner (DealRecordWinner | Unset):
     """

    deal_no: int
    dealer: int
    score: list[int]
    totals: list[int]
    announced: list[DealRecordAnnouncedItem] | Unset = UNSET
    announcements: list[DealRecordAnnouncementsItem] | Unset = UNSET
    banked: list[None | str] | Unset = UNSET
    discarded: list[int] | Unset = UNSET
    duck: list[int] | Unset = UNSET
    duck_verdict: DealRecordDuckVerdictType1 | DealRecordDuckVerdictType2Type1 | DealRecordDuckVerdictType3Type1 | None | Unset = UNSET
    end: DealRecordEnd | Unset = UNSET
    extras: DealRecordExtras | Unset = UNSET
    kind: DealRecordKind | Unset = UNSET
    kontra: list[int] | Unset = UNSET
    lifebelt: DealRecordLifebeltType0 | None | Unset = UNSET
    partner: int | None | Unset = UNSET
    points: DealRecordPoints | Unset = UNSET
    re: list[int] | Unset = UNSET
    revealed: list[list[str]] | Unset = UNSET
    seat: int | None | Unset = UNSET
    solo: bool | Unset = UNSET
    soup: list[int] | Unset = UNSET
    sums: list[int] | Unset = UNSET
    tricks: DealRecordTricks | Unset = UNSET
    turns: int | Unset = UNSET
    value: int | Unset = UNSET
    value_parts: DealRecordValueParts | Unset = UNSET
    wedding: int | None | Unset = UNSET
    winner: DealRecordWinner | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.deal_record_announcements_item import DealRecordAnnouncementsItem # noqa: PLC0415
        from ..models.deal_record_extras import DealRecordExtras # noqa: PLC0415
        from ..models.deal_record_lifebelt_type_0 import DealRecordLifebeltType0 # noqa: PLC0415
        from ..models.deal_record_points import DealRecordPoints # noqa: PLC0415
        from ..models.deal_record_tricks import DealRecordTricks # noqa: PLC0415
        from ..models.deal_record_value_parts import DealRecordValueParts # noqa: PLC0415
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
        elif isinstance(self.duck_verdict, DealRecordDuckVerdictType1):
            duck_verdict = self.duck_verdict.value
        elif isinstance(self.duck_verdict, DealRecordDuckVerdictType2Type1):
            duck_verdict = self.duck_verdict.value
        elif isinstance(self.duck_verdict, DealRecordDuckVerdictType3Type1):
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
        elif isinstance(self.lifebelt, DealRecordLifebeltType0):
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
        from ..models.deal_record_announcements_item import DealRecordAnnouncementsItem # noqa: PLC0415
        from ..models.deal_record_extras import DealRecordExtras # noqa: PLC0415
        from ..models.deal_record_lifebelt_type_0 import DealRecordLifebeltType0 # noqa: PLC0415
        from ..models.deal_record_points import DealRecordPoints # noqa: PLC0415
        from ..models.deal_record_tricks import DealRecordTricks # noqa: PLC0415
        from ..models.deal_record_value_parts import DealRecordValueParts # noqa: PLC0415
        d = dict(src_dict)
        deal_no = d.pop("deal_no")

        dealer = d.pop("dealer")

        score = cast(list[int], d.pop("score"))


        totals = cast(list[int], d.pop("totals"))


        _announced = d.pop("announced", UNSET)
        announced: list[DealRecordAnnouncedItem] | Unset = UNSET
        if _announced is not UNSET:
            announced = []
            for announced_item_data in _announced:
                announced_item = DealRecordAnnouncedItem(announced_item_data)



                announced.append(announced_item)


        _announcements = d.pop("announcements", UNSET)
        announcements: list[DealRecordAnnouncementsItem] | Unset = UNSET
        if _announcements is not UNSET:
            announcements = []
            for announcements_item_data in _announcements:
                announcements_item = DealRecordAnnouncementsItem.from_dict(announcements_item_data)



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


        def _parse_duck_verdict(data: object) -> DealRecordDuckVerdictType1 | DealRecordDuckVerdictType2Type1 | DealRecordDuckVerdictType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                duck_verdict_type_1 = DealRecordDuckVerdictType1(data)



                return duck_verdict_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                duck_verdict_type_2_type_1 = DealRecordDuckVerdictType2Type1(data)



                return duck_verdict_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                duck_verdict_type_3_type_1 = DealRecordDuckVerdictType3Type1(data)



                return duck_verdict_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DealRecordDuckVerdictType1 | DealRecordDuckVerdictType2Type1 | DealRecordDuckVerdictType3Type1 | None | Unset, data)

        duck_verdict = _parse_duck_verdict(d.pop("duck_verdict", UNSET))


        _end = d.pop("end", UNSET)
        end: DealRecordEnd | Unset
        if isinstance(_end,  Unset):
            end = UNSET
        else:
            end = DealRecordEnd(_end)




        _extras = d.pop("extras", UNSET)
        extras: DealRecordExtras | Unset
        if isinstance(_extras,  Unset):
            extras = UNSET
        else:
            extras = DealRecordExtras.from_dict(_extras)




        _kind = d.pop("kind", UNSET)
        kind: DealRecordKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = DealRecordKind(_kind)




        kontra = cast(list[int], d.pop("kontra", UNSET))


        def _parse_lifebelt(data: object) -> DealRecordLifebeltType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lifebelt_type_0 = DealRecordLifebeltType0.from_dict(data)



                return lifebelt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DealRecordLifebeltType0 | None | Unset, data)

        lifebelt = _parse_lifebelt(d.pop("lifebelt", UNSET))


        def _parse_partner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        partner = _parse_partner(d.pop("partner", UNSET))


        _points = d.pop("points", UNSET)
        points: DealRecordPoints | Unset
        if isinstance(_points,  Unset):
            points = UNSET
        else:
            points = DealRecordPoints.from_dict(_points)




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
        tricks: DealRecordTricks | Unset
        if isinstance(_tricks,  Unset):
            tricks = UNSET
        else:
            tricks = DealRecordTricks.from_dict(_tricks)




        turns = d.pop("turns", UNSET)

        value = d.pop("value", UNSET)

        _value_parts = d.pop("value_parts", UNSET)
        value_parts: DealRecordValueParts | Unset
        if isinstance(_value_parts,  Unset):
            value_parts = UNSET
        else:
            value_parts = DealRecordValueParts.from_dict(_value_parts)




        def _parse_wedding(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        wedding = _parse_wedding(d.pop("wedding", UNSET))


        _winner = d.pop("winner", UNSET)
        winner: DealRecordWinner | Unset
        if isinstance(_winner,  Unset):
            winner = UNSET
        else:
            winner = DealRecordWinner(_winner)




        deal_record = cls(
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


        deal_record.additional_properties = d
        return deal_record

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doppelkopf_deal_announced_item import DoppelkopfDealAnnouncedItem
from ..models.doppelkopf_deal_kind import DoppelkopfDealKind
from ..models.doppelkopf_deal_winner import DoppelkopfDealWinner
from typing import cast

if TYPE_CHECKING:
  from ..models.doppelkopf_deal_announcements_item import DoppelkopfDealAnnouncementsItem
  from ..models.doppelkopf_deal_extras import DoppelkopfDealExtras
  from ..models.doppelkopf_deal_points import DoppelkopfDealPoints
  from ..models.doppelkopf_deal_tricks import DoppelkopfDealTricks
  from ..models.doppelkopf_deal_value_parts import DoppelkopfDealValueParts





T = TypeVar("T", bound="DoppelkopfDeal")



@_attrs_define
class DoppelkopfDeal:
    """ 
        Attributes:
            announced (list[DoppelkopfDealAnnouncedItem]):
            announcements (list[DoppelkopfDealAnnouncementsItem]):
            deal_no (int):
            dealer (int): A seat, from 0.
            extras (DoppelkopfDealExtras):
            kind (DoppelkopfDealKind):
            kontra (list[int]):
            partner (int | None): A seat, from 0.
            points (DoppelkopfDealPoints):
            re (list[int]):
            score (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            solo (bool):
            totals (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            tricks (DoppelkopfDealTricks):
            value (int):
            value_parts (DoppelkopfDealValueParts):
            wedding (int | None): A seat, from 0.
            winner (DoppelkopfDealWinner):
     """

    announced: list[DoppelkopfDealAnnouncedItem]
    announcements: list[DoppelkopfDealAnnouncementsItem]
    deal_no: int
    dealer: int
    extras: DoppelkopfDealExtras
    kind: DoppelkopfDealKind
    kontra: list[int]
    partner: int | None
    points: DoppelkopfDealPoints
    re: list[int]
    score: list[int]
    solo: bool
    totals: list[int]
    tricks: DoppelkopfDealTricks
    value: int
    value_parts: DoppelkopfDealValueParts
    wedding: int | None
    winner: DoppelkopfDealWinner
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.doppelkopf_deal_announcements_item import DoppelkopfDealAnnouncementsItem # noqa: PLC0415
        from ..models.doppelkopf_deal_extras import DoppelkopfDealExtras # noqa: PLC0415
        from ..models.doppelkopf_deal_points import DoppelkopfDealPoints # noqa: PLC0415
        from ..models.doppelkopf_deal_tricks import DoppelkopfDealTricks # noqa: PLC0415
        from ..models.doppelkopf_deal_value_parts import DoppelkopfDealValueParts # noqa: PLC0415
        announced = []
        for announced_item_data in self.announced:
            announced_item = announced_item_data.value
            announced.append(announced_item)



        announcements = []
        for announcements_item_data in self.announcements:
            announcements_item = announcements_item_data.to_dict()
            announcements.append(announcements_item)



        deal_no = self.deal_no

        dealer = self.dealer

        extras = self.extras.to_dict()

        kind = self.kind.value

        kontra = self.kontra



        partner: int | None
        partner = self.partner

        points = self.points.to_dict()

        re = self.re



        score = self.score



        solo = self.solo

        totals = self.totals



        tricks = self.tricks.to_dict()

        value = self.value

        value_parts = self.value_parts.to_dict()

        wedding: int | None
        wedding = self.wedding

        winner = self.winner.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "announced": announced,
            "announcements": announcements,
            "deal_no": deal_no,
            "dealer": dealer,
            "extras": extras,
            "kind": kind,
            "kontra": kontra,
            "partner": partner,
            "points": points,
            "re": re,
            "score": score,
            "solo": solo,
            "totals": totals,
            "tricks": tricks,
            "value": value,
            "value_parts": value_parts,
            "wedding": wedding,
            "winner": winner,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doppelkopf_deal_announcements_item import DoppelkopfDealAnnouncementsItem # noqa: PLC0415
        from ..models.doppelkopf_deal_extras import DoppelkopfDealExtras # noqa: PLC0415
        from ..models.doppelkopf_deal_points import DoppelkopfDealPoints # noqa: PLC0415
        from ..models.doppelkopf_deal_tricks import DoppelkopfDealTricks # noqa: PLC0415
        from ..models.doppelkopf_deal_value_parts import DoppelkopfDealValueParts # noqa: PLC0415
        d = dict(src_dict)
        announced = []
        _announced = d.pop("announced")
        for announced_item_data in (_announced):
            announced_item = DoppelkopfDealAnnouncedItem(announced_item_data)



            announced.append(announced_item)


        announcements = []
        _announcements = d.pop("announcements")
        for announcements_item_data in (_announcements):
            announcements_item = DoppelkopfDealAnnouncementsItem.from_dict(announcements_item_data)



            announcements.append(announcements_item)


        deal_no = d.pop("deal_no")

        dealer = d.pop("dealer")

        extras = DoppelkopfDealExtras.from_dict(d.pop("extras"))




        kind = DoppelkopfDealKind(d.pop("kind"))




        kontra = cast(list[int], d.pop("kontra"))


        def _parse_partner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        partner = _parse_partner(d.pop("partner"))


        points = DoppelkopfDealPoints.from_dict(d.pop("points"))




        re = cast(list[int], d.pop("re"))


        score = cast(list[int], d.pop("score"))


        solo = d.pop("solo")

        totals = cast(list[int], d.pop("totals"))


        tricks = DoppelkopfDealTricks.from_dict(d.pop("tricks"))




        value = d.pop("value")

        value_parts = DoppelkopfDealValueParts.from_dict(d.pop("value_parts"))




        def _parse_wedding(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        wedding = _parse_wedding(d.pop("wedding"))


        winner = DoppelkopfDealWinner(d.pop("winner"))




        doppelkopf_deal = cls(
            announced=announced,
            announcements=announcements,
            deal_no=deal_no,
            dealer=dealer,
            extras=extras,
            kind=kind,
            kontra=kontra,
            partner=partner,
            points=points,
            re=re,
            score=score,
            solo=solo,
            totals=totals,
            tricks=tricks,
            value=value,
            value_parts=value_parts,
            wedding=wedding,
            winner=winner,
        )


        doppelkopf_deal.additional_properties = d
        return doppelkopf_deal

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.cards_played_data_kind import CardsPlayedDataKind
from typing import cast






T = TypeVar("T", bound="CardsPlayedData")



@_attrs_define
class CardsPlayedData:
    """ Sent by: Duck.

        Attributes:
            cards (list[str]):
            hand_size (int):
            kind (CardsPlayedDataKind):
            seat (int): A seat, from 0.
     """

    cards: list[str]
    hand_size: int
    kind: CardsPlayedDataKind
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cards = self.cards



        hand_size = self.hand_size

        kind = self.kind.value

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cards": cards,
            "hand_size": hand_size,
            "kind": kind,
            "seat": seat,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))


        hand_size = d.pop("hand_size")

        kind = CardsPlayedDataKind(d.pop("kind"))




        seat = d.pop("seat")

        cards_played_data = cls(
            cards=cards,
            hand_size=hand_size,
            kind=kind,
            seat=seat,
        )


        cards_played_data.additional_properties = d
        return cards_played_data

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

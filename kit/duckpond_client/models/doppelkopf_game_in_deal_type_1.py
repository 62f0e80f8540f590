from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DoppelkopfGameInDealType1")



@_attrs_define
class DoppelkopfGameInDealType1:
    """ Deprecated (since 5.0.0, sunset 2027-06-30): the former form, read as `{cards: [*hands, *face_up, *stock]}` when its
    hands and piles have the game's sizes, and answered with `Deprecation`, `Sunset` and `Link` headers. Send `cards`.

        Attributes:
            hands (list[list[str]]): One hand per seat, seat 0 first.
            face_up (list[str] | Unset): Duck: one face-up card per seat.
            stock (list[str] | Unset): The stock, top card first.
     """

    hands: list[list[str]]
    face_up: list[str] | Unset = UNSET
    stock: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data


            hands.append(hands_item)



        face_up: list[str] | Unset = UNSET
        if not isinstance(self.face_up, Unset):
            face_up = self.face_up



        stock: list[str] | Unset = UNSET
        if not isinstance(self.stock, Unset):
            stock = self.stock




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hands": hands,
        })
        if face_up is not UNSET:
            field_dict["face_up"] = face_up
        if stock is not UNSET:
            field_dict["stock"] = stock

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)


        face_up = cast(list[str], d.pop("face_up", UNSET))


        stock = cast(list[str], d.pop("stock", UNSET))


        doppelkopf_game_in_deal_type_1 = cls(
            hands=hands,
            face_up=face_up,
            stock=stock,
        )

        return doppelkopf_game_in_deal_type_1


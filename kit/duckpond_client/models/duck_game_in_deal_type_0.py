from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.duck_game_in_deal_type_0_cards_item import DuckGameInDealType0CardsItem
from typing import cast






T = TypeVar("T", bound="DuckGameInDealType0")



@_attrs_define
class DuckGameInDealType0:
    """ A Duck deal: exactly the game's 69 cards. Deprecated: the former `{hands, stock, face_up}` form (`x-deprecated-
    forms`) is still read until its sunset, 2027-06-30, with `Deprecation` and `Sunset` headers.

        Attributes:
            cards (list[DuckGameInDealType0CardsItem]): The cards in the order the table deals them: seat 0's hand, then
                seat 1's, ..., then `face_up` (one card per seat, seat 0 first), then the stock, top card first (3 seats: 3
                hands of 7, 3 face_up, a stock of 45; 4 seats: 4 hands of 7, 4 face_up, a stock of 37; 5 seats: 5 hands of 7, 5
                face_up, a stock of 29).
     """

    cards: list[DuckGameInDealType0CardsItem]





    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cards": cards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in (_cards):
            cards_item = DuckGameInDealType0CardsItem(cards_item_data)



            cards.append(cards_item)


        duck_game_in_deal_type_0 = cls(
            cards=cards,
        )

        return duck_game_in_deal_type_0


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doppelkopf_game_in_deal_type_0_cards_item import DoppelkopfGameInDealType0CardsItem
from typing import cast






T = TypeVar("T", bound="DoppelkopfGameInDealType0")



@_attrs_define
class DoppelkopfGameInDealType0:
    """ A Doppelkopf deal: exactly the game's 48 cards. Deprecated: the former `{hands, stock, face_up}` form
    (`x-deprecated-forms`) is still read until its sunset, 2027-06-30, with `Deprecation` and `Sunset` headers.

        Attributes:
            cards (list[DoppelkopfGameInDealType0CardsItem]): The cards in the order the table deals them: seat 0's hand,
                then seat 1's, ..., then the stock, top card first (4 seats: 4 hands of 12).
     """

    cards: list[DoppelkopfGameInDealType0CardsItem]





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
            cards_item = DoppelkopfGameInDealType0CardsItem(cards_item_data)



            cards.append(cards_item)


        doppelkopf_game_in_deal_type_0 = cls(
            cards=cards,
        )

        return doppelkopf_game_in_deal_type_0


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deal_request_in_deal_type_0_cards_type_0_item import DealRequestInDealType0CardsType0Item
from ..models.deal_request_in_deal_type_0_cards_type_1_item import DealRequestInDealType0CardsType1Item
from ..models.deal_request_in_deal_type_0_cards_type_2_item import DealRequestInDealType0CardsType2Item
from ..models.deal_request_in_deal_type_0_cards_type_3_item import DealRequestInDealType0CardsType3Item
from typing import cast






T = TypeVar("T", bound="DealRequestInDealType0")



@_attrs_define
class DealRequestInDealType0:
    """ A deal of the game the path names, as one list (the schema of each game says its order): the cards that game deals
    now, else 409 `deck_mismatch`. Deprecated: the former `{hands, stock, face_up}` form (`x-deprecated-forms`) is still
    read until its sunset, 2027-06-30, with `Deprecation` and `Sunset` headers.

        Attributes:
            cards (list[DealRequestInDealType0CardsType0Item] | list[DealRequestInDealType0CardsType1Item] |
                list[DealRequestInDealType0CardsType2Item] | list[DealRequestInDealType0CardsType3Item]):
     """

    cards: list[DealRequestInDealType0CardsType0Item] | list[DealRequestInDealType0CardsType1Item] | list[DealRequestInDealType0CardsType2Item] | list[DealRequestInDealType0CardsType3Item]





    def to_dict(self) -> dict[str, Any]:
        cards: list[str]
        if isinstance(self.cards, list):
            cards = []
            for cards_type_0_item_data in self.cards:
                cards_type_0_item = cards_type_0_item_data.value
                cards.append(cards_type_0_item)


        elif isinstance(self.cards, list):
            cards = []
            for cards_type_1_item_data in self.cards:
                cards_type_1_item = cards_type_1_item_data.value
                cards.append(cards_type_1_item)


        elif isinstance(self.cards, list):
            cards = []
            for cards_type_2_item_data in self.cards:
                cards_type_2_item = cards_type_2_item_data.value
                cards.append(cards_type_2_item)


        else:
            cards = []
            for cards_type_3_item_data in self.cards:
                cards_type_3_item = cards_type_3_item_data.value
                cards.append(cards_type_3_item)





        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cards": cards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_cards(data: object) -> list[DealRequestInDealType0CardsType0Item] | list[DealRequestInDealType0CardsType1Item] | list[DealRequestInDealType0CardsType2Item] | list[DealRequestInDealType0CardsType3Item]:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_0 = []
                _cards_type_0 = data
                for cards_type_0_item_data in (_cards_type_0):
                    cards_type_0_item = DealRequestInDealType0CardsType0Item(cards_type_0_item_data)



                    cards_type_0.append(cards_type_0_item)

                return cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_1 = []
                _cards_type_1 = data
                for cards_type_1_item_data in (_cards_type_1):
                    cards_type_1_item = DealRequestInDealType0CardsType1Item(cards_type_1_item_data)



                    cards_type_1.append(cards_type_1_item)

                return cards_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_2 = []
                _cards_type_2 = data
                for cards_type_2_item_data in (_cards_type_2):
                    cards_type_2_item = DealRequestInDealType0CardsType2Item(cards_type_2_item_data)



                    cards_type_2.append(cards_type_2_item)

                return cards_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            cards_type_3 = []
            _cards_type_3 = data
            for cards_type_3_item_data in (_cards_type_3):
                cards_type_3_item = DealRequestInDealType0CardsType3Item(cards_type_3_item_data)



                cards_type_3.append(cards_type_3_item)

            return cards_type_3

        cards = _parse_cards(d.pop("cards"))


        deal_request_in_deal_type_0 = cls(
            cards=cards,
        )

        return deal_request_in_deal_type_0


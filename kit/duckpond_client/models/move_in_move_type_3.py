from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.move_in_move_type_3_cards_item import MoveInMoveType3CardsItem
from ..models.move_in_move_type_3_draw import MoveInMoveType3Draw
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="MoveInMoveType3")



@_attrs_define
class MoveInMoveType3:
    """ A `play` move of Duck.

        Attributes:
            cards (list[MoveInMoveType3CardsItem]):
            type_ (Literal['play']):
            draw (MoveInMoveType3Draw | Unset):
     """

    cards: list[MoveInMoveType3CardsItem]
    type_: Literal['play']
    draw: MoveInMoveType3Draw | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)



        type_ = self.type_

        draw: str | Unset = UNSET
        if not isinstance(self.draw, Unset):
            draw = self.draw.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cards": cards,
            "type": type_,
        })
        if draw is not UNSET:
            field_dict["draw"] = draw

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in (_cards):
            cards_item = MoveInMoveType3CardsItem(cards_item_data)



            cards.append(cards_item)


        type_ = cast(Literal['play'] , d.pop("type"))
        if type_ != 'play':
            raise ValueError(f"type must match const 'play', got '{type_}'")

        _draw = d.pop("draw", UNSET)
        draw: MoveInMoveType3Draw | Unset
        if isinstance(_draw,  Unset):
            draw = UNSET
        else:
            draw = MoveInMoveType3Draw(_draw)




        move_in_move_type_3 = cls(
            cards=cards,
            type_=type_,
            draw=draw,
        )

        return move_in_move_type_3


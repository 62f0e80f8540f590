from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.move_in_move_type_1_card import MoveInMoveType1Card
from typing import Literal, cast






T = TypeVar("T", bound="MoveInMoveType1")



@_attrs_define
class MoveInMoveType1:
    """ A `play` move of Duck Soup.

        Attributes:
            card (MoveInMoveType1Card): A card of Duck Soup.
            type_ (Literal['play']):
     """

    card: MoveInMoveType1Card
    type_: Literal['play']





    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "card": card,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = MoveInMoveType1Card(d.pop("card"))




        type_ = cast(Literal['play'] , d.pop("type"))
        if type_ != 'play':
            raise ValueError(f"type must match const 'play', got '{type_}'")

        move_in_move_type_1 = cls(
            card=card,
            type_=type_,
        )

        return move_in_move_type_1


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.move_in_move_type_5_card import MoveInMoveType5Card
from typing import Literal, cast






T = TypeVar("T", bound="MoveInMoveType5")



@_attrs_define
class MoveInMoveType5:
    """ A `play` move of Doppelkopf.

        Attributes:
            card (MoveInMoveType5Card): A card of Doppelkopf.
            type_ (Literal['play']):
     """

    card: MoveInMoveType5Card
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
        card = MoveInMoveType5Card(d.pop("card"))




        type_ = cast(Literal['play'] , d.pop("type"))
        if type_ != 'play':
            raise ValueError(f"type must match const 'play', got '{type_}'")

        move_in_move_type_5 = cls(
            card=card,
            type_=type_,
        )

        return move_in_move_type_5


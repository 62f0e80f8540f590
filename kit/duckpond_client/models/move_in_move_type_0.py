from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.move_in_move_type_0_card import MoveInMoveType0Card
from ..types import UNSET, Unset
from typing import Literal, cast






T = TypeVar("T", bound="MoveInMoveType0")



@_attrs_define
class MoveInMoveType0:
    """ A `play` move of Doubleduck.

        Attributes:
            card (MoveInMoveType0Card): A card of Doubleduck.
            type_ (Literal['play']):
            call (str | Unset): `quack` or `doubleduck`, sent WITH the card it belongs to. The call is part of the play
                because the rules forbid a late call: a card accepted without a call can never be called afterwards, and the
                server never calls for you. The spoken form (`Quack-quack`) is accepted when it matches the count; a word that
                is no call is malformed (422 `validation_error`), a call the rules refuse here is 409 `illegal_call`.
     """

    card: MoveInMoveType0Card
    type_: Literal['play']
    call: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        type_ = self.type_

        call = self.call


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "card": card,
            "type": type_,
        })
        if call is not UNSET:
            field_dict["call"] = call

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = MoveInMoveType0Card(d.pop("card"))




        type_ = cast(Literal['play'] , d.pop("type"))
        if type_ != 'play':
            raise ValueError(f"type must match const 'play', got '{type_}'")

        call = d.pop("call", UNSET)

        move_in_move_type_0 = cls(
            card=card,
            type_=type_,
            call=call,
        )

        return move_in_move_type_0


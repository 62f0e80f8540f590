from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="MoveActionMove")



@_attrs_define
class MoveActionMove:
    """ A move as it was sent (one of the game's move shapes).

        Attributes:
            type_ (str):
            call (str | Unset):
            card (str | Unset): A card: rank then suit (`JS`, `TC`), in Duck colour then number (`B7`).
            cards (list[str] | Unset):
            draw (str | Unset):
     """

    type_: str
    call: str | Unset = UNSET
    card: str | Unset = UNSET
    cards: list[str] | Unset = UNSET
    draw: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        call = self.call

        card = self.card

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards



        draw = self.draw


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
        })
        if call is not UNSET:
            field_dict["call"] = call
        if card is not UNSET:
            field_dict["card"] = card
        if cards is not UNSET:
            field_dict["cards"] = cards
        if draw is not UNSET:
            field_dict["draw"] = draw

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        call = d.pop("call", UNSET)

        card = d.pop("card", UNSET)

        cards = cast(list[str], d.pop("cards", UNSET))


        draw = d.pop("draw", UNSET)

        move_action_move = cls(
            type_=type_,
            call=call,
            card=card,
            cards=cards,
            draw=draw,
        )


        move_action_move.additional_properties = d
        return move_action_move

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

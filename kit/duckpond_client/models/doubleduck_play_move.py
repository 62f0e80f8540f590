from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doubleduck_play_move_call import DoubleduckPlayMoveCall
from ..types import UNSET, Unset
from typing import Literal, cast






T = TypeVar("T", bound="DoubleduckPlayMove")



@_attrs_define
class DoubleduckPlayMove:
    """ A `play` move of Doubleduck.

        Example:
            {'call': 'quack', 'card': 'JS', 'type': 'play'}

        Attributes:
            card (str): A card: rank then suit (`JS`, `TC`), in Duck colour then number (`B7`).
            type_ (Literal['play']):
            call (DoubleduckPlayMoveCall | Unset):
     """

    card: str
    type_: Literal['play']
    call: DoubleduckPlayMoveCall | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        card = self.card

        type_ = self.type_

        call: str | Unset = UNSET
        if not isinstance(self.call, Unset):
            call = self.call.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        card = d.pop("card")

        type_ = cast(Literal['play'] , d.pop("type"))
        if type_ != 'play':
            raise ValueError(f"type must match const 'play', got '{type_}'")

        _call = d.pop("call", UNSET)
        call: DoubleduckPlayMoveCall | Unset
        if isinstance(_call,  Unset):
            call = UNSET
        else:
            call = DoubleduckPlayMoveCall(_call)




        doubleduck_play_move = cls(
            card=card,
            type_=type_,
            call=call,
        )


        doubleduck_play_move.additional_properties = d
        return doubleduck_play_move

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.duck_play_move_draw import DuckPlayMoveDraw
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="DuckPlayMove")



@_attrs_define
class DuckPlayMove:
    """ A `play` move of Duck.

        Example:
            {'cards': ['B2', 'B3', 'B4'], 'draw': 'stock', 'type': 'play'}

        Attributes:
            cards (list[str]):
            type_ (Literal['play']):
            draw (DuckPlayMoveDraw | Unset):
     """

    cards: list[str]
    type_: Literal['play']
    draw: DuckPlayMoveDraw | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cards = self.cards



        type_ = self.type_

        draw: str | Unset = UNSET
        if not isinstance(self.draw, Unset):
            draw = self.draw.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        cards = cast(list[str], d.pop("cards"))


        type_ = cast(Literal['play'] , d.pop("type"))
        if type_ != 'play':
            raise ValueError(f"type must match const 'play', got '{type_}'")

        _draw = d.pop("draw", UNSET)
        draw: DuckPlayMoveDraw | Unset
        if isinstance(_draw,  Unset):
            draw = UNSET
        else:
            draw = DuckPlayMoveDraw(_draw)




        duck_play_move = cls(
            cards=cards,
            type_=type_,
            draw=draw,
        )


        duck_play_move.additional_properties = d
        return duck_play_move

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

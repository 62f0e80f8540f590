from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="DoppelkopfPlayMove")



@_attrs_define
class DoppelkopfPlayMove:
    """ A `play` move of Doppelkopf.

        Example:
            {'card': 'QC', 'type': 'play'}

        Attributes:
            card (str): A card: rank then suit (`JS`, `TC`), in Duck colour then number (`B7`).
            type_ (Literal['play']):
     """

    card: str
    type_: Literal['play']
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        card = self.card

        type_ = self.type_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "card": card,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        type_ = cast(Literal['play'] , d.pop("type"))
        if type_ != 'play':
            raise ValueError(f"type must match const 'play', got '{type_}'")

        doppelkopf_play_move = cls(
            card=card,
            type_=type_,
        )


        doppelkopf_play_move.additional_properties = d
        return doppelkopf_play_move

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

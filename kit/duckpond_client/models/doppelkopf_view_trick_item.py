from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doppelkopf_view_trick_item_call import DoppelkopfViewTrickItemCall
from ..types import UNSET, Unset






T = TypeVar("T", bound="DoppelkopfViewTrickItem")



@_attrs_define
class DoppelkopfViewTrickItem:
    """ A card in a trick; Doubleduck adds its call and how it was spoken.

        Attributes:
            card (str): A card: rank then suit (`JS`, `TC`), in Duck colour then number (`B7`).
            seat (int): A seat, from 0.
            call (DoppelkopfViewTrickItemCall | Unset):
            spoken (str | Unset):
     """

    card: str
    seat: int
    call: DoppelkopfViewTrickItemCall | Unset = UNSET
    spoken: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        card = self.card

        seat = self.seat

        call: str | Unset = UNSET
        if not isinstance(self.call, Unset):
            call = self.call.value


        spoken = self.spoken


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "card": card,
            "seat": seat,
        })
        if call is not UNSET:
            field_dict["call"] = call
        if spoken is not UNSET:
            field_dict["spoken"] = spoken

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        seat = d.pop("seat")

        _call = d.pop("call", UNSET)
        call: DoppelkopfViewTrickItemCall | Unset
        if isinstance(_call,  Unset):
            call = UNSET
        else:
            call = DoppelkopfViewTrickItemCall(_call)




        spoken = d.pop("spoken", UNSET)

        doppelkopf_view_trick_item = cls(
            card=card,
            seat=seat,
            call=call,
            spoken=spoken,
        )


        doppelkopf_view_trick_item.additional_properties = d
        return doppelkopf_view_trick_item

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

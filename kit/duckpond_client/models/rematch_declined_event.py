from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.rematch_declined_data import RematchDeclinedData





T = TypeVar("T", bound="RematchDeclinedEvent")



@_attrs_define
class RematchDeclinedEvent:
    """ 
        Attributes:
            data (RematchDeclinedData): Sent by: service.
            n (int): Event number, from 1.
            type_ (Literal['rematch_declined']):
            version (int): The version it produced.
            visible_to (int | Unset): Present on private events only.
     """

    data: RematchDeclinedData
    n: int
    type_: Literal['rematch_declined']
    version: int
    visible_to: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rematch_declined_data import RematchDeclinedData # noqa: PLC0415
        data = self.data.to_dict()

        n = self.n

        type_ = self.type_

        version = self.version

        visible_to = self.visible_to


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data": data,
            "n": n,
            "type": type_,
            "version": version,
        })
        if visible_to is not UNSET:
            field_dict["visible_to"] = visible_to

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rematch_declined_data import RematchDeclinedData # noqa: PLC0415
        d = dict(src_dict)
        data = RematchDeclinedData.from_dict(d.pop("data"))




        n = d.pop("n")

        type_ = cast(Literal['rematch_declined'] , d.pop("type"))
        if type_ != 'rematch_declined':
            raise ValueError(f"type must match const 'rematch_declined', got '{type_}'")

        version = d.pop("version")

        visible_to = d.pop("visible_to", UNSET)

        rematch_declined_event = cls(
            data=data,
            n=n,
            type_=type_,
            version=version,
            visible_to=visible_to,
        )


        rematch_declined_event.additional_properties = d
        return rematch_declined_event

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

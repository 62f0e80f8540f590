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
  from ..models.conceded_data import ConcededData





T = TypeVar("T", bound="ConcededEvent")



@_attrs_define
class ConcededEvent:
    """ 
        Attributes:
            data (ConcededData): Sent by: Duck Soup.
            n (int): Event number, from 1.
            type_ (Literal['conceded']):
            version (int): The version it produced.
            visible_to (int | Unset): Present on private events only.
     """

    data: ConcededData
    n: int
    type_: Literal['conceded']
    version: int
    visible_to: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.conceded_data import ConcededData # noqa: PLC0415
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
        from ..models.conceded_data import ConcededData # noqa: PLC0415
        d = dict(src_dict)
        data = ConcededData.from_dict(d.pop("data"))




        n = d.pop("n")

        type_ = cast(Literal['conceded'] , d.pop("type"))
        if type_ != 'conceded':
            raise ValueError(f"type must match const 'conceded', got '{type_}'")

        version = d.pop("version")

        visible_to = d.pop("visible_to", UNSET)

        conceded_event = cls(
            data=data,
            n=n,
            type_=type_,
            version=version,
            visible_to=visible_to,
        )


        conceded_event.additional_properties = d
        return conceded_event

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

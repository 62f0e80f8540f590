from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.game_record import GameRecord





T = TypeVar("T", bound="RecordOut")



@_attrs_define
class RecordOut:
    """ 
        Attributes:
            id (str):
            record (GameRecord):
            status (str):
            version (int): Number of accepted state changes of the game; 0 right after creation.
     """

    id: str
    record: GameRecord
    status: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_record import GameRecord # noqa: PLC0415
        id = self.id

        record = self.record.to_dict()

        status = self.status

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "record": record,
            "status": status,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_record import GameRecord # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        record = GameRecord.from_dict(d.pop("record"))




        status = d.pop("status")

        version = d.pop("version")

        record_out = cls(
            id=id,
            record=record,
            status=status,
            version=version,
        )


        record_out.additional_properties = d
        return record_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.error_details_out_reason import ErrorDetailsOutReason
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.error_details_out_fields import ErrorDetailsOutFields





T = TypeVar("T", bound="ErrorDetailsOut")



@_attrs_define
class ErrorDetailsOut:
    """ 
        Attributes:
            reason (ErrorDetailsOutReason): A stable machine-readable code (the table in the spec's description lists each
                with its HTTP status).
            fields (ErrorDetailsOutFields | Unset): With `validation_error`: the messages by location and field.
            version (int | Unset): With `stale_version` and `game_not_over`: the game's version.
            yours (bool | Unset): With `bot_name_taken`: `true` when the name is a live bot of the presenting app key
                (registering it again can reuse it), `false` when another key's, retired, or a built-in bot's.
     """

    reason: ErrorDetailsOutReason
    fields: ErrorDetailsOutFields | Unset = UNSET
    version: int | Unset = UNSET
    yours: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.error_details_out_fields import ErrorDetailsOutFields # noqa: PLC0415
        reason = self.reason.value

        fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = self.fields.to_dict()

        version = self.version

        yours = self.yours


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "reason": reason,
        })
        if fields is not UNSET:
            field_dict["fields"] = fields
        if version is not UNSET:
            field_dict["version"] = version
        if yours is not UNSET:
            field_dict["yours"] = yours

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_details_out_fields import ErrorDetailsOutFields # noqa: PLC0415
        d = dict(src_dict)
        reason = ErrorDetailsOutReason(d.pop("reason"))




        _fields = d.pop("fields", UNSET)
        fields: ErrorDetailsOutFields | Unset
        if isinstance(_fields,  Unset):
            fields = UNSET
        else:
            fields = ErrorDetailsOutFields.from_dict(_fields)




        version = d.pop("version", UNSET)

        yours = d.pop("yours", UNSET)

        error_details_out = cls(
            reason=reason,
            fields=fields,
            version=version,
            yours=yours,
        )


        error_details_out.additional_properties = d
        return error_details_out

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

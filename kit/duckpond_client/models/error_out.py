from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.error_details_out import ErrorDetailsOut





T = TypeVar("T", bound="ErrorOut")



@_attrs_define
class ErrorOut:
    """ 
        Attributes:
            code (int): HTTP status code.
            errors (ErrorDetailsOut):
            message (str): For humans.
            status (str): HTTP status phrase.
     """

    code: int
    errors: ErrorDetailsOut
    message: str
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.error_details_out import ErrorDetailsOut # noqa: PLC0415
        code = self.code

        errors = self.errors.to_dict()

        message = self.message

        status = self.status


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "errors": errors,
            "message": message,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_details_out import ErrorDetailsOut # noqa: PLC0415
        d = dict(src_dict)
        code = d.pop("code")

        errors = ErrorDetailsOut.from_dict(d.pop("errors"))




        message = d.pop("message")

        status = d.pop("status")

        error_out = cls(
            code=code,
            errors=errors,
            message=message,
            status=status,
        )


        error_out.additional_properties = d
        return error_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ResignIn")



@_attrs_define
class ResignIn:
    """ 
        Attributes:
            expected_version (int | Unset): Resign only if the game is still at this version.
     """

    expected_version: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        expected_version = self.expected_version


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expected_version = d.pop("expected_version", UNSET)

        resign_in = cls(
            expected_version=expected_version,
        )

        return resign_in


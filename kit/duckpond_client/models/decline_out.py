from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DeclineOut")



@_attrs_define
class DeclineOut:
    """ 
        Attributes:
            declined_by (int): The seat (of the finished game) that declined.
            id (str): The rematch declined.
            rematch_of (str): The finished game it was the rematch of.
            status (str): The rematch's status now: `abandoned`.
     """

    declined_by: int
    id: str
    rematch_of: str
    status: str





    def to_dict(self) -> dict[str, Any]:
        declined_by = self.declined_by

        id = self.id

        rematch_of = self.rematch_of

        status = self.status


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "declined_by": declined_by,
            "id": id,
            "rematch_of": rematch_of,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        declined_by = d.pop("declined_by")

        id = d.pop("id")

        rematch_of = d.pop("rematch_of")

        status = d.pop("status")

        decline_out = cls(
            declined_by=declined_by,
            id=id,
            rematch_of=rematch_of,
            status=status,
        )

        return decline_out


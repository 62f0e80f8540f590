from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doubleduck_view_last_trick_type_0_course import DoubleduckViewLastTrickType0Course
from typing import cast

if TYPE_CHECKING:
  from ..models.doubleduck_view_last_trick_type_0_plays_item import DoubleduckViewLastTrickType0PlaysItem





T = TypeVar("T", bound="DoubleduckViewLastTrickType0")



@_attrs_define
class DoubleduckViewLastTrickType0:
    """ 
        Attributes:
            course (DoubleduckViewLastTrickType0Course): The course: `duck` while the stock lasts, then `soup`.
            plays (list[DoubleduckViewLastTrickType0PlaysItem]):
            side (int):
            stored (int):
            trick_no (int):
            winner (int): A seat, from 0.
     """

    course: DoubleduckViewLastTrickType0Course
    plays: list[DoubleduckViewLastTrickType0PlaysItem]
    side: int
    stored: int
    trick_no: int
    winner: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.doubleduck_view_last_trick_type_0_plays_item import DoubleduckViewLastTrickType0PlaysItem # noqa: PLC0415
        course = self.course.value

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)



        side = self.side

        stored = self.stored

        trick_no = self.trick_no

        winner = self.winner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "course": course,
            "plays": plays,
            "side": side,
            "stored": stored,
            "trick_no": trick_no,
            "winner": winner,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doubleduck_view_last_trick_type_0_plays_item import DoubleduckViewLastTrickType0PlaysItem # noqa: PLC0415
        d = dict(src_dict)
        course = DoubleduckViewLastTrickType0Course(d.pop("course"))




        plays = []
        _plays = d.pop("plays")
        for plays_item_data in (_plays):
            plays_item = DoubleduckViewLastTrickType0PlaysItem.from_dict(plays_item_data)



            plays.append(plays_item)


        side = d.pop("side")

        stored = d.pop("stored")

        trick_no = d.pop("trick_no")

        winner = d.pop("winner")

        doubleduck_view_last_trick_type_0 = cls(
            course=course,
            plays=plays,
            side=side,
            stored=stored,
            trick_no=trick_no,
            winner=winner,
        )


        doubleduck_view_last_trick_type_0.additional_properties = d
        return doubleduck_view_last_trick_type_0

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.course_changed_data_course import CourseChangedDataCourse
from ..types import UNSET, Unset






T = TypeVar("T", bound="CourseChangedData")



@_attrs_define
class CourseChangedData:
    """ Sent by: Doubleduck, Duck Soup.

        Attributes:
            course (CourseChangedDataCourse): The course: `duck` while the stock lasts, then `soup`.
            hand_size (int | Unset):
            leader (int | Unset): A seat, from 0.
     """

    course: CourseChangedDataCourse
    hand_size: int | Unset = UNSET
    leader: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        course = self.course.value

        hand_size = self.hand_size

        leader = self.leader


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "course": course,
        })
        if hand_size is not UNSET:
            field_dict["hand_size"] = hand_size
        if leader is not UNSET:
            field_dict["leader"] = leader

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        course = CourseChangedDataCourse(d.pop("course"))




        hand_size = d.pop("hand_size", UNSET)

        leader = d.pop("leader", UNSET)

        course_changed_data = cls(
            course=course,
            hand_size=hand_size,
            leader=leader,
        )


        course_changed_data.additional_properties = d
        return course_changed_data

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

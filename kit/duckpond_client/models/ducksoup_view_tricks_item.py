from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ducksoup_view_tricks_item_course import DucksoupViewTricksItemCourse
from ..models.ducksoup_view_tricks_item_how import DucksoupViewTricksItemHow
from typing import cast

if TYPE_CHECKING:
  from ..models.ducksoup_view_tricks_item_plays_item import DucksoupViewTricksItemPlaysItem
  from ..models.ducksoup_view_tricks_item_units_item import DucksoupViewTricksItemUnitsItem





T = TypeVar("T", bound="DucksoupViewTricksItem")



@_attrs_define
class DucksoupViewTricksItem:
    """ 
        Attributes:
            course (DucksoupViewTricksItemCourse): The course: `duck` while the stock lasts, then `soup`.
            how (DucksoupViewTricksItemHow):
            plays (list[DucksoupViewTricksItemPlaysItem]):
            points (int):
            trick_no (int):
            units (list[DucksoupViewTricksItemUnitsItem]):
            winner (int): A seat, from 0.
     """

    course: DucksoupViewTricksItemCourse
    how: DucksoupViewTricksItemHow
    plays: list[DucksoupViewTricksItemPlaysItem]
    points: int
    trick_no: int
    units: list[DucksoupViewTricksItemUnitsItem]
    winner: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ducksoup_view_tricks_item_plays_item import DucksoupViewTricksItemPlaysItem # noqa: PLC0415
        from ..models.ducksoup_view_tricks_item_units_item import DucksoupViewTricksItemUnitsItem # noqa: PLC0415
        course = self.course.value

        how = self.how.value

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)



        points = self.points

        trick_no = self.trick_no

        units = []
        for units_item_data in self.units:
            units_item = units_item_data.to_dict()
            units.append(units_item)



        winner = self.winner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "course": course,
            "how": how,
            "plays": plays,
            "points": points,
            "trick_no": trick_no,
            "units": units,
            "winner": winner,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ducksoup_view_tricks_item_plays_item import DucksoupViewTricksItemPlaysItem # noqa: PLC0415
        from ..models.ducksoup_view_tricks_item_units_item import DucksoupViewTricksItemUnitsItem # noqa: PLC0415
        d = dict(src_dict)
        course = DucksoupViewTricksItemCourse(d.pop("course"))




        how = DucksoupViewTricksItemHow(d.pop("how"))




        plays = []
        _plays = d.pop("plays")
        for plays_item_data in (_plays):
            plays_item = DucksoupViewTricksItemPlaysItem.from_dict(plays_item_data)



            plays.append(plays_item)


        points = d.pop("points")

        trick_no = d.pop("trick_no")

        units = []
        _units = d.pop("units")
        for units_item_data in (_units):
            units_item = DucksoupViewTricksItemUnitsItem.from_dict(units_item_data)



            units.append(units_item)


        winner = d.pop("winner")

        ducksoup_view_tricks_item = cls(
            course=course,
            how=how,
            plays=plays,
            points=points,
            trick_no=trick_no,
            units=units,
            winner=winner,
        )


        ducksoup_view_tricks_item.additional_properties = d
        return ducksoup_view_tricks_item

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.trick_won_data_course import TrickWonDataCourse
from ..models.trick_won_data_how import TrickWonDataHow
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.trick_won_data_plays_item import TrickWonDataPlaysItem
  from ..models.trick_won_data_units_item import TrickWonDataUnitsItem





T = TypeVar("T", bound="TrickWonData")



@_attrs_define
class TrickWonData:
    """ Sent by: Doubleduck, Duck Soup, Doppelkopf.

        Attributes:
            plays (list[TrickWonDataPlaysItem]):
            trick_no (int):
            winner (int): A seat, from 0.
            course (TrickWonDataCourse | Unset): The course: `duck` while the stock lasts, then `soup`.
            how (TrickWonDataHow | Unset):
            points (int | Unset):
            side (int | Unset):
            stored (int | Unset):
            units (list[TrickWonDataUnitsItem] | Unset):
     """

    plays: list[TrickWonDataPlaysItem]
    trick_no: int
    winner: int
    course: TrickWonDataCourse | Unset = UNSET
    how: TrickWonDataHow | Unset = UNSET
    points: int | Unset = UNSET
    side: int | Unset = UNSET
    stored: int | Unset = UNSET
    units: list[TrickWonDataUnitsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.trick_won_data_plays_item import TrickWonDataPlaysItem # noqa: PLC0415
        from ..models.trick_won_data_units_item import TrickWonDataUnitsItem # noqa: PLC0415
        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)



        trick_no = self.trick_no

        winner = self.winner

        course: str | Unset = UNSET
        if not isinstance(self.course, Unset):
            course = self.course.value


        how: str | Unset = UNSET
        if not isinstance(self.how, Unset):
            how = self.how.value


        points = self.points

        side = self.side

        stored = self.stored

        units: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.units, Unset):
            units = []
            for units_item_data in self.units:
                units_item = units_item_data.to_dict()
                units.append(units_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "plays": plays,
            "trick_no": trick_no,
            "winner": winner,
        })
        if course is not UNSET:
            field_dict["course"] = course
        if how is not UNSET:
            field_dict["how"] = how
        if points is not UNSET:
            field_dict["points"] = points
        if side is not UNSET:
            field_dict["side"] = side
        if stored is not UNSET:
            field_dict["stored"] = stored
        if units is not UNSET:
            field_dict["units"] = units

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.trick_won_data_plays_item import TrickWonDataPlaysItem # noqa: PLC0415
        from ..models.trick_won_data_units_item import TrickWonDataUnitsItem # noqa: PLC0415
        d = dict(src_dict)
        plays = []
        _plays = d.pop("plays")
        for plays_item_data in (_plays):
            plays_item = TrickWonDataPlaysItem.from_dict(plays_item_data)



            plays.append(plays_item)


        trick_no = d.pop("trick_no")

        winner = d.pop("winner")

        _course = d.pop("course", UNSET)
        course: TrickWonDataCourse | Unset
        if isinstance(_course,  Unset):
            course = UNSET
        else:
            course = TrickWonDataCourse(_course)




        _how = d.pop("how", UNSET)
        how: TrickWonDataHow | Unset
        if isinstance(_how,  Unset):
            how = UNSET
        else:
            how = TrickWonDataHow(_how)




        points = d.pop("points", UNSET)

        side = d.pop("side", UNSET)

        stored = d.pop("stored", UNSET)

        _units = d.pop("units", UNSET)
        units: list[TrickWonDataUnitsItem] | Unset = UNSET
        if _units is not UNSET:
            units = []
            for units_item_data in _units:
                units_item = TrickWonDataUnitsItem.from_dict(units_item_data)



                units.append(units_item)


        trick_won_data = cls(
            plays=plays,
            trick_no=trick_no,
            winner=winner,
            course=course,
            how=how,
            points=points,
            side=side,
            stored=stored,
            units=units,
        )


        trick_won_data.additional_properties = d
        return trick_won_data

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

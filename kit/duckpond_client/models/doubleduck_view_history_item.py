from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.doubleduck_play_move import DoubleduckPlayMove





T = TypeVar("T", bound="DoubleduckViewHistoryItem")



@_attrs_define
class DoubleduckViewHistoryItem:
    """ 
        Attributes:
            move (DoubleduckPlayMove): A `play` move of Doubleduck. Example: {'call': 'quack', 'card': 'JS', 'type':
                'play'}.
            seat (int): A seat, from 0.
     """

    move: DoubleduckPlayMove
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.doubleduck_play_move import DoubleduckPlayMove # noqa: PLC0415
        move = self.move.to_dict()

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "move": move,
            "seat": seat,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doubleduck_play_move import DoubleduckPlayMove # noqa: PLC0415
        d = dict(src_dict)
        move = DoubleduckPlayMove.from_dict(d.pop("move"))




        seat = d.pop("seat")

        doubleduck_view_history_item = cls(
            move=move,
            seat=seat,
        )


        doubleduck_view_history_item.additional_properties = d
        return doubleduck_view_history_item

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

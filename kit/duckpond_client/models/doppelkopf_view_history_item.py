from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.doppelkopf_announce_move import DoppelkopfAnnounceMove
  from ..models.doppelkopf_play_move import DoppelkopfPlayMove





T = TypeVar("T", bound="DoppelkopfViewHistoryItem")



@_attrs_define
class DoppelkopfViewHistoryItem:
    """ 
        Attributes:
            move (DoppelkopfAnnounceMove | DoppelkopfPlayMove):
            seat (int): A seat, from 0.
     """

    move: DoppelkopfAnnounceMove | DoppelkopfPlayMove
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.doppelkopf_announce_move import DoppelkopfAnnounceMove # noqa: PLC0415
        from ..models.doppelkopf_play_move import DoppelkopfPlayMove # noqa: PLC0415
        move: dict[str, Any]
        if isinstance(self.move, DoppelkopfPlayMove):
            move = self.move.to_dict()
        else:
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
        from ..models.doppelkopf_announce_move import DoppelkopfAnnounceMove # noqa: PLC0415
        from ..models.doppelkopf_play_move import DoppelkopfPlayMove # noqa: PLC0415
        d = dict(src_dict)
        def _parse_move(data: object) -> DoppelkopfAnnounceMove | DoppelkopfPlayMove:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_0 = DoppelkopfPlayMove.from_dict(data)



                return move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            move_type_1 = DoppelkopfAnnounceMove.from_dict(data)



            return move_type_1

        move = _parse_move(d.pop("move"))


        seat = d.pop("seat")

        doppelkopf_view_history_item = cls(
            move=move,
            seat=seat,
        )


        doppelkopf_view_history_item.additional_properties = d
        return doppelkopf_view_history_item

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

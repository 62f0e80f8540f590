from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.move_in_move_type_0 import MoveInMoveType0
  from ..models.move_in_move_type_1 import MoveInMoveType1
  from ..models.move_in_move_type_2 import MoveInMoveType2
  from ..models.move_in_move_type_3 import MoveInMoveType3
  from ..models.move_in_move_type_4 import MoveInMoveType4
  from ..models.move_in_move_type_5 import MoveInMoveType5
  from ..models.move_in_move_type_6 import MoveInMoveType6





T = TypeVar("T", bound="MoveIn")



@_attrs_define
class MoveIn:
    """ 
        Attributes:
            move (MoveInMoveType0 | MoveInMoveType1 | MoveInMoveType2 | MoveInMoveType3 | MoveInMoveType4 | MoveInMoveType5
                | MoveInMoveType6):
            expected_version (int | Unset): Refuse (409 stale_version) unless the game is at this version.
     """

    move: MoveInMoveType0 | MoveInMoveType1 | MoveInMoveType2 | MoveInMoveType3 | MoveInMoveType4 | MoveInMoveType5 | MoveInMoveType6
    expected_version: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.move_in_move_type_0 import MoveInMoveType0 # noqa: PLC0415
        from ..models.move_in_move_type_1 import MoveInMoveType1 # noqa: PLC0415
        from ..models.move_in_move_type_2 import MoveInMoveType2 # noqa: PLC0415
        from ..models.move_in_move_type_3 import MoveInMoveType3 # noqa: PLC0415
        from ..models.move_in_move_type_4 import MoveInMoveType4 # noqa: PLC0415
        from ..models.move_in_move_type_5 import MoveInMoveType5 # noqa: PLC0415
        from ..models.move_in_move_type_6 import MoveInMoveType6 # noqa: PLC0415
        move: dict[str, Any]
        if isinstance(self.move, MoveInMoveType0):
            move = self.move.to_dict()
        elif isinstance(self.move, MoveInMoveType1):
            move = self.move.to_dict()
        elif isinstance(self.move, MoveInMoveType2):
            move = self.move.to_dict()
        elif isinstance(self.move, MoveInMoveType3):
            move = self.move.to_dict()
        elif isinstance(self.move, MoveInMoveType4):
            move = self.move.to_dict()
        elif isinstance(self.move, MoveInMoveType5):
            move = self.move.to_dict()
        else:
            move = self.move.to_dict()


        expected_version = self.expected_version


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "move": move,
        })
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move_in_move_type_0 import MoveInMoveType0 # noqa: PLC0415
        from ..models.move_in_move_type_1 import MoveInMoveType1 # noqa: PLC0415
        from ..models.move_in_move_type_2 import MoveInMoveType2 # noqa: PLC0415
        from ..models.move_in_move_type_3 import MoveInMoveType3 # noqa: PLC0415
        from ..models.move_in_move_type_4 import MoveInMoveType4 # noqa: PLC0415
        from ..models.move_in_move_type_5 import MoveInMoveType5 # noqa: PLC0415
        from ..models.move_in_move_type_6 import MoveInMoveType6 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_move(data: object) -> MoveInMoveType0 | MoveInMoveType1 | MoveInMoveType2 | MoveInMoveType3 | MoveInMoveType4 | MoveInMoveType5 | MoveInMoveType6:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_0 = MoveInMoveType0.from_dict(data)



                return move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_1 = MoveInMoveType1.from_dict(data)



                return move_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_2 = MoveInMoveType2.from_dict(data)



                return move_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_3 = MoveInMoveType3.from_dict(data)



                return move_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_4 = MoveInMoveType4.from_dict(data)



                return move_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_5 = MoveInMoveType5.from_dict(data)



                return move_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            move_type_6 = MoveInMoveType6.from_dict(data)



            return move_type_6

        move = _parse_move(d.pop("move"))


        expected_version = d.pop("expected_version", UNSET)

        move_in = cls(
            move=move,
            expected_version=expected_version,
        )

        return move_in


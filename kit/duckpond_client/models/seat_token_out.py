from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_token_out_role import SeatTokenOutRole
from ..models.seat_token_out_status import SeatTokenOutStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.clock_out import ClockOut
  from ..models.doppelkopf_view import DoppelkopfView
  from ..models.doubleduck_view import DoubleduckView
  from ..models.duck_view import DuckView
  from ..models.ducksoup_view import DucksoupView
  from ..models.seat_out import SeatOut





T = TypeVar("T", bound="SeatTokenOut")



@_attrs_define
class SeatTokenOut:
    """ 
        Attributes:
            auto_deal (bool):
            game (str):
            id (str):
            role (SeatTokenOutRole): How the caller was recognised, from its token alone.
            seat (int | None):
            seats (list[SeatOut]):
            status (SeatTokenOutStatus): `waiting`: seats are open or invited (no clock, move, deal or bot turn until every
                one is taken); `abandoned`: the host ended it; it takes no more changes.
            token (str): The caller's secret bearer token of this game.
            version (int): Number of accepted state changes of the game; 0 right after creation.
            view (DoppelkopfView | DoubleduckView | DucksoupView | DuckView): The game as the caller may know it, typed per
                game (`game` tells which): with a seat token it adds `seat`, `hand` and `legal_moves` (empty unless it is that
                seat's turn); the host and spectators get the public view.
            clock (ClockOut | Unset):
            rematch_of (str | Unset): Only in a rematch: the finished game it is the rematch of (its open seats are that
                game's players', taken by asking for the rematch).
     """

    auto_deal: bool
    game: str
    id: str
    role: SeatTokenOutRole
    seat: int | None
    seats: list[SeatOut]
    status: SeatTokenOutStatus
    token: str
    version: int
    view: DoppelkopfView | DoubleduckView | DucksoupView | DuckView
    clock: ClockOut | Unset = UNSET
    rematch_of: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_out import ClockOut # noqa: PLC0415
        from ..models.doppelkopf_view import DoppelkopfView # noqa: PLC0415
        from ..models.doubleduck_view import DoubleduckView # noqa: PLC0415
        from ..models.duck_view import DuckView # noqa: PLC0415
        from ..models.ducksoup_view import DucksoupView # noqa: PLC0415
        from ..models.seat_out import SeatOut # noqa: PLC0415
        auto_deal = self.auto_deal

        game = self.game

        id = self.id

        role = self.role.value

        seat: int | None
        seat = self.seat

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        status = self.status.value

        token = self.token

        version = self.version

        view: dict[str, Any]
        if isinstance(self.view, DoubleduckView):
            view = self.view.to_dict()
        elif isinstance(self.view, DucksoupView):
            view = self.view.to_dict()
        elif isinstance(self.view, DuckView):
            view = self.view.to_dict()
        else:
            view = self.view.to_dict()


        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        rematch_of = self.rematch_of


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "auto_deal": auto_deal,
            "game": game,
            "id": id,
            "role": role,
            "seat": seat,
            "seats": seats,
            "status": status,
            "token": token,
            "version": version,
            "view": view,
        })
        if clock is not UNSET:
            field_dict["clock"] = clock
        if rematch_of is not UNSET:
            field_dict["rematch_of"] = rematch_of

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock_out import ClockOut # noqa: PLC0415
        from ..models.doppelkopf_view import DoppelkopfView # noqa: PLC0415
        from ..models.doubleduck_view import DoubleduckView # noqa: PLC0415
        from ..models.duck_view import DuckView # noqa: PLC0415
        from ..models.ducksoup_view import DucksoupView # noqa: PLC0415
        from ..models.seat_out import SeatOut # noqa: PLC0415
        d = dict(src_dict)
        auto_deal = d.pop("auto_deal")

        game = d.pop("game")

        id = d.pop("id")

        role = SeatTokenOutRole(d.pop("role"))




        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatOut.from_dict(seats_item_data)



            seats.append(seats_item)


        status = SeatTokenOutStatus(d.pop("status"))




        token = d.pop("token")

        version = d.pop("version")

        def _parse_view(data: object) -> DoppelkopfView | DoubleduckView | DucksoupView | DuckView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                view_type_0 = DoubleduckView.from_dict(data)



                return view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                view_type_1 = DucksoupView.from_dict(data)



                return view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                view_type_2 = DuckView.from_dict(data)



                return view_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            view_type_3 = DoppelkopfView.from_dict(data)



            return view_type_3

        view = _parse_view(d.pop("view"))


        _clock = d.pop("clock", UNSET)
        clock: ClockOut | Unset
        if isinstance(_clock,  Unset):
            clock = UNSET
        else:
            clock = ClockOut.from_dict(_clock)




        rematch_of = d.pop("rematch_of", UNSET)

        seat_token_out = cls(
            auto_deal=auto_deal,
            game=game,
            id=id,
            role=role,
            seat=seat,
            seats=seats,
            status=status,
            token=token,
            version=version,
            view=view,
            clock=clock,
            rematch_of=rematch_of,
        )


        seat_token_out.additional_properties = d
        return seat_token_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.lobby_table_out_lobby import LobbyTableOutLobby
from typing import cast

if TYPE_CHECKING:
  from ..models.lobby_table_out_options import LobbyTableOutOptions
  from ..models.seat_out import SeatOut





T = TypeVar("T", bound="LobbyTableOut")



@_attrs_define
class LobbyTableOut:
    """ 
        Attributes:
            age_seconds (int): Since creation.
            auto_deal (bool):
            game (str):
            id (str):
            invite_code (str): Takes an open seat (`POST .../claim`).
            lobby (LobbyTableOutLobby): Listed to its app key's callers (`key`) or to all.
            open_seats (list[int]):
            options (LobbyTableOutOptions): The game's options, defaults filled in.
            seats (list[SeatOut]):
     """

    age_seconds: int
    auto_deal: bool
    game: str
    id: str
    invite_code: str
    lobby: LobbyTableOutLobby
    open_seats: list[int]
    options: LobbyTableOutOptions
    seats: list[SeatOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.lobby_table_out_options import LobbyTableOutOptions # noqa: PLC0415
        from ..models.seat_out import SeatOut # noqa: PLC0415
        age_seconds = self.age_seconds

        auto_deal = self.auto_deal

        game = self.game

        id = self.id

        invite_code = self.invite_code

        lobby = self.lobby.value

        open_seats = self.open_seats



        options = self.options.to_dict()

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "age_seconds": age_seconds,
            "auto_deal": auto_deal,
            "game": game,
            "id": id,
            "invite_code": invite_code,
            "lobby": lobby,
            "open_seats": open_seats,
            "options": options,
            "seats": seats,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lobby_table_out_options import LobbyTableOutOptions # noqa: PLC0415
        from ..models.seat_out import SeatOut # noqa: PLC0415
        d = dict(src_dict)
        age_seconds = d.pop("age_seconds")

        auto_deal = d.pop("auto_deal")

        game = d.pop("game")

        id = d.pop("id")

        invite_code = d.pop("invite_code")

        lobby = LobbyTableOutLobby(d.pop("lobby"))




        open_seats = cast(list[int], d.pop("open_seats"))


        options = LobbyTableOutOptions.from_dict(d.pop("options"))




        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatOut.from_dict(seats_item_data)



            seats.append(seats_item)


        lobby_table_out = cls(
            age_seconds=age_seconds,
            auto_deal=auto_deal,
            game=game,
            id=id,
            invite_code=invite_code,
            lobby=lobby,
            open_seats=open_seats,
            options=options,
            seats=seats,
        )


        lobby_table_out.additional_properties = d
        return lobby_table_out

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

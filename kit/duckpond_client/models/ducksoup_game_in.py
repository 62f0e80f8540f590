from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ducksoup_game_in_lobby import DucksoupGameInLobby
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.ducksoup_game_in_deal_type_0 import DucksoupGameInDealType0
  from ..models.ducksoup_game_in_options import DucksoupGameInOptions
  from ..models.ducksoup_game_in_seats_item import DucksoupGameInSeatsItem





T = TypeVar("T", bound="DucksoupGameIn")



@_attrs_define
class DucksoupGameIn:
    """ 
        Attributes:
            game (Literal['ducksoup']): `ducksoup`: Duck Soup.
            seats (list[DucksoupGameInSeatsItem]): One entry per seat: `{}` for a human, `{"bot": "random"}`.
            deal (DucksoupGameInDealType0 | None | Unset): A Duck Soup deal: exactly the game's 52 cards. Deprecated: the
                former `{hands, stock, face_up}` form (`x-deprecated-forms`) is still read until its sunset, 2027-06-30, with
                `Deprecation` and `Sunset` headers.
            lobby (DucksoupGameInLobby | Unset): List the table in the lobby while it has open seats (`GET
                /api/v1/lobby/{game}`), with its invite code: `key` to callers with this app key, `all` to every app key of the
                service. Absent: not listed (share the code yourself).
            options (DucksoupGameInOptions | Unset): Options of Duck Soup (the catalog lists them with their defaults); any
                other member is refused.
            seed (str | Unset): Shuffles every deal; secret until the game ends. Absent: the server draws a secret one.
     """

    game: Literal['ducksoup']
    seats: list[DucksoupGameInSeatsItem]
    deal: DucksoupGameInDealType0 | None | Unset = UNSET
    lobby: DucksoupGameInLobby | Unset = UNSET
    options: DucksoupGameInOptions | Unset = UNSET
    seed: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.ducksoup_game_in_deal_type_0 import DucksoupGameInDealType0 # noqa: PLC0415
        from ..models.ducksoup_game_in_options import DucksoupGameInOptions # noqa: PLC0415
        from ..models.ducksoup_game_in_seats_item import DucksoupGameInSeatsItem # noqa: PLC0415
        game = self.game

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        deal: dict[str, Any] | None | Unset
        if isinstance(self.deal, Unset):
            deal = UNSET
        elif isinstance(self.deal, DucksoupGameInDealType0):
            deal = self.deal.to_dict()
        else:
            deal = self.deal

        lobby: str | Unset = UNSET
        if not isinstance(self.lobby, Unset):
            lobby = self.lobby.value


        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        seed = self.seed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game": game,
            "seats": seats,
        })
        if deal is not UNSET:
            field_dict["deal"] = deal
        if lobby is not UNSET:
            field_dict["lobby"] = lobby
        if options is not UNSET:
            field_dict["options"] = options
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ducksoup_game_in_deal_type_0 import DucksoupGameInDealType0 # noqa: PLC0415
        from ..models.ducksoup_game_in_options import DucksoupGameInOptions # noqa: PLC0415
        from ..models.ducksoup_game_in_seats_item import DucksoupGameInSeatsItem # noqa: PLC0415
        d = dict(src_dict)
        game = cast(Literal['ducksoup'] , d.pop("game"))
        if game != 'ducksoup':
            raise ValueError(f"game must match const 'ducksoup', got '{game}'")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = DucksoupGameInSeatsItem.from_dict(seats_item_data)



            seats.append(seats_item)


        def _parse_deal(data: object) -> DucksoupGameInDealType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = DucksoupGameInDealType0.from_dict(data)



                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DucksoupGameInDealType0 | None | Unset, data)

        deal = _parse_deal(d.pop("deal", UNSET))


        _lobby = d.pop("lobby", UNSET)
        lobby: DucksoupGameInLobby | Unset
        if isinstance(_lobby,  Unset):
            lobby = UNSET
        else:
            lobby = DucksoupGameInLobby(_lobby)




        _options = d.pop("options", UNSET)
        options: DucksoupGameInOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = DucksoupGameInOptions.from_dict(_options)




        seed = d.pop("seed", UNSET)

        ducksoup_game_in = cls(
            game=game,
            seats=seats,
            deal=deal,
            lobby=lobby,
            options=options,
            seed=seed,
        )

        return ducksoup_game_in


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doppelkopf_game_in_lobby import DoppelkopfGameInLobby
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.doppelkopf_game_in_deal_type_0 import DoppelkopfGameInDealType0
  from ..models.doppelkopf_game_in_options import DoppelkopfGameInOptions
  from ..models.doppelkopf_game_in_seats_item import DoppelkopfGameInSeatsItem





T = TypeVar("T", bound="DoppelkopfGameIn")



@_attrs_define
class DoppelkopfGameIn:
    """ 
        Attributes:
            game (Literal['doppelkopf']): `doppelkopf`: Doppelkopf.
            seats (list[DoppelkopfGameInSeatsItem]): One entry per seat: `{}` for a human, `{"bot": "random"}`.
            deal (DoppelkopfGameInDealType0 | None | Unset): A Doppelkopf deal: exactly the game's 48 cards. Deprecated: the
                former `{hands, stock, face_up}` form (`x-deprecated-forms`) is still read until its sunset, 2027-06-30, with
                `Deprecation` and `Sunset` headers.
            lobby (DoppelkopfGameInLobby | Unset): List the table in the lobby while it has open seats (`GET
                /api/v1/lobby/{game}`), with its invite code: `key` to callers with this app key, `all` to every app key of the
                service. Absent: not listed (share the code yourself).
            options (DoppelkopfGameInOptions | Unset): Options of Doppelkopf (the catalog lists them with their defaults);
                any other member is refused.
            seed (str | Unset): Shuffles every deal; secret until the game ends. Absent: the server draws a secret one.
     """

    game: Literal['doppelkopf']
    seats: list[DoppelkopfGameInSeatsItem]
    deal: DoppelkopfGameInDealType0 | None | Unset = UNSET
    lobby: DoppelkopfGameInLobby | Unset = UNSET
    options: DoppelkopfGameInOptions | Unset = UNSET
    seed: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.doppelkopf_game_in_deal_type_0 import DoppelkopfGameInDealType0 # noqa: PLC0415
        from ..models.doppelkopf_game_in_options import DoppelkopfGameInOptions # noqa: PLC0415
        from ..models.doppelkopf_game_in_seats_item import DoppelkopfGameInSeatsItem # noqa: PLC0415
        game = self.game

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        deal: dict[str, Any] | None | Unset
        if isinstance(self.deal, Unset):
            deal = UNSET
        elif isinstance(self.deal, DoppelkopfGameInDealType0):
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
        from ..models.doppelkopf_game_in_deal_type_0 import DoppelkopfGameInDealType0 # noqa: PLC0415
        from ..models.doppelkopf_game_in_options import DoppelkopfGameInOptions # noqa: PLC0415
        from ..models.doppelkopf_game_in_seats_item import DoppelkopfGameInSeatsItem # noqa: PLC0415
        d = dict(src_dict)
        game = cast(Literal['doppelkopf'] , d.pop("game"))
        if game != 'doppelkopf':
            raise ValueError(f"game must match const 'doppelkopf', got '{game}'")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = DoppelkopfGameInSeatsItem.from_dict(seats_item_data)



            seats.append(seats_item)


        def _parse_deal(data: object) -> DoppelkopfGameInDealType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = DoppelkopfGameInDealType0.from_dict(data)



                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DoppelkopfGameInDealType0 | None | Unset, data)

        deal = _parse_deal(d.pop("deal", UNSET))


        _lobby = d.pop("lobby", UNSET)
        lobby: DoppelkopfGameInLobby | Unset
        if isinstance(_lobby,  Unset):
            lobby = UNSET
        else:
            lobby = DoppelkopfGameInLobby(_lobby)




        _options = d.pop("options", UNSET)
        options: DoppelkopfGameInOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = DoppelkopfGameInOptions.from_dict(_options)




        seed = d.pop("seed", UNSET)

        doppelkopf_game_in = cls(
            game=game,
            seats=seats,
            deal=deal,
            lobby=lobby,
            options=options,
            seed=seed,
        )

        return doppelkopf_game_in


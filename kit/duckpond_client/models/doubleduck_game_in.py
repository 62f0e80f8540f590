from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doubleduck_game_in_lobby import DoubleduckGameInLobby
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.doubleduck_game_in_deal_type_0 import DoubleduckGameInDealType0
  from ..models.doubleduck_game_in_options import DoubleduckGameInOptions
  from ..models.doubleduck_game_in_seats_item import DoubleduckGameInSeatsItem





T = TypeVar("T", bound="DoubleduckGameIn")



@_attrs_define
class DoubleduckGameIn:
    """ 
        Attributes:
            game (Literal['doubleduck']): `doubleduck`: Doubleduck.
            seats (list[DoubleduckGameInSeatsItem]): One entry per seat: `{}` for a human, `{"bot": "random"}`.
            deal (DoubleduckGameInDealType0 | None | Unset): A Doubleduck deal: exactly the game's 104 cards. Deprecated:
                the former `{hands, stock, face_up}` form (`x-deprecated-forms`) is still read until its sunset, 2027-06-30,
                with `Deprecation` and `Sunset` headers.
            lobby (DoubleduckGameInLobby | Unset): List the table in the lobby while it has open seats (`GET
                /api/v1/lobby/{game}`), with its invite code: `key` to callers with this app key, `all` to every app key of the
                service. Absent: not listed (share the code yourself).
            options (DoubleduckGameInOptions | Unset): Options of Doubleduck (the catalog lists them with their defaults);
                any other member is refused.
            seed (str | Unset): Shuffles every deal; secret until the game ends. Absent: the server draws a secret one.
     """

    game: Literal['doubleduck']
    seats: list[DoubleduckGameInSeatsItem]
    deal: DoubleduckGameInDealType0 | None | Unset = UNSET
    lobby: DoubleduckGameInLobby | Unset = UNSET
    options: DoubleduckGameInOptions | Unset = UNSET
    seed: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.doubleduck_game_in_deal_type_0 import DoubleduckGameInDealType0 # noqa: PLC0415
        from ..models.doubleduck_game_in_options import DoubleduckGameInOptions # noqa: PLC0415
        from ..models.doubleduck_game_in_seats_item import DoubleduckGameInSeatsItem # noqa: PLC0415
        game = self.game

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        deal: dict[str, Any] | None | Unset
        if isinstance(self.deal, Unset):
            deal = UNSET
        elif isinstance(self.deal, DoubleduckGameInDealType0):
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
        from ..models.doubleduck_game_in_deal_type_0 import DoubleduckGameInDealType0 # noqa: PLC0415
        from ..models.doubleduck_game_in_options import DoubleduckGameInOptions # noqa: PLC0415
        from ..models.doubleduck_game_in_seats_item import DoubleduckGameInSeatsItem # noqa: PLC0415
        d = dict(src_dict)
        game = cast(Literal['doubleduck'] , d.pop("game"))
        if game != 'doubleduck':
            raise ValueError(f"game must match const 'doubleduck', got '{game}'")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = DoubleduckGameInSeatsItem.from_dict(seats_item_data)



            seats.append(seats_item)


        def _parse_deal(data: object) -> DoubleduckGameInDealType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = DoubleduckGameInDealType0.from_dict(data)



                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DoubleduckGameInDealType0 | None | Unset, data)

        deal = _parse_deal(d.pop("deal", UNSET))


        _lobby = d.pop("lobby", UNSET)
        lobby: DoubleduckGameInLobby | Unset
        if isinstance(_lobby,  Unset):
            lobby = UNSET
        else:
            lobby = DoubleduckGameInLobby(_lobby)




        _options = d.pop("options", UNSET)
        options: DoubleduckGameInOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = DoubleduckGameInOptions.from_dict(_options)




        seed = d.pop("seed", UNSET)

        doubleduck_game_in = cls(
            game=game,
            seats=seats,
            deal=deal,
            lobby=lobby,
            options=options,
            seed=seed,
        )

        return doubleduck_game_in


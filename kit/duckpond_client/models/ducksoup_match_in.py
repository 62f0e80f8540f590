from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ducksoup_match_in_bots_item import DucksoupMatchInBotsItem
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.ducksoup_match_in_options import DucksoupMatchInOptions





T = TypeVar("T", bound="DucksoupMatchIn")



@_attrs_define
class DucksoupMatchIn:
    """ 
        Attributes:
            bots (list[DucksoupMatchInBotsItem]): The bot of each seat: a built-in one (listed), or a registered outside
                bot's name (`GET /api/v1/bots`, kind `outside`), which the list cannot name: which exist is the service's state.
                An unknown or retired name is a 422 (`unknown_bot`, `retired_bot`), another app key's bot a 403
                `challenge_required`. Send outside names as plain JSON: a client's model of this list refuses them (the kit in
                `kit/` does).
            game (Literal['ducksoup']): `ducksoup`: Duck Soup.
            games (int): Number of match games; game i is dealt from `{seed}:{i}`. The service allows at most
                `MAX_MATCH_GAMES` (default 1000): more is `too_many_games`.
            concurrency (int | Unset): A match with outside bots: the most of its games live at once (default 16; at most
                the app key's quota of live games). Built-in bots only: ignored.
            move_seconds (int | Unset): A match with outside bots: the seconds each of their moves may take (default 10); a
                late move is played by the random bot and counted in the bot's `timeouts`. Built-in bots only: ignored.
            options (DucksoupMatchInOptions | Unset): Options of Duck Soup (the catalog lists them with their defaults); any
                other member is refused.
            seed (str | Unset): Makes the match reproducible; absent, the server draws one.
     """

    bots: list[DucksoupMatchInBotsItem]
    game: Literal['ducksoup']
    games: int
    concurrency: int | Unset = UNSET
    move_seconds: int | Unset = UNSET
    options: DucksoupMatchInOptions | Unset = UNSET
    seed: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.ducksoup_match_in_options import DucksoupMatchInOptions # noqa: PLC0415
        bots = []
        for bots_item_data in self.bots:
            bots_item = bots_item_data.value
            bots.append(bots_item)



        game = self.game

        games = self.games

        concurrency = self.concurrency

        move_seconds = self.move_seconds

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        seed = self.seed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "bots": bots,
            "game": game,
            "games": games,
        })
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if move_seconds is not UNSET:
            field_dict["move_seconds"] = move_seconds
        if options is not UNSET:
            field_dict["options"] = options
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ducksoup_match_in_options import DucksoupMatchInOptions # noqa: PLC0415
        d = dict(src_dict)
        bots = []
        _bots = d.pop("bots")
        for bots_item_data in (_bots):
            bots_item = DucksoupMatchInBotsItem(bots_item_data)



            bots.append(bots_item)


        game = cast(Literal['ducksoup'] , d.pop("game"))
        if game != 'ducksoup':
            raise ValueError(f"game must match const 'ducksoup', got '{game}'")

        games = d.pop("games")

        concurrency = d.pop("concurrency", UNSET)

        move_seconds = d.pop("move_seconds", UNSET)

        _options = d.pop("options", UNSET)
        options: DucksoupMatchInOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = DucksoupMatchInOptions.from_dict(_options)




        seed = d.pop("seed", UNSET)

        ducksoup_match_in = cls(
            bots=bots,
            game=game,
            games=games,
            concurrency=concurrency,
            move_seconds=move_seconds,
            options=options,
            seed=seed,
        )

        return ducksoup_match_in


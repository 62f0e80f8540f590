from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.challenge_in_options import ChallengeInOptions





T = TypeVar("T", bound="ChallengeIn")



@_attrs_define
class ChallengeIn:
    """ 
        Attributes:
            bots (list[str]): The bot of each seat, seat 0 first (as many as the game has seats); a bot may appear several
                times. Each game is replayed with the bots rotated through the seats (duplicate deals); repeated assignments are
                skipped.
            game (str): A game name from the catalog.
            games (int): Number of match games; game i is dealt from `{seed}:{i}`. The service allows at most
                `MAX_MATCH_GAMES` (default 1000): more is `too_many_games`.
            concurrency (int | Unset): A match with outside bots: the most of its games live at once (default 16; at most
                the app key's quota of live games). Built-in bots only: ignored.
            expires_seconds (int | Unset): Seconds the challenged keys have to accept (default 3600); past them the
                challenge is `expired`.
            move_seconds (int | Unset): A match with outside bots: the seconds each of their moves may take (default 10); a
                late move is played by the random bot and counted in the bot's `timeouts`. Built-in bots only: ignored.
            options (ChallengeInOptions | Unset): Game options from the catalog, e.g. `{"max_deals": 1}`.
     """

    bots: list[str]
    game: str
    games: int
    concurrency: int | Unset = UNSET
    expires_seconds: int | Unset = UNSET
    move_seconds: int | Unset = UNSET
    options: ChallengeInOptions | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.challenge_in_options import ChallengeInOptions # noqa: PLC0415
        bots = self.bots



        game = self.game

        games = self.games

        concurrency = self.concurrency

        expires_seconds = self.expires_seconds

        move_seconds = self.move_seconds

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "bots": bots,
            "game": game,
            "games": games,
        })
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if expires_seconds is not UNSET:
            field_dict["expires_seconds"] = expires_seconds
        if move_seconds is not UNSET:
            field_dict["move_seconds"] = move_seconds
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_in_options import ChallengeInOptions # noqa: PLC0415
        d = dict(src_dict)
        bots = cast(list[str], d.pop("bots"))


        game = d.pop("game")

        games = d.pop("games")

        concurrency = d.pop("concurrency", UNSET)

        expires_seconds = d.pop("expires_seconds", UNSET)

        move_seconds = d.pop("move_seconds", UNSET)

        _options = d.pop("options", UNSET)
        options: ChallengeInOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = ChallengeInOptions.from_dict(_options)




        challenge_in = cls(
            bots=bots,
            game=game,
            games=games,
            concurrency=concurrency,
            expires_seconds=expires_seconds,
            move_seconds=move_seconds,
            options=options,
        )

        return challenge_in


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tournament_in_format import TournamentInFormat
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tournament_in_options import TournamentInOptions





T = TypeVar("T", bound="TournamentIn")



@_attrs_define
class TournamentIn:
    """ 
        Attributes:
            entrants (list[str]): 3 to 32 bots, each once: built-in ones with their level written out (`search:fast`) and
                outside bots by name. Their order is the seeding (the last tie-break).
            game (str): A game name from the catalog.
            expires_seconds (int | Unset): Seconds invited keys have to accept (default 3600); past them the tournament is
                `expired`.
            format_ (TournamentInFormat | Unset): `swiss` (default) or `round_robin`.
            games (int | Unset): Match games per pairing (default 2), each played in every rotation of the pairing's seats.
            move_seconds (int | Unset): Seconds each move of an outside entrant may take (default 10); as in a match.
            options (TournamentInOptions | Unset): Game options from the catalog, e.g. `{"target": 1}`.
            rounds (int | Unset): Swiss: 1 to min(entrants - 1, 10) rounds (default ceil(log2 entrants)). A round robin has
                its own count (entrants - 1, or entrants when odd).
     """

    entrants: list[str]
    game: str
    expires_seconds: int | Unset = UNSET
    format_: TournamentInFormat | Unset = UNSET
    games: int | Unset = UNSET
    move_seconds: int | Unset = UNSET
    options: TournamentInOptions | Unset = UNSET
    rounds: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tournament_in_options import TournamentInOptions # noqa: PLC0415
        entrants = self.entrants



        game = self.game

        expires_seconds = self.expires_seconds

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value


        games = self.games

        move_seconds = self.move_seconds

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        rounds = self.rounds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "entrants": entrants,
            "game": game,
        })
        if expires_seconds is not UNSET:
            field_dict["expires_seconds"] = expires_seconds
        if format_ is not UNSET:
            field_dict["format"] = format_
        if games is not UNSET:
            field_dict["games"] = games
        if move_seconds is not UNSET:
            field_dict["move_seconds"] = move_seconds
        if options is not UNSET:
            field_dict["options"] = options
        if rounds is not UNSET:
            field_dict["rounds"] = rounds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_in_options import TournamentInOptions # noqa: PLC0415
        d = dict(src_dict)
        entrants = cast(list[str], d.pop("entrants"))


        game = d.pop("game")

        expires_seconds = d.pop("expires_seconds", UNSET)

        _format_ = d.pop("format", UNSET)
        format_: TournamentInFormat | Unset
        if isinstance(_format_,  Unset):
            format_ = UNSET
        else:
            format_ = TournamentInFormat(_format_)




        games = d.pop("games", UNSET)

        move_seconds = d.pop("move_seconds", UNSET)

        _options = d.pop("options", UNSET)
        options: TournamentInOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = TournamentInOptions.from_dict(_options)




        rounds = d.pop("rounds", UNSET)

        tournament_in = cls(
            entrants=entrants,
            game=game,
            expires_seconds=expires_seconds,
            format_=format_,
            games=games,
            move_seconds=move_seconds,
            options=options,
            rounds=rounds,
        )

        return tournament_in


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tournament_out_format import TournamentOutFormat
from ..models.tournament_out_status import TournamentOutStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cross_out import CrossOut
  from ..models.invited_out import InvitedOut
  from ..models.pairing_out import PairingOut
  from ..models.standing_out import StandingOut
  from ..models.tournament_out_options import TournamentOutOptions
  from ..models.tournament_out_outside import TournamentOutOutside





T = TypeVar("T", bound="TournamentOut")



@_attrs_define
class TournamentOut:
    """ 
        Attributes:
            created (int): ms since the epoch.
            crosstable (list[CrossOut]): Every pairing that met, head to head.
            entrants (list[str]):
            expires (int): Answers end then (ms).
            format_ (TournamentOutFormat):
            from_ (str): Creator.
            game (str):
            games (int):
            id (str):
            invited (list[InvitedOut]):
            move_seconds (int):
            options (TournamentOutOptions):
            outside (TournamentOutOutside): Outside entrant -> its owner key's name.
            pairings (list[PairingOut]):
            round_ (int): Rounds made so far.
            rounds (int):
            standings (list[StandingOut]): Best first: points, then the paired mean, then the seeding.
            status (TournamentOutStatus): `created` while invited keys answer; `running`; `done`; `declined` or `expired`:
                no round was played; `cancelled` by its creator: what was played stays, nothing more is.
            reason (str | Unset):
     """

    created: int
    crosstable: list[CrossOut]
    entrants: list[str]
    expires: int
    format_: TournamentOutFormat
    from_: str
    game: str
    games: int
    id: str
    invited: list[InvitedOut]
    move_seconds: int
    options: TournamentOutOptions
    outside: TournamentOutOutside
    pairings: list[PairingOut]
    round_: int
    rounds: int
    standings: list[StandingOut]
    status: TournamentOutStatus
    reason: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cross_out import CrossOut # noqa: PLC0415
        from ..models.invited_out import InvitedOut # noqa: PLC0415
        from ..models.pairing_out import PairingOut # noqa: PLC0415
        from ..models.standing_out import StandingOut # noqa: PLC0415
        from ..models.tournament_out_options import TournamentOutOptions # noqa: PLC0415
        from ..models.tournament_out_outside import TournamentOutOutside # noqa: PLC0415
        created = self.created

        crosstable = []
        for crosstable_item_data in self.crosstable:
            crosstable_item = crosstable_item_data.to_dict()
            crosstable.append(crosstable_item)



        entrants = self.entrants



        expires = self.expires

        format_ = self.format_.value

        from_ = self.from_

        game = self.game

        games = self.games

        id = self.id

        invited = []
        for invited_item_data in self.invited:
            invited_item = invited_item_data.to_dict()
            invited.append(invited_item)



        move_seconds = self.move_seconds

        options = self.options.to_dict()

        outside = self.outside.to_dict()

        pairings = []
        for pairings_item_data in self.pairings:
            pairings_item = pairings_item_data.to_dict()
            pairings.append(pairings_item)



        round_ = self.round_

        rounds = self.rounds

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)



        status = self.status.value

        reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created": created,
            "crosstable": crosstable,
            "entrants": entrants,
            "expires": expires,
            "format": format_,
            "from": from_,
            "game": game,
            "games": games,
            "id": id,
            "invited": invited,
            "move_seconds": move_seconds,
            "options": options,
            "outside": outside,
            "pairings": pairings,
            "round": round_,
            "rounds": rounds,
            "standings": standings,
            "status": status,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cross_out import CrossOut # noqa: PLC0415
        from ..models.invited_out import InvitedOut # noqa: PLC0415
        from ..models.pairing_out import PairingOut # noqa: PLC0415
        from ..models.standing_out import StandingOut # noqa: PLC0415
        from ..models.tournament_out_options import TournamentOutOptions # noqa: PLC0415
        from ..models.tournament_out_outside import TournamentOutOutside # noqa: PLC0415
        d = dict(src_dict)
        created = d.pop("created")

        crosstable = []
        _crosstable = d.pop("crosstable")
        for crosstable_item_data in (_crosstable):
            crosstable_item = CrossOut.from_dict(crosstable_item_data)



            crosstable.append(crosstable_item)


        entrants = cast(list[str], d.pop("entrants"))


        expires = d.pop("expires")

        format_ = TournamentOutFormat(d.pop("format"))




        from_ = d.pop("from")

        game = d.pop("game")

        games = d.pop("games")

        id = d.pop("id")

        invited = []
        _invited = d.pop("invited")
        for invited_item_data in (_invited):
            invited_item = InvitedOut.from_dict(invited_item_data)



            invited.append(invited_item)


        move_seconds = d.pop("move_seconds")

        options = TournamentOutOptions.from_dict(d.pop("options"))




        outside = TournamentOutOutside.from_dict(d.pop("outside"))




        pairings = []
        _pairings = d.pop("pairings")
        for pairings_item_data in (_pairings):
            pairings_item = PairingOut.from_dict(pairings_item_data)



            pairings.append(pairings_item)


        round_ = d.pop("round")

        rounds = d.pop("rounds")

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in (_standings):
            standings_item = StandingOut.from_dict(standings_item_data)



            standings.append(standings_item)


        status = TournamentOutStatus(d.pop("status"))




        reason = d.pop("reason", UNSET)

        tournament_out = cls(
            created=created,
            crosstable=crosstable,
            entrants=entrants,
            expires=expires,
            format_=format_,
            from_=from_,
            game=game,
            games=games,
            id=id,
            invited=invited,
            move_seconds=move_seconds,
            options=options,
            outside=outside,
            pairings=pairings,
            round_=round_,
            rounds=rounds,
            standings=standings,
            status=status,
            reason=reason,
        )


        tournament_out.additional_properties = d
        return tournament_out

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

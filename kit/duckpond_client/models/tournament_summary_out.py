from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tournament_summary_out_format import TournamentSummaryOutFormat
from ..models.tournament_summary_out_status import TournamentSummaryOutStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.invited_out import InvitedOut
  from ..models.tournament_summary_out_options import TournamentSummaryOutOptions
  from ..models.tournament_summary_out_outside import TournamentSummaryOutOutside





T = TypeVar("T", bound="TournamentSummaryOut")



@_attrs_define
class TournamentSummaryOut:
    """ 
        Attributes:
            created (int): ms since the epoch.
            entrants (list[str]):
            expires (int): Answers end then (ms).
            format_ (TournamentSummaryOutFormat):
            from_ (str): Creator.
            game (str):
            games (int):
            id (str):
            invited (list[InvitedOut]):
            move_seconds (int):
            options (TournamentSummaryOutOptions):
            outside (TournamentSummaryOutOutside): Outside entrant -> its owner key's name.
            round_ (int): Rounds made so far.
            rounds (int):
            status (TournamentSummaryOutStatus): `created` while invited keys answer; `running`; `done`; `declined` or
                `expired`: no round was played; `cancelled` by its creator: what was played stays, nothing more is.
            reason (str | Unset):
     """

    created: int
    entrants: list[str]
    expires: int
    format_: TournamentSummaryOutFormat
    from_: str
    game: str
    games: int
    id: str
    invited: list[InvitedOut]
    move_seconds: int
    options: TournamentSummaryOutOptions
    outside: TournamentSummaryOutOutside
    round_: int
    rounds: int
    status: TournamentSummaryOutStatus
    reason: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.invited_out import InvitedOut # noqa: PLC0415
        from ..models.tournament_summary_out_options import TournamentSummaryOutOptions # noqa: PLC0415
        from ..models.tournament_summary_out_outside import TournamentSummaryOutOutside # noqa: PLC0415
        created = self.created

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

        round_ = self.round_

        rounds = self.rounds

        status = self.status.value

        reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created": created,
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
            "round": round_,
            "rounds": rounds,
            "status": status,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invited_out import InvitedOut # noqa: PLC0415
        from ..models.tournament_summary_out_options import TournamentSummaryOutOptions # noqa: PLC0415
        from ..models.tournament_summary_out_outside import TournamentSummaryOutOutside # noqa: PLC0415
        d = dict(src_dict)
        created = d.pop("created")

        entrants = cast(list[str], d.pop("entrants"))


        expires = d.pop("expires")

        format_ = TournamentSummaryOutFormat(d.pop("format"))




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

        options = TournamentSummaryOutOptions.from_dict(d.pop("options"))




        outside = TournamentSummaryOutOutside.from_dict(d.pop("outside"))




        round_ = d.pop("round")

        rounds = d.pop("rounds")

        status = TournamentSummaryOutStatus(d.pop("status"))




        reason = d.pop("reason", UNSET)

        tournament_summary_out = cls(
            created=created,
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
            round_=round_,
            rounds=rounds,
            status=status,
            reason=reason,
        )


        tournament_summary_out.additional_properties = d
        return tournament_summary_out

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

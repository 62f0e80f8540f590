from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.arena_out_status import ArenaOutStatus
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ArenaOut")



@_attrs_define
class ArenaOut:
    """ 
        Attributes:
            bot (str): The bot's name.
            status (ArenaOutStatus): `out`: not opted in; `active`: paired as its budget allows; `paused`: too many timed-
                out moves (`reason`), until it is opted in again; `retired`: the bot (or its key) is gone, it is paired no more.
            concurrency (int | Unset): Its budget of games at once.
            games (list[str] | Unset): The games it is paired in.
            games_per_hour (int | Unset): Its budget of games an hour.
            hour_games (int | Unset): Games of its pairings made in the last hour.
            open_matches (list[str] | Unset): Its arena matches not over yet (`GET /api/v1/matches/{id}`).
            paused (int | Unset): When it was paused, ms since the epoch.
            reason (str | Unset): Why it was paused.
            since (int | Unset): When it was opted in, ms since the epoch.
     """

    bot: str
    status: ArenaOutStatus
    concurrency: int | Unset = UNSET
    games: list[str] | Unset = UNSET
    games_per_hour: int | Unset = UNSET
    hour_games: int | Unset = UNSET
    open_matches: list[str] | Unset = UNSET
    paused: int | Unset = UNSET
    reason: str | Unset = UNSET
    since: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        status = self.status.value

        concurrency = self.concurrency

        games: list[str] | Unset = UNSET
        if not isinstance(self.games, Unset):
            games = self.games



        games_per_hour = self.games_per_hour

        hour_games = self.hour_games

        open_matches: list[str] | Unset = UNSET
        if not isinstance(self.open_matches, Unset):
            open_matches = self.open_matches



        paused = self.paused

        reason = self.reason

        since = self.since


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bot": bot,
            "status": status,
        })
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if games is not UNSET:
            field_dict["games"] = games
        if games_per_hour is not UNSET:
            field_dict["games_per_hour"] = games_per_hour
        if hour_games is not UNSET:
            field_dict["hour_games"] = hour_games
        if open_matches is not UNSET:
            field_dict["open_matches"] = open_matches
        if paused is not UNSET:
            field_dict["paused"] = paused
        if reason is not UNSET:
            field_dict["reason"] = reason
        if since is not UNSET:
            field_dict["since"] = since

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot = d.pop("bot")

        status = ArenaOutStatus(d.pop("status"))




        concurrency = d.pop("concurrency", UNSET)

        games = cast(list[str], d.pop("games", UNSET))


        games_per_hour = d.pop("games_per_hour", UNSET)

        hour_games = d.pop("hour_games", UNSET)

        open_matches = cast(list[str], d.pop("open_matches", UNSET))


        paused = d.pop("paused", UNSET)

        reason = d.pop("reason", UNSET)

        since = d.pop("since", UNSET)

        arena_out = cls(
            bot=bot,
            status=status,
            concurrency=concurrency,
            games=games,
            games_per_hour=games_per_hour,
            hour_games=hour_games,
            open_matches=open_matches,
            paused=paused,
            reason=reason,
            since=since,
        )


        arena_out.additional_properties = d
        return arena_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ranked_entry_out_kind import RankedEntryOutKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RankedEntryOut")



@_attrs_define
class RankedEntryOut:
    """ 
        Attributes:
            bot (str): A built-in bot with its level (`"search:strong"`) or an outside bot.
            games (int): Rated games (each rotation of a match game is one game).
            kind (RankedEntryOutKind): The service's own bot, or one an app key registered.
            last_played (int | None): When its last game was rated, ms since the epoch.
            mu (float): The bot's skill in points a deal above the ladder's average bot, in the game's own scale (the means
                of a ladder add up to 0, so it can be negative): the least-squares fit of every paired margin of the game's
                rated match games.
            mu_high (float): The high end of mu's 95% interval, mu + 1.96 sigma.
            mu_low (float): The low end of mu's 95% interval, mu - 1.96 sigma: the skill is between `mu_low` and `mu_high`
                with 95% confidence.
            ordinal (float): mu - 3 sigma: a skill the bot very likely has at least; the ladder's order, highest first.
            provisional (bool): True while sigma is above half the ladder's `spread`: the 95% interval is still wider than
                about one match game's spread either way, so the rating may move past its neighbours with a few more games
                (about a bot's first four match games against rated bots).
            rank (int): Its place on the ladder, 1 the best ordinal.
            sigma (float): The standard deviation of mu, relative to the ladder's average, in the same points a deal.
            owner (None | str | Unset): An outside bot's owner (its app key's name); null if unknown.
     """

    bot: str
    games: int
    kind: RankedEntryOutKind
    last_played: int | None
    mu: float
    mu_high: float
    mu_low: float
    ordinal: float
    provisional: bool
    rank: int
    sigma: float
    owner: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        games = self.games

        kind = self.kind.value

        last_played: int | None
        last_played = self.last_played

        mu = self.mu

        mu_high = self.mu_high

        mu_low = self.mu_low

        ordinal = self.ordinal

        provisional = self.provisional

        rank = self.rank

        sigma = self.sigma

        owner: None | str | Unset
        if isinstance(self.owner, Unset):
            owner = UNSET
        else:
            owner = self.owner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bot": bot,
            "games": games,
            "kind": kind,
            "last_played": last_played,
            "mu": mu,
            "mu_high": mu_high,
            "mu_low": mu_low,
            "ordinal": ordinal,
            "provisional": provisional,
            "rank": rank,
            "sigma": sigma,
        })
        if owner is not UNSET:
            field_dict["owner"] = owner

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot = d.pop("bot")

        games = d.pop("games")

        kind = RankedEntryOutKind(d.pop("kind"))




        def _parse_last_played(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_played = _parse_last_played(d.pop("last_played"))


        mu = d.pop("mu")

        mu_high = d.pop("mu_high")

        mu_low = d.pop("mu_low")

        ordinal = d.pop("ordinal")

        provisional = d.pop("provisional")

        rank = d.pop("rank")

        sigma = d.pop("sigma")

        def _parse_owner(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        owner = _parse_owner(d.pop("owner", UNSET))


        ranked_entry_out = cls(
            bot=bot,
            games=games,
            kind=kind,
            last_played=last_played,
            mu=mu,
            mu_high=mu_high,
            mu_low=mu_low,
            ordinal=ordinal,
            provisional=provisional,
            rank=rank,
            sigma=sigma,
            owner=owner,
        )


        ranked_entry_out.additional_properties = d
        return ranked_entry_out

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

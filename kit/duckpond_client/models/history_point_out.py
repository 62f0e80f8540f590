from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="HistoryPointOut")



@_attrs_define
class HistoryPointOut:
    """ 
        Attributes:
            games (int): The bot's rated games (rotations) so far.
            mu (float): The bot's skill after the game, in points a deal above the ladder's average bot (as on the ladder).
            ordinal (float): mu - 3 sigma after it.
            sigma (float): mu's standard deviation after the game.
            time (int | None): When the game was rated, ms since the epoch.
     """

    games: int
    mu: float
    ordinal: float
    sigma: float
    time: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        games = self.games

        mu = self.mu

        ordinal = self.ordinal

        sigma = self.sigma

        time: int | None
        time = self.time


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "games": games,
            "mu": mu,
            "ordinal": ordinal,
            "sigma": sigma,
            "time": time,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games = d.pop("games")

        mu = d.pop("mu")

        ordinal = d.pop("ordinal")

        sigma = d.pop("sigma")

        def _parse_time(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        time = _parse_time(d.pop("time"))


        history_point_out = cls(
            games=games,
            mu=mu,
            ordinal=ordinal,
            sigma=sigma,
            time=time,
        )


        history_point_out.additional_properties = d
        return history_point_out

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

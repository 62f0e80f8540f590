from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.bot_level_out_worlds import BotLevelOutWorlds





T = TypeVar("T", bound="BotLevelOut")



@_attrs_define
class BotLevelOut:
    """ 
        Attributes:
            name (str): As in `"level": "strong"`.
            strength (str): Measured strength.
            think_ms (float): Think time per move at most, in ms.
            worlds (BotLevelOutWorlds): Per game, the sampled deals it weighs each move on.
     """

    name: str
    strength: str
    think_ms: float
    worlds: BotLevelOutWorlds
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_level_out_worlds import BotLevelOutWorlds # noqa: PLC0415
        name = self.name

        strength = self.strength

        think_ms = self.think_ms

        worlds = self.worlds.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "strength": strength,
            "think_ms": think_ms,
            "worlds": worlds,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_level_out_worlds import BotLevelOutWorlds # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        strength = d.pop("strength")

        think_ms = d.pop("think_ms")

        worlds = BotLevelOutWorlds.from_dict(d.pop("worlds"))




        bot_level_out = cls(
            name=name,
            strength=strength,
            think_ms=think_ms,
            worlds=worlds,
        )


        bot_level_out.additional_properties = d
        return bot_level_out

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

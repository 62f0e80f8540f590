from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_out_kind import BotOutKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.bot_level_out import BotLevelOut





T = TypeVar("T", bound="BotOut")



@_attrs_define
class BotOut:
    """ 
        Attributes:
            description (str): How it plays.
            games (list[str]): The games it plays.
            kind (BotOutKind): `builtin`: the service plays it; `outside`: an app key registered it and its owner's program
                plays it (a match seats it; a plain game does not).
            name (str): As in `{"bot": "random"}`.
            strength (str): How strong it is, and how fast.
            created (int | Unset): An outside bot: when it was registered, ms since the epoch.
            levels (list[BotLevelOut] | Unset): The levels a seat may pick (bots that think), fastest first.
            owner (str | Unset): An outside bot's owner: the name of its app key.
            retired (bool | Unset): An outside bot: `true` once its owner retired it or its app key was revoked; it takes no
                seat, and its name is never given again.
     """

    description: str
    games: list[str]
    kind: BotOutKind
    name: str
    strength: str
    created: int | Unset = UNSET
    levels: list[BotLevelOut] | Unset = UNSET
    owner: str | Unset = UNSET
    retired: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_level_out import BotLevelOut # noqa: PLC0415
        description = self.description

        games = self.games



        kind = self.kind.value

        name = self.name

        strength = self.strength

        created = self.created

        levels: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.levels, Unset):
            levels = []
            for levels_item_data in self.levels:
                levels_item = levels_item_data.to_dict()
                levels.append(levels_item)



        owner = self.owner

        retired = self.retired


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "description": description,
            "games": games,
            "kind": kind,
            "name": name,
            "strength": strength,
        })
        if created is not UNSET:
            field_dict["created"] = created
        if levels is not UNSET:
            field_dict["levels"] = levels
        if owner is not UNSET:
            field_dict["owner"] = owner
        if retired is not UNSET:
            field_dict["retired"] = retired

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_level_out import BotLevelOut # noqa: PLC0415
        d = dict(src_dict)
        description = d.pop("description")

        games = cast(list[str], d.pop("games"))


        kind = BotOutKind(d.pop("kind"))




        name = d.pop("name")

        strength = d.pop("strength")

        created = d.pop("created", UNSET)

        _levels = d.pop("levels", UNSET)
        levels: list[BotLevelOut] | Unset = UNSET
        if _levels is not UNSET:
            levels = []
            for levels_item_data in _levels:
                levels_item = BotLevelOut.from_dict(levels_item_data)



                levels.append(levels_item)


        owner = d.pop("owner", UNSET)

        retired = d.pop("retired", UNSET)

        bot_out = cls(
            description=description,
            games=games,
            kind=kind,
            name=name,
            strength=strength,
            created=created,
            levels=levels,
            owner=owner,
            retired=retired,
        )


        bot_out.additional_properties = d
        return bot_out

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

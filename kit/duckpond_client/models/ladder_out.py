from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.ladder_entry_out import LadderEntryOut





T = TypeVar("T", bound="LadderOut")



@_attrs_define
class LadderOut:
    """ 
        Attributes:
            entries (list[LadderEntryOut]): Every rated bot, best ordinal first.
            game (str):
            spread (float): The spread (standard deviation) of one match game's paired difference, pooled over the ladder's
                pairs of bots, in points a deal: the unit the ratings are measured against. A bot's prior is N(0, (3 spread)^2),
                and a rating is `provisional` while its sigma is above half of it. 0 before any rated game. In each game's own
                scale: ladders of different games are not comparable.
     """

    entries: list[LadderEntryOut]
    game: str
    spread: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ladder_entry_out import LadderEntryOut # noqa: PLC0415
        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)



        game = self.game

        spread = self.spread


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "entries": entries,
            "game": game,
            "spread": spread,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ladder_entry_out import LadderEntryOut # noqa: PLC0415
        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in (_entries):
            entries_item = LadderEntryOut.from_dict(entries_item_data)



            entries.append(entries_item)


        game = d.pop("game")

        spread = d.pop("spread")

        ladder_out = cls(
            entries=entries,
            game=game,
            spread=spread,
        )


        ladder_out.additional_properties = d
        return ladder_out

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

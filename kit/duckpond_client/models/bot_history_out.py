from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.head_to_head_out import HeadToHeadOut
  from ..models.history_point_out import HistoryPointOut
  from ..models.ranked_entry_out import RankedEntryOut





T = TypeVar("T", bound="BotHistoryOut")



@_attrs_define
class BotHistoryOut:
    """ 
        Attributes:
            entry (RankedEntryOut):
            game (str):
            head_to_head (list[HeadToHeadOut]): One row per bot it met as an opponent in a rated match game, in the
                opponents' ladder order.
            history (list[HistoryPointOut]): Its rating after each rated match game it played, oldest first (other bots'
                games re-fit the ladder too, but add no point). At most 512 points: past that the older half is thinned to every
                second point (the first kept), so the list spans all its games, the recent ones densest.
     """

    entry: RankedEntryOut
    game: str
    head_to_head: list[HeadToHeadOut]
    history: list[HistoryPointOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.head_to_head_out import HeadToHeadOut # noqa: PLC0415
        from ..models.history_point_out import HistoryPointOut # noqa: PLC0415
        from ..models.ranked_entry_out import RankedEntryOut # noqa: PLC0415
        entry = self.entry.to_dict()

        game = self.game

        head_to_head = []
        for head_to_head_item_data in self.head_to_head:
            head_to_head_item = head_to_head_item_data.to_dict()
            head_to_head.append(head_to_head_item)



        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "entry": entry,
            "game": game,
            "head_to_head": head_to_head,
            "history": history,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.head_to_head_out import HeadToHeadOut # noqa: PLC0415
        from ..models.history_point_out import HistoryPointOut # noqa: PLC0415
        from ..models.ranked_entry_out import RankedEntryOut # noqa: PLC0415
        d = dict(src_dict)
        entry = RankedEntryOut.from_dict(d.pop("entry"))




        game = d.pop("game")

        head_to_head = []
        _head_to_head = d.pop("head_to_head")
        for head_to_head_item_data in (_head_to_head):
            head_to_head_item = HeadToHeadOut.from_dict(head_to_head_item_data)



            head_to_head.append(head_to_head_item)


        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = HistoryPointOut.from_dict(history_item_data)



            history.append(history_item)


        bot_history_out = cls(
            entry=entry,
            game=game,
            head_to_head=head_to_head,
            history=history,
        )


        bot_history_out.additional_properties = d
        return bot_history_out

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

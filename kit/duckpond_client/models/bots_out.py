from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.bot_out import BotOut





T = TypeVar("T", bound="BotsOut")



@_attrs_define
class BotsOut:
    """ 
        Attributes:
            bots (list[BotOut]): The built-in bots, then the live outside bots, each by name.
     """

    bots: list[BotOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_out import BotOut # noqa: PLC0415
        bots = []
        for bots_item_data in self.bots:
            bots_item = bots_item_data.to_dict()
            bots.append(bots_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bots": bots,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_out import BotOut # noqa: PLC0415
        d = dict(src_dict)
        bots = []
        _bots = d.pop("bots")
        for bots_item_data in (_bots):
            bots_item = BotOut.from_dict(bots_item_data)



            bots.append(bots_item)


        bots_out = cls(
            bots=bots,
        )


        bots_out.additional_properties = d
        return bots_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.pair_out import PairOut





T = TypeVar("T", bound="CrosstableOut")



@_attrs_define
class CrosstableOut:
    """ 
        Attributes:
            bots (list[str]): The crosstable's bots, best ordinal first.
            game (str):
            left_out (int): Rated bots below the `limit` best, not in the crosstable.
            pairs (list[PairOut]): Every pair of those bots that met in a rated match game.
     """

    bots: list[str]
    game: str
    left_out: int
    pairs: list[PairOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.pair_out import PairOut # noqa: PLC0415
        bots = self.bots



        game = self.game

        left_out = self.left_out

        pairs = []
        for pairs_item_data in self.pairs:
            pairs_item = pairs_item_data.to_dict()
            pairs.append(pairs_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bots": bots,
            "game": game,
            "left_out": left_out,
            "pairs": pairs,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pair_out import PairOut # noqa: PLC0415
        d = dict(src_dict)
        bots = cast(list[str], d.pop("bots"))


        game = d.pop("game")

        left_out = d.pop("left_out")

        pairs = []
        _pairs = d.pop("pairs")
        for pairs_item_data in (_pairs):
            pairs_item = PairOut.from_dict(pairs_item_data)



            pairs.append(pairs_item)


        crosstable_out = cls(
            bots=bots,
            game=game,
            left_out=left_out,
            pairs=pairs,
        )


        crosstable_out.additional_properties = d
        return crosstable_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.match_games_out_records_item import MatchGamesOutRecordsItem





T = TypeVar("T", bound="MatchGamesOut")



@_attrs_define
class MatchGamesOut:
    """ 
        Attributes:
            games (int):
            id (str):
            limit (int):
            records (list[MatchGamesOutRecordsItem]): Recorded games in index order (unfinished ones are absent): `index`,
                `seed`, and per rotation `bots` (seat -> bot), `deal_scores` (per deal, per seat), `totals`, `game_points` (per
                seat), `winners` (seats), `moves`; with outside bots also `timeouts` (per seat: moves the service played for it)
                and `game_id` (the real game).
            start (int):
     """

    games: int
    id: str
    limit: int
    records: list[MatchGamesOutRecordsItem]
    start: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match_games_out_records_item import MatchGamesOutRecordsItem # noqa: PLC0415
        games = self.games

        id = self.id

        limit = self.limit

        records = []
        for records_item_data in self.records:
            records_item = records_item_data.to_dict()
            records.append(records_item)



        start = self.start


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "games": games,
            "id": id,
            "limit": limit,
            "records": records,
            "start": start,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_games_out_records_item import MatchGamesOutRecordsItem # noqa: PLC0415
        d = dict(src_dict)
        games = d.pop("games")

        id = d.pop("id")

        limit = d.pop("limit")

        records = []
        _records = d.pop("records")
        for records_item_data in (_records):
            records_item = MatchGamesOutRecordsItem.from_dict(records_item_data)



            records.append(records_item)


        start = d.pop("start")

        match_games_out = cls(
            games=games,
            id=id,
            limit=limit,
            records=records,
            start=start,
        )


        match_games_out.additional_properties = d
        return match_games_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.feed_seat_out_type import FeedSeatOutType






T = TypeVar("T", bound="FeedSeatOut")



@_attrs_define
class FeedSeatOut:
    """ 
        Attributes:
            bot (str): The key's bot that plays it.
            game (str):
            game_id (str):
            index (int): The match game's index.
            match_id (str):
            rotation (int): Which rotation of the match's bots it is.
            seat (int):
            token (str): The seat's token: send it with the key's own app key in `Duckpond-App-Key` (the seat is bound to
                the key).
            type_ (FeedSeatOutType):
     """

    bot: str
    game: str
    game_id: str
    index: int
    match_id: str
    rotation: int
    seat: int
    token: str
    type_: FeedSeatOutType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        game = self.game

        game_id = self.game_id

        index = self.index

        match_id = self.match_id

        rotation = self.rotation

        seat = self.seat

        token = self.token

        type_ = self.type_.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bot": bot,
            "game": game,
            "game_id": game_id,
            "index": index,
            "match_id": match_id,
            "rotation": rotation,
            "seat": seat,
            "token": token,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot = d.pop("bot")

        game = d.pop("game")

        game_id = d.pop("game_id")

        index = d.pop("index")

        match_id = d.pop("match_id")

        rotation = d.pop("rotation")

        seat = d.pop("seat")

        token = d.pop("token")

        type_ = FeedSeatOutType(d.pop("type"))




        feed_seat_out = cls(
            bot=bot,
            game=game,
            game_id=game_id,
            index=index,
            match_id=match_id,
            rotation=rotation,
            seat=seat,
            token=token,
            type_=type_,
        )


        feed_seat_out.additional_properties = d
        return feed_seat_out

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

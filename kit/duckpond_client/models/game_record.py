from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.deal_action import DealAction
  from ..models.deal_commitment import DealCommitment
  from ..models.game_record_deal_type_0 import GameRecordDealType0
  from ..models.game_record_options import GameRecordOptions
  from ..models.move_action import MoveAction
  from ..models.resign_action import ResignAction





T = TypeVar("T", bound="GameRecord")



@_attrs_define
class GameRecord:
    """ 
        Attributes:
            actions (list[DealAction | MoveAction | ResignAction]): Every change in order: `engine.record.replay` rebuilds
                the game from them.
            client_seed (bool): Whether the creator chose the seed.
            commitments (list[DealCommitment]): Each deal's disclosure as the table was shown it, first deal first: `python
                -m service.verify` checks them against the seed, salt and deals.
            deal (GameRecordDealType0 | None): An explicit deal (Duck adds `face_up`); null: shuffled from the seed.
            game (str):
            options (GameRecordOptions): The options, defaults filled in.
            salt (str): The salt of every deal's commitment, secret until the end.
            seat_count (int):
            seed (str): The seed every shuffle came from.
     """

    actions: list[DealAction | MoveAction | ResignAction]
    client_seed: bool
    commitments: list[DealCommitment]
    deal: GameRecordDealType0 | None
    game: str
    options: GameRecordOptions
    salt: str
    seat_count: int
    seed: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.deal_action import DealAction # noqa: PLC0415
        from ..models.deal_commitment import DealCommitment # noqa: PLC0415
        from ..models.game_record_deal_type_0 import GameRecordDealType0 # noqa: PLC0415
        from ..models.game_record_options import GameRecordOptions # noqa: PLC0415
        from ..models.move_action import MoveAction # noqa: PLC0415
        from ..models.resign_action import ResignAction # noqa: PLC0415
        actions = []
        for actions_item_data in self.actions:
            actions_item: dict[str, Any]
            if isinstance(actions_item_data, MoveAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, DealAction):
                actions_item = actions_item_data.to_dict()
            else:
                actions_item = actions_item_data.to_dict()

            actions.append(actions_item)



        client_seed = self.client_seed

        commitments = []
        for commitments_item_data in self.commitments:
            commitments_item = commitments_item_data.to_dict()
            commitments.append(commitments_item)



        deal: dict[str, Any] | None
        if isinstance(self.deal, GameRecordDealType0):
            deal = self.deal.to_dict()
        else:
            deal = self.deal

        game = self.game

        options = self.options.to_dict()

        salt = self.salt

        seat_count = self.seat_count

        seed = self.seed


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "actions": actions,
            "client_seed": client_seed,
            "commitments": commitments,
            "deal": deal,
            "game": game,
            "options": options,
            "salt": salt,
            "seat_count": seat_count,
            "seed": seed,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_action import DealAction # noqa: PLC0415
        from ..models.deal_commitment import DealCommitment # noqa: PLC0415
        from ..models.game_record_deal_type_0 import GameRecordDealType0 # noqa: PLC0415
        from ..models.game_record_options import GameRecordOptions # noqa: PLC0415
        from ..models.move_action import MoveAction # noqa: PLC0415
        from ..models.resign_action import ResignAction # noqa: PLC0415
        d = dict(src_dict)
        actions = []
        _actions = d.pop("actions")
        for actions_item_data in (_actions):
            def _parse_actions_item(data: object) -> DealAction | MoveAction | ResignAction:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    actions_item_type_0 = MoveAction.from_dict(data)



                    return actions_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    actions_item_type_1 = DealAction.from_dict(data)



                    return actions_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                actions_item_type_2 = ResignAction.from_dict(data)



                return actions_item_type_2

            actions_item = _parse_actions_item(actions_item_data)

            actions.append(actions_item)


        client_seed = d.pop("client_seed")

        commitments = []
        _commitments = d.pop("commitments")
        for commitments_item_data in (_commitments):
            commitments_item = DealCommitment.from_dict(commitments_item_data)



            commitments.append(commitments_item)


        def _parse_deal(data: object) -> GameRecordDealType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = GameRecordDealType0.from_dict(data)



                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameRecordDealType0 | None, data)

        deal = _parse_deal(d.pop("deal"))


        game = d.pop("game")

        options = GameRecordOptions.from_dict(d.pop("options"))




        salt = d.pop("salt")

        seat_count = d.pop("seat_count")

        seed = d.pop("seed")

        game_record = cls(
            actions=actions,
            client_seed=client_seed,
            commitments=commitments,
            deal=deal,
            game=game,
            options=options,
            salt=salt,
            seat_count=seat_count,
            seed=seed,
        )


        game_record.additional_properties = d
        return game_record

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

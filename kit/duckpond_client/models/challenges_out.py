from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.challenge_out import ChallengeOut





T = TypeVar("T", bound="ChallengesOut")



@_attrs_define
class ChallengesOut:
    """ 
        Attributes:
            challenges (list[ChallengeOut]): The key's challenges, made and got, newest first (100 at most).
     """

    challenges: list[ChallengeOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.challenge_out import ChallengeOut # noqa: PLC0415
        challenges = []
        for challenges_item_data in self.challenges:
            challenges_item = challenges_item_data.to_dict()
            challenges.append(challenges_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "challenges": challenges,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_out import ChallengeOut # noqa: PLC0415
        d = dict(src_dict)
        challenges = []
        _challenges = d.pop("challenges")
        for challenges_item_data in (_challenges):
            challenges_item = ChallengeOut.from_dict(challenges_item_data)



            challenges.append(challenges_item)


        challenges_out = cls(
            challenges=challenges,
        )


        challenges_out.additional_properties = d
        return challenges_out

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

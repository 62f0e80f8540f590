from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.invited_out_answer_type_1 import InvitedOutAnswerType1
from ..models.invited_out_answer_type_2_type_1 import InvitedOutAnswerType2Type1
from ..models.invited_out_answer_type_3_type_1 import InvitedOutAnswerType3Type1
from typing import cast






T = TypeVar("T", bound="InvitedOut")



@_attrs_define
class InvitedOut:
    """ 
        Attributes:
            answer (InvitedOutAnswerType1 | InvitedOutAnswerType2Type1 | InvitedOutAnswerType3Type1 | None): null while it
                has not answered.
            key (str): An invited app key's name.
     """

    answer: InvitedOutAnswerType1 | InvitedOutAnswerType2Type1 | InvitedOutAnswerType3Type1 | None
    key: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        answer: None | str
        if isinstance(self.answer, InvitedOutAnswerType1):
            answer = self.answer.value
        elif isinstance(self.answer, InvitedOutAnswerType2Type1):
            answer = self.answer.value
        elif isinstance(self.answer, InvitedOutAnswerType3Type1):
            answer = self.answer.value
        else:
            answer = self.answer

        key = self.key


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "answer": answer,
            "key": key,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_answer(data: object) -> InvitedOutAnswerType1 | InvitedOutAnswerType2Type1 | InvitedOutAnswerType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answer_type_1 = InvitedOutAnswerType1(data)



                return answer_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answer_type_2_type_1 = InvitedOutAnswerType2Type1(data)



                return answer_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answer_type_3_type_1 = InvitedOutAnswerType3Type1(data)



                return answer_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvitedOutAnswerType1 | InvitedOutAnswerType2Type1 | InvitedOutAnswerType3Type1 | None, data)

        answer = _parse_answer(d.pop("answer"))


        key = d.pop("key")

        invited_out = cls(
            answer=answer,
            key=key,
        )


        invited_out.additional_properties = d
        return invited_out

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

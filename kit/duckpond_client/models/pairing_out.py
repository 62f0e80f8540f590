from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.result_out import ResultOut





T = TypeVar("T", bound="PairingOut")



@_attrs_define
class PairingOut:
    """ 
        Attributes:
            a (str):
            b (None | str): null: a bye for `a`.
            match_id (None | str): The pairing's match (`GET /api/v1/matches/{id}`).
            result (None | ResultOut): null until over.
            round_ (int):
     """

    a: str
    b: None | str
    match_id: None | str
    result: None | ResultOut
    round_: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.result_out import ResultOut # noqa: PLC0415
        a = self.a

        b: None | str
        b = self.b

        match_id: None | str
        match_id = self.match_id

        result: dict[str, Any] | None
        if isinstance(self.result, ResultOut):
            result = self.result.to_dict()
        else:
            result = self.result

        round_ = self.round_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "a": a,
            "b": b,
            "match_id": match_id,
            "result": result,
            "round": round_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.result_out import ResultOut # noqa: PLC0415
        d = dict(src_dict)
        a = d.pop("a")

        def _parse_b(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        b = _parse_b(d.pop("b"))


        def _parse_match_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        match_id = _parse_match_id(d.pop("match_id"))


        def _parse_result(data: object) -> None | ResultOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = ResultOut.from_dict(data)



                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultOut, data)

        result = _parse_result(d.pop("result"))


        round_ = d.pop("round")

        pairing_out = cls(
            a=a,
            b=b,
            match_id=match_id,
            result=result,
            round_=round_,
        )


        pairing_out.additional_properties = d
        return pairing_out

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

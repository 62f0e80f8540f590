from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="EstimateOut")



@_attrs_define
class EstimateOut:
    """ 
        Attributes:
            ci95 (list[float] | None): [low, high] = mean -+ 1.96*s/sqrt(n); null below n = 2.
            half_width (float | None):
            mean (float | None):
            n (int): Match games in the sample.
     """

    ci95: list[float] | None
    half_width: float | None
    mean: float | None
    n: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        ci95: list[float] | None
        if isinstance(self.ci95, list):
            ci95 = self.ci95


        else:
            ci95 = self.ci95

        half_width: float | None
        half_width = self.half_width

        mean: float | None
        mean = self.mean

        n = self.n


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ci95": ci95,
            "half_width": half_width,
            "mean": mean,
            "n": n,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_ci95(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ci95_type_0 = cast(list[float], data)

                return ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        ci95 = _parse_ci95(d.pop("ci95"))


        def _parse_half_width(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        half_width = _parse_half_width(d.pop("half_width"))


        def _parse_mean(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean = _parse_mean(d.pop("mean"))


        n = d.pop("n")

        estimate_out = cls(
            ci95=ci95,
            half_width=half_width,
            mean=mean,
            n=n,
        )


        estimate_out.additional_properties = d
        return estimate_out

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

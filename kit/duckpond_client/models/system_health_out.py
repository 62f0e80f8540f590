from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.system_health_out_workers import SystemHealthOutWorkers





T = TypeVar("T", bound="SystemHealthOut")



@_attrs_define
class SystemHealthOut:
    """ 
        Attributes:
            due_turns (int): Bot turns due now.
            oldest_due_seconds (float): How long the oldest due bot turn has waited.
            overdue_after_seconds (int): Beyond this, turns count as overdue.
            status (str): "ok" (else a 503).
            workers (SystemHealthOutWorkers): Processes alive per pool: `live`, `bulk`, `recovery`, `think` and `webhooks`
                where they have queues of their own (`webhooks`: counted, not required).
     """

    due_turns: int
    oldest_due_seconds: float
    overdue_after_seconds: int
    status: str
    workers: SystemHealthOutWorkers
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.system_health_out_workers import SystemHealthOutWorkers # noqa: PLC0415
        due_turns = self.due_turns

        oldest_due_seconds = self.oldest_due_seconds

        overdue_after_seconds = self.overdue_after_seconds

        status = self.status

        workers = self.workers.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "due_turns": due_turns,
            "oldest_due_seconds": oldest_due_seconds,
            "overdue_after_seconds": overdue_after_seconds,
            "status": status,
            "workers": workers,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.system_health_out_workers import SystemHealthOutWorkers # noqa: PLC0415
        d = dict(src_dict)
        due_turns = d.pop("due_turns")

        oldest_due_seconds = d.pop("oldest_due_seconds")

        overdue_after_seconds = d.pop("overdue_after_seconds")

        status = d.pop("status")

        workers = SystemHealthOutWorkers.from_dict(d.pop("workers"))




        system_health_out = cls(
            due_turns=due_turns,
            oldest_due_seconds=oldest_due_seconds,
            overdue_after_seconds=overdue_after_seconds,
            status=status,
            workers=workers,
        )


        system_health_out.additional_properties = d
        return system_health_out

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

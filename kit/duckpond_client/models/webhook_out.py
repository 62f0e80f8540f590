from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_out_status import WebhookOutStatus
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="WebhookOut")



@_attrs_define
class WebhookOut:
    """ 
        Attributes:
            created (datetime.datetime):
            delivered (int): Deliveries that got a 2xx.
            events (list[str]):
            failed (int): Deliveries given up.
            id (str):
            status (WebhookOutStatus): `disabled`: every attempt failed for a day; nothing more is sent (delete it and
                register it again).
            url (str):
            disabled_at (datetime.datetime | None | Unset):
            disabled_reason (None | str | Unset):
            failing_since (datetime.datetime | None | Unset): The first failure since the last success, if the latest
                attempt failed.
     """

    created: datetime.datetime
    delivered: int
    events: list[str]
    failed: int
    id: str
    status: WebhookOutStatus
    url: str
    disabled_at: datetime.datetime | None | Unset = UNSET
    disabled_reason: None | str | Unset = UNSET
    failing_since: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created = self.created.isoformat()

        delivered = self.delivered

        events = self.events



        failed = self.failed

        id = self.id

        status = self.status.value

        url = self.url

        disabled_at: None | str | Unset
        if isinstance(self.disabled_at, Unset):
            disabled_at = UNSET
        elif isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        disabled_reason: None | str | Unset
        if isinstance(self.disabled_reason, Unset):
            disabled_reason = UNSET
        else:
            disabled_reason = self.disabled_reason

        failing_since: None | str | Unset
        if isinstance(self.failing_since, Unset):
            failing_since = UNSET
        elif isinstance(self.failing_since, datetime.datetime):
            failing_since = self.failing_since.isoformat()
        else:
            failing_since = self.failing_since


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created": created,
            "delivered": delivered,
            "events": events,
            "failed": failed,
            "id": id,
            "status": status,
            "url": url,
        })
        if disabled_at is not UNSET:
            field_dict["disabled_at"] = disabled_at
        if disabled_reason is not UNSET:
            field_dict["disabled_reason"] = disabled_reason
        if failing_since is not UNSET:
            field_dict["failing_since"] = failing_since

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created = datetime.datetime.fromisoformat(d.pop("created"))




        delivered = d.pop("delivered")

        events = cast(list[str], d.pop("events"))


        failed = d.pop("failed")

        id = d.pop("id")

        status = WebhookOutStatus(d.pop("status"))




        url = d.pop("url")

        def _parse_disabled_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)



                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at", UNSET))


        def _parse_disabled_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason", UNSET))


        def _parse_failing_since(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                failing_since_type_0 = datetime.datetime.fromisoformat(data)



                return failing_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        failing_since = _parse_failing_since(d.pop("failing_since", UNSET))


        webhook_out = cls(
            created=created,
            delivered=delivered,
            events=events,
            failed=failed,
            id=id,
            status=status,
            url=url,
            disabled_at=disabled_at,
            disabled_reason=disabled_reason,
            failing_since=failing_since,
        )


        webhook_out.additional_properties = d
        return webhook_out

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

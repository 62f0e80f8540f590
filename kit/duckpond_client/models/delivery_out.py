from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.delivery_out_status import DeliveryOutStatus
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="DeliveryOut")



@_attrs_define
class DeliveryOut:
    """ 
        Attributes:
            attempts (int):
            created (datetime.datetime):
            feed_id (str): The feed entry's id.
            id (str): The delivery's `webhook-id`: the same on every attempt.
            status (DeliveryOutStatus):
            type_ (str):
            last_attempt (datetime.datetime | None | Unset):
            last_error (None | str | Unset):
            next_attempt (datetime.datetime | None | Unset):
            status_code (int | None | Unset): The last answer's.
     """

    attempts: int
    created: datetime.datetime
    feed_id: str
    id: str
    status: DeliveryOutStatus
    type_: str
    last_attempt: datetime.datetime | None | Unset = UNSET
    last_error: None | str | Unset = UNSET
    next_attempt: datetime.datetime | None | Unset = UNSET
    status_code: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts

        created = self.created.isoformat()

        feed_id = self.feed_id

        id = self.id

        status = self.status.value

        type_ = self.type_

        last_attempt: None | str | Unset
        if isinstance(self.last_attempt, Unset):
            last_attempt = UNSET
        elif isinstance(self.last_attempt, datetime.datetime):
            last_attempt = self.last_attempt.isoformat()
        else:
            last_attempt = self.last_attempt

        last_error: None | str | Unset
        if isinstance(self.last_error, Unset):
            last_error = UNSET
        else:
            last_error = self.last_error

        next_attempt: None | str | Unset
        if isinstance(self.next_attempt, Unset):
            next_attempt = UNSET
        elif isinstance(self.next_attempt, datetime.datetime):
            next_attempt = self.next_attempt.isoformat()
        else:
            next_attempt = self.next_attempt

        status_code: int | None | Unset
        if isinstance(self.status_code, Unset):
            status_code = UNSET
        else:
            status_code = self.status_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attempts": attempts,
            "created": created,
            "feed_id": feed_id,
            "id": id,
            "status": status,
            "type": type_,
        })
        if last_attempt is not UNSET:
            field_dict["last_attempt"] = last_attempt
        if last_error is not UNSET:
            field_dict["last_error"] = last_error
        if next_attempt is not UNSET:
            field_dict["next_attempt"] = next_attempt
        if status_code is not UNSET:
            field_dict["status_code"] = status_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempts = d.pop("attempts")

        created = datetime.datetime.fromisoformat(d.pop("created"))




        feed_id = d.pop("feed_id")

        id = d.pop("id")

        status = DeliveryOutStatus(d.pop("status"))




        type_ = d.pop("type")

        def _parse_last_attempt(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_attempt_type_0 = datetime.datetime.fromisoformat(data)



                return last_attempt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        last_attempt = _parse_last_attempt(d.pop("last_attempt", UNSET))


        def _parse_last_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_error = _parse_last_error(d.pop("last_error", UNSET))


        def _parse_next_attempt(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_type_0 = datetime.datetime.fromisoformat(data)



                return next_attempt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        next_attempt = _parse_next_attempt(d.pop("next_attempt", UNSET))


        def _parse_status_code(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        status_code = _parse_status_code(d.pop("status_code", UNSET))


        delivery_out = cls(
            attempts=attempts,
            created=created,
            feed_id=feed_id,
            id=id,
            status=status,
            type_=type_,
            last_attempt=last_attempt,
            last_error=last_error,
            next_attempt=next_attempt,
            status_code=status_code,
        )


        delivery_out.additional_properties = d
        return delivery_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_in_events_item import WebhookInEventsItem
from typing import cast






T = TypeVar("T", bound="WebhookIn")



@_attrs_define
class WebhookIn:
    """ 
        Attributes:
            events (list[WebhookInEventsItem]): The feed entry types to deliver.
            url (str): Where to POST: `https://` (or `http://`), on a public address (private, loopback and link-local ones
                are refused unless the operator allows them: `webhook_url_refused`). Example:
                https://example.com/duckpond/hooks.
     """

    events: list[WebhookInEventsItem]
    url: str





    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)



        url = self.url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "events": events,
            "url": url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = WebhookInEventsItem(events_item_data)



            events.append(events_item)


        url = d.pop("url")

        webhook_in = cls(
            events=events,
            url=url,
        )

        return webhook_in


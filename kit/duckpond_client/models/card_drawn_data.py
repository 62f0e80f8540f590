from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_drawn_data_source import CardDrawnDataSource
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CardDrawnData")



@_attrs_define
class CardDrawnData:
    """ Sent by: Doubleduck, Duck Soup, Duck.

        Attributes:
            seat (int): A seat, from 0.
            card (str | Unset): A card: rank then suit (`JS`, `TC`), in Duck colour then number (`B7`).
            from_seat (int | Unset): A seat, from 0.
            source (CardDrawnDataSource | Unset):
            stock_count (int | Unset):
            top (None | str | Unset): A card: rank then suit (`JS`, `TC`), in Duck colour then number (`B7`).
     """

    seat: int
    card: str | Unset = UNSET
    from_seat: int | Unset = UNSET
    source: CardDrawnDataSource | Unset = UNSET
    stock_count: int | Unset = UNSET
    top: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        card = self.card

        from_seat = self.from_seat

        source: str | Unset = UNSET
        if not isinstance(self.source, Unset):
            source = self.source.value


        stock_count = self.stock_count

        top: None | str | Unset
        if isinstance(self.top, Unset):
            top = UNSET
        else:
            top = self.top


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
        })
        if card is not UNSET:
            field_dict["card"] = card
        if from_seat is not UNSET:
            field_dict["from_seat"] = from_seat
        if source is not UNSET:
            field_dict["source"] = source
        if stock_count is not UNSET:
            field_dict["stock_count"] = stock_count
        if top is not UNSET:
            field_dict["top"] = top

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        card = d.pop("card", UNSET)

        from_seat = d.pop("from_seat", UNSET)

        _source = d.pop("source", UNSET)
        source: CardDrawnDataSource | Unset
        if isinstance(_source,  Unset):
            source = UNSET
        else:
            source = CardDrawnDataSource(_source)




        stock_count = d.pop("stock_count", UNSET)

        def _parse_top(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        top = _parse_top(d.pop("top", UNSET))


        card_drawn_data = cls(
            seat=seat,
            card=card,
            from_seat=from_seat,
            source=source,
            stock_count=stock_count,
            top=top,
        )


        card_drawn_data.additional_properties = d
        return card_drawn_data

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.catalog_game_out_moves_item import CatalogGameOutMovesItem
  from ..models.catalog_game_out_options_item import CatalogGameOutOptionsItem
  from ..models.dealt_by_out import DealtByOut
  from ..models.resign_offer_out import ResignOfferOut





T = TypeVar("T", bound="CatalogGameOut")



@_attrs_define
class CatalogGameOut:
    """ 
        Attributes:
            bots (list[str]):
            deal_cap (int): The game ends after this many deals at the latest.
            dealt_by (list[DealtByOut]): Each way a deal can be made, as a view's and a `deal_started` event's `dealt_by`
                names it, and what it tells the table; every deal also carries a `deal_commitment` the record is checked against
                (docs/fair-deals.md).
            max_seats (int):
            min_seats (int):
            move_cap (int): No game takes more moves than this.
            moves (list[CatalogGameOutMovesItem]):
            name (str):
            options (list[CatalogGameOutOptionsItem]):
            resign (ResignOfferOut):
            title (str):
     """

    bots: list[str]
    deal_cap: int
    dealt_by: list[DealtByOut]
    max_seats: int
    min_seats: int
    move_cap: int
    moves: list[CatalogGameOutMovesItem]
    name: str
    options: list[CatalogGameOutOptionsItem]
    resign: ResignOfferOut
    title: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.catalog_game_out_moves_item import CatalogGameOutMovesItem # noqa: PLC0415
        from ..models.catalog_game_out_options_item import CatalogGameOutOptionsItem # noqa: PLC0415
        from ..models.dealt_by_out import DealtByOut # noqa: PLC0415
        from ..models.resign_offer_out import ResignOfferOut # noqa: PLC0415
        bots = self.bots



        deal_cap = self.deal_cap

        dealt_by = []
        for dealt_by_item_data in self.dealt_by:
            dealt_by_item = dealt_by_item_data.to_dict()
            dealt_by.append(dealt_by_item)



        max_seats = self.max_seats

        min_seats = self.min_seats

        move_cap = self.move_cap

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)



        name = self.name

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)



        resign = self.resign.to_dict()

        title = self.title


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bots": bots,
            "deal_cap": deal_cap,
            "dealt_by": dealt_by,
            "max_seats": max_seats,
            "min_seats": min_seats,
            "move_cap": move_cap,
            "moves": moves,
            "name": name,
            "options": options,
            "resign": resign,
            "title": title,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.catalog_game_out_moves_item import CatalogGameOutMovesItem # noqa: PLC0415
        from ..models.catalog_game_out_options_item import CatalogGameOutOptionsItem # noqa: PLC0415
        from ..models.dealt_by_out import DealtByOut # noqa: PLC0415
        from ..models.resign_offer_out import ResignOfferOut # noqa: PLC0415
        d = dict(src_dict)
        bots = cast(list[str], d.pop("bots"))


        deal_cap = d.pop("deal_cap")

        dealt_by = []
        _dealt_by = d.pop("dealt_by")
        for dealt_by_item_data in (_dealt_by):
            dealt_by_item = DealtByOut.from_dict(dealt_by_item_data)



            dealt_by.append(dealt_by_item)


        max_seats = d.pop("max_seats")

        min_seats = d.pop("min_seats")

        move_cap = d.pop("move_cap")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            moves_item = CatalogGameOutMovesItem.from_dict(moves_item_data)



            moves.append(moves_item)


        name = d.pop("name")

        options = []
        _options = d.pop("options")
        for options_item_data in (_options):
            options_item = CatalogGameOutOptionsItem.from_dict(options_item_data)



            options.append(options_item)


        resign = ResignOfferOut.from_dict(d.pop("resign"))




        title = d.pop("title")

        catalog_game_out = cls(
            bots=bots,
            deal_cap=deal_cap,
            dealt_by=dealt_by,
            max_seats=max_seats,
            min_seats=min_seats,
            move_cap=move_cap,
            moves=moves,
            name=name,
            options=options,
            resign=resign,
            title=title,
        )


        catalog_game_out.additional_properties = d
        return catalog_game_out

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

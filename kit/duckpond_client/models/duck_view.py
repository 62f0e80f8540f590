from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.duck_view_dealt_by_type_1 import DuckViewDealtByType1
from ..models.duck_view_dealt_by_type_2_type_1 import DuckViewDealtByType2Type1
from ..models.duck_view_dealt_by_type_3_type_1 import DuckViewDealtByType3Type1
from ..models.duck_view_phase import DuckViewPhase
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.duck_deal import DuckDeal
  from ..models.duck_duck_move import DuckDuckMove
  from ..models.duck_options import DuckOptions
  from ..models.duck_play_move import DuckPlayMove
  from ..models.duck_view_history_item import DuckViewHistoryItem
  from ..models.duck_view_lifebelts_item_item import DuckViewLifebeltsItemItem
  from ..models.duck_view_piles_item import DuckViewPilesItem





T = TypeVar("T", bound="DuckView")



@_attrs_define
class DuckView:
    """ What a Duck player may know at a real table: the public view (a spectator's, the host's), and in a seat's view that
    seat's own fields too.

        Attributes:
            banked (list[list[str]]):
            deal_commitment (None | str): The deal's commitment (null before any deal). SHA-256 hex of what decides the deal
                (salt, seed and deal number; the cards too when the host chose them), hiding until the record reveals the seed
                and salt: `python -m service.verify` checks the record against it (docs/fair-deals.md).
            deal_no (int): The deal in play or last played; 0 before any.
            dealer (int): A seat, from 0.
            deals (list[DuckDeal]): The scored deals, first first.
            dealt_by (DuckViewDealtByType1 | DuckViewDealtByType2Type1 | DuckViewDealtByType3Type1 | None): Of the deal in
                play or last played (null before any). How the deal was made: `server_shuffle`: Shuffled from a seed the server
                drew (128 random bits), secret until the end: nobody at the table can know another hand.; `client_seed`:
                Shuffled from a seed the creator of the game chose: whoever chose it can know every hand from the start.;
                `host_cards`: The host chose every card of the deal: the host knows every hand. (docs/fair-deals.md).
            face_up (list[str]): The cards dealt face up at the deal's start.
            game (Literal['duck']):
            game_points (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            gathered_count (int):
            hand_sizes (list[int]): One count per seat, seat 0 first.
            history (list[DuckViewHistoryItem]): Every public move of this deal, in order, as a player at the table saw it.
            lifebelt (int | None): The lifebelt this deal hands out.
            lifebelts (list[list[DuckViewLifebeltsItemItem]]):
            max_deals (int):
            options (DuckOptions): The options of this Duck game, defaults filled in.
            phase (DuckViewPhase): `play` while a deal is played, `deal_over` between deals, `game_over` at the end.
            piles (list[DuckViewPilesItem]):
            seat_count (int):
            stock_count (int):
            to_act (list[int]): The seats that may move now (empty between deals).
            totals (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            turn_cap (Literal[300]):
            turns (int):
            winners (list[int]): The winning seats once the game is over (empty before).
            hand (list[str] | Unset): Only in a seat's view. The caller's hand.
            hand_sum (int | Unset): Only in a seat's view.
            left (int | Unset): Only in a seat's view. A seat, from 0.
            legal_moves (list[DuckDuckMove | DuckPlayMove] | Unset): Only in a seat's view. Every legal move of the caller
                now (empty unless it is to act), as it is sent.
            right (int | Unset): Only in a seat's view. A seat, from 0.
            seat (int | Unset): Only in a seat's view. The caller's seat.
     """

    banked: list[list[str]]
    deal_commitment: None | str
    deal_no: int
    dealer: int
    deals: list[DuckDeal]
    dealt_by: DuckViewDealtByType1 | DuckViewDealtByType2Type1 | DuckViewDealtByType3Type1 | None
    face_up: list[str]
    game: Literal['duck']
    game_points: list[int]
    gathered_count: int
    hand_sizes: list[int]
    history: list[DuckViewHistoryItem]
    lifebelt: int | None
    lifebelts: list[list[DuckViewLifebeltsItemItem]]
    max_deals: int
    options: DuckOptions
    phase: DuckViewPhase
    piles: list[DuckViewPilesItem]
    seat_count: int
    stock_count: int
    to_act: list[int]
    totals: list[int]
    turn_cap: Literal[300]
    turns: int
    winners: list[int]
    hand: list[str] | Unset = UNSET
    hand_sum: int | Unset = UNSET
    left: int | Unset = UNSET
    legal_moves: list[DuckDuckMove | DuckPlayMove] | Unset = UNSET
    right: int | Unset = UNSET
    seat: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.duck_deal import DuckDeal # noqa: PLC0415
        from ..models.duck_duck_move import DuckDuckMove # noqa: PLC0415
        from ..models.duck_options import DuckOptions # noqa: PLC0415
        from ..models.duck_play_move import DuckPlayMove # noqa: PLC0415
        from ..models.duck_view_history_item import DuckViewHistoryItem # noqa: PLC0415
        from ..models.duck_view_lifebelts_item_item import DuckViewLifebeltsItemItem # noqa: PLC0415
        from ..models.duck_view_piles_item import DuckViewPilesItem # noqa: PLC0415
        banked = []
        for banked_item_data in self.banked:
            banked_item = banked_item_data


            banked.append(banked_item)



        deal_commitment: None | str
        deal_commitment = self.deal_commitment

        deal_no = self.deal_no

        dealer = self.dealer

        deals = []
        for deals_item_data in self.deals:
            deals_item = deals_item_data.to_dict()
            deals.append(deals_item)



        dealt_by: None | str
        if isinstance(self.dealt_by, DuckViewDealtByType1):
            dealt_by = self.dealt_by.value
        elif isinstance(self.dealt_by, DuckViewDealtByType2Type1):
            dealt_by = self.dealt_by.value
        elif isinstance(self.dealt_by, DuckViewDealtByType3Type1):
            dealt_by = self.dealt_by.value
        else:
            dealt_by = self.dealt_by

        face_up = self.face_up



        game = self.game

        game_points = self.game_points



        gathered_count = self.gathered_count

        hand_sizes = self.hand_sizes



        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)



        lifebelt: int | None
        lifebelt = self.lifebelt

        lifebelts = []
        for lifebelts_item_data in self.lifebelts:
            lifebelts_item = []
            for lifebelts_item_item_data in lifebelts_item_data:
                lifebelts_item_item = lifebelts_item_item_data.to_dict()
                lifebelts_item.append(lifebelts_item_item)


            lifebelts.append(lifebelts_item)



        max_deals = self.max_deals

        options = self.options.to_dict()

        phase = self.phase.value

        piles = []
        for piles_item_data in self.piles:
            piles_item = piles_item_data.to_dict()
            piles.append(piles_item)



        seat_count = self.seat_count

        stock_count = self.stock_count

        to_act = self.to_act



        totals = self.totals



        turn_cap = self.turn_cap

        turns = self.turns

        winners = self.winners



        hand: list[str] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = self.hand



        hand_sum = self.hand_sum

        left = self.left

        legal_moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.legal_moves, Unset):
            legal_moves = []
            for legal_moves_item_data in self.legal_moves:
                legal_moves_item: dict[str, Any]
                if isinstance(legal_moves_item_data, DuckPlayMove):
                    legal_moves_item = legal_moves_item_data.to_dict()
                else:
                    legal_moves_item = legal_moves_item_data.to_dict()

                legal_moves.append(legal_moves_item)



        right = self.right

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "banked": banked,
            "deal_commitment": deal_commitment,
            "deal_no": deal_no,
            "dealer": dealer,
            "deals": deals,
            "dealt_by": dealt_by,
            "face_up": face_up,
            "game": game,
            "game_points": game_points,
            "gathered_count": gathered_count,
            "hand_sizes": hand_sizes,
            "history": history,
            "lifebelt": lifebelt,
            "lifebelts": lifebelts,
            "max_deals": max_deals,
            "options": options,
            "phase": phase,
            "piles": piles,
            "seat_count": seat_count,
            "stock_count": stock_count,
            "to_act": to_act,
            "totals": totals,
            "turn_cap": turn_cap,
            "turns": turns,
            "winners": winners,
        })
        if hand is not UNSET:
            field_dict["hand"] = hand
        if hand_sum is not UNSET:
            field_dict["hand_sum"] = hand_sum
        if left is not UNSET:
            field_dict["left"] = left
        if legal_moves is not UNSET:
            field_dict["legal_moves"] = legal_moves
        if right is not UNSET:
            field_dict["right"] = right
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.duck_deal import DuckDeal # noqa: PLC0415
        from ..models.duck_duck_move import DuckDuckMove # noqa: PLC0415
        from ..models.duck_options import DuckOptions # noqa: PLC0415
        from ..models.duck_play_move import DuckPlayMove # noqa: PLC0415
        from ..models.duck_view_history_item import DuckViewHistoryItem # noqa: PLC0415
        from ..models.duck_view_lifebelts_item_item import DuckViewLifebeltsItemItem # noqa: PLC0415
        from ..models.duck_view_piles_item import DuckViewPilesItem # noqa: PLC0415
        d = dict(src_dict)
        banked = []
        _banked = d.pop("banked")
        for banked_item_data in (_banked):
            banked_item = cast(list[str], banked_item_data)

            banked.append(banked_item)


        def _parse_deal_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deal_commitment = _parse_deal_commitment(d.pop("deal_commitment"))


        deal_no = d.pop("deal_no")

        dealer = d.pop("dealer")

        deals = []
        _deals = d.pop("deals")
        for deals_item_data in (_deals):
            deals_item = DuckDeal.from_dict(deals_item_data)



            deals.append(deals_item)


        def _parse_dealt_by(data: object) -> DuckViewDealtByType1 | DuckViewDealtByType2Type1 | DuckViewDealtByType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_1 = DuckViewDealtByType1(data)



                return dealt_by_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_2_type_1 = DuckViewDealtByType2Type1(data)



                return dealt_by_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_3_type_1 = DuckViewDealtByType3Type1(data)



                return dealt_by_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DuckViewDealtByType1 | DuckViewDealtByType2Type1 | DuckViewDealtByType3Type1 | None, data)

        dealt_by = _parse_dealt_by(d.pop("dealt_by"))


        face_up = cast(list[str], d.pop("face_up"))


        game = cast(Literal['duck'] , d.pop("game"))
        if game != 'duck':
            raise ValueError(f"game must match const 'duck', got '{game}'")

        game_points = cast(list[int], d.pop("game_points"))


        gathered_count = d.pop("gathered_count")

        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = DuckViewHistoryItem.from_dict(history_item_data)



            history.append(history_item)


        def _parse_lifebelt(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        lifebelt = _parse_lifebelt(d.pop("lifebelt"))


        lifebelts = []
        _lifebelts = d.pop("lifebelts")
        for lifebelts_item_data in (_lifebelts):
            lifebelts_item = []
            _lifebelts_item = lifebelts_item_data
            for lifebelts_item_item_data in (_lifebelts_item):
                lifebelts_item_item = DuckViewLifebeltsItemItem.from_dict(lifebelts_item_item_data)



                lifebelts_item.append(lifebelts_item_item)

            lifebelts.append(lifebelts_item)


        max_deals = d.pop("max_deals")

        options = DuckOptions.from_dict(d.pop("options"))




        phase = DuckViewPhase(d.pop("phase"))




        piles = []
        _piles = d.pop("piles")
        for piles_item_data in (_piles):
            piles_item = DuckViewPilesItem.from_dict(piles_item_data)



            piles.append(piles_item)


        seat_count = d.pop("seat_count")

        stock_count = d.pop("stock_count")

        to_act = cast(list[int], d.pop("to_act"))


        totals = cast(list[int], d.pop("totals"))


        turn_cap = cast(Literal[300] , d.pop("turn_cap"))
        if turn_cap != 300:
            raise ValueError(f"turn_cap must match const 300, got '{turn_cap}'")

        turns = d.pop("turns")

        winners = cast(list[int], d.pop("winners"))


        hand = cast(list[str], d.pop("hand", UNSET))


        hand_sum = d.pop("hand_sum", UNSET)

        left = d.pop("left", UNSET)

        _legal_moves = d.pop("legal_moves", UNSET)
        legal_moves: list[DuckDuckMove | DuckPlayMove] | Unset = UNSET
        if _legal_moves is not UNSET:
            legal_moves = []
            for legal_moves_item_data in _legal_moves:
                def _parse_legal_moves_item(data: object) -> DuckDuckMove | DuckPlayMove:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        legal_moves_item_type_0 = DuckPlayMove.from_dict(data)



                        return legal_moves_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    legal_moves_item_type_1 = DuckDuckMove.from_dict(data)



                    return legal_moves_item_type_1

                legal_moves_item = _parse_legal_moves_item(legal_moves_item_data)

                legal_moves.append(legal_moves_item)


        right = d.pop("right", UNSET)

        seat = d.pop("seat", UNSET)

        duck_view = cls(
            banked=banked,
            deal_commitment=deal_commitment,
            deal_no=deal_no,
            dealer=dealer,
            deals=deals,
            dealt_by=dealt_by,
            face_up=face_up,
            game=game,
            game_points=game_points,
            gathered_count=gathered_count,
            hand_sizes=hand_sizes,
            history=history,
            lifebelt=lifebelt,
            lifebelts=lifebelts,
            max_deals=max_deals,
            options=options,
            phase=phase,
            piles=piles,
            seat_count=seat_count,
            stock_count=stock_count,
            to_act=to_act,
            totals=totals,
            turn_cap=turn_cap,
            turns=turns,
            winners=winners,
            hand=hand,
            hand_sum=hand_sum,
            left=left,
            legal_moves=legal_moves,
            right=right,
            seat=seat,
        )


        duck_view.additional_properties = d
        return duck_view

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

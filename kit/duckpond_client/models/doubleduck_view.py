from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doubleduck_view_course_type_1 import DoubleduckViewCourseType1
from ..models.doubleduck_view_course_type_2_type_1 import DoubleduckViewCourseType2Type1
from ..models.doubleduck_view_course_type_3_type_1 import DoubleduckViewCourseType3Type1
from ..models.doubleduck_view_dealt_by_type_1 import DoubleduckViewDealtByType1
from ..models.doubleduck_view_dealt_by_type_2_type_1 import DoubleduckViewDealtByType2Type1
from ..models.doubleduck_view_dealt_by_type_3_type_1 import DoubleduckViewDealtByType3Type1
from ..models.doubleduck_view_phase import DoubleduckViewPhase
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.doubleduck_deal import DoubleduckDeal
  from ..models.doubleduck_options import DoubleduckOptions
  from ..models.doubleduck_play_move import DoubleduckPlayMove
  from ..models.doubleduck_view_history_item import DoubleduckViewHistoryItem
  from ..models.doubleduck_view_last_trick_type_0 import DoubleduckViewLastTrickType0
  from ..models.doubleduck_view_stored import DoubleduckViewStored
  from ..models.doubleduck_view_trick_item import DoubleduckViewTrickItem





T = TypeVar("T", bound="DoubleduckView")



@_attrs_define
class DoubleduckView:
    """ What a Doubleduck player may know at a real table: the public view (a spectator's, the host's), and in a seat's view
    that seat's own fields too.

        Attributes:
            course (DoubleduckViewCourseType1 | DoubleduckViewCourseType2Type1 | DoubleduckViewCourseType3Type1 | None): The
                course: `duck` while the stock lasts, then `soup`.
            deal_commitment (None | str): The deal's commitment (null before any deal). SHA-256 hex of what decides the deal
                (salt, seed and deal number; the cards too when the host chose them), hiding until the record reveals the seed
                and salt: `python -m service.verify` checks the record against it (docs/fair-deals.md).
            deal_no (int): The deal in play or last played; 0 before any.
            dealer (int): A seat, from 0.
            deals (list[DoubleduckDeal]): The scored deals, first first.
            dealt_by (DoubleduckViewDealtByType1 | DoubleduckViewDealtByType2Type1 | DoubleduckViewDealtByType3Type1 |
                None): Of the deal in play or last played (null before any). How the deal was made: `server_shuffle`: Shuffled
                from a seed the server drew (128 random bits), secret until the end: nobody at the table can know another hand.;
                `client_seed`: Shuffled from a seed the creator of the game chose: whoever chose it can know every hand from the
                start.; `host_cards`: The host chose every card of the deal: the host knows every hand. (docs/fair-deals.md).
            game (Literal['doubleduck']):
            game_points (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            hand_sizes (list[int]): One count per seat, seat 0 first.
            history (list[DoubleduckViewHistoryItem]): Every public move of this deal, in order, as a player at the table
                saw it.
            last_trick (DoubleduckViewLastTrickType0 | None):
            leader (int | None): A seat, from 0.
            options (DoubleduckOptions): The options of this Doubleduck game, defaults filled in.
            phase (DoubleduckViewPhase): `play` while a deal is played, `deal_over` between deals, `game_over` at the end.
            resigned (list[int]): The seats that resigned, in order (Doubleduck: one partner's stands until the other's).
            seat_count (int):
            sides (list[list[int]]):
            stock_count (int):
            stored (DoubleduckViewStored): Per course, per team.
            to_act (list[int]): The seats that may move now (empty between deals).
            totals (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            trick (list[DoubleduckViewTrickItem]):
            trick_no (int | None):
            waste_count (int):
            winners (list[int]): The winning seats once the game is over (empty before).
            hand (list[str] | Unset): Only in a seat's view. The caller's hand.
            legal_moves (list[DoubleduckPlayMove] | Unset): Only in a seat's view. Every legal move of the caller now (empty
                unless it is to act), as it is sent.
            seat (int | Unset): Only in a seat's view. The caller's seat.
            side (int | Unset): Only in a seat's view.
     """

    course: DoubleduckViewCourseType1 | DoubleduckViewCourseType2Type1 | DoubleduckViewCourseType3Type1 | None
    deal_commitment: None | str
    deal_no: int
    dealer: int
    deals: list[DoubleduckDeal]
    dealt_by: DoubleduckViewDealtByType1 | DoubleduckViewDealtByType2Type1 | DoubleduckViewDealtByType3Type1 | None
    game: Literal['doubleduck']
    game_points: list[int]
    hand_sizes: list[int]
    history: list[DoubleduckViewHistoryItem]
    last_trick: DoubleduckViewLastTrickType0 | None
    leader: int | None
    options: DoubleduckOptions
    phase: DoubleduckViewPhase
    resigned: list[int]
    seat_count: int
    sides: list[list[int]]
    stock_count: int
    stored: DoubleduckViewStored
    to_act: list[int]
    totals: list[int]
    trick: list[DoubleduckViewTrickItem]
    trick_no: int | None
    waste_count: int
    winners: list[int]
    hand: list[str] | Unset = UNSET
    legal_moves: list[DoubleduckPlayMove] | Unset = UNSET
    seat: int | Unset = UNSET
    side: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.doubleduck_deal import DoubleduckDeal # noqa: PLC0415
        from ..models.doubleduck_options import DoubleduckOptions # noqa: PLC0415
        from ..models.doubleduck_play_move import DoubleduckPlayMove # noqa: PLC0415
        from ..models.doubleduck_view_history_item import DoubleduckViewHistoryItem # noqa: PLC0415
        from ..models.doubleduck_view_last_trick_type_0 import DoubleduckViewLastTrickType0 # noqa: PLC0415
        from ..models.doubleduck_view_stored import DoubleduckViewStored # noqa: PLC0415
        from ..models.doubleduck_view_trick_item import DoubleduckViewTrickItem # noqa: PLC0415
        course: None | str
        if isinstance(self.course, DoubleduckViewCourseType1):
            course = self.course.value
        elif isinstance(self.course, DoubleduckViewCourseType2Type1):
            course = self.course.value
        elif isinstance(self.course, DoubleduckViewCourseType3Type1):
            course = self.course.value
        else:
            course = self.course

        deal_commitment: None | str
        deal_commitment = self.deal_commitment

        deal_no = self.deal_no

        dealer = self.dealer

        deals = []
        for deals_item_data in self.deals:
            deals_item = deals_item_data.to_dict()
            deals.append(deals_item)



        dealt_by: None | str
        if isinstance(self.dealt_by, DoubleduckViewDealtByType1):
            dealt_by = self.dealt_by.value
        elif isinstance(self.dealt_by, DoubleduckViewDealtByType2Type1):
            dealt_by = self.dealt_by.value
        elif isinstance(self.dealt_by, DoubleduckViewDealtByType3Type1):
            dealt_by = self.dealt_by.value
        else:
            dealt_by = self.dealt_by

        game = self.game

        game_points = self.game_points



        hand_sizes = self.hand_sizes



        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)



        last_trick: dict[str, Any] | None
        if isinstance(self.last_trick, DoubleduckViewLastTrickType0):
            last_trick = self.last_trick.to_dict()
        else:
            last_trick = self.last_trick

        leader: int | None
        leader = self.leader

        options = self.options.to_dict()

        phase = self.phase.value

        resigned = self.resigned



        seat_count = self.seat_count

        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data


            sides.append(sides_item)



        stock_count = self.stock_count

        stored = self.stored.to_dict()

        to_act = self.to_act



        totals = self.totals



        trick = []
        for trick_item_data in self.trick:
            trick_item = trick_item_data.to_dict()
            trick.append(trick_item)



        trick_no: int | None
        trick_no = self.trick_no

        waste_count = self.waste_count

        winners = self.winners



        hand: list[str] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = self.hand



        legal_moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.legal_moves, Unset):
            legal_moves = []
            for legal_moves_item_data in self.legal_moves:
                legal_moves_item = legal_moves_item_data.to_dict()
                legal_moves.append(legal_moves_item)



        seat = self.seat

        side = self.side


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "course": course,
            "deal_commitment": deal_commitment,
            "deal_no": deal_no,
            "dealer": dealer,
            "deals": deals,
            "dealt_by": dealt_by,
            "game": game,
            "game_points": game_points,
            "hand_sizes": hand_sizes,
            "history": history,
            "last_trick": last_trick,
            "leader": leader,
            "options": options,
            "phase": phase,
            "resigned": resigned,
            "seat_count": seat_count,
            "sides": sides,
            "stock_count": stock_count,
            "stored": stored,
            "to_act": to_act,
            "totals": totals,
            "trick": trick,
            "trick_no": trick_no,
            "waste_count": waste_count,
            "winners": winners,
        })
        if hand is not UNSET:
            field_dict["hand"] = hand
        if legal_moves is not UNSET:
            field_dict["legal_moves"] = legal_moves
        if seat is not UNSET:
            field_dict["seat"] = seat
        if side is not UNSET:
            field_dict["side"] = side

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doubleduck_deal import DoubleduckDeal # noqa: PLC0415
        from ..models.doubleduck_options import DoubleduckOptions # noqa: PLC0415
        from ..models.doubleduck_play_move import DoubleduckPlayMove # noqa: PLC0415
        from ..models.doubleduck_view_history_item import DoubleduckViewHistoryItem # noqa: PLC0415
        from ..models.doubleduck_view_last_trick_type_0 import DoubleduckViewLastTrickType0 # noqa: PLC0415
        from ..models.doubleduck_view_stored import DoubleduckViewStored # noqa: PLC0415
        from ..models.doubleduck_view_trick_item import DoubleduckViewTrickItem # noqa: PLC0415
        d = dict(src_dict)
        def _parse_course(data: object) -> DoubleduckViewCourseType1 | DoubleduckViewCourseType2Type1 | DoubleduckViewCourseType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                course_type_1 = DoubleduckViewCourseType1(data)



                return course_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                course_type_2_type_1 = DoubleduckViewCourseType2Type1(data)



                return course_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                course_type_3_type_1 = DoubleduckViewCourseType3Type1(data)



                return course_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DoubleduckViewCourseType1 | DoubleduckViewCourseType2Type1 | DoubleduckViewCourseType3Type1 | None, data)

        course = _parse_course(d.pop("course"))


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
            deals_item = DoubleduckDeal.from_dict(deals_item_data)



            deals.append(deals_item)


        def _parse_dealt_by(data: object) -> DoubleduckViewDealtByType1 | DoubleduckViewDealtByType2Type1 | DoubleduckViewDealtByType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_1 = DoubleduckViewDealtByType1(data)



                return dealt_by_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_2_type_1 = DoubleduckViewDealtByType2Type1(data)



                return dealt_by_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_3_type_1 = DoubleduckViewDealtByType3Type1(data)



                return dealt_by_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DoubleduckViewDealtByType1 | DoubleduckViewDealtByType2Type1 | DoubleduckViewDealtByType3Type1 | None, data)

        dealt_by = _parse_dealt_by(d.pop("dealt_by"))


        game = cast(Literal['doubleduck'] , d.pop("game"))
        if game != 'doubleduck':
            raise ValueError(f"game must match const 'doubleduck', got '{game}'")

        game_points = cast(list[int], d.pop("game_points"))


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = DoubleduckViewHistoryItem.from_dict(history_item_data)



            history.append(history_item)


        def _parse_last_trick(data: object) -> DoubleduckViewLastTrickType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_trick_type_0 = DoubleduckViewLastTrickType0.from_dict(data)



                return last_trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DoubleduckViewLastTrickType0 | None, data)

        last_trick = _parse_last_trick(d.pop("last_trick"))


        def _parse_leader(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        leader = _parse_leader(d.pop("leader"))


        options = DoubleduckOptions.from_dict(d.pop("options"))




        phase = DoubleduckViewPhase(d.pop("phase"))




        resigned = cast(list[int], d.pop("resigned"))


        seat_count = d.pop("seat_count")

        sides = []
        _sides = d.pop("sides")
        for sides_item_data in (_sides):
            sides_item = cast(list[int], sides_item_data)

            sides.append(sides_item)


        stock_count = d.pop("stock_count")

        stored = DoubleduckViewStored.from_dict(d.pop("stored"))




        to_act = cast(list[int], d.pop("to_act"))


        totals = cast(list[int], d.pop("totals"))


        trick = []
        _trick = d.pop("trick")
        for trick_item_data in (_trick):
            trick_item = DoubleduckViewTrickItem.from_dict(trick_item_data)



            trick.append(trick_item)


        def _parse_trick_no(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        trick_no = _parse_trick_no(d.pop("trick_no"))


        waste_count = d.pop("waste_count")

        winners = cast(list[int], d.pop("winners"))


        hand = cast(list[str], d.pop("hand", UNSET))


        _legal_moves = d.pop("legal_moves", UNSET)
        legal_moves: list[DoubleduckPlayMove] | Unset = UNSET
        if _legal_moves is not UNSET:
            legal_moves = []
            for legal_moves_item_data in _legal_moves:
                legal_moves_item = DoubleduckPlayMove.from_dict(legal_moves_item_data)



                legal_moves.append(legal_moves_item)


        seat = d.pop("seat", UNSET)

        side = d.pop("side", UNSET)

        doubleduck_view = cls(
            course=course,
            deal_commitment=deal_commitment,
            deal_no=deal_no,
            dealer=dealer,
            deals=deals,
            dealt_by=dealt_by,
            game=game,
            game_points=game_points,
            hand_sizes=hand_sizes,
            history=history,
            last_trick=last_trick,
            leader=leader,
            options=options,
            phase=phase,
            resigned=resigned,
            seat_count=seat_count,
            sides=sides,
            stock_count=stock_count,
            stored=stored,
            to_act=to_act,
            totals=totals,
            trick=trick,
            trick_no=trick_no,
            waste_count=waste_count,
            winners=winners,
            hand=hand,
            legal_moves=legal_moves,
            seat=seat,
            side=side,
        )


        doubleduck_view.additional_properties = d
        return doubleduck_view

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ducksoup_view_course_type_1 import DucksoupViewCourseType1
from ..models.ducksoup_view_course_type_2_type_1 import DucksoupViewCourseType2Type1
from ..models.ducksoup_view_course_type_3_type_1 import DucksoupViewCourseType3Type1
from ..models.ducksoup_view_dealt_by_type_1 import DucksoupViewDealtByType1
from ..models.ducksoup_view_dealt_by_type_2_type_1 import DucksoupViewDealtByType2Type1
from ..models.ducksoup_view_dealt_by_type_3_type_1 import DucksoupViewDealtByType3Type1
from ..models.ducksoup_view_phase import DucksoupViewPhase
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.ducksoup_concede_move import DucksoupConcedeMove
  from ..models.ducksoup_deal import DucksoupDeal
  from ..models.ducksoup_options import DucksoupOptions
  from ..models.ducksoup_play_move import DucksoupPlayMove
  from ..models.ducksoup_view_history_item import DucksoupViewHistoryItem
  from ..models.ducksoup_view_points import DucksoupViewPoints
  from ..models.ducksoup_view_trick_item import DucksoupViewTrickItem
  from ..models.ducksoup_view_tricks_item import DucksoupViewTricksItem
  from ..models.ducksoup_view_units import DucksoupViewUnits





T = TypeVar("T", bound="DucksoupView")



@_attrs_define
class DucksoupView:
    """ What a Duck Soup player may know at a real table: the public view (a spectator's, the host's), and in a seat's view
    that seat's own fields too.

        Attributes:
            choice_pending (bool):
            course (DucksoupViewCourseType1 | DucksoupViewCourseType2Type1 | DucksoupViewCourseType3Type1 | None): The
                course: `duck` while the stock lasts, then `soup`.
            deal_commitment (None | str): The deal's commitment (null before any deal). SHA-256 hex of what decides the deal
                (salt, seed and deal number; the cards too when the host chose them), hiding until the record reveals the seed
                and salt: `python -m service.verify` checks the record against it (docs/fair-deals.md).
            deal_no (int): The deal in play or last played; 0 before any.
            dealer (int): A seat, from 0.
            deals (list[DucksoupDeal]): The scored deals, first first.
            dealt_by (DucksoupViewDealtByType1 | DucksoupViewDealtByType2Type1 | DucksoupViewDealtByType3Type1 | None): Of
                the deal in play or last played (null before any). How the deal was made: `server_shuffle`: Shuffled from a seed
                the server drew (128 random bits), secret until the end: nobody at the table can know another hand.;
                `client_seed`: Shuffled from a seed the creator of the game chose: whoever chose it can know every hand from the
                start.; `host_cards`: The host chose every card of the deal: the host knows every hand. (docs/fair-deals.md).
            game (Literal['ducksoup']):
            game_points (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            hand_sizes (list[int]): One count per seat, seat 0 first.
            history (list[DucksoupViewHistoryItem]): Every public move of this deal, in order, as a player at the table saw
                it.
            leader (int | None): A seat, from 0.
            options (DucksoupOptions): The options of this Duck Soup game, defaults filled in.
            phase (DucksoupViewPhase): `play` while a deal is played, `deal_over` between deals, `game_over` at the end.
            points (DucksoupViewPoints): Per course, per team.
            resigned (list[int]): The seats that resigned, in order (Doubleduck: one partner's stands until the other's).
            seat_count (int):
            stock_count (int):
            to_act (list[int]): The seats that may move now (empty between deals).
            totals (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            trick (list[DucksoupViewTrickItem]):
            trick_no (int | None):
            tricks (list[DucksoupViewTricksItem]):
            units (DucksoupViewUnits): Per course, per team.
            winners (list[int]): The winning seats once the game is over (empty before).
            hand (list[str] | Unset): Only in a seat's view. The caller's hand.
            legal_moves (list[DucksoupConcedeMove | DucksoupPlayMove] | Unset): Only in a seat's view. Every legal move of
                the caller now (empty unless it is to act), as it is sent.
            seat (int | Unset): Only in a seat's view. The caller's seat.
     """

    choice_pending: bool
    course: DucksoupViewCourseType1 | DucksoupViewCourseType2Type1 | DucksoupViewCourseType3Type1 | None
    deal_commitment: None | str
    deal_no: int
    dealer: int
    deals: list[DucksoupDeal]
    dealt_by: DucksoupViewDealtByType1 | DucksoupViewDealtByType2Type1 | DucksoupViewDealtByType3Type1 | None
    game: Literal['ducksoup']
    game_points: list[int]
    hand_sizes: list[int]
    history: list[DucksoupViewHistoryItem]
    leader: int | None
    options: DucksoupOptions
    phase: DucksoupViewPhase
    points: DucksoupViewPoints
    resigned: list[int]
    seat_count: int
    stock_count: int
    to_act: list[int]
    totals: list[int]
    trick: list[DucksoupViewTrickItem]
    trick_no: int | None
    tricks: list[DucksoupViewTricksItem]
    units: DucksoupViewUnits
    winners: list[int]
    hand: list[str] | Unset = UNSET
    legal_moves: list[DucksoupConcedeMove | DucksoupPlayMove] | Unset = UNSET
    seat: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ducksoup_concede_move import DucksoupConcedeMove # noqa: PLC0415
        from ..models.ducksoup_deal import DucksoupDeal # noqa: PLC0415
        from ..models.ducksoup_options import DucksoupOptions # noqa: PLC0415
        from ..models.ducksoup_play_move import DucksoupPlayMove # noqa: PLC0415
        from ..models.ducksoup_view_history_item import DucksoupViewHistoryItem # noqa: PLC0415
        from ..models.ducksoup_view_points import DucksoupViewPoints # noqa: PLC0415
        from ..models.ducksoup_view_trick_item import DucksoupViewTrickItem # noqa: PLC0415
        from ..models.ducksoup_view_tricks_item import DucksoupViewTricksItem # noqa: PLC0415
        from ..models.ducksoup_view_units import DucksoupViewUnits # noqa: PLC0415
        choice_pending = self.choice_pending

        course: None | str
        if isinstance(self.course, DucksoupViewCourseType1):
            course = self.course.value
        elif isinstance(self.course, DucksoupViewCourseType2Type1):
            course = self.course.value
        elif isinstance(self.course, DucksoupViewCourseType3Type1):
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
        if isinstance(self.dealt_by, DucksoupViewDealtByType1):
            dealt_by = self.dealt_by.value
        elif isinstance(self.dealt_by, DucksoupViewDealtByType2Type1):
            dealt_by = self.dealt_by.value
        elif isinstance(self.dealt_by, DucksoupViewDealtByType3Type1):
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



        leader: int | None
        leader = self.leader

        options = self.options.to_dict()

        phase = self.phase.value

        points = self.points.to_dict()

        resigned = self.resigned



        seat_count = self.seat_count

        stock_count = self.stock_count

        to_act = self.to_act



        totals = self.totals



        trick = []
        for trick_item_data in self.trick:
            trick_item = trick_item_data.to_dict()
            trick.append(trick_item)



        trick_no: int | None
        trick_no = self.trick_no

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)



        units = self.units.to_dict()

        winners = self.winners



        hand: list[str] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = self.hand



        legal_moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.legal_moves, Unset):
            legal_moves = []
            for legal_moves_item_data in self.legal_moves:
                legal_moves_item: dict[str, Any]
                if isinstance(legal_moves_item_data, DucksoupPlayMove):
                    legal_moves_item = legal_moves_item_data.to_dict()
                else:
                    legal_moves_item = legal_moves_item_data.to_dict()

                legal_moves.append(legal_moves_item)



        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "choice_pending": choice_pending,
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
            "leader": leader,
            "options": options,
            "phase": phase,
            "points": points,
            "resigned": resigned,
            "seat_count": seat_count,
            "stock_count": stock_count,
            "to_act": to_act,
            "totals": totals,
            "trick": trick,
            "trick_no": trick_no,
            "tricks": tricks,
            "units": units,
            "winners": winners,
        })
        if hand is not UNSET:
            field_dict["hand"] = hand
        if legal_moves is not UNSET:
            field_dict["legal_moves"] = legal_moves
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ducksoup_concede_move import DucksoupConcedeMove # noqa: PLC0415
        from ..models.ducksoup_deal import DucksoupDeal # noqa: PLC0415
        from ..models.ducksoup_options import DucksoupOptions # noqa: PLC0415
        from ..models.ducksoup_play_move import DucksoupPlayMove # noqa: PLC0415
        from ..models.ducksoup_view_history_item import DucksoupViewHistoryItem # noqa: PLC0415
        from ..models.ducksoup_view_points import DucksoupViewPoints # noqa: PLC0415
        from ..models.ducksoup_view_trick_item import DucksoupViewTrickItem # noqa: PLC0415
        from ..models.ducksoup_view_tricks_item import DucksoupViewTricksItem # noqa: PLC0415
        from ..models.ducksoup_view_units import DucksoupViewUnits # noqa: PLC0415
        d = dict(src_dict)
        choice_pending = d.pop("choice_pending")

        def _parse_course(data: object) -> DucksoupViewCourseType1 | DucksoupViewCourseType2Type1 | DucksoupViewCourseType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                course_type_1 = DucksoupViewCourseType1(data)



                return course_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                course_type_2_type_1 = DucksoupViewCourseType2Type1(data)



                return course_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                course_type_3_type_1 = DucksoupViewCourseType3Type1(data)



                return course_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DucksoupViewCourseType1 | DucksoupViewCourseType2Type1 | DucksoupViewCourseType3Type1 | None, data)

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
            deals_item = DucksoupDeal.from_dict(deals_item_data)



            deals.append(deals_item)


        def _parse_dealt_by(data: object) -> DucksoupViewDealtByType1 | DucksoupViewDealtByType2Type1 | DucksoupViewDealtByType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_1 = DucksoupViewDealtByType1(data)



                return dealt_by_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_2_type_1 = DucksoupViewDealtByType2Type1(data)



                return dealt_by_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_3_type_1 = DucksoupViewDealtByType3Type1(data)



                return dealt_by_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DucksoupViewDealtByType1 | DucksoupViewDealtByType2Type1 | DucksoupViewDealtByType3Type1 | None, data)

        dealt_by = _parse_dealt_by(d.pop("dealt_by"))


        game = cast(Literal['ducksoup'] , d.pop("game"))
        if game != 'ducksoup':
            raise ValueError(f"game must match const 'ducksoup', got '{game}'")

        game_points = cast(list[int], d.pop("game_points"))


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = DucksoupViewHistoryItem.from_dict(history_item_data)



            history.append(history_item)


        def _parse_leader(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        leader = _parse_leader(d.pop("leader"))


        options = DucksoupOptions.from_dict(d.pop("options"))




        phase = DucksoupViewPhase(d.pop("phase"))




        points = DucksoupViewPoints.from_dict(d.pop("points"))




        resigned = cast(list[int], d.pop("resigned"))


        seat_count = d.pop("seat_count")

        stock_count = d.pop("stock_count")

        to_act = cast(list[int], d.pop("to_act"))


        totals = cast(list[int], d.pop("totals"))


        trick = []
        _trick = d.pop("trick")
        for trick_item_data in (_trick):
            trick_item = DucksoupViewTrickItem.from_dict(trick_item_data)



            trick.append(trick_item)


        def _parse_trick_no(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        trick_no = _parse_trick_no(d.pop("trick_no"))


        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in (_tricks):
            tricks_item = DucksoupViewTricksItem.from_dict(tricks_item_data)



            tricks.append(tricks_item)


        units = DucksoupViewUnits.from_dict(d.pop("units"))




        winners = cast(list[int], d.pop("winners"))


        hand = cast(list[str], d.pop("hand", UNSET))


        _legal_moves = d.pop("legal_moves", UNSET)
        legal_moves: list[DucksoupConcedeMove | DucksoupPlayMove] | Unset = UNSET
        if _legal_moves is not UNSET:
            legal_moves = []
            for legal_moves_item_data in _legal_moves:
                def _parse_legal_moves_item(data: object) -> DucksoupConcedeMove | DucksoupPlayMove:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        legal_moves_item_type_0 = DucksoupPlayMove.from_dict(data)



                        return legal_moves_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    legal_moves_item_type_1 = DucksoupConcedeMove.from_dict(data)



                    return legal_moves_item_type_1

                legal_moves_item = _parse_legal_moves_item(legal_moves_item_data)

                legal_moves.append(legal_moves_item)


        seat = d.pop("seat", UNSET)

        ducksoup_view = cls(
            choice_pending=choice_pending,
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
            leader=leader,
            options=options,
            phase=phase,
            points=points,
            resigned=resigned,
            seat_count=seat_count,
            stock_count=stock_count,
            to_act=to_act,
            totals=totals,
            trick=trick,
            trick_no=trick_no,
            tricks=tricks,
            units=units,
            winners=winners,
            hand=hand,
            legal_moves=legal_moves,
            seat=seat,
        )


        ducksoup_view.additional_properties = d
        return ducksoup_view

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.change_out_role import ChangeOutRole
from ..models.change_out_status import ChangeOutStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.announced_event import AnnouncedEvent
  from ..models.card_drawn_event import CardDrawnEvent
  from ..models.card_played_event import CardPlayedEvent
  from ..models.cards_drawn_event import CardsDrawnEvent
  from ..models.cards_played_event import CardsPlayedEvent
  from ..models.clock_out import ClockOut
  from ..models.conceded_event import ConcededEvent
  from ..models.course_changed_event import CourseChangedEvent
  from ..models.deal_scored_event import DealScoredEvent
  from ..models.deal_started_event import DealStartedEvent
  from ..models.doppelkopf_view import DoppelkopfView
  from ..models.doubleduck_view import DoubleduckView
  from ..models.duck_view import DuckView
  from ..models.ducked_event import DuckedEvent
  from ..models.ducksoup_view import DucksoupView
  from ..models.game_abandoned_event import GameAbandonedEvent
  from ..models.game_created_event import GameCreatedEvent
  from ..models.game_over_event import GameOverEvent
  from ..models.hand_dealt_event import HandDealtEvent
  from ..models.party_revealed_event import PartyRevealedEvent
  from ..models.rank_matched_event import RankMatchedEvent
  from ..models.rematch_declined_event import RematchDeclinedEvent
  from ..models.resigned_event import ResignedEvent
  from ..models.seat_away_event import SeatAwayEvent
  from ..models.seat_out import SeatOut
  from ..models.seat_returned_event import SeatReturnedEvent
  from ..models.seat_taken_event import SeatTakenEvent
  from ..models.stock_card_event import StockCardEvent
  from ..models.tie_at_target_event import TieAtTargetEvent
  from ..models.trick_won_event import TrickWonEvent
  from ..models.turn_started_event import TurnStartedEvent
  from ..models.turn_timed_out_event import TurnTimedOutEvent
  from ..models.wedding_event import WeddingEvent
  from ..models.wedding_failed_event import WeddingFailedEvent
  from ..models.wedding_partner_event import WeddingPartnerEvent





T = TypeVar("T", bound="ChangeOut")



@_attrs_define
class ChangeOut:
    """ 
        Attributes:
            auto_deal (bool):
            events (list[AnnouncedEvent | CardDrawnEvent | CardPlayedEvent | CardsDrawnEvent | CardsPlayedEvent |
                ConcededEvent | CourseChangedEvent | DealScoredEvent | DealStartedEvent | DuckedEvent | GameAbandonedEvent |
                GameCreatedEvent | GameOverEvent | HandDealtEvent | PartyRevealedEvent | RankMatchedEvent | RematchDeclinedEvent
                | ResignedEvent | SeatAwayEvent | SeatReturnedEvent | SeatTakenEvent | StockCardEvent | TieAtTargetEvent |
                TrickWonEvent | TurnStartedEvent | TurnTimedOutEvent | WeddingEvent | WeddingFailedEvent |
                WeddingPartnerEvent]): The events this change caused that the caller may see.
            game (str):
            id (str):
            role (ChangeOutRole): How the caller was recognised, from its token alone.
            seat (int | None):
            seats (list[SeatOut]):
            status (ChangeOutStatus): `waiting`: seats are open or invited (no clock, move, deal or bot turn until every one
                is taken); `abandoned`: the host ended it; it takes no more changes.
            version (int): Number of accepted state changes of the game; 0 right after creation.
            view (DoppelkopfView | DoubleduckView | DucksoupView | DuckView): The game as the caller may know it, typed per
                game (`game` tells which): with a seat token it adds `seat`, `hand` and `legal_moves` (empty unless it is that
                seat's turn); the host and spectators get the public view.
            clock (ClockOut | Unset):
            rematch_of (str | Unset): Only in a rematch: the finished game it is the rematch of (its open seats are that
                game's players', taken by asking for the rematch).
     """

    auto_deal: bool
    events: list[AnnouncedEvent | CardDrawnEvent | CardPlayedEvent | CardsDrawnEvent | CardsPlayedEvent | ConcededEvent | CourseChangedEvent | DealScoredEvent | DealStartedEvent | DuckedEvent | GameAbandonedEvent | GameCreatedEvent | GameOverEvent | HandDealtEvent | PartyRevealedEvent | RankMatchedEvent | RematchDeclinedEvent | ResignedEvent | SeatAwayEvent | SeatReturnedEvent | SeatTakenEvent | StockCardEvent | TieAtTargetEvent | TrickWonEvent | TurnStartedEvent | TurnTimedOutEvent | WeddingEvent | WeddingFailedEvent | WeddingPartnerEvent]
    game: str
    id: str
    role: ChangeOutRole
    seat: int | None
    seats: list[SeatOut]
    status: ChangeOutStatus
    version: int
    view: DoppelkopfView | DoubleduckView | DucksoupView | DuckView
    clock: ClockOut | Unset = UNSET
    rematch_of: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.announced_event import AnnouncedEvent # noqa: PLC0415
        from ..models.card_drawn_event import CardDrawnEvent # noqa: PLC0415
        from ..models.card_played_event import CardPlayedEvent # noqa: PLC0415
        from ..models.cards_drawn_event import CardsDrawnEvent # noqa: PLC0415
        from ..models.cards_played_event import CardsPlayedEvent # noqa: PLC0415
        from ..models.clock_out import ClockOut # noqa: PLC0415
        from ..models.conceded_event import ConcededEvent # noqa: PLC0415
        from ..models.course_changed_event import CourseChangedEvent # noqa: PLC0415
        from ..models.deal_scored_event import DealScoredEvent # noqa: PLC0415
        from ..models.deal_started_event import DealStartedEvent # noqa: PLC0415
        from ..models.doppelkopf_view import DoppelkopfView # noqa: PLC0415
        from ..models.doubleduck_view import DoubleduckView # noqa: PLC0415
        from ..models.duck_view import DuckView # noqa: PLC0415
        from ..models.ducked_event import DuckedEvent # noqa: PLC0415
        from ..models.ducksoup_view import DucksoupView # noqa: PLC0415
        from ..models.game_abandoned_event import GameAbandonedEvent # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent # noqa: PLC0415
        from ..models.game_over_event import GameOverEvent # noqa: PLC0415
        from ..models.hand_dealt_event import HandDealtEvent # noqa: PLC0415
        from ..models.party_revealed_event import PartyRevealedEvent # noqa: PLC0415
        from ..models.rank_matched_event import RankMatchedEvent # noqa: PLC0415
        from ..models.rematch_declined_event import RematchDeclinedEvent # noqa: PLC0415
        from ..models.resigned_event import ResignedEvent # noqa: PLC0415
        from ..models.seat_away_event import SeatAwayEvent # noqa: PLC0415
        from ..models.seat_out import SeatOut # noqa: PLC0415
        from ..models.seat_returned_event import SeatReturnedEvent # noqa: PLC0415
        from ..models.seat_taken_event import SeatTakenEvent # noqa: PLC0415
        from ..models.stock_card_event import StockCardEvent # noqa: PLC0415
        from ..models.tie_at_target_event import TieAtTargetEvent # noqa: PLC0415
        from ..models.trick_won_event import TrickWonEvent # noqa: PLC0415
        from ..models.turn_started_event import TurnStartedEvent # noqa: PLC0415
        from ..models.turn_timed_out_event import TurnTimedOutEvent # noqa: PLC0415
        from ..models.wedding_event import WeddingEvent # noqa: PLC0415
        from ..models.wedding_failed_event import WeddingFailedEvent # noqa: PLC0415
        from ..models.wedding_partner_event import WeddingPartnerEvent # noqa: PLC0415
        auto_deal = self.auto_deal

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, GameCreatedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameAbandonedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RematchDeclinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnTimedOutEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatAwayEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatReturnedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatTakenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DealStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HandDealtEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardPlayedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TrickWonEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardDrawnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsDrawnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CourseChangedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DealScoredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ResignedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameOverEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RankMatchedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ConcededEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TieAtTargetEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsPlayedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StockCardEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DuckedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, WeddingEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, AnnouncedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PartyRevealedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, WeddingPartnerEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)



        game = self.game

        id = self.id

        role = self.role.value

        seat: int | None
        seat = self.seat

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        status = self.status.value

        version = self.version

        view: dict[str, Any]
        if isinstance(self.view, DoubleduckView):
            view = self.view.to_dict()
        elif isinstance(self.view, DucksoupView):
            view = self.view.to_dict()
        elif isinstance(self.view, DuckView):
            view = self.view.to_dict()
        else:
            view = self.view.to_dict()


        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        rematch_of = self.rematch_of


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "auto_deal": auto_deal,
            "events": events,
            "game": game,
            "id": id,
            "role": role,
            "seat": seat,
            "seats": seats,
            "status": status,
            "version": version,
            "view": view,
        })
        if clock is not UNSET:
            field_dict["clock"] = clock
        if rematch_of is not UNSET:
            field_dict["rematch_of"] = rematch_of

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.announced_event import AnnouncedEvent # noqa: PLC0415
        from ..models.card_drawn_event import CardDrawnEvent # noqa: PLC0415
        from ..models.card_played_event import CardPlayedEvent # noqa: PLC0415
        from ..models.cards_drawn_event import CardsDrawnEvent # noqa: PLC0415
        from ..models.cards_played_event import CardsPlayedEvent # noqa: PLC0415
        from ..models.clock_out import ClockOut # noqa: PLC0415
        from ..models.conceded_event import ConcededEvent # noqa: PLC0415
        from ..models.course_changed_event import CourseChangedEvent # noqa: PLC0415
        from ..models.deal_scored_event import DealScoredEvent # noqa: PLC0415
        from ..models.deal_started_event import DealStartedEvent # noqa: PLC0415
        from ..models.doppelkopf_view import DoppelkopfView # noqa: PLC0415
        from ..models.doubleduck_view import DoubleduckView # noqa: PLC0415
        from ..models.duck_view import DuckView # noqa: PLC0415
        from ..models.ducked_event import DuckedEvent # noqa: PLC0415
        from ..models.ducksoup_view import DucksoupView # noqa: PLC0415
        from ..models.game_abandoned_event import GameAbandonedEvent # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent # noqa: PLC0415
        from ..models.game_over_event import GameOverEvent # noqa: PLC0415
        from ..models.hand_dealt_event import HandDealtEvent # noqa: PLC0415
        from ..models.party_revealed_event import PartyRevealedEvent # noqa: PLC0415
        from ..models.rank_matched_event import RankMatchedEvent # noqa: PLC0415
        from ..models.rematch_declined_event import RematchDeclinedEvent # noqa: PLC0415
        from ..models.resigned_event import ResignedEvent # noqa: PLC0415
        from ..models.seat_away_event import SeatAwayEvent # noqa: PLC0415
        from ..models.seat_out import SeatOut # noqa: PLC0415
        from ..models.seat_returned_event import SeatReturnedEvent # noqa: PLC0415
        from ..models.seat_taken_event import SeatTakenEvent # noqa: PLC0415
        from ..models.stock_card_event import StockCardEvent # noqa: PLC0415
        from ..models.tie_at_target_event import TieAtTargetEvent # noqa: PLC0415
        from ..models.trick_won_event import TrickWonEvent # noqa: PLC0415
        from ..models.turn_started_event import TurnStartedEvent # noqa: PLC0415
        from ..models.turn_timed_out_event import TurnTimedOutEvent # noqa: PLC0415
        from ..models.wedding_event import WeddingEvent # noqa: PLC0415
        from ..models.wedding_failed_event import WeddingFailedEvent # noqa: PLC0415
        from ..models.wedding_partner_event import WeddingPartnerEvent # noqa: PLC0415
        d = dict(src_dict)
        auto_deal = d.pop("auto_deal")

        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            def _parse_events_item(data: object) -> AnnouncedEvent | CardDrawnEvent | CardPlayedEvent | CardsDrawnEvent | CardsPlayedEvent | ConcededEvent | CourseChangedEvent | DealScoredEvent | DealStartedEvent | DuckedEvent | GameAbandonedEvent | GameCreatedEvent | GameOverEvent | HandDealtEvent | PartyRevealedEvent | RankMatchedEvent | RematchDeclinedEvent | ResignedEvent | SeatAwayEvent | SeatReturnedEvent | SeatTakenEvent | StockCardEvent | TieAtTargetEvent | TrickWonEvent | TurnStartedEvent | TurnTimedOutEvent | WeddingEvent | WeddingFailedEvent | WeddingPartnerEvent:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_0 = GameCreatedEvent.from_dict(data)



                    return events_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_1 = GameAbandonedEvent.from_dict(data)



                    return events_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_2 = RematchDeclinedEvent.from_dict(data)



                    return events_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_3 = TurnTimedOutEvent.from_dict(data)



                    return events_item_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_4 = TurnStartedEvent.from_dict(data)



                    return events_item_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_5 = SeatAwayEvent.from_dict(data)



                    return events_item_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_6 = SeatReturnedEvent.from_dict(data)



                    return events_item_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_7 = SeatTakenEvent.from_dict(data)



                    return events_item_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_8 = DealStartedEvent.from_dict(data)



                    return events_item_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_9 = HandDealtEvent.from_dict(data)



                    return events_item_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_10 = CardPlayedEvent.from_dict(data)



                    return events_item_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_11 = TrickWonEvent.from_dict(data)



                    return events_item_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_12 = CardDrawnEvent.from_dict(data)



                    return events_item_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_13 = CardsDrawnEvent.from_dict(data)



                    return events_item_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_14 = CourseChangedEvent.from_dict(data)



                    return events_item_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_15 = DealScoredEvent.from_dict(data)



                    return events_item_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_16 = ResignedEvent.from_dict(data)



                    return events_item_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_17 = GameOverEvent.from_dict(data)



                    return events_item_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_18 = RankMatchedEvent.from_dict(data)



                    return events_item_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_19 = ConcededEvent.from_dict(data)



                    return events_item_type_19
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_20 = TieAtTargetEvent.from_dict(data)



                    return events_item_type_20
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_21 = CardsPlayedEvent.from_dict(data)



                    return events_item_type_21
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_22 = StockCardEvent.from_dict(data)



                    return events_item_type_22
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_23 = DuckedEvent.from_dict(data)



                    return events_item_type_23
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_24 = WeddingEvent.from_dict(data)



                    return events_item_type_24
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_25 = AnnouncedEvent.from_dict(data)



                    return events_item_type_25
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_26 = PartyRevealedEvent.from_dict(data)



                    return events_item_type_26
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    events_item_type_27 = WeddingPartnerEvent.from_dict(data)



                    return events_item_type_27
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                events_item_type_28 = WeddingFailedEvent.from_dict(data)



                return events_item_type_28

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)


        game = d.pop("game")

        id = d.pop("id")

        role = ChangeOutRole(d.pop("role"))




        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatOut.from_dict(seats_item_data)



            seats.append(seats_item)


        status = ChangeOutStatus(d.pop("status"))




        version = d.pop("version")

        def _parse_view(data: object) -> DoppelkopfView | DoubleduckView | DucksoupView | DuckView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                view_type_0 = DoubleduckView.from_dict(data)



                return view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                view_type_1 = DucksoupView.from_dict(data)



                return view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                view_type_2 = DuckView.from_dict(data)



                return view_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            view_type_3 = DoppelkopfView.from_dict(data)



            return view_type_3

        view = _parse_view(d.pop("view"))


        _clock = d.pop("clock", UNSET)
        clock: ClockOut | Unset
        if isinstance(_clock,  Unset):
            clock = UNSET
        else:
            clock = ClockOut.from_dict(_clock)




        rematch_of = d.pop("rematch_of", UNSET)

        change_out = cls(
            auto_deal=auto_deal,
            events=events,
            game=game,
            id=id,
            role=role,
            seat=seat,
            seats=seats,
            status=status,
            version=version,
            view=view,
            clock=clock,
            rematch_of=rematch_of,
        )


        change_out.additional_properties = d
        return change_out

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

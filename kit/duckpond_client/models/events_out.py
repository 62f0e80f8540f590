from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.announced_event import AnnouncedEvent
  from ..models.card_drawn_event import CardDrawnEvent
  from ..models.card_played_event import CardPlayedEvent
  from ..models.cards_drawn_event import CardsDrawnEvent
  from ..models.cards_played_event import CardsPlayedEvent
  from ..models.conceded_event import ConcededEvent
  from ..models.course_changed_event import CourseChangedEvent
  from ..models.deal_scored_event import DealScoredEvent
  from ..models.deal_started_event import DealStartedEvent
  from ..models.ducked_event import DuckedEvent
  from ..models.game_abandoned_event import GameAbandonedEvent
  from ..models.game_created_event import GameCreatedEvent
  from ..models.game_over_event import GameOverEvent
  from ..models.hand_dealt_event import HandDealtEvent
  from ..models.party_revealed_event import PartyRevealedEvent
  from ..models.rank_matched_event import RankMatchedEvent
  from ..models.rematch_declined_event import RematchDeclinedEvent
  from ..models.resigned_event import ResignedEvent
  from ..models.seat_away_event import SeatAwayEvent
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





T = TypeVar("T", bound="EventsOut")



@_attrs_define
class EventsOut:
    """ 
        Attributes:
            after (int):
            events (list[AnnouncedEvent | CardDrawnEvent | CardPlayedEvent | CardsDrawnEvent | CardsPlayedEvent |
                ConcededEvent | CourseChangedEvent | DealScoredEvent | DealStartedEvent | DuckedEvent | GameAbandonedEvent |
                GameCreatedEvent | GameOverEvent | HandDealtEvent | PartyRevealedEvent | RankMatchedEvent | RematchDeclinedEvent
                | ResignedEvent | SeatAwayEvent | SeatReturnedEvent | SeatTakenEvent | StockCardEvent | TieAtTargetEvent |
                TrickWonEvent | TurnStartedEvent | TurnTimedOutEvent | WeddingEvent | WeddingFailedEvent |
                WeddingPartnerEvent]): Typed per event `type`; private ones carry `visible_to`.
            has_more (bool): More events follow this page: ask again with `next_after`.
            id (str):
            last (int): Pass as `after` to get what follows.
            next_after (int): The same as `last`: the `after` of the next page.
            version (int): Number of accepted state changes of the game; 0 right after creation.
     """

    after: int
    events: list[AnnouncedEvent | CardDrawnEvent | CardPlayedEvent | CardsDrawnEvent | CardsPlayedEvent | ConcededEvent | CourseChangedEvent | DealScoredEvent | DealStartedEvent | DuckedEvent | GameAbandonedEvent | GameCreatedEvent | GameOverEvent | HandDealtEvent | PartyRevealedEvent | RankMatchedEvent | RematchDeclinedEvent | ResignedEvent | SeatAwayEvent | SeatReturnedEvent | SeatTakenEvent | StockCardEvent | TieAtTargetEvent | TrickWonEvent | TurnStartedEvent | TurnTimedOutEvent | WeddingEvent | WeddingFailedEvent | WeddingPartnerEvent]
    has_more: bool
    id: str
    last: int
    next_after: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.announced_event import AnnouncedEvent # noqa: PLC0415
        from ..models.card_drawn_event import CardDrawnEvent # noqa: PLC0415
        from ..models.card_played_event import CardPlayedEvent # noqa: PLC0415
        from ..models.cards_drawn_event import CardsDrawnEvent # noqa: PLC0415
        from ..models.cards_played_event import CardsPlayedEvent # noqa: PLC0415
        from ..models.conceded_event import ConcededEvent # noqa: PLC0415
        from ..models.course_changed_event import CourseChangedEvent # noqa: PLC0415
        from ..models.deal_scored_event import DealScoredEvent # noqa: PLC0415
        from ..models.deal_started_event import DealStartedEvent # noqa: PLC0415
        from ..models.ducked_event import DuckedEvent # noqa: PLC0415
        from ..models.game_abandoned_event import GameAbandonedEvent # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent # noqa: PLC0415
        from ..models.game_over_event import GameOverEvent # noqa: PLC0415
        from ..models.hand_dealt_event import HandDealtEvent # noqa: PLC0415
        from ..models.party_revealed_event import PartyRevealedEvent # noqa: PLC0415
        from ..models.rank_matched_event import RankMatchedEvent # noqa: PLC0415
        from ..models.rematch_declined_event import RematchDeclinedEvent # noqa: PLC0415
        from ..models.resigned_event import ResignedEvent # noqa: PLC0415
        from ..models.seat_away_event import SeatAwayEvent # noqa: PLC0415
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
        after = self.after

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



        has_more = self.has_more

        id = self.id

        last = self.last

        next_after = self.next_after

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "after": after,
            "events": events,
            "has_more": has_more,
            "id": id,
            "last": last,
            "next_after": next_after,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.announced_event import AnnouncedEvent # noqa: PLC0415
        from ..models.card_drawn_event import CardDrawnEvent # noqa: PLC0415
        from ..models.card_played_event import CardPlayedEvent # noqa: PLC0415
        from ..models.cards_drawn_event import CardsDrawnEvent # noqa: PLC0415
        from ..models.cards_played_event import CardsPlayedEvent # noqa: PLC0415
        from ..models.conceded_event import ConcededEvent # noqa: PLC0415
        from ..models.course_changed_event import CourseChangedEvent # noqa: PLC0415
        from ..models.deal_scored_event import DealScoredEvent # noqa: PLC0415
        from ..models.deal_started_event import DealStartedEvent # noqa: PLC0415
        from ..models.ducked_event import DuckedEvent # noqa: PLC0415
        from ..models.game_abandoned_event import GameAbandonedEvent # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent # noqa: PLC0415
        from ..models.game_over_event import GameOverEvent # noqa: PLC0415
        from ..models.hand_dealt_event import HandDealtEvent # noqa: PLC0415
        from ..models.party_revealed_event import PartyRevealedEvent # noqa: PLC0415
        from ..models.rank_matched_event import RankMatchedEvent # noqa: PLC0415
        from ..models.rematch_declined_event import RematchDeclinedEvent # noqa: PLC0415
        from ..models.resigned_event import ResignedEvent # noqa: PLC0415
        from ..models.seat_away_event import SeatAwayEvent # noqa: PLC0415
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
        after = d.pop("after")

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


        has_more = d.pop("has_more")

        id = d.pop("id")

        last = d.pop("last")

        next_after = d.pop("next_after")

        version = d.pop("version")

        events_out = cls(
            after=after,
            events=events,
            has_more=has_more,
            id=id,
            last=last,
            next_after=next_after,
            version=version,
        )


        events_out.additional_properties = d
        return events_out

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

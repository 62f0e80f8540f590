from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.doppelkopf_view_dealt_by_type_1 import DoppelkopfViewDealtByType1
from ..models.doppelkopf_view_dealt_by_type_2_type_1 import DoppelkopfViewDealtByType2Type1
from ..models.doppelkopf_view_dealt_by_type_3_type_1 import DoppelkopfViewDealtByType3Type1
from ..models.doppelkopf_view_kind import DoppelkopfViewKind
from ..models.doppelkopf_view_parties_item_type_1 import DoppelkopfViewPartiesItemType1
from ..models.doppelkopf_view_parties_item_type_2_type_1 import DoppelkopfViewPartiesItemType2Type1
from ..models.doppelkopf_view_parties_item_type_3_type_1 import DoppelkopfViewPartiesItemType3Type1
from ..models.doppelkopf_view_party_type_1 import DoppelkopfViewPartyType1
from ..models.doppelkopf_view_party_type_2_type_1 import DoppelkopfViewPartyType2Type1
from ..models.doppelkopf_view_party_type_3_type_1 import DoppelkopfViewPartyType3Type1
from ..models.doppelkopf_view_phase import DoppelkopfViewPhase
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.doppelkopf_announce_move import DoppelkopfAnnounceMove
  from ..models.doppelkopf_deal import DoppelkopfDeal
  from ..models.doppelkopf_options import DoppelkopfOptions
  from ..models.doppelkopf_play_move import DoppelkopfPlayMove
  from ..models.doppelkopf_view_announcements_item import DoppelkopfViewAnnouncementsItem
  from ..models.doppelkopf_view_history_item import DoppelkopfViewHistoryItem
  from ..models.doppelkopf_view_last_trick_type_0 import DoppelkopfViewLastTrickType0
  from ..models.doppelkopf_view_trick_item import DoppelkopfViewTrickItem





T = TypeVar("T", bound="DoppelkopfView")



@_attrs_define
class DoppelkopfView:
    """ What a Doppelkopf player may know at a real table: the public view (a spectator's, the host's), and in a seat's view
    that seat's own fields too.

        Attributes:
            announcements (list[DoppelkopfViewAnnouncementsItem]):
            deal_commitment (None | str): The deal's commitment (null before any deal). SHA-256 hex of what decides the deal
                (salt, seed and deal number; the cards too when the host chose them), hiding until the record reveals the seed
                and salt: `python -m service.verify` checks the record against it (docs/fair-deals.md).
            deal_no (int): The deal in play or last played; 0 before any.
            dealer (int): A seat, from 0.
            deals (list[DoppelkopfDeal]): The scored deals, first first.
            dealt_by (DoppelkopfViewDealtByType1 | DoppelkopfViewDealtByType2Type1 | DoppelkopfViewDealtByType3Type1 |
                None): Of the deal in play or last played (null before any). How the deal was made: `server_shuffle`: Shuffled
                from a seed the server drew (128 random bits), secret until the end: nobody at the table can know another hand.;
                `client_seed`: Shuffled from a seed the creator of the game chose: whoever chose it can know every hand from the
                start.; `host_cards`: The host chose every card of the deal: the host knows every hand. (docs/fair-deals.md).
            game (Literal['doppelkopf']):
            hand_sizes (list[int]): One count per seat, seat 0 first.
            history (list[DoppelkopfViewHistoryItem]): Every public move of this deal, in order, as a player at the table
                saw it.
            kind (DoppelkopfViewKind):
            last_trick (DoppelkopfViewLastTrickType0 | None):
            leader (int | None): A seat, from 0.
            options (DoppelkopfOptions): The options of this Doppelkopf game, defaults filled in.
            parties (list[DoppelkopfViewPartiesItemType1 | DoppelkopfViewPartiesItemType2Type1 |
                DoppelkopfViewPartiesItemType3Type1 | None]): Each seat's party, where the caller can know it.
            partner (int | None): A seat, from 0.
            phase (DoppelkopfViewPhase): `play` while a deal is played, `deal_over` between deals, `game_over` at the end.
            seat_count (int):
            to_act (list[int]): The seats that may move now (empty between deals).
            totals (list[int]): One number per team of the game (a side in Doubleduck, else a seat).
            trick (list[DoppelkopfViewTrickItem]):
            trick_no (int | None):
            tricks_won (list[int]): One count per seat, seat 0 first.
            wedding (int | None): A seat, from 0.
            winners (list[int]): The winning seats once the game is over (empty before).
            hand (list[str] | Unset): Only in a seat's view. The caller's hand.
            legal_moves (list[DoppelkopfAnnounceMove | DoppelkopfPlayMove] | Unset): Only in a seat's view. Every legal move
                of the caller now (empty unless it is to act), as it is sent.
            party (DoppelkopfViewPartyType1 | DoppelkopfViewPartyType2Type1 | DoppelkopfViewPartyType3Type1 | None | Unset):
                Only in a seat's view.
            seat (int | Unset): Only in a seat's view. The caller's seat.
     """

    announcements: list[DoppelkopfViewAnnouncementsItem]
    deal_commitment: None | str
    deal_no: int
    dealer: int
    deals: list[DoppelkopfDeal]
    dealt_by: DoppelkopfViewDealtByType1 | DoppelkopfViewDealtByType2Type1 | DoppelkopfViewDealtByType3Type1 | None
    game: Literal['doppelkopf']
    hand_sizes: list[int]
    history: list[DoppelkopfViewHistoryItem]
    kind: DoppelkopfViewKind
    last_trick: DoppelkopfViewLastTrickType0 | None
    leader: int | None
    options: DoppelkopfOptions
    parties: list[DoppelkopfViewPartiesItemType1 | DoppelkopfViewPartiesItemType2Type1 | DoppelkopfViewPartiesItemType3Type1 | None]
    partner: int | None
    phase: DoppelkopfViewPhase
    seat_count: int
    to_act: list[int]
    totals: list[int]
    trick: list[DoppelkopfViewTrickItem]
    trick_no: int | None
    tricks_won: list[int]
    wedding: int | None
    winners: list[int]
    hand: list[str] | Unset = UNSET
    legal_moves: list[DoppelkopfAnnounceMove | DoppelkopfPlayMove] | Unset = UNSET
    party: DoppelkopfViewPartyType1 | DoppelkopfViewPartyType2Type1 | DoppelkopfViewPartyType3Type1 | None | Unset = UNSET
    seat: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.doppelkopf_announce_move import DoppelkopfAnnounceMove # noqa: PLC0415
        from ..models.doppelkopf_deal import DoppelkopfDeal # noqa: PLC0415
        from ..models.doppelkopf_options import DoppelkopfOptions # noqa: PLC0415
        from ..models.doppelkopf_play_move import DoppelkopfPlayMove # noqa: PLC0415
        from ..models.doppelkopf_view_announcements_item import DoppelkopfViewAnnouncementsItem # noqa: PLC0415
        from ..models.doppelkopf_view_history_item import DoppelkopfViewHistoryItem # noqa: PLC0415
        from ..models.doppelkopf_view_last_trick_type_0 import DoppelkopfViewLastTrickType0 # noqa: PLC0415
        from ..models.doppelkopf_view_trick_item import DoppelkopfViewTrickItem # noqa: PLC0415
        announcements = []
        for announcements_item_data in self.announcements:
            announcements_item = announcements_item_data.to_dict()
            announcements.append(announcements_item)



        deal_commitment: None | str
        deal_commitment = self.deal_commitment

        deal_no = self.deal_no

        dealer = self.dealer

        deals = []
        for deals_item_data in self.deals:
            deals_item = deals_item_data.to_dict()
            deals.append(deals_item)



        dealt_by: None | str
        if isinstance(self.dealt_by, DoppelkopfViewDealtByType1):
            dealt_by = self.dealt_by.value
        elif isinstance(self.dealt_by, DoppelkopfViewDealtByType2Type1):
            dealt_by = self.dealt_by.value
        elif isinstance(self.dealt_by, DoppelkopfViewDealtByType3Type1):
            dealt_by = self.dealt_by.value
        else:
            dealt_by = self.dealt_by

        game = self.game

        hand_sizes = self.hand_sizes



        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)



        kind = self.kind.value

        last_trick: dict[str, Any] | None
        if isinstance(self.last_trick, DoppelkopfViewLastTrickType0):
            last_trick = self.last_trick.to_dict()
        else:
            last_trick = self.last_trick

        leader: int | None
        leader = self.leader

        options = self.options.to_dict()

        parties = []
        for parties_item_data in self.parties:
            parties_item: None | str
            if isinstance(parties_item_data, DoppelkopfViewPartiesItemType1):
                parties_item = parties_item_data.value
            elif isinstance(parties_item_data, DoppelkopfViewPartiesItemType2Type1):
                parties_item = parties_item_data.value
            elif isinstance(parties_item_data, DoppelkopfViewPartiesItemType3Type1):
                parties_item = parties_item_data.value
            else:
                parties_item = parties_item_data
            parties.append(parties_item)



        partner: int | None
        partner = self.partner

        phase = self.phase.value

        seat_count = self.seat_count

        to_act = self.to_act



        totals = self.totals



        trick = []
        for trick_item_data in self.trick:
            trick_item = trick_item_data.to_dict()
            trick.append(trick_item)



        trick_no: int | None
        trick_no = self.trick_no

        tricks_won = self.tricks_won



        wedding: int | None
        wedding = self.wedding

        winners = self.winners



        hand: list[str] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = self.hand



        legal_moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.legal_moves, Unset):
            legal_moves = []
            for legal_moves_item_data in self.legal_moves:
                legal_moves_item: dict[str, Any]
                if isinstance(legal_moves_item_data, DoppelkopfPlayMove):
                    legal_moves_item = legal_moves_item_data.to_dict()
                else:
                    legal_moves_item = legal_moves_item_data.to_dict()

                legal_moves.append(legal_moves_item)



        party: None | str | Unset
        if isinstance(self.party, Unset):
            party = UNSET
        elif isinstance(self.party, DoppelkopfViewPartyType1):
            party = self.party.value
        elif isinstance(self.party, DoppelkopfViewPartyType2Type1):
            party = self.party.value
        elif isinstance(self.party, DoppelkopfViewPartyType3Type1):
            party = self.party.value
        else:
            party = self.party

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "announcements": announcements,
            "deal_commitment": deal_commitment,
            "deal_no": deal_no,
            "dealer": dealer,
            "deals": deals,
            "dealt_by": dealt_by,
            "game": game,
            "hand_sizes": hand_sizes,
            "history": history,
            "kind": kind,
            "last_trick": last_trick,
            "leader": leader,
            "options": options,
            "parties": parties,
            "partner": partner,
            "phase": phase,
            "seat_count": seat_count,
            "to_act": to_act,
            "totals": totals,
            "trick": trick,
            "trick_no": trick_no,
            "tricks_won": tricks_won,
            "wedding": wedding,
            "winners": winners,
        })
        if hand is not UNSET:
            field_dict["hand"] = hand
        if legal_moves is not UNSET:
            field_dict["legal_moves"] = legal_moves
        if party is not UNSET:
            field_dict["party"] = party
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doppelkopf_announce_move import DoppelkopfAnnounceMove # noqa: PLC0415
        from ..models.doppelkopf_deal import DoppelkopfDeal # noqa: PLC0415
        from ..models.doppelkopf_options import DoppelkopfOptions # noqa: PLC0415
        from ..models.doppelkopf_play_move import DoppelkopfPlayMove # noqa: PLC0415
        from ..models.doppelkopf_view_announcements_item import DoppelkopfViewAnnouncementsItem # noqa: PLC0415
        from ..models.doppelkopf_view_history_item import DoppelkopfViewHistoryItem # noqa: PLC0415
        from ..models.doppelkopf_view_last_trick_type_0 import DoppelkopfViewLastTrickType0 # noqa: PLC0415
        from ..models.doppelkopf_view_trick_item import DoppelkopfViewTrickItem # noqa: PLC0415
        d = dict(src_dict)
        announcements = []
        _announcements = d.pop("announcements")
        for announcements_item_data in (_announcements):
            announcements_item = DoppelkopfViewAnnouncementsItem.from_dict(announcements_item_data)



            announcements.append(announcements_item)


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
            deals_item = DoppelkopfDeal.from_dict(deals_item_data)



            deals.append(deals_item)


        def _parse_dealt_by(data: object) -> DoppelkopfViewDealtByType1 | DoppelkopfViewDealtByType2Type1 | DoppelkopfViewDealtByType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_1 = DoppelkopfViewDealtByType1(data)



                return dealt_by_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_2_type_1 = DoppelkopfViewDealtByType2Type1(data)



                return dealt_by_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dealt_by_type_3_type_1 = DoppelkopfViewDealtByType3Type1(data)



                return dealt_by_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DoppelkopfViewDealtByType1 | DoppelkopfViewDealtByType2Type1 | DoppelkopfViewDealtByType3Type1 | None, data)

        dealt_by = _parse_dealt_by(d.pop("dealt_by"))


        game = cast(Literal['doppelkopf'] , d.pop("game"))
        if game != 'doppelkopf':
            raise ValueError(f"game must match const 'doppelkopf', got '{game}'")

        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = DoppelkopfViewHistoryItem.from_dict(history_item_data)



            history.append(history_item)


        kind = DoppelkopfViewKind(d.pop("kind"))




        def _parse_last_trick(data: object) -> DoppelkopfViewLastTrickType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_trick_type_0 = DoppelkopfViewLastTrickType0.from_dict(data)



                return last_trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DoppelkopfViewLastTrickType0 | None, data)

        last_trick = _parse_last_trick(d.pop("last_trick"))


        def _parse_leader(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        leader = _parse_leader(d.pop("leader"))


        options = DoppelkopfOptions.from_dict(d.pop("options"))




        parties = []
        _parties = d.pop("parties")
        for parties_item_data in (_parties):
            def _parse_parties_item(data: object) -> DoppelkopfViewPartiesItemType1 | DoppelkopfViewPartiesItemType2Type1 | DoppelkopfViewPartiesItemType3Type1 | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    parties_item_type_1 = DoppelkopfViewPartiesItemType1(data)



                    return parties_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    parties_item_type_2_type_1 = DoppelkopfViewPartiesItemType2Type1(data)



                    return parties_item_type_2_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    parties_item_type_3_type_1 = DoppelkopfViewPartiesItemType3Type1(data)



                    return parties_item_type_3_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(DoppelkopfViewPartiesItemType1 | DoppelkopfViewPartiesItemType2Type1 | DoppelkopfViewPartiesItemType3Type1 | None, data)

            parties_item = _parse_parties_item(parties_item_data)

            parties.append(parties_item)


        def _parse_partner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        partner = _parse_partner(d.pop("partner"))


        phase = DoppelkopfViewPhase(d.pop("phase"))




        seat_count = d.pop("seat_count")

        to_act = cast(list[int], d.pop("to_act"))


        totals = cast(list[int], d.pop("totals"))


        trick = []
        _trick = d.pop("trick")
        for trick_item_data in (_trick):
            trick_item = DoppelkopfViewTrickItem.from_dict(trick_item_data)



            trick.append(trick_item)


        def _parse_trick_no(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        trick_no = _parse_trick_no(d.pop("trick_no"))


        tricks_won = cast(list[int], d.pop("tricks_won"))


        def _parse_wedding(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        wedding = _parse_wedding(d.pop("wedding"))


        winners = cast(list[int], d.pop("winners"))


        hand = cast(list[str], d.pop("hand", UNSET))


        _legal_moves = d.pop("legal_moves", UNSET)
        legal_moves: list[DoppelkopfAnnounceMove | DoppelkopfPlayMove] | Unset = UNSET
        if _legal_moves is not UNSET:
            legal_moves = []
            for legal_moves_item_data in _legal_moves:
                def _parse_legal_moves_item(data: object) -> DoppelkopfAnnounceMove | DoppelkopfPlayMove:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        legal_moves_item_type_0 = DoppelkopfPlayMove.from_dict(data)



                        return legal_moves_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    legal_moves_item_type_1 = DoppelkopfAnnounceMove.from_dict(data)



                    return legal_moves_item_type_1

                legal_moves_item = _parse_legal_moves_item(legal_moves_item_data)

                legal_moves.append(legal_moves_item)


        def _parse_party(data: object) -> DoppelkopfViewPartyType1 | DoppelkopfViewPartyType2Type1 | DoppelkopfViewPartyType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                party_type_1 = DoppelkopfViewPartyType1(data)



                return party_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                party_type_2_type_1 = DoppelkopfViewPartyType2Type1(data)



                return party_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                party_type_3_type_1 = DoppelkopfViewPartyType3Type1(data)



                return party_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DoppelkopfViewPartyType1 | DoppelkopfViewPartyType2Type1 | DoppelkopfViewPartyType3Type1 | None | Unset, data)

        party = _parse_party(d.pop("party", UNSET))


        seat = d.pop("seat", UNSET)

        doppelkopf_view = cls(
            announcements=announcements,
            deal_commitment=deal_commitment,
            deal_no=deal_no,
            dealer=dealer,
            deals=deals,
            dealt_by=dealt_by,
            game=game,
            hand_sizes=hand_sizes,
            history=history,
            kind=kind,
            last_trick=last_trick,
            leader=leader,
            options=options,
            parties=parties,
            partner=partner,
            phase=phase,
            seat_count=seat_count,
            to_act=to_act,
            totals=totals,
            trick=trick,
            trick_no=trick_no,
            tricks_won=tricks_won,
            wedding=wedding,
            winners=winners,
            hand=hand,
            legal_moves=legal_moves,
            party=party,
            seat=seat,
        )


        doppelkopf_view.additional_properties = d
        return doppelkopf_view

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

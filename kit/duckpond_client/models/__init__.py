""" Contains all the data models used in inputs/outputs """

from .abandon_in import AbandonIn
from .announced_data import AnnouncedData
from .announced_data_call import AnnouncedDataCall
from .announced_data_party import AnnouncedDataParty
from .announced_event import AnnouncedEvent
from .arena_in import ArenaIn
from .arena_in_games_item import ArenaInGamesItem
from .arena_out import ArenaOut
from .arena_out_status import ArenaOutStatus
from .bot_history_out import BotHistoryOut
from .bot_in import BotIn
from .bot_in_games_item import BotInGamesItem
from .bot_level_out import BotLevelOut
from .bot_level_out_worlds import BotLevelOutWorlds
from .bot_out import BotOut
from .bot_out_kind import BotOutKind
from .bot_result_out import BotResultOut
from .bots_out import BotsOut
from .card_drawn_data import CardDrawnData
from .card_drawn_data_source import CardDrawnDataSource
from .card_drawn_event import CardDrawnEvent
from .card_played_data import CardPlayedData
from .card_played_data_call import CardPlayedDataCall
from .card_played_event import CardPlayedEvent
from .cards_drawn_data import CardsDrawnData
from .cards_drawn_event import CardsDrawnEvent
from .cards_played_data import CardsPlayedData
from .cards_played_data_kind import CardsPlayedDataKind
from .cards_played_event import CardsPlayedEvent
from .catalog_game_out import CatalogGameOut
from .catalog_game_out_moves_item import CatalogGameOutMovesItem
from .catalog_game_out_options_item import CatalogGameOutOptionsItem
from .catalog_out import CatalogOut
from .challenge_answer_in import ChallengeAnswerIn
from .challenge_answer_out import ChallengeAnswerOut
from .challenge_answer_out_answer_type_1 import ChallengeAnswerOutAnswerType1
from .challenge_answer_out_answer_type_2_type_1 import ChallengeAnswerOutAnswerType2Type1
from .challenge_answer_out_answer_type_3_type_1 import ChallengeAnswerOutAnswerType3Type1
from .challenge_created_out import ChallengeCreatedOut
from .challenge_created_out_options import ChallengeCreatedOutOptions
from .challenge_created_out_role import ChallengeCreatedOutRole
from .challenge_created_out_status import ChallengeCreatedOutStatus
from .challenge_in import ChallengeIn
from .challenge_in_options import ChallengeInOptions
from .challenge_out import ChallengeOut
from .challenge_out_options import ChallengeOutOptions
from .challenge_out_role import ChallengeOutRole
from .challenge_out_status import ChallengeOutStatus
from .challenges_out import ChallengesOut
from .change_out import ChangeOut
from .change_out_role import ChangeOutRole
from .change_out_status import ChangeOutStatus
from .claim_in import ClaimIn
from .clock_out import ClockOut
from .comparison_out import ComparisonOut
from .conceded_data import ConcededData
from .conceded_event import ConcededEvent
from .course_changed_data import CourseChangedData
from .course_changed_data_course import CourseChangedDataCourse
from .course_changed_event import CourseChangedEvent
from .created_out import CreatedOut
from .created_out_role import CreatedOutRole
from .created_out_status import CreatedOutStatus
from .created_seat_out import CreatedSeatOut
from .created_seat_out_kind import CreatedSeatOutKind
from .cross_out import CrossOut
from .crosstable_out import CrosstableOut
from .deal_action import DealAction
from .deal_action_deal_type_0 import DealActionDealType0
from .deal_commitment import DealCommitment
from .deal_commitment_dealt_by import DealCommitmentDealtBy
from .deal_record import DealRecord
from .deal_record_announced_item import DealRecordAnnouncedItem
from .deal_record_announcements_item import DealRecordAnnouncementsItem
from .deal_record_announcements_item_call import DealRecordAnnouncementsItemCall
from .deal_record_duck_verdict_type_1 import DealRecordDuckVerdictType1
from .deal_record_duck_verdict_type_2_type_1 import DealRecordDuckVerdictType2Type1
from .deal_record_duck_verdict_type_3_type_1 import DealRecordDuckVerdictType3Type1
from .deal_record_end import DealRecordEnd
from .deal_record_extras import DealRecordExtras
from .deal_record_kind import DealRecordKind
from .deal_record_lifebelt_type_0 import DealRecordLifebeltType0
from .deal_record_lifebelt_type_0_side import DealRecordLifebeltType0Side
from .deal_record_points import DealRecordPoints
from .deal_record_tricks import DealRecordTricks
from .deal_record_value_parts import DealRecordValueParts
from .deal_record_winner import DealRecordWinner
from .deal_request_in import DealRequestIn
from .deal_request_in_deal_type_0 import DealRequestInDealType0
from .deal_request_in_deal_type_0_cards_type_0_item import DealRequestInDealType0CardsType0Item
from .deal_request_in_deal_type_0_cards_type_1_item import DealRequestInDealType0CardsType1Item
from .deal_request_in_deal_type_0_cards_type_2_item import DealRequestInDealType0CardsType2Item
from .deal_request_in_deal_type_0_cards_type_3_item import DealRequestInDealType0CardsType3Item
from .deal_scored_data import DealScoredData
from .deal_scored_data_announced_item import DealScoredDataAnnouncedItem
from .deal_scored_data_announcements_item import DealScoredDataAnnouncementsItem
from .deal_scored_data_announcements_item_call import DealScoredDataAnnouncementsItemCall
from .deal_scored_data_duck_verdict_type_1 import DealScoredDataDuckVerdictType1
from .deal_scored_data_duck_verdict_type_2_type_1 import DealScoredDataDuckVerdictType2Type1
from .deal_scored_data_duck_verdict_type_3_type_1 import DealScoredDataDuckVerdictType3Type1
from .deal_scored_data_end import DealScoredDataEnd
from .deal_scored_data_extras import DealScoredDataExtras
from .deal_scored_data_kind import DealScoredDataKind
from .deal_scored_data_lifebelt_type_0 import DealScoredDataLifebeltType0
from .deal_scored_data_lifebelt_type_0_side import DealScoredDataLifebeltType0Side
from .deal_scored_data_points import DealScoredDataPoints
from .deal_scored_data_tricks import DealScoredDataTricks
from .deal_scored_data_value_parts import DealScoredDataValueParts
from .deal_scored_data_winner import DealScoredDataWinner
from .deal_scored_event import DealScoredEvent
from .deal_started_data import DealStartedData
from .deal_started_data_dealt_by import DealStartedDataDealtBy
from .deal_started_event import DealStartedEvent
from .dealt_by_out import DealtByOut
from .dealt_by_out_name import DealtByOutName
from .decline_out import DeclineOut
from .deliveries_out import DeliveriesOut
from .delivery_out import DeliveryOut
from .delivery_out_status import DeliveryOutStatus
from .doppelkopf_announce_move import DoppelkopfAnnounceMove
from .doppelkopf_deal import DoppelkopfDeal
from .doppelkopf_deal_announced_item import DoppelkopfDealAnnouncedItem
from .doppelkopf_deal_announcements_item import DoppelkopfDealAnnouncementsItem
from .doppelkopf_deal_announcements_item_call import DoppelkopfDealAnnouncementsItemCall
from .doppelkopf_deal_extras import DoppelkopfDealExtras
from .doppelkopf_deal_kind import DoppelkopfDealKind
from .doppelkopf_deal_points import DoppelkopfDealPoints
from .doppelkopf_deal_tricks import DoppelkopfDealTricks
from .doppelkopf_deal_value_parts import DoppelkopfDealValueParts
from .doppelkopf_deal_winner import DoppelkopfDealWinner
from .doppelkopf_game_in import DoppelkopfGameIn
from .doppelkopf_game_in_deal_type_0 import DoppelkopfGameInDealType0
from .doppelkopf_game_in_deal_type_0_cards_item import DoppelkopfGameInDealType0CardsItem
from .doppelkopf_game_in_lobby import DoppelkopfGameInLobby
from .doppelkopf_game_in_options import DoppelkopfGameInOptions
from .doppelkopf_game_in_options_on_timeout import DoppelkopfGameInOptionsOnTimeout
from .doppelkopf_game_in_seats_item import DoppelkopfGameInSeatsItem
from .doppelkopf_game_in_seats_item_bot import DoppelkopfGameInSeatsItemBot
from .doppelkopf_game_in_seats_item_level import DoppelkopfGameInSeatsItemLevel
from .doppelkopf_match_in import DoppelkopfMatchIn
from .doppelkopf_match_in_bots_item import DoppelkopfMatchInBotsItem
from .doppelkopf_match_in_options import DoppelkopfMatchInOptions
from .doppelkopf_options import DoppelkopfOptions
from .doppelkopf_play_move import DoppelkopfPlayMove
from .doppelkopf_view import DoppelkopfView
from .doppelkopf_view_announcements_item import DoppelkopfViewAnnouncementsItem
from .doppelkopf_view_announcements_item_call import DoppelkopfViewAnnouncementsItemCall
from .doppelkopf_view_dealt_by_type_1 import DoppelkopfViewDealtByType1
from .doppelkopf_view_dealt_by_type_2_type_1 import DoppelkopfViewDealtByType2Type1
from .doppelkopf_view_dealt_by_type_3_type_1 import DoppelkopfViewDealtByType3Type1
from .doppelkopf_view_history_item import DoppelkopfViewHistoryItem
from .doppelkopf_view_kind import DoppelkopfViewKind
from .doppelkopf_view_last_trick_type_0 import DoppelkopfViewLastTrickType0
from .doppelkopf_view_last_trick_type_0_plays_item import DoppelkopfViewLastTrickType0PlaysItem
from .doppelkopf_view_last_trick_type_0_plays_item_call import DoppelkopfViewLastTrickType0PlaysItemCall
from .doppelkopf_view_parties_item_type_1 import DoppelkopfViewPartiesItemType1
from .doppelkopf_view_parties_item_type_2_type_1 import DoppelkopfViewPartiesItemType2Type1
from .doppelkopf_view_parties_item_type_3_type_1 import DoppelkopfViewPartiesItemType3Type1
from .doppelkopf_view_party_type_1 import DoppelkopfViewPartyType1
from .doppelkopf_view_party_type_2_type_1 import DoppelkopfViewPartyType2Type1
from .doppelkopf_view_party_type_3_type_1 import DoppelkopfViewPartyType3Type1
from .doppelkopf_view_phase import DoppelkopfViewPhase
from .doppelkopf_view_trick_item import DoppelkopfViewTrickItem
from .doppelkopf_view_trick_item_call import DoppelkopfViewTrickItemCall
from .doubleduck_deal import DoubleduckDeal
from .doubleduck_game_in import DoubleduckGameIn
from .doubleduck_game_in_deal_type_0 import DoubleduckGameInDealType0
from .doubleduck_game_in_deal_type_0_cards_item import DoubleduckGameInDealType0CardsItem
from .doubleduck_game_in_lobby import DoubleduckGameInLobby
from .doubleduck_game_in_options import DoubleduckGameInOptions
from .doubleduck_game_in_options_on_timeout import DoubleduckGameInOptionsOnTimeout
from .doubleduck_game_in_seats_item import DoubleduckGameInSeatsItem
from .doubleduck_game_in_seats_item_bot import DoubleduckGameInSeatsItemBot
from .doubleduck_game_in_seats_item_level import DoubleduckGameInSeatsItemLevel
from .doubleduck_match_in import DoubleduckMatchIn
from .doubleduck_match_in_bots_item import DoubleduckMatchInBotsItem
from .doubleduck_match_in_options import DoubleduckMatchInOptions
from .doubleduck_options import DoubleduckOptions
from .doubleduck_play_move import DoubleduckPlayMove
from .doubleduck_play_move_call import DoubleduckPlayMoveCall
from .doubleduck_view import DoubleduckView
from .doubleduck_view_course_type_1 import DoubleduckViewCourseType1
from .doubleduck_view_course_type_2_type_1 import DoubleduckViewCourseType2Type1
from .doubleduck_view_course_type_3_type_1 import DoubleduckViewCourseType3Type1
from .doubleduck_view_dealt_by_type_1 import DoubleduckViewDealtByType1
from .doubleduck_view_dealt_by_type_2_type_1 import DoubleduckViewDealtByType2Type1
from .doubleduck_view_dealt_by_type_3_type_1 import DoubleduckViewDealtByType3Type1
from .doubleduck_view_history_item import DoubleduckViewHistoryItem
from .doubleduck_view_last_trick_type_0 import DoubleduckViewLastTrickType0
from .doubleduck_view_last_trick_type_0_course import DoubleduckViewLastTrickType0Course
from .doubleduck_view_last_trick_type_0_plays_item import DoubleduckViewLastTrickType0PlaysItem
from .doubleduck_view_last_trick_type_0_plays_item_call import DoubleduckViewLastTrickType0PlaysItemCall
from .doubleduck_view_phase import DoubleduckViewPhase
from .doubleduck_view_stored import DoubleduckViewStored
from .doubleduck_view_trick_item import DoubleduckViewTrickItem
from .doubleduck_view_trick_item_call import DoubleduckViewTrickItemCall
from .duck_deal import DuckDeal
from .duck_deal_duck_verdict_type_1 import DuckDealDuckVerdictType1
from .duck_deal_duck_verdict_type_2_type_1 import DuckDealDuckVerdictType2Type1
from .duck_deal_duck_verdict_type_3_type_1 import DuckDealDuckVerdictType3Type1
from .duck_deal_end import DuckDealEnd
from .duck_deal_lifebelt_type_0 import DuckDealLifebeltType0
from .duck_deal_lifebelt_type_0_side import DuckDealLifebeltType0Side
from .duck_duck_move import DuckDuckMove
from .duck_game_in import DuckGameIn
from .duck_game_in_deal_type_0 import DuckGameInDealType0
from .duck_game_in_deal_type_0_cards_item import DuckGameInDealType0CardsItem
from .duck_game_in_lobby import DuckGameInLobby
from .duck_game_in_options import DuckGameInOptions
from .duck_game_in_options_on_timeout import DuckGameInOptionsOnTimeout
from .duck_game_in_seats_item import DuckGameInSeatsItem
from .duck_game_in_seats_item_bot import DuckGameInSeatsItemBot
from .duck_game_in_seats_item_level import DuckGameInSeatsItemLevel
from .duck_match_in import DuckMatchIn
from .duck_match_in_bots_item import DuckMatchInBotsItem
from .duck_match_in_options import DuckMatchInOptions
from .duck_options import DuckOptions
from .duck_play_move import DuckPlayMove
from .duck_play_move_draw import DuckPlayMoveDraw
from .duck_view import DuckView
from .duck_view_dealt_by_type_1 import DuckViewDealtByType1
from .duck_view_dealt_by_type_2_type_1 import DuckViewDealtByType2Type1
from .duck_view_dealt_by_type_3_type_1 import DuckViewDealtByType3Type1
from .duck_view_history_item import DuckViewHistoryItem
from .duck_view_lifebelts_item_item import DuckViewLifebeltsItemItem
from .duck_view_lifebelts_item_item_side import DuckViewLifebeltsItemItemSide
from .duck_view_phase import DuckViewPhase
from .duck_view_piles_item import DuckViewPilesItem
from .ducked_data import DuckedData
from .ducked_event import DuckedEvent
from .ducksoup_concede_move import DucksoupConcedeMove
from .ducksoup_deal import DucksoupDeal
from .ducksoup_game_in import DucksoupGameIn
from .ducksoup_game_in_deal_type_0 import DucksoupGameInDealType0
from .ducksoup_game_in_deal_type_0_cards_item import DucksoupGameInDealType0CardsItem
from .ducksoup_game_in_lobby import DucksoupGameInLobby
from .ducksoup_game_in_options import DucksoupGameInOptions
from .ducksoup_game_in_options_on_timeout import DucksoupGameInOptionsOnTimeout
from .ducksoup_game_in_seats_item import DucksoupGameInSeatsItem
from .ducksoup_game_in_seats_item_bot import DucksoupGameInSeatsItemBot
from .ducksoup_game_in_seats_item_level import DucksoupGameInSeatsItemLevel
from .ducksoup_match_in import DucksoupMatchIn
from .ducksoup_match_in_bots_item import DucksoupMatchInBotsItem
from .ducksoup_match_in_options import DucksoupMatchInOptions
from .ducksoup_options import DucksoupOptions
from .ducksoup_play_move import DucksoupPlayMove
from .ducksoup_view import DucksoupView
from .ducksoup_view_course_type_1 import DucksoupViewCourseType1
from .ducksoup_view_course_type_2_type_1 import DucksoupViewCourseType2Type1
from .ducksoup_view_course_type_3_type_1 import DucksoupViewCourseType3Type1
from .ducksoup_view_dealt_by_type_1 import DucksoupViewDealtByType1
from .ducksoup_view_dealt_by_type_2_type_1 import DucksoupViewDealtByType2Type1
from .ducksoup_view_dealt_by_type_3_type_1 import DucksoupViewDealtByType3Type1
from .ducksoup_view_history_item import DucksoupViewHistoryItem
from .ducksoup_view_phase import DucksoupViewPhase
from .ducksoup_view_points import DucksoupViewPoints
from .ducksoup_view_trick_item import DucksoupViewTrickItem
from .ducksoup_view_trick_item_call import DucksoupViewTrickItemCall
from .ducksoup_view_tricks_item import DucksoupViewTricksItem
from .ducksoup_view_tricks_item_course import DucksoupViewTricksItemCourse
from .ducksoup_view_tricks_item_how import DucksoupViewTricksItemHow
from .ducksoup_view_tricks_item_plays_item import DucksoupViewTricksItemPlaysItem
from .ducksoup_view_tricks_item_plays_item_call import DucksoupViewTricksItemPlaysItemCall
from .ducksoup_view_tricks_item_units_item import DucksoupViewTricksItemUnitsItem
from .ducksoup_view_units import DucksoupViewUnits
from .error_details_out import ErrorDetailsOut
from .error_details_out_fields import ErrorDetailsOutFields
from .error_details_out_reason import ErrorDetailsOutReason
from .error_out import ErrorOut
from .estimate_out import EstimateOut
from .events_out import EventsOut
from .feed_game_out import FeedGameOut
from .feed_games_out import FeedGamesOut
from .feed_seat_out import FeedSeatOut
from .feed_seat_out_type import FeedSeatOutType
from .feed_seats_out import FeedSeatsOut
from .game_abandoned_data import GameAbandonedData
from .game_abandoned_event import GameAbandonedEvent
from .game_created_data import GameCreatedData
from .game_created_event import GameCreatedEvent
from .game_out import GameOut
from .game_out_role import GameOutRole
from .game_out_status import GameOutStatus
from .game_over_data import GameOverData
from .game_over_event import GameOverEvent
from .game_record import GameRecord
from .game_record_deal_type_0 import GameRecordDealType0
from .game_record_options import GameRecordOptions
from .get_ladder_bot_game import GetLadderBotGame
from .get_ladder_crosstable_game import GetLadderCrosstableGame
from .get_ladder_game import GetLadderGame
from .get_lobby_game import GetLobbyGame
from .hand_dealt_data import HandDealtData
from .hand_dealt_event import HandDealtEvent
from .head_to_head_out import HeadToHeadOut
from .head_to_head_out_kind import HeadToHeadOutKind
from .health_out import HealthOut
from .history_point_out import HistoryPointOut
from .invited_out import InvitedOut
from .invited_out_answer_type_1 import InvitedOutAnswerType1
from .invited_out_answer_type_2_type_1 import InvitedOutAnswerType2Type1
from .invited_out_answer_type_3_type_1 import InvitedOutAnswerType3Type1
from .ladder_entry_out import LadderEntryOut
from .ladder_entry_out_kind import LadderEntryOutKind
from .ladder_out import LadderOut
from .lobby_out import LobbyOut
from .lobby_table_out import LobbyTableOut
from .lobby_table_out_lobby import LobbyTableOutLobby
from .lobby_table_out_options import LobbyTableOutOptions
from .match_cancel_in import MatchCancelIn
from .match_created_out import MatchCreatedOut
from .match_created_out_options import MatchCreatedOutOptions
from .match_created_out_outside import MatchCreatedOutOutside
from .match_created_out_status import MatchCreatedOutStatus
from .match_games_out import MatchGamesOut
from .match_games_out_records_item import MatchGamesOutRecordsItem
from .match_out import MatchOut
from .match_out_options import MatchOutOptions
from .match_out_outside import MatchOutOutside
from .match_out_status import MatchOutStatus
from .move_action import MoveAction
from .move_action_move import MoveActionMove
from .move_in import MoveIn
from .move_in_move_type_0 import MoveInMoveType0
from .move_in_move_type_0_card import MoveInMoveType0Card
from .move_in_move_type_1 import MoveInMoveType1
from .move_in_move_type_1_card import MoveInMoveType1Card
from .move_in_move_type_2 import MoveInMoveType2
from .move_in_move_type_3 import MoveInMoveType3
from .move_in_move_type_3_cards_item import MoveInMoveType3CardsItem
from .move_in_move_type_3_draw import MoveInMoveType3Draw
from .move_in_move_type_4 import MoveInMoveType4
from .move_in_move_type_5 import MoveInMoveType5
from .move_in_move_type_5_card import MoveInMoveType5Card
from .move_in_move_type_6 import MoveInMoveType6
from .pair_out import PairOut
from .pairing_out import PairingOut
from .party_revealed_data import PartyRevealedData
from .party_revealed_data_party import PartyRevealedDataParty
from .party_revealed_event import PartyRevealedEvent
from .presence_in import PresenceIn
from .progress_out import ProgressOut
from .rank_matched_data import RankMatchedData
from .rank_matched_event import RankMatchedEvent
from .ranked_entry_out import RankedEntryOut
from .ranked_entry_out_kind import RankedEntryOutKind
from .record_out import RecordOut
from .rematch_declined_data import RematchDeclinedData
from .rematch_declined_event import RematchDeclinedEvent
from .rematch_in import RematchIn
from .rematch_out import RematchOut
from .rematch_out_role import RematchOutRole
from .rematch_out_status import RematchOutStatus
from .resign_action import ResignAction
from .resign_in import ResignIn
from .resign_offer_out import ResignOfferOut
from .resigned_data import ResignedData
from .resigned_event import ResignedEvent
from .result_out import ResultOut
from .results_out import ResultsOut
from .score_out import ScoreOut
from .seat_away_data import SeatAwayData
from .seat_away_data_by import SeatAwayDataBy
from .seat_away_event import SeatAwayEvent
from .seat_clock_out import SeatClockOut
from .seat_out import SeatOut
from .seat_out_kind import SeatOutKind
from .seat_returned_data import SeatReturnedData
from .seat_returned_data_by import SeatReturnedDataBy
from .seat_returned_event import SeatReturnedEvent
from .seat_taken_data import SeatTakenData
from .seat_taken_event import SeatTakenEvent
from .seat_token_out import SeatTokenOut
from .seat_token_out_role import SeatTokenOutRole
from .seat_token_out_status import SeatTokenOutStatus
from .standing_out import StandingOut
from .stock_card_data import StockCardData
from .stock_card_event import StockCardEvent
from .stream_feed_events_item import StreamFeedEventsItem
from .stream_game_response_200 import StreamGameResponse200
from .stream_game_response_200_event import StreamGameResponse200Event
from .system_health_out import SystemHealthOut
from .system_health_out_workers import SystemHealthOutWorkers
from .tie_at_target_data import TieAtTargetData
from .tie_at_target_event import TieAtTargetEvent
from .tournament_answer_in import TournamentAnswerIn
from .tournament_in import TournamentIn
from .tournament_in_format import TournamentInFormat
from .tournament_in_options import TournamentInOptions
from .tournament_out import TournamentOut
from .tournament_out_format import TournamentOutFormat
from .tournament_out_options import TournamentOutOptions
from .tournament_out_outside import TournamentOutOutside
from .tournament_out_status import TournamentOutStatus
from .tournament_summary_out import TournamentSummaryOut
from .tournament_summary_out_format import TournamentSummaryOutFormat
from .tournament_summary_out_options import TournamentSummaryOutOptions
from .tournament_summary_out_outside import TournamentSummaryOutOutside
from .tournament_summary_out_status import TournamentSummaryOutStatus
from .tournaments_out import TournamentsOut
from .trick_won_data import TrickWonData
from .trick_won_data_course import TrickWonDataCourse
from .trick_won_data_how import TrickWonDataHow
from .trick_won_data_plays_item import TrickWonDataPlaysItem
from .trick_won_data_plays_item_call import TrickWonDataPlaysItemCall
from .trick_won_data_units_item import TrickWonDataUnitsItem
from .trick_won_event import TrickWonEvent
from .turn_started_data import TurnStartedData
from .turn_started_event import TurnStartedEvent
from .turn_timed_out_data import TurnTimedOutData
from .turn_timed_out_event import TurnTimedOutEvent
from .webhook_created_out import WebhookCreatedOut
from .webhook_created_out_status import WebhookCreatedOutStatus
from .webhook_in import WebhookIn
from .webhook_in_events_item import WebhookInEventsItem
from .webhook_out import WebhookOut
from .webhook_out_status import WebhookOutStatus
from .webhooks_out import WebhooksOut
from .wedding_data import WeddingData
from .wedding_event import WeddingEvent
from .wedding_failed_data import WeddingFailedData
from .wedding_failed_event import WeddingFailedEvent
from .wedding_partner_data import WeddingPartnerData
from .wedding_partner_event import WeddingPartnerEvent

__all__ = (
    "AbandonIn",
    "AnnouncedData",
    "AnnouncedDataCall",
    "AnnouncedDataParty",
    "AnnouncedEvent",
    "ArenaIn",
    "ArenaInGamesItem",
    "ArenaOut",
    "ArenaOutStatus",
    "BotHistoryOut",
    "BotIn",
    "BotInGamesItem",
    "BotLevelOut",
    "BotLevelOutWorlds",
    "BotOut",
    "BotOutKind",
    "BotResultOut",
    "BotsOut",
    "CardDrawnData",
    "CardDrawnDataSource",
    "CardDrawnEvent",
    "CardPlayedData",
    "CardPlayedDataCall",
    "CardPlayedEvent",
    "CardsDrawnData",
    "CardsDrawnEvent",
    "CardsPlayedData",
    "CardsPlayedDataKind",
    "CardsPlayedEvent",
    "CatalogGameOut",
    "CatalogGameOutMovesItem",
    "CatalogGameOutOptionsItem",
    "CatalogOut",
    "ChallengeAnswerIn",
    "ChallengeAnswerOut",
    "ChallengeAnswerOutAnswerType1",
    "ChallengeAnswerOutAnswerType2Type1",
    "ChallengeAnswerOutAnswerType3Type1",
    "ChallengeCreatedOut",
    "ChallengeCreatedOutOptions",
    "ChallengeCreatedOutRole",
    "ChallengeCreatedOutStatus",
    "ChallengeIn",
    "ChallengeInOptions",
    "ChallengeOut",
    "ChallengeOutOptions",
    "ChallengeOutRole",
    "ChallengeOutStatus",
    "ChallengesOut",
    "ChangeOut",
    "ChangeOutRole",
    "ChangeOutStatus",
    "ClaimIn",
    "ClockOut",
    "ComparisonOut",
    "ConcededData",
    "ConcededEvent",
    "CourseChangedData",
    "CourseChangedDataCourse",
    "CourseChangedEvent",
    "CreatedOut",
    "CreatedOutRole",
    "CreatedOutStatus",
    "CreatedSeatOut",
    "CreatedSeatOutKind",
    "CrossOut",
    "CrosstableOut",
    "DealAction",
    "DealActionDealType0",
    "DealCommitment",
    "DealCommitmentDealtBy",
    "DealRecord",
    "DealRecordAnnouncedItem",
    "DealRecordAnnouncementsItem",
    "DealRecordAnnouncementsItemCall",
    "DealRecordDuckVerdictType1",
    "DealRecordDuckVerdictType2Type1",
    "DealRecordDuckVerdictType3Type1",
    "DealRecordEnd",
    "DealRecordExtras",
    "DealRecordKind",
    "DealRecordLifebeltType0",
    "DealRecordLifebeltType0Side",
    "DealRecordPoints",
    "DealRecordTricks",
    "DealRecordValueParts",
    "DealRecordWinner",
    "DealRequestIn",
    "DealRequestInDealType0",
    "DealRequestInDealType0CardsType0Item",
    "DealRequestInDealType0CardsType1Item",
    "DealRequestInDealType0CardsType2Item",
    "DealRequestInDealType0CardsType3Item",
    "DealScoredData",
    "DealScoredDataAnnouncedItem",
    "DealScoredDataAnnouncementsItem",
    "DealScoredDataAnnouncementsItemCall",
    "DealScoredDataDuckVerdictType1",
    "DealScoredDataDuckVerdictType2Type1",
    "DealScoredDataDuckVerdictType3Type1",
    "DealScoredDataEnd",
    "DealScoredDataExtras",
    "DealScoredDataKind",
    "DealScoredDataLifebeltType0",
    "DealScoredDataLifebeltType0Side",
    "DealScoredDataPoints",
    "DealScoredDataTricks",
    "DealScoredDataValueParts",
    "DealScoredDataWinner",
    "DealScoredEvent",
    "DealStartedData",
    "DealStartedDataDealtBy",
    "DealStartedEvent",
    "DealtByOut",
    "DealtByOutName",
    "DeclineOut",
    "DeliveriesOut",
    "DeliveryOut",
    "DeliveryOutStatus",
    "DoppelkopfAnnounceMove",
    "DoppelkopfDeal",
    "DoppelkopfDealAnnouncedItem",
    "DoppelkopfDealAnnouncementsItem",
    "DoppelkopfDealAnnouncementsItemCall",
    "DoppelkopfDealExtras",
    "DoppelkopfDealKind",
    "DoppelkopfDealPoints",
    "DoppelkopfDealTricks",
    "DoppelkopfDealValueParts",
    "DoppelkopfDealWinner",
    "DoppelkopfGameIn",
    "DoppelkopfGameInDealType0",
    "DoppelkopfGameInDealType0CardsItem",
    "DoppelkopfGameInLobby",
    "DoppelkopfGameInOptions",
    "DoppelkopfGameInOptionsOnTimeout",
    "DoppelkopfGameInSeatsItem",
    "DoppelkopfGameInSeatsItemBot",
    "DoppelkopfGameInSeatsItemLevel",
    "DoppelkopfMatchIn",
    "DoppelkopfMatchInBotsItem",
    "DoppelkopfMatchInOptions",
    "DoppelkopfOptions",
    "DoppelkopfPlayMove",
    "DoppelkopfView",
    "DoppelkopfViewAnnouncementsItem",
    "DoppelkopfViewAnnouncementsItemCall",
    "DoppelkopfViewDealtByType1",
    "DoppelkopfViewDealtByType2Type1",
    "DoppelkopfViewDealtByType3Type1",
    "DoppelkopfViewHistoryItem",
    "DoppelkopfViewKind",
    "DoppelkopfViewLastTrickType0",
    "DoppelkopfViewLastTrickType0PlaysItem",
    "DoppelkopfViewLastTrickType0PlaysItemCall",
    "DoppelkopfViewPartiesItemType1",
    "DoppelkopfViewPartiesItemType2Type1",
    "DoppelkopfViewPartiesItemType3Type1",
    "DoppelkopfViewPartyType1",
    "DoppelkopfViewPartyType2Type1",
    "DoppelkopfViewPartyType3Type1",
    "DoppelkopfViewPhase",
    "DoppelkopfViewTrickItem",
    "DoppelkopfViewTrickItemCall",
    "DoubleduckDeal",
    "DoubleduckGameIn",
    "DoubleduckGameInDealType0",
    "DoubleduckGameInDealType0CardsItem",
    "DoubleduckGameInLobby",
    "DoubleduckGameInOptions",
    "DoubleduckGameInOptionsOnTimeout",
    "DoubleduckGameInSeatsItem",
    "DoubleduckGameInSeatsItemBot",
    "DoubleduckGameInSeatsItemLevel",
    "DoubleduckMatchIn",
    "DoubleduckMatchInBotsItem",
    "DoubleduckMatchInOptions",
    "DoubleduckOptions",
    "DoubleduckPlayMove",
    "DoubleduckPlayMoveCall",
    "DoubleduckView",
    "DoubleduckViewCourseType1",
    "DoubleduckViewCourseType2Type1",
    "DoubleduckViewCourseType3Type1",
    "DoubleduckViewDealtByType1",
    "DoubleduckViewDealtByType2Type1",
    "DoubleduckViewDealtByType3Type1",
    "DoubleduckViewHistoryItem",
    "DoubleduckViewLastTrickType0",
    "DoubleduckViewLastTrickType0Course",
    "DoubleduckViewLastTrickType0PlaysItem",
    "DoubleduckViewLastTrickType0PlaysItemCall",
    "DoubleduckViewPhase",
    "DoubleduckViewStored",
    "DoubleduckViewTrickItem",
    "DoubleduckViewTrickItemCall",
    "DuckDeal",
    "DuckDealDuckVerdictType1",
    "DuckDealDuckVerdictType2Type1",
    "DuckDealDuckVerdictType3Type1",
    "DuckDealEnd",
    "DuckDealLifebeltType0",
    "DuckDealLifebeltType0Side",
    "DuckDuckMove",
    "DuckedData",
    "DuckedEvent",
    "DuckGameIn",
    "DuckGameInDealType0",
    "DuckGameInDealType0CardsItem",
    "DuckGameInLobby",
    "DuckGameInOptions",
    "DuckGameInOptionsOnTimeout",
    "DuckGameInSeatsItem",
    "DuckGameInSeatsItemBot",
    "DuckGameInSeatsItemLevel",
    "DuckMatchIn",
    "DuckMatchInBotsItem",
    "DuckMatchInOptions",
    "DuckOptions",
    "DuckPlayMove",
    "DuckPlayMoveDraw",
    "DucksoupConcedeMove",
    "DucksoupDeal",
    "DucksoupGameIn",
    "DucksoupGameInDealType0",
    "DucksoupGameInDealType0CardsItem",
    "DucksoupGameInLobby",
    "DucksoupGameInOptions",
    "DucksoupGameInOptionsOnTimeout",
    "DucksoupGameInSeatsItem",
    "DucksoupGameInSeatsItemBot",
    "DucksoupGameInSeatsItemLevel",
    "DucksoupMatchIn",
    "DucksoupMatchInBotsItem",
    "DucksoupMatchInOptions",
    "DucksoupOptions",
    "DucksoupPlayMove",
    "DucksoupView",
    "DucksoupViewCourseType1",
    "DucksoupViewCourseType2Type1",
    "DucksoupViewCourseType3Type1",
    "DucksoupViewDealtByType1",
    "DucksoupViewDealtByType2Type1",
    "DucksoupViewDealtByType3Type1",
    "DucksoupViewHistoryItem",
    "DucksoupViewPhase",
    "DucksoupViewPoints",
    "DucksoupViewTrickItem",
    "DucksoupViewTrickItemCall",
    "DucksoupViewTricksItem",
    "DucksoupViewTricksItemCourse",
    "DucksoupViewTricksItemHow",
    "DucksoupViewTricksItemPlaysItem",
    "DucksoupViewTricksItemPlaysItemCall",
    "DucksoupViewTricksItemUnitsItem",
    "DucksoupViewUnits",
    "DuckView",
    "DuckViewDealtByType1",
    "DuckViewDealtByType2Type1",
    "DuckViewDealtByType3Type1",
    "DuckViewHistoryItem",
    "DuckViewLifebeltsItemItem",
    "DuckViewLifebeltsItemItemSide",
    "DuckViewPhase",
    "DuckViewPilesItem",
    "ErrorDetailsOut",
    "ErrorDetailsOutFields",
    "ErrorDetailsOutReason",
    "ErrorOut",
    "EstimateOut",
    "EventsOut",
    "FeedGameOut",
    "FeedGamesOut",
    "FeedSeatOut",
    "FeedSeatOutType",
    "FeedSeatsOut",
    "GameAbandonedData",
    "GameAbandonedEvent",
    "GameCreatedData",
    "GameCreatedEvent",
    "GameOut",
    "GameOutRole",
    "GameOutStatus",
    "GameOverData",
    "GameOverEvent",
    "GameRecord",
    "GameRecordDealType0",
    "GameRecordOptions",
    "GetLadderBotGame",
    "GetLadderCrosstableGame",
    "GetLadderGame",
    "GetLobbyGame",
    "HandDealtData",
    "HandDealtEvent",
    "HeadToHeadOut",
    "HeadToHeadOutKind",
    "HealthOut",
    "HistoryPointOut",
    "InvitedOut",
    "InvitedOutAnswerType1",
    "InvitedOutAnswerType2Type1",
    "InvitedOutAnswerType3Type1",
    "LadderEntryOut",
    "LadderEntryOutKind",
    "LadderOut",
    "LobbyOut",
    "LobbyTableOut",
    "LobbyTableOutLobby",
    "LobbyTableOutOptions",
    "MatchCancelIn",
    "MatchCreatedOut",
    "MatchCreatedOutOptions",
    "MatchCreatedOutOutside",
    "MatchCreatedOutStatus",
    "MatchGamesOut",
    "MatchGamesOutRecordsItem",
    "MatchOut",
    "MatchOutOptions",
    "MatchOutOutside",
    "MatchOutStatus",
    "MoveAction",
    "MoveActionMove",
    "MoveIn",
    "MoveInMoveType0",
    "MoveInMoveType0Card",
    "MoveInMoveType1",
    "MoveInMoveType1Card",
    "MoveInMoveType2",
    "MoveInMoveType3",
    "MoveInMoveType3CardsItem",
    "MoveInMoveType3Draw",
    "MoveInMoveType4",
    "MoveInMoveType5",
    "MoveInMoveType5Card",
    "MoveInMoveType6",
    "PairingOut",
    "PairOut",
    "PartyRevealedData",
    "PartyRevealedDataParty",
    "PartyRevealedEvent",
    "PresenceIn",
    "ProgressOut",
    "RankedEntryOut",
    "RankedEntryOutKind",
    "RankMatchedData",
    "RankMatchedEvent",
    "RecordOut",
    "RematchDeclinedData",
    "RematchDeclinedEvent",
    "RematchIn",
    "RematchOut",
    "RematchOutRole",
    "RematchOutStatus",
    "ResignAction",
    "ResignedData",
    "ResignedEvent",
    "ResignIn",
    "ResignOfferOut",
    "ResultOut",
    "ResultsOut",
    "ScoreOut",
    "SeatAwayData",
    "SeatAwayDataBy",
    "SeatAwayEvent",
    "SeatClockOut",
    "SeatOut",
    "SeatOutKind",
    "SeatReturnedData",
    "SeatReturnedDataBy",
    "SeatReturnedEvent",
    "SeatTakenData",
    "SeatTakenEvent",
    "SeatTokenOut",
    "SeatTokenOutRole",
    "SeatTokenOutStatus",
    "StandingOut",
    "StockCardData",
    "StockCardEvent",
    "StreamFeedEventsItem",
    "StreamGameResponse200",
    "StreamGameResponse200Event",
    "SystemHealthOut",
    "SystemHealthOutWorkers",
    "TieAtTargetData",
    "TieAtTargetEvent",
    "TournamentAnswerIn",
    "TournamentIn",
    "TournamentInFormat",
    "TournamentInOptions",
    "TournamentOut",
    "TournamentOutFormat",
    "TournamentOutOptions",
    "TournamentOutOutside",
    "TournamentOutStatus",
    "TournamentsOut",
    "TournamentSummaryOut",
    "TournamentSummaryOutFormat",
    "TournamentSummaryOutOptions",
    "TournamentSummaryOutOutside",
    "TournamentSummaryOutStatus",
    "TrickWonData",
    "TrickWonDataCourse",
    "TrickWonDataHow",
    "TrickWonDataPlaysItem",
    "TrickWonDataPlaysItemCall",
    "TrickWonDataUnitsItem",
    "TrickWonEvent",
    "TurnStartedData",
    "TurnStartedEvent",
    "TurnTimedOutData",
    "TurnTimedOutEvent",
    "WebhookCreatedOut",
    "WebhookCreatedOutStatus",
    "WebhookIn",
    "WebhookInEventsItem",
    "WebhookOut",
    "WebhookOutStatus",
    "WebhooksOut",
    "WeddingData",
    "WeddingEvent",
    "WeddingFailedData",
    "WeddingFailedEvent",
    "WeddingPartnerData",
    "WeddingPartnerEvent",
)

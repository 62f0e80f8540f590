from enum import StrEnum

class WebhookInEventsItem(StrEnum):
    ARENA_PAUSED = "arena_paused"
    CHALLENGE = "challenge"
    CHALLENGE_ANSWERED = "challenge_answered"
    DEAL_PENDING = "deal_pending"
    GAME_ABANDONED = "game_abandoned"
    GAME_CREATED = "game_created"
    GAME_DEALT = "game_dealt"
    GAME_ENDED = "game_ended"
    MATCH_FINISHED = "match_finished"
    MATCH_PROGRESS = "match_progress"
    MATCH_SEAT = "match_seat"
    TOURNAMENT = "tournament"
    TOURNAMENT_ANSWERED = "tournament_answered"
    TOURNAMENT_FINISHED = "tournament_finished"
    TOURNAMENT_ROUND = "tournament_round"
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)

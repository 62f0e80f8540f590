from enum import StrEnum

class GameOutStatus(StrEnum):
    ABANDONED = "abandoned"
    DEAL_PENDING = "deal_pending"
    OVER = "over"
    PLAYING = "playing"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)

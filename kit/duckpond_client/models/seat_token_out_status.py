from enum import StrEnum

class SeatTokenOutStatus(StrEnum):
    ABANDONED = "abandoned"
    DEAL_PENDING = "deal_pending"
    OVER = "over"
    PLAYING = "playing"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)

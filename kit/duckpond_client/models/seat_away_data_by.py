from enum import StrEnum

class SeatAwayDataBy(StrEnum):
    SEAT = "seat"
    TIMEOUTS = "timeouts"

    def __str__(self) -> str:
        return str(self.value)

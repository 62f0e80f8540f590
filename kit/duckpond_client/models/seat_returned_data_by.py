from enum import StrEnum

class SeatReturnedDataBy(StrEnum):
    MOVE = "move"
    SEAT = "seat"

    def __str__(self) -> str:
        return str(self.value)

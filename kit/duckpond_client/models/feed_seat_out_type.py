from enum import StrEnum

class FeedSeatOutType(StrEnum):
    MATCH_SEAT = "match_seat"

    def __str__(self) -> str:
        return str(self.value)

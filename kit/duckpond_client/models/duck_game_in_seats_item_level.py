from enum import StrEnum

class DuckGameInSeatsItemLevel(StrEnum):
    FAST = "fast"
    NORMAL = "normal"
    STRONG = "strong"

    def __str__(self) -> str:
        return str(self.value)

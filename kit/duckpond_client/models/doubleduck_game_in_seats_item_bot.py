from enum import StrEnum

class DoubleduckGameInSeatsItemBot(StrEnum):
    HEURISTIC = "heuristic"
    RANDOM = "random"
    SEARCH = "search"

    def __str__(self) -> str:
        return str(self.value)

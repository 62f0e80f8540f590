from enum import StrEnum

class DoppelkopfGameInSeatsItemBot(StrEnum):
    HEURISTIC = "heuristic"
    RANDOM = "random"
    SEARCH = "search"

    def __str__(self) -> str:
        return str(self.value)

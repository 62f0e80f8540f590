from enum import StrEnum

class DuckMatchInBotsItem(StrEnum):
    HEURISTIC = "heuristic"
    RANDOM = "random"
    SEARCH = "search"
    SEARCHFAST = "search:fast"
    SEARCHNORMAL = "search:normal"
    SEARCHSTRONG = "search:strong"

    def __str__(self) -> str:
        return str(self.value)

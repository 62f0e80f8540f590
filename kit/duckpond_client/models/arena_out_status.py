from enum import StrEnum

class ArenaOutStatus(StrEnum):
    ACTIVE = "active"
    OUT = "out"
    PAUSED = "paused"
    RETIRED = "retired"

    def __str__(self) -> str:
        return str(self.value)

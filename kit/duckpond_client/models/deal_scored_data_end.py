from enum import StrEnum

class DealScoredDataEnd(StrEnum):
    CAP = "cap"
    DUCK = "duck"
    OUT = "out"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class DealRecordEnd(StrEnum):
    CAP = "cap"
    DUCK = "duck"
    OUT = "out"

    def __str__(self) -> str:
        return str(self.value)

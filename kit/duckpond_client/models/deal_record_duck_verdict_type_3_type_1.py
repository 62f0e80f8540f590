from enum import StrEnum

class DealRecordDuckVerdictType3Type1(StrEnum):
    CORRECT = "correct"
    WRONG = "wrong"

    def __str__(self) -> str:
        return str(self.value)

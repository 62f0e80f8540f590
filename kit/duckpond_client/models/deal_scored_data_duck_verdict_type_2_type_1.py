from enum import StrEnum

class DealScoredDataDuckVerdictType2Type1(StrEnum):
    CORRECT = "correct"
    WRONG = "wrong"

    def __str__(self) -> str:
        return str(self.value)

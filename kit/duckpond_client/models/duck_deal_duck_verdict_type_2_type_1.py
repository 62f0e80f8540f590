from enum import StrEnum

class DuckDealDuckVerdictType2Type1(StrEnum):
    CORRECT = "correct"
    WRONG = "wrong"

    def __str__(self) -> str:
        return str(self.value)

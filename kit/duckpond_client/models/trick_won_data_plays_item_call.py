from enum import StrEnum

class TrickWonDataPlaysItemCall(StrEnum):
    DOUBLEDUCK = "doubleduck"
    QUACK = "quack"

    def __str__(self) -> str:
        return str(self.value)

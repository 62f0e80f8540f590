from enum import StrEnum

class DucksoupViewTricksItemPlaysItemCall(StrEnum):
    DOUBLEDUCK = "doubleduck"
    QUACK = "quack"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class DucksoupViewTrickItemCall(StrEnum):
    DOUBLEDUCK = "doubleduck"
    QUACK = "quack"

    def __str__(self) -> str:
        return str(self.value)

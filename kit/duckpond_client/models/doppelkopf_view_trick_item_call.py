from enum import StrEnum

class DoppelkopfViewTrickItemCall(StrEnum):
    DOUBLEDUCK = "doubleduck"
    QUACK = "quack"

    def __str__(self) -> str:
        return str(self.value)

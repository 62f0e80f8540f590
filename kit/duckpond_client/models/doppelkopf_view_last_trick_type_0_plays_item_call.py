from enum import StrEnum

class DoppelkopfViewLastTrickType0PlaysItemCall(StrEnum):
    DOUBLEDUCK = "doubleduck"
    QUACK = "quack"

    def __str__(self) -> str:
        return str(self.value)

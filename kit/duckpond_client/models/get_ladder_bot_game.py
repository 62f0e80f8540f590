from enum import StrEnum

class GetLadderBotGame(StrEnum):
    DOPPELKOPF = "doppelkopf"
    DOUBLEDUCK = "doubleduck"
    DUCK = "duck"
    DUCKSOUP = "ducksoup"

    def __str__(self) -> str:
        return str(self.value)

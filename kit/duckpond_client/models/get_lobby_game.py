from enum import StrEnum

class GetLobbyGame(StrEnum):
    DOPPELKOPF = "doppelkopf"
    DOUBLEDUCK = "doubleduck"
    DUCK = "duck"
    DUCKSOUP = "ducksoup"

    def __str__(self) -> str:
        return str(self.value)

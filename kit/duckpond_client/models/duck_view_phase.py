from enum import StrEnum

class DuckViewPhase(StrEnum):
    DEAL_OVER = "deal_over"
    GAME_OVER = "game_over"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)

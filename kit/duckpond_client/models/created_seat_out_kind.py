from enum import StrEnum

class CreatedSeatOutKind(StrEnum):
    BOT = "bot"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)

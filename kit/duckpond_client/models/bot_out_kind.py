from enum import StrEnum

class BotOutKind(StrEnum):
    BUILTIN = "builtin"
    OUTSIDE = "outside"

    def __str__(self) -> str:
        return str(self.value)

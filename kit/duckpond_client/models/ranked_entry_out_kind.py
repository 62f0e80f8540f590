from enum import StrEnum

class RankedEntryOutKind(StrEnum):
    BUILTIN = "builtin"
    OUTSIDE = "outside"

    def __str__(self) -> str:
        return str(self.value)

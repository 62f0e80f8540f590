from enum import StrEnum

class DoppelkopfViewKind(StrEnum):
    NORMAL = "normal"
    SOLO = "solo"
    WEDDING = "wedding"

    def __str__(self) -> str:
        return str(self.value)

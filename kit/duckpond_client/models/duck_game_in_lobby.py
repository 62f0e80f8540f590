from enum import StrEnum

class DuckGameInLobby(StrEnum):
    ALL = "all"
    KEY = "key"

    def __str__(self) -> str:
        return str(self.value)

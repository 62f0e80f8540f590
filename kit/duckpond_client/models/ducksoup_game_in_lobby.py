from enum import StrEnum

class DucksoupGameInLobby(StrEnum):
    ALL = "all"
    KEY = "key"

    def __str__(self) -> str:
        return str(self.value)

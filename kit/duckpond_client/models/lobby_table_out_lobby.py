from enum import StrEnum

class LobbyTableOutLobby(StrEnum):
    ALL = "all"
    KEY = "key"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class StreamGameResponse200Event(StrEnum):
    CLOSING = "closing"
    END = "end"
    EVENT = "event"
    REMATCH = "rematch"
    SNAPSHOT = "snapshot"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class MatchOutStatus(StrEnum):
    CANCELLED = "cancelled"
    DONE = "done"
    QUEUED = "queued"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)

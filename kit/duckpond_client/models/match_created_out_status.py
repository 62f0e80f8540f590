from enum import StrEnum

class MatchCreatedOutStatus(StrEnum):
    CANCELLED = "cancelled"
    DONE = "done"
    QUEUED = "queued"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)

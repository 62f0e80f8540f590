from enum import StrEnum

class TournamentSummaryOutStatus(StrEnum):
    CANCELLED = "cancelled"
    CREATED = "created"
    DECLINED = "declined"
    DONE = "done"
    EXPIRED = "expired"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)

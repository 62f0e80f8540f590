from enum import StrEnum

class DealScoredDataAnnouncementsItemCall(StrEnum):
    KONTRA = "Kontra"
    RE = "Re"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class DealRecordAnnouncementsItemCall(StrEnum):
    KONTRA = "Kontra"
    RE = "Re"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class DealRecordAnnouncedItem(StrEnum):
    KONTRA = "kontra"
    RE = "re"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class AnnouncedDataCall(StrEnum):
    KONTRA = "Kontra"
    RE = "Re"

    def __str__(self) -> str:
        return str(self.value)

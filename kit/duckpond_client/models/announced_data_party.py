from enum import StrEnum

class AnnouncedDataParty(StrEnum):
    KONTRA = "kontra"
    RE = "re"

    def __str__(self) -> str:
        return str(self.value)

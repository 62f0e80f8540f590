from enum import StrEnum

class DoppelkopfViewPartyType1(StrEnum):
    KONTRA = "kontra"
    RE = "re"

    def __str__(self) -> str:
        return str(self.value)

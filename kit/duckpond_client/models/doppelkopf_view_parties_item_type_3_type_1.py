from enum import StrEnum

class DoppelkopfViewPartiesItemType3Type1(StrEnum):
    KONTRA = "kontra"
    RE = "re"

    def __str__(self) -> str:
        return str(self.value)

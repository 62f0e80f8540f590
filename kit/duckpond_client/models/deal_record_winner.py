from enum import StrEnum

class DealRecordWinner(StrEnum):
    KONTRA = "kontra"
    RE = "re"

    def __str__(self) -> str:
        return str(self.value)

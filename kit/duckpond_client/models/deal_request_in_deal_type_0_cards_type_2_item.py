from enum import StrEnum

class DealRequestInDealType0CardsType2Item(StrEnum):
    B0 = "B0"
    B1 = "B1"
    B2 = "B2"
    B3 = "B3"
    B4 = "B4"
    B5 = "B5"
    B6 = "B6"
    B7 = "B7"
    B8 = "B8"
    R0 = "R0"
    R1 = "R1"
    R2 = "R2"
    R3 = "R3"
    R4 = "R4"
    R5 = "R5"
    R6 = "R6"
    R7 = "R7"
    R8 = "R8"
    Y0 = "Y0"
    Y1 = "Y1"
    Y2 = "Y2"
    Y3 = "Y3"
    Y4 = "Y4"
    Y5 = "Y5"
    Y6 = "Y6"
    Y7 = "Y7"
    Y8 = "Y8"

    def __str__(self) -> str:
        return str(self.value)

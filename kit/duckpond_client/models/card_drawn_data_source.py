from enum import StrEnum

class CardDrawnDataSource(StrEnum):
    LEFT = "left"
    RIGHT = "right"
    STOCK = "stock"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class MoveInMoveType3Draw(StrEnum):
    LEFT = "left"
    RIGHT = "right"
    STOCK = "stock"

    def __str__(self) -> str:
        return str(self.value)

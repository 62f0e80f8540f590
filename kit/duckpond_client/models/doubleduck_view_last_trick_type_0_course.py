from enum import StrEnum

class DoubleduckViewLastTrickType0Course(StrEnum):
    DUCK = "duck"
    SOUP = "soup"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class TrickWonDataCourse(StrEnum):
    DUCK = "duck"
    SOUP = "soup"

    def __str__(self) -> str:
        return str(self.value)

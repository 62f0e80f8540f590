from enum import StrEnum

class DoubleduckViewCourseType3Type1(StrEnum):
    DUCK = "duck"
    SOUP = "soup"

    def __str__(self) -> str:
        return str(self.value)

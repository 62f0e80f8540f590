from enum import StrEnum

class DucksoupViewTricksItemCourse(StrEnum):
    DUCK = "duck"
    SOUP = "soup"

    def __str__(self) -> str:
        return str(self.value)

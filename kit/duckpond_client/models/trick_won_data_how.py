from enum import StrEnum

class TrickWonDataHow(StrEnum):
    CONCEDED = "conceded"
    DUCK_SOUP = "duck_soup"
    LEADER_TAKES_BOTH = "leader_takes_both"
    NO_CARD_LEFT = "no_card_left"
    TRICK = "trick"

    def __str__(self) -> str:
        return str(self.value)

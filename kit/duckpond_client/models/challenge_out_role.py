from enum import StrEnum

class ChallengeOutRole(StrEnum):
    CHALLENGED = "challenged"
    CHALLENGER = "challenger"

    def __str__(self) -> str:
        return str(self.value)

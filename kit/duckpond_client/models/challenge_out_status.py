from enum import StrEnum

class ChallengeOutStatus(StrEnum):
    ACCEPTED = "accepted"
    CREATED = "created"
    DECLINED = "declined"
    EXPIRED = "expired"

    def __str__(self) -> str:
        return str(self.value)

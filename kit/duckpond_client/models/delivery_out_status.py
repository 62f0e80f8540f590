from enum import StrEnum

class DeliveryOutStatus(StrEnum):
    DELIVERED = "delivered"
    FAILED = "failed"
    PENDING = "pending"
    RETRYING = "retrying"
    SKIPPED = "skipped"

    def __str__(self) -> str:
        return str(self.value)

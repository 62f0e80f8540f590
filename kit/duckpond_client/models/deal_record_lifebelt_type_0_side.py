from enum import StrEnum

class DealRecordLifebeltType0Side(StrEnum):
    GREEN = "green"
    RED = "red"

    def __str__(self) -> str:
        return str(self.value)

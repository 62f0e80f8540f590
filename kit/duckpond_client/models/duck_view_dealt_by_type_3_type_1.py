from enum import StrEnum

class DuckViewDealtByType3Type1(StrEnum):
    CLIENT_SEED = "client_seed"
    HOST_CARDS = "host_cards"
    SERVER_SHUFFLE = "server_shuffle"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class DoppelkopfViewDealtByType2Type1(StrEnum):
    CLIENT_SEED = "client_seed"
    HOST_CARDS = "host_cards"
    SERVER_SHUFFLE = "server_shuffle"

    def __str__(self) -> str:
        return str(self.value)
